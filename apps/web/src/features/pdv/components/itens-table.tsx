import { ActionIcon, Badge, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDecimal, formatMoney, formatQuantidade } from '@petshop/shared/format';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { estoqueExcedido, numero, type ItemRegistro } from '../registro.ts';
import { QuantityInput } from '#lib/ui/decimal-input.tsx';

type ItensTableProps = {
  itens: readonly ItemRegistro[];
  selecionadoId: string | null;
  onSelecionar?: (itemId: string) => void;
  onQuantidade?: (itemId: string, quantidade: number) => string | null;
  onRemover?: (itemId: string) => void;
  /** Called when a quantity edit ends, to give the focus back to the product input. */
  onEdicaoFim?: () => void;
  readOnly?: boolean;
  /** The unit sells below zero: no line is warned about its stock. */
  permiteEstoqueNegativo?: boolean;
};

/** A line's discount as the cashier gave it: '10 %' or 'R$ 5,00'; '' for none. */
const textoDesconto = (item: ItemRegistro): string => {
  if (numero(item.desconto) <= 0) return '';
  return item.tipoDesconto === 'Percentual' ? `${formatDecimal(numero(item.desconto))} %` : formatMoney(numero(item.desconto));
};

/**
 * The sale's lines: #, description, quantity (editable, by the unit's fraction rule), unit
 * price, discount, total, remove. The selected line (↑/↓ from the product input) is highlighted
 * and kept in view. A line asking for more than the product's balance says so as soon as it does
 * (issue #15 item 2), not only when the sale is finalised.
 */
export function ItensTable({
  itens,
  selecionadoId,
  onSelecionar,
  onQuantidade,
  onRemover,
  onEdicaoFim,
  readOnly,
  permiteEstoqueNegativo = false,
}: ItensTableProps) {
  const viewport = useRef<HTMLDivElement>(null);
  // A phone: narrower cells, no line number, so the name and the quantity both fit (issue #15).
  const estreita = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  useEffect(() => {
    if (!selecionadoId) return;
    viewport.current?.querySelector(`[data-item-id="${selecionadoId}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selecionadoId, itens.length]);

  if (itens.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        Nenhum produto na venda. Passe o leitor de código de barras ou digite o nome.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="calc(100vh - 420px)" mih={180} viewportRef={viewport} type="auto">
      <Table
        striped={false}
        highlightOnHover
        verticalSpacing={6}
        horizontalSpacing={estreita ? 4 : 'xs'}
        stickyHeader
        aria-label="Itens da venda"
      >
        <Table.Thead>
          <Table.Tr>
            {estreita ? null : <Table.Th w={36}>#</Table.Th>}
            <Table.Th>Descrição</Table.Th>
            <Table.Th w={estreita ? 84 : 130} ta="right">
              Qtd.
            </Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Unitário
            </Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Desconto
            </Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            {readOnly ? null : <Table.Th w={estreita ? 30 : 44} aria-label="Remover" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {itens.map((item, idx) => {
            const selecionado = item.id === selecionadoId;
            const saldo = readOnly ? null : estoqueExcedido(item, permiteEstoqueNegativo);
            return (
              <Table.Tr
                key={item.id}
                data-item-id={item.id}
                aria-selected={selecionado}
                bg={selecionado ? 'var(--mantine-primary-color-light)' : undefined}
                onClick={() => onSelecionar?.(item.id)}
                style={{ cursor: onSelecionar ? 'pointer' : undefined }}
              >
                {estreita ? null : <Table.Td>{idx + 1}</Table.Td>}
                <Table.Td>
                  <Text size="sm" fw={selecionado ? 600 : 500} lineClamp={2}>
                    {item.produto.nome}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.produto.codigoBarras ?? item.produto.codigo ?? ''}
                    {item.quantidadeDevolvida > 0 ? (
                      <Badge ml={6} size="xs" color="orange" variant="light">
                        devolvido {formatQuantidade(item.quantidadeDevolvida, item.produto.unidadeMedida)}
                      </Badge>
                    ) : null}
                  </Text>
                  {saldo !== null ? (
                    <Text size="xs" fw={600} c="orange.9" data-testid="pdv-aviso-estoque">
                      <IconAlertTriangle size={12} style={{ verticalAlign: -1, marginRight: 4 }} aria-hidden />
                      Acima do estoque: há {formatQuantidade(saldo, item.produto.unidadeMedida)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">
                  {readOnly || !onQuantidade ? (
                    formatQuantidade(item.quantidade, item.produto.unidadeMedida)
                  ) : (
                    <QuantidadeInput
                      item={item}
                      onQuantidade={onQuantidade}
                      onEdicaoFim={onEdicaoFim}
                      largura={estreita ? 80 : 110}
                    />
                  )}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(numero(item.valorUnitario))}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  <Text size="sm" c={numero(item.valorDesconto) > 0 ? 'red.7' : 'dimmed'}>
                    {numero(item.valorDesconto) > 0 ? `-${formatMoney(numero(item.valorDesconto))}` : '—'}
                  </Text>
                  {textoDesconto(item) ? (
                    <Text size="xs" c="dimmed">
                      {textoDesconto(item)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(numero(item.valorTotal))}
                </Table.Td>
                {readOnly ? null : (
                  <Table.Td>
                    <Tooltip label="Remover (Del)">
                      <ActionIcon
                        variant="subtle"
                        size={estreita ? 'sm' : 'md'}
                        color="red"
                        aria-label={`Remover ${item.produto.nome}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          onRemover?.(item.id);
                        }}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The quantity cell: typed freely, applied on Enter or when the focus leaves (rounded by the unit). */
function QuantidadeInput({
  item,
  onQuantidade,
  onEdicaoFim,
  largura,
}: {
  item: ItemRegistro;
  onQuantidade: (itemId: string, quantidade: number) => string | null;
  onEdicaoFim?: (() => void) | undefined;
  /** Px: the field keeps it however narrow the table gets, so the quantity always shows. */
  largura: number;
}) {
  const fracionado = item.produto.unidadeMedida.permiteVendaFracionada;
  const [valor, setValor] = useState<number | string>(item.quantidade);
  const [erro, setErro] = useState<string | null>(null);
  useEffect(() => setValor(item.quantidade), [item.quantidade]);
  const aplicar = () => {
    const q = typeof valor === 'number' ? valor : Number(String(valor).replace(',', '.'));
    if (q === item.quantidade) return true;
    const falha = Number.isFinite(q) ? onQuantidade(item.id, q) : 'Quantidade inválida';
    setErro(falha);
    if (falha) setValor(item.quantidade);
    return !falha;
  };
  return (
    <QuantityInput
      size="xs"
      w={largura}
      ml="auto"
      aria-label={`Quantidade de ${item.produto.nome}`}
      value={valor}
      onChange={setValor}
      fracionada={fracionado}
      allowNegative={false}
      min={0}
      rightSection={
        <Text size="xs" c="dimmed" pr={4}>
          {item.produto.unidadeMedida.sigla}
        </Text>
      }
      rightSectionWidth={34}
      error={erro}
      onClick={(e) => e.stopPropagation()}
      onBlur={() => aplicar()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'Escape') {
          e.preventDefault();
          if (e.key === 'Escape') setValor(item.quantidade);
          else if (!aplicar()) return;
          onEdicaoFim?.();
        }
      }}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}
