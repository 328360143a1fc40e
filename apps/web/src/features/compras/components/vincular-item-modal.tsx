/**
 * "Vincular" an imported line to a catalogue product (DOMAIN.md §5): the product, and how many
 * shop units one supplier unit holds ("1 CX = [12] UN"). The API converts quantity and cost and
 * remembers the pair for the supplier's code, so the next invoice matches it by itself.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Compra } from '@petshop/shared/compra';
import type { ProdutoPdv } from '@petshop/shared/produto';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ItemFornecedor } from './item-fornecedor.tsx';
import { ProdutoSelect } from '#lib/produtos/produto-select.tsx';
import { toApiError } from '#lib/http/api-error.ts';
import { buscaProdutosQueryOptions } from '../api/list-produtos-compra.ts';
import { useVincularItem } from '../api/vincular-item.ts';
import type { ItemForm } from '../compra-values.ts';
import { formatCusto, formatQtd } from '../compras-format.ts';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';

const idOf = (p: ProdutoPdv) => p.id;
const nomeOf = (p: ProdutoPdv) => p.nome;
/** The name with the codes that found it. */
const labelOf = (p: ProdutoPdv) => {
  const codigos = [p.codigo, p.codigoBarras].filter(Boolean).join(' · ');
  return codigos ? `${p.nome} (${codigos})` : p.nome;
};

type VincularItemModalProps = {
  compraId: string;
  item: ItemForm | null;
  onClose: () => void;
  onVinculado: (compra: Compra, itemId: string) => void;
};

export function VincularItemModal({ compraId, item, onClose, onVinculado }: VincularItemModalProps) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Vincular item a um produto" size="lg" centered>
      {item?.id ? (
        <VincularItem compraId={compraId} item={item} itemId={item.id} onClose={onClose} onVinculado={onVinculado} />
      ) : null}
    </Modal>
  );
}

function VincularItem({
  compraId,
  item,
  itemId,
  onClose,
  onVinculado,
}: Omit<VincularItemModalProps, 'item'> & { item: ItemForm; itemId: string }) {
  const vincular = useVincularItem();
  const f = item.fornecimento;
  const [produto, setProduto] = useState<ProdutoPdv | null>(null);
  const [fator, setFator] = useState<number | ''>(f?.fatorConversao ?? 1);
  const [erro, setErro] = useState<string | null>(null);
  const unidadeNota = f?.unidadeFornecedor ?? 'unidade da nota';

  const enviar = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!produto) {
      setErro('Escolha o produto');
      return;
    }
    if (fator === '' || fator <= 0) {
      setErro('Fator de conversão deve ser maior que zero');
      return;
    }
    setErro(null);
    vincular.mutate(
      { compraId, itemId, dados: { produtoId: produto.id, fatorConversao: fator } },
      {
        onSuccess: (compra) => onVinculado(compra, itemId),
        onError: (error) => {
          const e = toApiError(error);
          setErro([...e.generalErrors, ...Object.values(e.fieldErrors)].join(' ') || e.message);
        },
      },
    );
  };

  return (
    <form onSubmit={enviar} noValidate aria-label="Vincular item">
      <Stack gap="md">
        {f ? <ItemFornecedor f={f} /> : null}
        <ProdutoSelect
          label="Produto"
          required
          value={produto?.id ?? null}
          onChange={(_, p) => setProduto(p)}
          busca={buscaProdutosQueryOptions}
          idOf={idOf}
          nomeOf={nomeOf}
          labelOf={labelOf}
          data-autofocus
        />
        <Group gap="xs" align="center" wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            1 {unidadeNota} =
          </Text>
          <DecimalInput
            aria-label="Fator de conversão"
            value={fator}
            onChange={(v) => setFator(typeof v === 'number' ? v : '')}
            decimalScale={4}
            allowNegative={false}
            w={110}
          />
          <Text size="sm">{produto?.unidadeMedida.sigla ?? 'unidades do produto'}</Text>
        </Group>
        {f && produto && typeof fator === 'number' && fator > 0 ? (
          <Text size="sm" c="dimmed" aria-label="Prévia da conversão">
            Entram {formatQtd(f.quantidadeFornecedor * fator, produto.unidadeMedida)} de {produto.nome}, a{' '}
            {formatCusto(f.valorUnitarioFornecedor / fator)} cada.
          </Text>
        ) : null}
        {erro ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {erro}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={vincular.isPending}>
            Vincular
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
