/**
 * /vendas/movimentacoes-caixa/ (spec §2, §5; DOMAIN.md §6 "Caixa"): the user's open register
 * with its actions (or "Abrir caixa"), the period's totals, the movements of the period (today
 * by default) with filters, and the period's registers with expected × counted and the
 * difference. Rows open the register (or the movement) at /vendas/movimentacoes-caixa/{id}.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  TIPO_MOVIMENTACAO_CAIXA_LABEL,
  TIPOS_MOVIMENTACAO_CAIXA,
  type CaixaResumo,
  type TipoMovimentacaoCaixa,
} from '@petshop/shared/caixa';
import { formatDateTime, formatMoney } from '@petshop/shared/format';
import { IconCashRegister } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AbrirCaixaModal } from './abrir-caixa-modal.tsx';
import { CaixaAcoes } from './caixa-acoes.tsx';
import { DiferencaCaixa, StatusCaixaBadge, usePermissoesCaixa } from './caixa-ui.tsx';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { MovimentacoesTable } from './movimentacoes-table.tsx';
import { useCaixas, useMeuCaixaAberto } from '../api/list-caixas.ts';
import { useMovimentacoesCaixa } from '../api/list-movimentacoes-caixa.ts';
import type { MovimentacoesCaixaSearch } from '../caixas-search.ts';
import { errorMessage } from '#lib/http/api-error.ts';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { PeriodoFilter } from '#lib/ui/periodo-filter.tsx';
import { BackLink } from '#lib/ui/back-link.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { ListPagination, PageSizeSelect } from '#lib/list/list-pagination.tsx';

const TIPO_OPTIONS = TIPOS_MOVIMENTACAO_CAIXA.map((value) => ({ value, label: TIPO_MOVIMENTACAO_CAIXA_LABEL[value] }));
const isTipo = (value: string | null): value is TipoMovimentacaoCaixa => TIPOS_MOVIMENTACAO_CAIXA.some((t) => t === value);

export function MovimentacoesCaixaPage({ search }: { search: MovimentacoesCaixaSearch }) {
  const updateSearch = useSearchUpdater();
  const navigate = useNavigate();
  const abrirDetalhe = (id: string, fechar?: boolean) =>
    void navigate({
      to: '/vendas/movimentacoes-caixa/$movimentacaoId',
      params: { movimentacaoId: id },
      search: fechar ? { fechar: true } : {},
    });

  const periodo = { dataInicio: search.dataInicio, dataFim: search.dataFim };
  const movimentacoes = useMovimentacoesCaixa({
    page: search.page,
    pageSize: search.pageSize,
    ...periodo,
    caixaId: search.caixaId,
    tipo: search.tipo,
  });
  const caixas = useCaixas({ page: 1, pageSize: 100, ...periodo });
  const data = movimentacoes.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / search.pageSize)) : 1;

  const setPeriodo = (dataInicio: string, dataFim: string) =>
    void updateSearch({ dataInicio, dataFim, page: 1, caixaId: undefined });

  return (
    <Stack gap="md">
      <PageHeader
        title="Movimentações de caixa"
        description="Abertura, vendas, sangrias, suprimentos, despesas, créditos e transferências dos caixas da unidade."
        back={
          <BackLink to="/vendas" preload="intent">
            Vendas
          </BackLink>
        }
      />

      <MeuCaixa onVer={(id) => abrirDetalhe(id)} onFechar={(id) => abrirDetalhe(id, true)} />

      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filtros">
        <PeriodoFilter dataInicio={search.dataInicio} dataFim={search.dataFim} onChange={setPeriodo} />
        <SelectField
          label="Caixa"
          hideLabel
          placeholder="Todos os caixas"
          data={(caixas.data?.items ?? []).map((c) => ({ value: c.id, label: `Caixa nº ${c.numero} — ${c.usuario.nome}` }))}
          value={search.caixaId ?? null}
          onChange={(value) => void updateSearch({ caixaId: value ?? undefined, page: 1 })}
          clearable
          w={240}
        />
        <SelectField
          label="Tipo"
          hideLabel
          placeholder="Todos os tipos"
          data={TIPO_OPTIONS}
          value={search.tipo ?? null}
          onChange={(value) => void updateSearch({ tipo: isTipo(value) ? value : undefined, page: 1 })}
          clearable
          w={200}
        />
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" aria-label="Totais do período">
        <Resumo label="Entradas" valor={data && (data.resumo?.entradas ?? null)} cor="teal.7" />
        <Resumo label="Saídas" valor={data && (data.resumo ? -data.resumo.saidas : null)} cor="red.7" />
        <Resumo label="Saldo" valor={data && (data.resumo?.saldo ?? null)} />
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={4}>Movimentações</Title>
          {movimentacoes.isError ? (
            <Alert color="red" variant="light" title="Não foi possível carregar as movimentações">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(movimentacoes.error)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void movimentacoes.refetch()}>
                  Tentar novamente
                </Button>
              </Stack>
            </Alert>
          ) : (
            <MovimentacoesTable items={data?.items} loading={movimentacoes.isPending} onRowClick={(m) => abrirDetalhe(m.id)} />
          )}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {data ? `${data.total} ${data.total === 1 ? 'movimentação' : 'movimentações'}` : ' '}
              </Text>
              <PageSizeSelect pageSize={search.pageSize} onChange={(pageSize) => void updateSearch({ pageSize, page: 1 })} />
            </Group>
            <ListPagination totalPages={totalPages} page={search.page} onChange={(page) => void updateSearch({ page })} />
          </Group>
        </Stack>
      </Paper>

      <CaixasDoPeriodo caixas={caixas.data?.items} loading={caixas.isPending} onAbrir={(id) => abrirDetalhe(id)} />
    </Stack>
  );
}

/** A period total: a placeholder while loading, a dash when withheld (blind closing). */
function Resumo({ label, valor, cor }: { label: string; valor: number | null | undefined; cor?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {valor === undefined ? (
        <Skeleton height={24} width={120} mt={4} />
      ) : valor === null ? (
        <Text fw={700} size="lg" c="dimmed" aria-label={label} title="Fechamento cego">
          —
        </Text>
      ) : (
        <Text fw={700} size="lg" c={cor ?? (valor < 0 ? 'red.7' : undefined)} aria-label={label}>
          {formatMoney(valor)}
        </Text>
      )}
    </Paper>
  );
}

/** The user's open register in the unit, with its actions; or the button that opens one. */
function MeuCaixa({ onVer, onFechar }: { onVer: (id: string) => void; onFechar: (id: string) => void }) {
  const usuarioId = useSessionStore((s) => s.user?.id);
  const timeZone = useTimeZone();
  const meu = useMeuCaixaAberto(usuarioId);
  const { podeAbrir } = usePermissoesCaixa(usuarioId);
  const [abrindo, setAbrindo] = useState(false);
  const caixa = meu.data;

  if (meu.isPending) return <Skeleton height={96} radius="md" />;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Meu caixa">
      {caixa ? (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Group gap="sm" align="center">
              <IconCashRegister size={28} stroke={1.5} />
              <div>
                <Group gap="xs">
                  <Title order={4}>Meu caixa: nº {caixa.numero}</Title>
                  <StatusCaixaBadge status={caixa.status} />
                  <Button variant="subtle" size="compact-sm" onClick={() => onVer(caixa.id)}>
                    Ver caixa
                  </Button>
                </Group>
                <Text size="sm" c="dimmed">
                  Aberto em {formatDateTime(caixa.dataAbertura, timeZone)} com {formatMoney(caixa.valorAbertura)}
                </Text>
              </div>
            </Group>
            <Stack gap={0} align="flex-end">
              {caixa.saldoDinheiro === null ? (
                <Text size="sm" c="dimmed">
                  Fechamento cego: informe o valor contado ao fechar
                </Text>
              ) : (
                <>
                  <Text size="xs" c="dimmed">
                    Dinheiro em caixa
                  </Text>
                  <Text fw={700} size="xl" aria-label="Dinheiro em caixa">
                    {formatMoney(caixa.saldoDinheiro)}
                  </Text>
                </>
              )}
            </Stack>
          </Group>
          <CaixaAcoes caixa={caixa} onFechar={() => onFechar(caixa.id)} />
        </Stack>
      ) : (
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <IconCashRegister size={28} stroke={1.5} />
            <div>
              <Title order={4}>Você não tem caixa aberto nesta unidade</Title>
              <Text size="sm" c="dimmed">
                Abra o caixa com o fundo de troco para vender e registrar movimentações.
              </Text>
            </div>
          </Group>
          {podeAbrir ? (
            <Button leftSection={<IconCashRegister size={16} />} onClick={() => setAbrindo(true)}>
              Abrir caixa
            </Button>
          ) : null}
        </Group>
      )}
      <AbrirCaixaModal opened={abrindo} onClose={() => setAbrindo(false)} onOpened={() => setAbrindo(false)} />
    </Paper>
  );
}

/** The registers opened in the period: open or closed, expected × counted cash and the difference. */
function CaixasDoPeriodo({
  caixas,
  loading,
  onAbrir,
}: {
  caixas: CaixaResumo[] | undefined;
  loading: boolean;
  onAbrir: (id: string) => void;
}) {
  const timeZone = useTimeZone();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Caixas do período">
      <Stack gap="sm">
        <Title order={4}>Caixas do período</Title>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Caixa</Table.Th>
                <Table.Th>Operador</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Abertura</Table.Th>
                <Table.Th>Fechamento</Table.Th>
                <Table.Th ta="right">Dinheiro esperado</Table.Th>
                <Table.Th ta="right">Contado</Table.Th>
                <Table.Th ta="right">Diferença</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading && !caixas ? (
                <Table.Tr aria-hidden>
                  <Table.Td colSpan={8}>
                    <Skeleton height={14} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {caixas && caixas.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text ta="center" c="dimmed" py="md">
                      Nenhum caixa aberto no período
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {caixas?.map((c) => (
                <Table.Tr
                  key={c.id}
                  onClick={() => onAbrir(c.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') onAbrir(c.id);
                  }}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  aria-label={`Caixa nº ${c.numero}`}
                >
                  <Table.Td>
                    <AnchorLink
                      to="/vendas/movimentacoes-caixa/$movimentacaoId"
                      params={{ movimentacaoId: c.id }}
                      onClick={(event) => event.stopPropagation()}
                    >
                      nº {c.numero}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>{c.usuario.nome}</Table.Td>
                  <Table.Td>
                    <StatusCaixaBadge status={c.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.dataAbertura, timeZone)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {c.dataFechamento ? formatDateTime(c.dataFechamento, timeZone) : '—'}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {c.fechamentoCego ? '—' : formatMoney(c.valorEsperado ?? c.saldoDinheiro)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {c.valorContado === null ? '—' : formatMoney(c.valorContado)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <DiferencaCaixa valor={c.diferenca} size="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
