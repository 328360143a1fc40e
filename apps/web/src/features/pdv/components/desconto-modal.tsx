/**
 * F6: a discount, Percentual or Valor, on the selected line or on the whole sale (DOMAIN.md §6).
 * The preview uses the same arithmetic as the API (`aplicarDesconto` → `calcularVenda`).
 */
import { Alert, Button, Group, Kbd, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import type { TipoDesconto } from '@petshop/shared/venda';
import { IconAlertCircle } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { aplicarDesconto, baseDesconto, numero, type ItemRegistro, type RegistroVenda } from '../registro.ts';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';

type DescontoModalProps = {
  opened: boolean;
  onClose: () => void;
  registro: RegistroVenda;
  item: ItemRegistro | null;
  /** Applies it; resolves to an error message, or null when applied. */
  onConfirmar: (vars: { itemId: string | null; desconto: number; tipo: TipoDesconto }) => Promise<string | null>;
};

export function DescontoModal({ opened, onClose, ...props }: DescontoModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Desconto (F6)" centered>
      {opened ? <DescontoForm onClose={onClose} {...props} /> : null}
    </Modal>
  );
}

/** Mounted when the modal opens: starts from the discount already given (the line's when it has one). */
function DescontoForm({ onClose, registro, item, onConfirmar }: Omit<DescontoModalProps, 'opened'>) {
  const [inicial] = useState(() => {
    const noItem = item !== null && numero(registro.desconto) === 0 && numero(item.desconto) > 0;
    const atual = noItem && item ? item : registro;
    return {
      alvo: noItem ? ('item' as const) : ('venda' as const),
      tipo: atual.tipoDesconto,
      valor: numero(atual.desconto) || '',
    };
  });
  const [alvo, setAlvo] = useState<'item' | 'venda'>(inicial.alvo);
  const [tipo, setTipo] = useState<TipoDesconto>(inicial.tipo);
  const [valor, setValor] = useState<number | string>(inicial.valor);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  // Focused as the form mounts, before the browser handles the next key: F6 and the amount typed
  // at once lose no digit to the field that had the focus.
  const campoRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    campoRef.current?.focus();
    campoRef.current?.select();
  }, []);

  const itemId = alvo === 'item' && item ? item.id : null;
  const desconto = typeof valor === 'number' ? valor : 0;
  const previa = aplicarDesconto(registro, itemId, desconto, tipo);
  const base = baseDesconto(registro, itemId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!previa.ok) {
      setErro(previa.erro);
      return;
    }
    setEnviando(true);
    try {
      const falha = await onConfirmar({ itemId, desconto, tipo });
      setErro(falha);
    } finally {
      setEnviando(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Aplicar desconto em"
          value={alvo}
          onChange={(v) => setAlvo(v as 'item' | 'venda')}
          data={[
            { value: 'venda', label: 'Venda toda' },
            { value: 'item', label: 'Item selecionado', disabled: !item },
          ]}
          fullWidth
        />
        {item ? (
          // The name in full, wrapping (a segment's label is cut to one line: issue #15 item 4).
          <Text size="sm" c={alvo === 'item' ? undefined : 'dimmed'} data-testid="desconto-item">
            Item selecionado: <b>{item.produto.nome}</b>
          </Text>
        ) : null}
        <SegmentedControl
          aria-label="Tipo de desconto"
          value={tipo}
          onChange={(v) => setTipo(v as TipoDesconto)}
          data={[
            { value: 'Percentual', label: 'Percentual (%)' },
            { value: 'Valor', label: 'Valor (R$)' },
          ]}
          fullWidth
        />
        <DecimalInput
          ref={campoRef}
          label={tipo === 'Percentual' ? 'Desconto (%)' : 'Desconto (R$)'}
          size="lg"
          data-autofocus
          value={valor}
          onChange={(v) => {
            setValor(v);
            setErro(null);
          }}
          decimalScale={2}
          allowNegative={false}
          prefix={tipo === 'Valor' ? 'R$ ' : undefined}
          suffix={tipo === 'Percentual' ? ' %' : undefined}
          error={erro}
        />
        <Text size="sm" c="dimmed">
          Sobre {formatMoney(base)} {alvo === 'item' ? '(bruto do item)' : '(itens já com seus descontos)'}
        </Text>
        {previa.ok ? (
          <Group justify="space-between">
            <Text>Novo total</Text>
            <Text fw={800} fz={24} data-testid="desconto-novo-total">
              {formatMoney(numero(previa.registro.valorLiquido))}
            </Text>
          </Group>
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} py={6}>
            {previa.erro}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar (Esc)
          </Button>
          <Button type="submit" loading={enviando} rightSection={<Kbd size="xs">Enter</Kbd>}>
            Aplicar desconto
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
