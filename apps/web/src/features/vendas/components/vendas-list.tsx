/**
 * /vendas/lista-de-vendas/ (spec §5 "Sales list"): the unit's sales of a period (today by
 * default) with status and customer filters and a search by number or customer, the totals of
 * those filters, and per row: open it at the till, print the receipt, return items.
 */
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney, joinNames } from '@petshop/shared/format';
import type { VendaResumo } from '@petshop/shared/venda';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { ResumoVendasStrip } from './resumo-vendas-strip.tsx';
import { StatusFiscalVendaBadge, StatusVendaBadge } from './status-venda-badge.tsx';
import { vendaAcoesColumn } from './venda-acoes.tsx';
import { VendasFilters } from './vendas-filters.tsx';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { useResumoVenda } from '../api/get-resumo-venda.ts';
import { useVendas } from '../api/list-vendas.ts';
import { filtroDaBusca, type VendasSearch } from '../vendas-search.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { imprimirVenda } from '#lib/print/imprimir-venda.ts';

export const VENDAS_SEARCH_HINT = 'Número da venda ou nome do cliente';

const money = (value: number, color?: string) => (
  <Text size="sm" c={color} style={{ whiteSpace: 'nowrap' }}>
    {formatMoney(value)}
  </Text>
);

const vendaColumns = (timeZone: string): Column<VendaResumo>[] => [
  {
    key: 'numero',
    header: 'Nº',
    width: 72,
    render: (v) => (
      <Text size="sm" fw={600}>
        {v.numero}
      </Text>
    ),
  },
  {
    key: 'data',
    header: 'Data',
    render: (v) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(v.dataFinalizacao ?? v.createdAt, timeZone)}
      </Text>
    ),
  },
  {
    key: 'cliente',
    header: 'Cliente',
    render: (v) => (
      <Stack gap={0}>
        <Text size="sm">{v.cliente?.nome ?? 'Consumidor'}</Text>
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {v.formasPagamento.length > 0 ? joinNames(v.formasPagamento) : null}
        </Text>
      </Stack>
    ),
  },
  { key: 'itens', header: 'Itens', align: 'right', width: 64, visibleFrom: 'sm', render: (v) => v.quantidadeItens },
  {
    key: 'formas',
    header: 'Pagamento',
    visibleFrom: 'md',
    render: (v) =>
      v.formasPagamento.length > 0 ? (
        joinNames(v.formasPagamento)
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  { key: 'total', header: 'Total', align: 'right', render: (v) => <b>{money(v.valorLiquido)}</b> },
  { key: 'pago', header: 'Pago', align: 'right', visibleFrom: 'lg', render: (v) => money(v.valorPago) },
  {
    key: 'aberto',
    header: <span style={{ whiteSpace: 'nowrap' }}>Em aberto</span>,
    align: 'right',
    visibleFrom: 'sm',
    // A cancelled sale owes nothing: a dash, not what was open when it was cancelled.
    render: (v) =>
      v.status === 'Cancelada' ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : (
        money(v.valorEmAberto, v.valorEmAberto > 0 ? 'orange.8' : 'dimmed')
      ),
  },
  {
    key: 'status',
    header: 'Status',
    // With the fiscal status of its NFC-e, when it has one (issue #18 item 8).
    render: (v) => (
      <Group gap={4} wrap="wrap">
        <StatusVendaBadge status={v.status} />
        {v.statusFiscal ? <StatusFiscalVendaBadge status={v.statusFiscal} /> : null}
      </Group>
    ),
  },
];

type VendasListProps = {
  search: VendasSearch;
  /** Opens the return of a finalised sale (the route composes the returns feature). */
  onDevolver?: (venda: VendaResumo) => void;
};

export function VendasList({ search, onDevolver }: VendasListProps) {
  const filtro = filtroDaBusca(search);
  const result = useVendas({ ...filtro, page: search.page, pageSize: search.pageSize });
  const resumo = useResumoVenda(filtro);
  const timeZone = useTimeZone();
  const href = useRouterState({ select: (s) => s.location.href });
  const navigate = useNavigate();
  const [imprimindoId, setImprimindoId] = useState<string | null>(null);

  const columns = [
    ...vendaColumns(timeZone),
    vendaAcoesColumn({
      imprimindoId,
      onDevolver,
      onImprimir: (venda) => {
        setImprimindoId(venda.id);
        void imprimirVenda(venda.id).finally(() => setImprimindoId(null));
      },
    }),
  ];

  return (
    <ListPage
      title="Lista de vendas"
      description="Vendas da unidade no período, com os totais dos filtros escolhidos."
      back={search.returnTo ? <VoltarPara href={search.returnTo} /> : undefined}
      search={search}
      result={result}
      columns={columns}
      getRowKey={(v) => v.id}
      getRowLabel={(v) => `Abrir venda nº ${v.numero}`}
      onRowClick={(v) => void navigate({ to: '/vendas/pdv/$id', params: { id: v.id }, search: { returnTo: href } })}
      searchPlaceholder={VENDAS_SEARCH_HINT}
      filters={
        <>
          <VendasFilters search={search} />
          {/* Own line under the filters, above the table. */}
          <Box style={{ flexBasis: '100%' }}>
            <ResumoVendasStrip resumo={resumo.data} isError={resumo.isError} />
          </Box>
        </>
      }
    />
  );
}

/** The link back to the screen that opened the list (search param `returnTo`). */
function VoltarPara({ href }: { href: string }) {
  const navigate = useNavigate();
  return (
    <Anchor
      href={href}
      size="sm"
      c="dimmed"
      onClick={(event) => {
        event.preventDefault();
        void navigate({ href });
      }}
    >
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        Voltar
      </Group>
    </Anchor>
  );
}
