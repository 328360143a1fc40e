/**
 * Register movements as a table: date and time (dd/MM/yyyy HH:mm, the unit's clock), register
 * nº, kind, description (with the sale, customer, account or category it refers to), payment
 * method, signed value coloured (green in, red out) and who made it. A row opens the movement.
 */
import { Skeleton, Table, Text } from '@mantine/core';
import { TIPO_MOVIMENTACAO_CAIXA_LABEL, type MovimentacaoCaixa } from '@petshop/shared/caixa';
import { formatDateTime } from '@petshop/shared/format';
import type { KeyboardEvent } from 'react';
import { ValorMovimento } from './caixa-ui.tsx';
import { useTimeZone } from '#lib/session/use-time-zone.ts';

type MovimentacoesTableProps = {
  items: readonly MovimentacaoCaixa[] | undefined;
  loading?: boolean;
  /** Show the register nº column (the list of several registers). */
  mostrarCaixa?: boolean;
  onRowClick?: (movimento: MovimentacaoCaixa) => void;
  emptyMessage?: string;
};

/** What the movement refers to, after its description. */
export const referenciaDoMovimento = (m: MovimentacaoCaixa): string | null => {
  if (m.venda) return `Venda nº ${m.venda.numero}`;
  if (m.devolucao) return `Devolução nº ${m.devolucao.numero}`;
  if (m.pessoa) return m.pessoa.nome;
  if (m.conta) return m.conta.nome;
  if (m.categoriaFinanceira) return m.categoriaFinanceira.nome;
  return null;
};

export function MovimentacoesTable({
  items,
  loading = false,
  mostrarCaixa = true,
  onRowClick,
  emptyMessage = 'Nenhuma movimentação no período',
}: MovimentacoesTableProps) {
  const timeZone = useTimeZone();
  const colunas = mostrarCaixa ? 7 : 6;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover={Boolean(onRowClick)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data/hora</Table.Th>
            {mostrarCaixa ? <Table.Th>Caixa</Table.Th> : null}
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th>Forma</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Usuário</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !items
            ? Array.from({ length: 4 }, (_, i) => (
                <Table.Tr key={`skeleton-${i}`} aria-hidden>
                  {Array.from({ length: colunas }, (__, j) => (
                    <Table.Td key={j}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : null}
          {items && items.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={colunas}>
                <Text ta="center" c="dimmed" py="md">
                  {emptyMessage}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {items?.map((m) => {
            const referencia = referenciaDoMovimento(m);
            return (
              <Table.Tr
                key={m.id}
                {...(onRowClick
                  ? {
                      onClick: () => onRowClick(m),
                      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
                        if (event.key === 'Enter') onRowClick(m);
                      },
                      tabIndex: 0,
                      style: { cursor: 'pointer' },
                      'aria-label': `${TIPO_MOVIMENTACAO_CAIXA_LABEL[m.tipo]} de ${formatDateTime(m.createdAt, timeZone)}`,
                    }
                  : {})}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, timeZone)}</Table.Td>
                {mostrarCaixa ? <Table.Td style={{ whiteSpace: 'nowrap' }}>nº {m.caixaNumero}</Table.Td> : null}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{TIPO_MOVIMENTACAO_CAIXA_LABEL[m.tipo]}</Table.Td>
                <Table.Td>
                  <Text size="sm">{m.descricao}</Text>
                  {referencia && !m.descricao.includes(referencia) ? (
                    <Text size="xs" c="dimmed">
                      {referencia}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.formaPagamento?.nome ?? 'Dinheiro'}</Table.Td>
                <Table.Td ta="right">
                  <ValorMovimento valor={m.valor} size="sm" fw={500} />
                </Table.Td>
                <Table.Td>{m.usuario?.nome ?? '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
