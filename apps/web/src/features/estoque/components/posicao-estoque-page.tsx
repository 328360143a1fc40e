/**
 * /relatorios/posicao-estoque (spec §2 reports; issue #5 item 5): the selected unit's stock per
 * product (balance, minimum, average cost, value, next expiry), searched by name, code or
 * barcode (a scanner's Enter searches at once) and filtered by situation; the totals of the
 * filters above the table. Products below their minimum are marked; each row opens the
 * product's movements. Open to whoever reads the stock or the catalogue (cashiers check stock);
 * users with the reports permission also get "Exportar" (XLSX, CSV, PDF with the totals row:
 * GET /relatorios/posicao-estoque/exportar with the same filters, issue #20).
 */
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  SITUACAO_ESTOQUE_LABEL,
  SITUACOES_ESTOQUE,
  type PosicaoEstoque,
  type ResumoEstoque,
  type SituacaoEstoque,
} from '@petshop/shared/estoque';
import { formatCount, formatDate, formatMoney, formatQuantidade } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { IconAdjustmentsHorizontal, IconHistory, IconPackageExport } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AbrirEmbalagemModal } from './abrir-embalagem-modal.tsx';
import { hasPermissao } from '#lib/access/sections.tsx';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { ExportarMenu } from '#lib/ui/exportar-menu.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { usePosicaoEstoque } from '../api/list-posicao-estoque.ts';
import { useResumoEstoque } from '../api/get-resumo-estoque.ts';
import { formatCusto } from '../estoque-format.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import type { PosicaoEstoqueSearch } from '../estoque-search.ts';

/** Lots expiring within this many days are shown in orange. */
export const VALIDADE_PROXIMA_DIAS = 30;

const SITUACAO_OPTIONS = SITUACOES_ESTOQUE.filter((s) => s !== 'todos').map((value) => ({
  value,
  label: SITUACAO_ESTOQUE_LABEL[value],
}));
const isSituacao = (value: string | null): value is SituacaoEstoque => SITUACOES_ESTOQUE.some((s) => s === value);

const unidadeDe = (p: PosicaoEstoque) => ({ sigla: p.unidadeSigla, permiteVendaFracionada: p.permiteVendaFracionada });

function Validade({ data }: { data: string | null }) {
  if (!data)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const dias = dayjs(data).diff(dayjs(hojeNaUnidade()), 'day');
  const cor = dias < 0 ? 'red' : dias <= VALIDADE_PROXIMA_DIAS ? 'orange.8' : undefined;
  return (
    <Text
      size="sm"
      c={cor}
      style={{ whiteSpace: 'nowrap' }}
      title={dias < 0 ? 'Vencido' : `Vence em ${formatCount(dias, 'dia', 'dias')}`}
    >
      {formatDate(data)}
    </Text>
  );
}

const colunas = (onMovimentacoes: (p: PosicaoEstoque) => void): Column<PosicaoEstoque>[] => [
  {
    key: 'produto',
    header: 'Produto',
    render: (p) => (
      <Stack gap={0}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {p.nome}
          </Text>
          {p.ativo ? null : (
            <Badge size="xs" variant="light" color="gray">
              Inativo
            </Badge>
          )}
        </Group>
        {p.codigo || p.codigoBarras ? (
          <Text size="xs" c="dimmed" ff="monospace">
            {[p.codigo, p.codigoBarras].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'quantidade',
    header: 'Estoque',
    align: 'right',
    render: (p) => (
      <Stack gap={2} align="flex-end">
        <Text
          size="sm"
          fw={600}
          c={p.quantidade < 0 ? 'red.7' : p.abaixoMinimo ? 'orange.8' : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatQuantidade(p.quantidade, unidadeDe(p))}
        </Text>
        {p.abaixoMinimo ? (
          <Badge size="xs" color="orange" variant="light" style={{ minWidth: 'max-content' }}>
            Abaixo do mínimo
          </Badge>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'minimo',
    header: 'Mínimo',
    align: 'right',
    visibleFrom: 'sm',
    render: (p) => (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {p.estoqueMinimo > 0 ? formatQuantidade(p.estoqueMinimo, unidadeDe(p)) : '—'}
      </Text>
    ),
  },
  {
    key: 'custo',
    header: <span style={{ whiteSpace: 'nowrap' }}>Custo médio</span>,
    align: 'right',
    visibleFrom: 'md',
    render: (p) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatCusto(p.custoMedio)}
      </Text>
    ),
  },
  {
    key: 'valor',
    header: 'Valor em estoque',
    align: 'right',
    visibleFrom: 'xs',
    render: (p) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(p.valorEstoque)}
      </Text>
    ),
  },
  {
    key: 'validade',
    header: <span style={{ whiteSpace: 'nowrap' }}>Próx. validade</span>,
    visibleFrom: 'lg',
    render: (p) =>
      p.controlaLote ? (
        <Validade data={p.proximaValidade} />
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    key: 'acoes',
    header: <VisuallyHidden>Ações</VisuallyHidden>,
    width: 56,
    align: 'right',
    render: (p) => (
      <Tooltip label="Movimentações">
        <ActionIcon
          variant="subtle"
          aria-label={`Movimentações de ${p.nome}`}
          onClick={(event) => {
            event.stopPropagation();
            onMovimentacoes(p);
          }}
        >
          <IconHistory size={18} />
        </ActionIcon>
      </Tooltip>
    ),
  },
];

/** The totals of the filters: products, stock value, below minimum (a click filters them), zero, negative. */
function ResumoEstoqueStrip({
  resumo,
  onSituacao,
}: {
  resumo: ResumoEstoque | undefined;
  onSituacao: (s: SituacaoEstoque) => void;
}) {
  const itens: { label: string; value: string; color?: string | undefined; situacao?: SituacaoEstoque }[] = resumo
    ? [
        { label: 'Produtos', value: String(resumo.produtos) },
        { label: 'Valor total do estoque', value: formatMoney(resumo.valorTotal) },
        {
          label: 'Abaixo do mínimo',
          value: String(resumo.abaixoMinimo),
          color: resumo.abaixoMinimo > 0 ? 'orange.8' : undefined,
          situacao: 'abaixo_minimo',
        },
        { label: 'Zerados', value: String(resumo.zerados), situacao: 'zerado' },
        {
          label: 'Negativos',
          value: String(resumo.negativos),
          color: resumo.negativos > 0 ? 'red.7' : undefined,
          situacao: 'negativo',
        },
      ]
    : [];
  return (
    <Paper bg="gray.0" radius="md" p="sm" aria-label="Totais do estoque" component="section">
      <Group gap="xl" wrap="wrap">
        {resumo
          ? itens.map((t) => {
              const conteudo = (
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t.label}
                  </Text>
                  <Text fw={600} c={t.color} aria-label={t.label} style={{ whiteSpace: 'nowrap' }}>
                    {t.value}
                  </Text>
                </Stack>
              );
              const situacao = t.situacao;
              return situacao ? (
                <UnstyledButton key={t.label} onClick={() => onSituacao(situacao)} title={`Ver ${t.label.toLowerCase()}`}>
                  {conteudo}
                </UnstyledButton>
              ) : (
                <Box key={t.label}>{conteudo}</Box>
              );
            })
          : Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={32} width={110} radius="sm" />)}
      </Group>
    </Paper>
  );
}

export function PosicaoEstoquePage({ search }: { search: PosicaoEstoqueSearch }) {
  const filtros = { query: search.query, situacao: search.situacao };
  const result = usePosicaoEstoque({ ...filtros, page: search.page, pageSize: search.pageSize });
  const resumo = useResumoEstoque(filtros);
  const navigate = useNavigate();
  const updateSearch = useSearchUpdater();
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const podeAjustar = hasPermissao({ unidadeNegocio }, PERMISSOES.estoque);
  const podeExportar = hasPermissao({ unidadeNegocio }, PERMISSOES.relatorios);
  const [granelAberto, setGranelAberto] = useState(false);

  const abrirMovimentacoes = (p: PosicaoEstoque) =>
    void navigate({ to: '/relatorios/movimentacoes-estoque', search: { produtoId: p.produtoId } });

  return (
    <>
      <ListPage
        title="Posição de estoque"
        description="Saldo de cada produto na unidade, com custo médio, valor em estoque e validade dos lotes."
        back={<BackLink to="/produtos">Produtos</BackLink>}
        search={search}
        result={result}
        columns={colunas(abrirMovimentacoes)}
        getRowKey={(p) => p.produtoId}
        getRowLabel={(p) => `Movimentações de ${p.nome}`}
        onRowClick={abrirMovimentacoes}
        searchPlaceholder="Nome, código ou código de barras"
        createAction={
          <>
            {podeExportar ? (
              <ExportarMenu
                url="/relatorios/posicao-estoque/exportar"
                params={filtros}
                nome="posicao-estoque"
                formatos={['xlsx', 'csv', 'pdf']}
              />
            ) : null}
            <Button
              variant="default"
              leftSection={<IconHistory size={16} />}
              component={Link}
              to="/relatorios/movimentacoes-estoque"
            >
              Movimentações
            </Button>
            {podeAjustar ? (
              <>
                <Button variant="default" leftSection={<IconPackageExport size={16} />} onClick={() => setGranelAberto(true)}>
                  Abrir embalagem para granel
                </Button>
                <Button leftSection={<IconAdjustmentsHorizontal size={16} />} component={Link} to="/produtos/ajuste-estoque">
                  Ajuste de estoque
                </Button>
              </>
            ) : null}
          </>
        }
        filters={
          <>
            <SelectField
              label="Situação"
              hideLabel
              placeholder="Todas as situações"
              data={SITUACAO_OPTIONS}
              value={search.situacao ?? null}
              onChange={(value) =>
                void updateSearch({ situacao: isSituacao(value) && value !== 'todos' ? value : undefined, page: 1 })
              }
              clearable
              w={200}
            />
            <Box style={{ flexBasis: '100%' }}>
              <ResumoEstoqueStrip resumo={resumo.data} onSituacao={(situacao) => void updateSearch({ situacao, page: 1 })} />
            </Box>
          </>
        }
      />
      <AbrirEmbalagemModal opened={granelAberto} onClose={() => setGranelAberto(false)} />
    </>
  );
}
