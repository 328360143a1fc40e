/**
 * /relatorios/movimentacoes-estoque (spec §2 reports: page, pageSize, query, dataInicio,
 * dataFim, produtoId; issue #5 item 5): the unit's stock ledger, newest first, over a period
 * (the last 30 days by default), for one product or all, by type. Quantities are signed and
 * coloured (entries green, exits red); each row names its lot and links to its document.
 */
import { Anchor, Badge, Box, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import {
  TIPO_MOVIMENTACAO_ESTOQUE_LABEL,
  TIPOS_MOVIMENTACAO_ENTRADA,
  TIPOS_MOVIMENTACAO_ESTOQUE,
  type MovimentacaoEstoque,
  type TipoMovimentacaoEstoque,
} from '@petshop/shared/estoque';
import { formatDate, formatDateTime, formatQuantidade } from '@petshop/shared/format';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PeriodoFilter } from '#lib/ui/periodo-filter.tsx';
import { ProdutoEstoqueSelect } from './produto-estoque-select.tsx';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { useMovimentacoesEstoque } from '../api/list-movimentacoes-estoque.ts';
import { corDoSinal, formatCusto, formatQuantidadeSinal } from '../estoque-format.ts';
import type { MovimentacoesEstoqueSearch } from '../estoque-search.ts';

const TIPO_OPTIONS = TIPOS_MOVIMENTACAO_ESTOQUE.map((value) => ({ value, label: TIPO_MOVIMENTACAO_ESTOQUE_LABEL[value] }));
const isTipo = (value: string): value is TipoMovimentacaoEstoque => TIPOS_MOVIMENTACAO_ESTOQUE.some((t) => t === value);
const isEntrada = (tipo: TipoMovimentacaoEstoque) => TIPOS_MOVIMENTACAO_ENTRADA.includes(tipo);

/** The document a movement came from, as a link where it has a screen. */
function Origem({ m }: { m: MovimentacaoEstoque }) {
  if (!m.origemId)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  switch (m.origem) {
    case 'compra':
      return (
        <AnchorLink to="/compras/$compraId" params={{ compraId: m.origemId }} size="sm">
          Compra
        </AnchorLink>
      );
    case 'venda':
      return (
        <AnchorLink to="/vendas/pdv/$id" params={{ id: m.origemId }} size="sm">
          Venda
        </AnchorLink>
      );
    case 'devolucao':
      return (
        <AnchorLink to="/devolucoes/$id" params={{ id: m.origemId }} size="sm">
          Devolução
        </AnchorLink>
      );
    case 'ajuste':
      return <Text size="sm">Ajuste</Text>;
    case 'granel':
      return <Text size="sm">Granel</Text>;
    // A dose applied at the clinic (issue #19): origemId is the applied dose.
    case 'vacina':
      return <Text size="sm">Vacina</Text>;
    default:
      return null;
  }
}

const colunas = (timeZone: string, onProduto: (id: string) => void): Column<MovimentacaoEstoque>[] => [
  {
    key: 'data',
    header: 'Data',
    width: 130,
    render: (m) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(m.createdAt, timeZone)}
      </Text>
    ),
  },
  {
    key: 'produto',
    header: 'Produto',
    render: (m) => (
      <Stack gap={0}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          title="Só as movimentações deste produto"
          onClick={() => onProduto(m.produtoId)}
        >
          {m.produtoNome}
        </Anchor>
        {m.lote ? (
          <Text size="xs" c="dimmed">
            Lote {m.lote.numero}
            {m.lote.dataValidade ? ` · val. ${formatDate(m.lote.dataValidade)}` : ''}
          </Text>
        ) : null}
        {m.observacao ? (
          <Text size="xs" c="dimmed" lineClamp={2} title={m.observacao}>
            {m.observacao}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'tipo',
    header: 'Tipo',
    render: (m) => (
      <Badge variant="light" color={isEntrada(m.tipo) ? 'teal' : 'red'} style={{ minWidth: 'max-content' }}>
        {m.tipoLabel || TIPO_MOVIMENTACAO_ESTOQUE_LABEL[m.tipo]}
      </Badge>
    ),
  },
  {
    key: 'quantidade',
    header: 'Quantidade',
    align: 'right',
    render: (m) => (
      <Text size="sm" fw={600} c={corDoSinal(m.quantidade)} style={{ whiteSpace: 'nowrap' }}>
        {formatQuantidadeSinal(m.quantidade, { sigla: m.unidadeSigla, permiteVendaFracionada: m.permiteVendaFracionada })}
      </Text>
    ),
  },
  {
    key: 'custo',
    header: 'Custo unit.',
    align: 'right',
    visibleFrom: 'md',
    render: (m) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatCusto(m.custoUnitario)}
      </Text>
    ),
  },
  {
    key: 'saldo',
    header: 'Saldo',
    align: 'right',
    visibleFrom: 'sm',
    render: (m) => (
      <Text size="sm" c={m.saldoResultante < 0 ? 'red.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatQuantidade(m.saldoResultante, { sigla: m.unidadeSigla, permiteVendaFracionada: m.permiteVendaFracionada })}
      </Text>
    ),
  },
  { key: 'origem', header: 'Origem', visibleFrom: 'sm', render: (m) => <Origem m={m} /> },
  {
    key: 'usuario',
    header: 'Usuário',
    visibleFrom: 'lg',
    render: (m) => (
      <Text size="sm" c={m.usuarioNome ? undefined : 'dimmed'}>
        {m.usuarioNome ?? '—'}
      </Text>
    ),
  },
];

export function MovimentacoesEstoquePage({ search }: { search: MovimentacoesEstoqueSearch }) {
  const result = useMovimentacoesEstoque({
    page: search.page,
    pageSize: search.pageSize,
    query: search.query,
    dataInicio: search.dataInicio,
    dataFim: search.dataFim,
    produtoId: search.produtoId,
    tipo: search.tipo,
  });
  const timeZone = useTimeZone();
  const updateSearch = useSearchUpdater();
  const navigate = useNavigate();
  const setTipos = (tipo: TipoMovimentacaoEstoque[]) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, tipo, page: 1 }), replace: true });

  return (
    <ListPage
      title="Movimentações de estoque"
      description="Entradas e saídas de estoque da unidade: compras, vendas, devoluções, ajustes e granel."
      back={<BackLink to="/relatorios/posicao-estoque">Posição de estoque</BackLink>}
      search={search}
      result={result}
      columns={colunas(timeZone, (produtoId) => void updateSearch({ produtoId, page: 1 }))}
      getRowKey={(m) => m.id}
      searchPlaceholder="Nome, código ou código de barras do produto"
      createAction={
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          component={Link}
          to="/produtos/ajuste-estoque"
        >
          Ajuste de estoque
        </Button>
      }
      filters={
        <Group gap="sm" wrap="wrap" style={{ flex: '1 1 100%' }} align="flex-end">
          <PeriodoFilter
            dataInicio={search.dataInicio}
            dataFim={search.dataFim}
            onChange={(dataInicio, dataFim) => void updateSearch({ dataInicio, dataFim, page: 1 })}
          />
          <Box w={300}>
            <ProdutoEstoqueSelect
              aria-label="Produto"
              placeholder="Todos os produtos"
              value={search.produtoId ?? null}
              onChange={(produtoId) => void updateSearch({ produtoId: produtoId ?? undefined, page: 1 })}
            />
          </Box>
          <MultiSelect
            aria-label="Tipos de movimentação"
            placeholder={search.tipo.length === 0 ? 'Todos os tipos' : undefined}
            data={TIPO_OPTIONS}
            value={search.tipo}
            onChange={(values) => setTipos(values.filter(isTipo))}
            clearable
            w={300}
          />
        </Group>
      }
    />
  );
}
