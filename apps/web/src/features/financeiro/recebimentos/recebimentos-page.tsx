/**
 * /financeiro/recebimentos/ (issue #6 item 4): the card and PIX money expected per day (today to
 * 30 days ahead by default; past periods too) — gross, fee, net, already received and still to
 * receive, in a table and a small bar chart —, the totals per payment method, and the chosen
 * day's receivables with checkboxes and "Marcar como recebido" (the money landed).
 */
import { BarChart } from '@mantine/charts';
import { Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text, Title, type TableTdProps } from '@mantine/core';
import type { Receita } from '@petshop/shared/financeiro';
import { formatDate, formatMoney } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import { IconChecks } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ConfirmarRecebimentosModal } from './confirmar-recebimentos-modal.tsx';
import { TIPOS_RECEBIMENTO, useRecebimentosDoDia } from '../api/list-recebimentos-do-dia.ts';
import { useRecebimentosResumo } from '../api/get-recebimentos-resumo.ts';
import { RECEBIMENTOS_DIAS_A_FRENTE, type RecebimentosSearch } from './recebimentos-search.ts';
import { FiguraValor } from '../components/figura-valor.tsx';
import { FinanceiroNav } from '../components/financeiro-nav.tsx';
import { StatusTituloBadge } from '../titulos/status-titulo-badge.tsx';
import { exportarTitulosUrl } from '../api/exportar-titulos.ts';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { notifySuccess } from '#lib/notify.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { ExportarMenu } from '#lib/ui/exportar-menu.tsx';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { PeriodoFilter } from '#lib/ui/periodo-filter.tsx';

/** Axis ticks: 'R$ 2,6 mil'. */
const compacto = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact' });

const diaCurto = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
/** A cell of money, right-aligned on one line. */
const ValorTd = ({ valor, ...props }: { valor: number } & Omit<TableTdProps, 'children'>) => (
  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} {...props}>
    {formatMoney(valor)}
  </Table.Td>
);
const aberta = (r: Receita) => r.status === 'EmAberto' || r.status === 'BaixaParcial';

export function RecebimentosPage({ search }: { search: RecebimentosSearch }) {
  const updateSearch = useSearchUpdater();
  const navigate = useNavigate();
  const hoje = hojeNaUnidade();
  const resumo = useRecebimentosResumo({ dataInicio: search.dataInicio, dataFim: search.dataFim });
  const dias = useMemo(() => resumo.data?.dias ?? [], [resumo.data]);
  const dia =
    search.dia ??
    (hoje >= search.dataInicio && hoje <= search.dataFim && (!resumo.data || dias.some((d) => d.data === hoje))
      ? hoje
      : (dias.find((d) => d.aReceber > 0)?.data ?? dias[0]?.data ?? null));
  const doDia = useRecebimentosDoDia(dia);
  const [marcados, setMarcados] = useState<string[]>([]);
  const [confirmando, setConfirmando] = useState(false);
  const receitasDia = useMemo(() => doDia.data?.items ?? [], [doDia.data]);
  const abertas = receitasDia.filter(aberta);
  const escolhidas = receitasDia.filter((r) => marcados.includes(r.id) && aberta(r));
  const grafico = useMemo(
    () => dias.map((d) => ({ dia: diaCurto(d.data), Recebido: d.recebido, 'A receber': d.aReceber })),
    [dias],
  );
  const escolherDia = (data: string) => {
    setMarcados([]);
    void updateSearch({ dia: data });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Recebimentos"
        description="Cartão e PIX a cair na conta, por dia, com as taxas. Marque como recebido quando o dinheiro entrar."
        actions={
          <ExportarMenu
            url={exportarTitulosUrl('receitas')}
            params={{ tipoForma: TIPOS_RECEBIMENTO.join(','), dataInicio: search.dataInicio, dataFim: search.dataFim }}
            nome="recebimentos"
          />
        }
      />
      <FinanceiroNav />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <PeriodoFilter
              dataInicio={search.dataInicio}
              dataFim={search.dataFim}
              onChange={(dataInicio, dataFim) => {
                setMarcados([]);
                void updateSearch({ dataInicio, dataFim, dia: undefined });
              }}
            />
            <Button
              variant="default"
              onClick={() => {
                setMarcados([]);
                void updateSearch({ dataInicio: hoje, dataFim: addDays(hoje, RECEBIMENTOS_DIAS_A_FRENTE), dia: undefined });
              }}
            >
              Próximos {RECEBIMENTOS_DIAS_A_FRENTE} dias
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" role="group" aria-label="Totais do período">
            <FiguraValor label="Bruto" valor={resumo.data?.totais.bruto} />
            <FiguraValor label="Taxas" valor={resumo.data?.totais.taxa} cor="orange.8" />
            <FiguraValor label="Líquido" valor={resumo.data?.totais.liquido} />
            <FiguraValor label="Recebido" valor={resumo.data?.totais.recebido} cor="green.8" />
            <FiguraValor label="A receber" valor={resumo.data?.totais.aReceber} cor="blue.8" />
          </SimpleGrid>
          {resumo.isError ? <LoadErrorAlert title="Não foi possível carregar os recebimentos" error={resumo.error} /> : null}
          {dias.length > 0 ? (
            <BarChart
              h={200}
              data={grafico}
              dataKey="dia"
              type="stacked"
              valueFormatter={(v) => formatMoney(v)}
              yAxisProps={{ tickFormatter: (v: number) => compacto.format(v), width: 70 }}
              series={[
                { name: 'Recebido', color: 'green.6' },
                { name: 'A receber', color: 'blue.6' },
              ]}
              withLegend
              aria-label="Gráfico de recebimentos por dia"
            />
          ) : resumo.data ? (
            <Text c="dimmed" ta="center" py="md">
              Nenhum recebimento de cartão ou PIX previsto no período.
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="por-dia">
          <Stack gap="sm">
            <Title order={4} id="por-dia">
              Por dia
            </Title>
            <Table.ScrollContainer minWidth={560}>
              <Table highlightOnHover verticalSpacing="xs" aria-label="Recebimentos por dia">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Data</Table.Th>
                    <Table.Th ta="right">Qtd.</Table.Th>
                    <Table.Th ta="right">Bruto</Table.Th>
                    <Table.Th ta="right">Taxa</Table.Th>
                    <Table.Th ta="right">Líquido</Table.Th>
                    <Table.Th ta="right">Recebido</Table.Th>
                    <Table.Th ta="right">A receber</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {dias.map((d) => (
                    <Table.Tr
                      key={d.data}
                      tabIndex={0}
                      aria-label={`Dia ${formatDate(d.data)}`}
                      aria-selected={d.data === dia}
                      bg={d.data === dia ? 'var(--mantine-color-blue-light)' : undefined}
                      style={{ cursor: 'pointer' }}
                      onClick={() => escolherDia(d.data)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') escolherDia(d.data);
                      }}
                    >
                      <Table.Td style={{ whiteSpace: 'nowrap' }} fw={d.data === hoje ? 700 : undefined}>
                        {formatDate(d.data)}
                        {d.data === hoje ? ' (hoje)' : ''}
                      </Table.Td>
                      <Table.Td ta="right">{d.quantidade}</Table.Td>
                      <ValorTd valor={d.bruto} />
                      <ValorTd valor={d.taxa} />
                      <ValorTd valor={d.liquido} />
                      <ValorTd valor={d.recebido} c="green.8" />
                      <ValorTd valor={d.aReceber} fw={600} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="por-forma">
          <Stack gap="sm">
            <Title order={4} id="por-forma">
              Por forma de pagamento
            </Title>
            <Table verticalSpacing="xs" aria-label="Recebimentos por forma de pagamento">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Forma</Table.Th>
                  <Table.Th ta="right">Bruto</Table.Th>
                  <Table.Th ta="right">Taxa</Table.Th>
                  <Table.Th ta="right">Líquido</Table.Th>
                  <Table.Th ta="right">A receber</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(resumo.data?.porForma ?? []).map((f) => (
                  <Table.Tr key={f.formaPagamento.id}>
                    <Table.Td>{f.formaPagamento.nome}</Table.Td>
                    <ValorTd valor={f.bruto} />
                    <ValorTd valor={f.taxa} />
                    <ValorTd valor={f.liquido} />
                    <ValorTd valor={f.aReceber} fw={600} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
      </SimpleGrid>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="do-dia">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={4} id="do-dia">
              {dia ? `Recebimentos de ${formatDate(dia)}` : 'Recebimentos do dia'}
            </Title>
            <Button
              leftSection={<IconChecks size={16} />}
              disabled={escolhidas.length === 0}
              onClick={() => setConfirmando(true)}
            >
              Marcar como recebido{escolhidas.length > 0 ? ` (${escolhidas.length})` : ''}
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label="Recebimentos do dia">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Marcar todos"
                      checked={abertas.length > 0 && abertas.every((r) => marcados.includes(r.id))}
                      indeterminate={escolhidas.length > 0 && escolhidas.length < abertas.length}
                      disabled={abertas.length === 0}
                      onChange={(e) => setMarcados(e.currentTarget.checked ? abertas.map((r) => r.id) : [])}
                    />
                  </Table.Th>
                  <Table.Th>Descrição</Table.Th>
                  <Table.Th>Forma</Table.Th>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th ta="right">Bruto</Table.Th>
                  <Table.Th ta="right">Taxa</Table.Th>
                  <Table.Th ta="right">Líquido</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {receitasDia.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text c="dimmed" ta="center" py="sm">
                        {doDia.isFetching ? 'Carregando…' : 'Nenhum recebimento neste dia.'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {receitasDia.map((r) => (
                  <Table.Tr key={r.id} aria-label={`${r.descricao} ${formatMoney(r.valor)}`}>
                    <Table.Td>
                      {aberta(r) ? (
                        <Checkbox
                          aria-label={`Marcar ${r.descricao}`}
                          checked={marcados.includes(r.id)}
                          onChange={(e) => {
                            const checked = e.currentTarget.checked;
                            setMarcados((m) => (checked ? [...m, r.id] : m.filter((id) => id !== r.id)));
                          }}
                        />
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        component="button"
                        type="button"
                        style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', textAlign: 'left' }}
                        onClick={() => void navigate({ to: '/financeiro/receitas/$receitaId', params: { receitaId: r.id } })}
                      >
                        {r.descricao}
                        {r.totalParcelas > 1 ? ` (${r.parcela}/${r.totalParcelas})` : ''}
                      </Text>
                      {r.venda && !r.descricao.includes(`Venda nº ${r.venda.numero}`) ? (
                        <Text size="xs" c="dimmed">
                          Venda nº {r.venda.numero}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray" style={{ minWidth: 'max-content' }}>
                        {r.formaPagamento?.nome ?? '—'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{r.pessoa?.nome ?? '—'}</Table.Td>
                    <ValorTd valor={r.valor} />
                    <ValorTd valor={r.valorTaxa} />
                    <ValorTd valor={r.valorLiquido} fw={600} />
                    <Table.Td>
                      <StatusTituloBadge titulo={r} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Paper>
      <ConfirmarRecebimentosModal
        receitas={escolhidas}
        opened={confirmando}
        onClose={() => setConfirmando(false)}
        onDone={() => {
          notifySuccess(
            `${escolhidas.length} ${escolhidas.length === 1 ? 'recebimento confirmado' : 'recebimentos confirmados'}`,
          );
          setConfirmando(false);
          setMarcados([]);
        }}
      />
    </Stack>
  );
}
