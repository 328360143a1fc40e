/**
 * What a till write ended in: a finalised sale ("Troco R$ X" big, print, next sale), a sale left
 * open (what the customer owes), a saved quote (its validity). Enter starts the next sale, F12
 * prints. A finalised sale's NFC-e (issue #18 item 8) is the `nfce` slot (nfce-painel.tsx).
 */
import { Button, Group, Kbd, Menu, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatDate, formatMoney } from '@petshop/shared/format';
import type { Venda } from '@petshop/shared/venda';
import { IconCheck, IconChevronDown, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FormatoImpressao } from '#lib/print/imprimir-venda.ts';

/** The "next sale" button, focused again after printing so Enter still moves on. */
export const NOVA_VENDA_ID = 'pdv-resultado-nova';

export type ResultadoPdv = { tipo: 'finalizada' | 'aberta' | 'orcamento'; venda: Venda };

type ResultadoModalProps = {
  resultado: ResultadoPdv | null;
  onNova: () => void;
  onImprimir: (formato: FormatoImpressao) => void;
  imprimindo?: boolean;
  /** The NFC-e section of a finalised sale. */
  nfce?: ReactNode;
  /** False while a dialog over the panel ("CPF na nota?") takes Esc. */
  closeOnEscape?: boolean;
};

const TITULOS: Record<ResultadoPdv['tipo'], (v: Venda) => string> = {
  finalizada: (v) => `Venda nº ${v.numero} finalizada`,
  aberta: (v) => `Venda nº ${v.numero} deixada em aberto`,
  orcamento: (v) => `Orçamento nº ${v.numero} salvo`,
};

export function ResultadoModal({ resultado, onNova, onImprimir, imprimindo, nfce, closeOnEscape = true }: ResultadoModalProps) {
  const venda = resultado?.venda;
  return (
    <Modal
      opened={resultado !== null}
      onClose={onNova}
      withCloseButton={false}
      centered
      size="md"
      title={null}
      closeOnClickOutside={false}
      closeOnEscape={closeOnEscape}
    >
      {resultado && venda ? (
        <Stack gap="md" align="stretch" data-testid="pdv-resultado">
          <Group gap="sm">
            <ThemeIcon color="teal" size={40} radius="xl">
              <IconCheck />
            </ThemeIcon>
            <Text fw={700} size="xl">
              {TITULOS[resultado.tipo](venda)}
            </Text>
          </Group>
          {resultado.tipo === 'finalizada' ? (
            <Stack gap={0} align="center">
              <Text size="lg" fw={600} c="blue.8">
                Troco
              </Text>
              <Text fz={56} fw={900} lh={1.1} c="blue.8" data-testid="resultado-troco">
                {formatMoney(venda.valorTroco)}
              </Text>
              <Text c="dimmed">Total {formatMoney(venda.valorLiquido)}</Text>
            </Stack>
          ) : null}
          {resultado.tipo === 'finalizada' && nfce ? nfce : null}
          {resultado.tipo === 'aberta' ? (
            <Text>
              {venda.cliente?.nome ?? 'O cliente'} deve <strong>{formatMoney(venda.valorEmAberto)}</strong> de{' '}
              {formatMoney(venda.valorLiquido)}. A venda aparece nas vendas em aberto do cliente.
            </Text>
          ) : null}
          {resultado.tipo === 'orcamento' ? (
            <Text>
              Total {formatMoney(venda.valorLiquido)}
              {venda.validadeOrcamento ? `, válido até ${formatDate(venda.validadeOrcamento)}` : ''}.
            </Text>
          ) : null}
          <Group grow>
            <Group gap={0} wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconPrinter size={18} />}
                rightSection={<Kbd size="xs">F12</Kbd>}
                loading={imprimindo}
                onClick={() => onImprimir('80mm')}
                style={{ flex: 1, borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
              >
                Imprimir
              </Button>
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button
                    variant="default"
                    px={8}
                    aria-label="Outros formatos"
                    style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
                  >
                    <IconChevronDown size={16} />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => onImprimir('a4')}>Imprimir em A4</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
            <Button data-autofocus id={NOVA_VENDA_ID} onClick={onNova} rightSection={<Kbd size="xs">Enter</Kbd>}>
              {resultado.tipo === 'orcamento' ? 'Novo orçamento' : 'Nova venda'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
