/**
 * /financeiro/contas/ (issue #6 item 4; spec §7 "Finance"): the unit's accounts with their
 * balances (GET /financeiro/contas/saldo) and, for the chosen one, its statement of a period
 * (GET /financeiro/movimentacoes?contaId): balance before, money in, money out, final balance
 * and the balance after each entry. "Transferir" moves money between two accounts; a
 * transfer's row can be reversed; the statement exports to CSV/XLSX.
 */
import { Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { TIPO_CONTA_LABEL } from '@petshop/shared/conta';
import {
  ORIGEM_MOVIMENTACAO_LABEL,
  type MovimentacaoFinanceira,
  type MovimentacoesPage,
  type OrigemMovimentacao,
  type SaldoContas,
} from '@petshop/shared/financeiro';
import { formatDate, formatMoney } from '@petshop/shared/format';
import { IconArrowBackUp, IconArrowsExchange, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useEstornarTransferencia } from '../api/estornar-transferencia.ts';
import { useMovimentacoes } from '../api/list-movimentacoes-financeiro.ts';
import { useSaldoContas } from '../api/get-saldo-contas.ts';
import type { ContasSearch } from './contas-search.ts';
import { TransferirModal } from './transferir-modal.tsx';
import { FinanceiroNav } from '../components/financeiro-nav.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { ExportarMenu } from '#lib/ui/exportar-menu.tsx';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { PeriodoFilter } from '#lib/ui/periodo-filter.tsx';
import { ListPagination } from '#lib/list/list-pagination.tsx';

const corValor = (v: number): string | undefined => (v < 0 ? 'red.7' : undefined);

/** '+ R$ 10,00' / '− R$ 10,00'. */
export const valorComSinal = (v: number): string => `${v < 0 ? '−' : '+'} ${formatMoney(Math.abs(v))}`;

const origemLabel = (origem: string): string =>
  origem in ORIGEM_MOVIMENTACAO_LABEL ? ORIGEM_MOVIMENTACAO_LABEL[origem as OrigemMovimentacao] : origem;

/** A transfer entry that is not itself a reversal (those are described 'Estorno de transferência …'). */
const estornavel = (m: MovimentacaoFinanceira): boolean =>
  m.origem === 'transferencia' && m.origemId !== null && !/^estorno/i.test(m.descricao);

export function ContasPage({ search }: { search: ContasSearch }) {
  const saldos = useSaldoContas();
  const updateSearch = useSearchUpdater();
  const [transferindo, setTransferindo] = useState(false);
  const contas = saldos.data?.contas ?? [];
  const conta = contas.find((c) => c.id === search.contaId) ?? contas[0] ?? null;

  return (
    <Stack gap="md">
      <PageHeader
        title="Contas"
        description="Saldos das contas da unidade, extrato de cada uma e transferências entre elas."
        actions={
          <>
            <Button
              component={Link}
              to="/configuracoes/financeiro/contas"
              variant="default"
              leftSection={<IconSettings size={16} />}
            >
              Cadastrar contas
            </Button>
            <Button
              leftSection={<IconArrowsExchange size={16} />}
              onClick={() => setTransferindo(true)}
              disabled={contas.length < 2}
            >
              Transferir
            </Button>
          </>
        }
      />
      <FinanceiroNav />
      {saldos.isError ? (
        <LoadErrorAlert title="Não foi possível carregar as contas" error={saldos.error} onRetry={() => void saldos.refetch()} />
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ListaContas
            saldos={saldos.data}
            selecionada={conta?.id ?? null}
            onSelect={(contaId) => void updateSearch({ contaId, page: 1 })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {conta ? (
            <Extrato conta={conta} search={search} />
          ) : saldos.data ? (
            <Paper withBorder radius="md" p="xl">
              <Stack align="center" gap={4}>
                <Text fw={500}>Nenhuma conta ativa nesta unidade</Text>
                <Text size="sm" c="dimmed">
                  Cadastre o caixa, os bancos e as carteiras em Configurações › Contas.
                </Text>
              </Stack>
            </Paper>
          ) : (
            <Skeleton height={360} radius="md" />
          )}
        </Grid.Col>
      </Grid>
      <TransferirModal
        opened={transferindo}
        onClose={() => setTransferindo(false)}
        contas={contas}
        contaOrigemId={conta?.id ?? null}
      />
    </Stack>
  );
}

function ListaContas({
  saldos,
  selecionada,
  onSelect,
}: {
  saldos: SaldoContas | undefined;
  selecionada: string | null;
  onSelect: (contaId: string) => void;
}) {
  if (!saldos)
    return (
      <Stack gap="sm">
        <Skeleton height={72} radius="md" />
        <Skeleton height={60} radius="md" />
        <Skeleton height={60} radius="md" />
      </Stack>
    );
  return (
    <Stack gap="sm" component="section" aria-label="Saldos das contas">
      <Paper withBorder radius="md" p="md" bg="var(--mantine-primary-color-light)">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          Saldo total
        </Text>
        <Text fz={26} fw={700} c={corValor(saldos.total)} aria-label="Saldo total" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(saldos.total)}
        </Text>
      </Paper>
      {saldos.contas.map((c) => {
        const ativa = c.id === selecionada;
        return (
          <UnstyledButton key={c.id} onClick={() => onSelect(c.id)} aria-pressed={ativa}>
            <Paper
              withBorder
              radius="md"
              p="sm"
              style={{
                borderColor: ativa ? 'var(--mantine-primary-color-filled)' : undefined,
                boxShadow: ativa ? '0 0 0 1px var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" truncate>
                    {c.nome}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {TIPO_CONTA_LABEL[c.tipo]}
                  </Text>
                </Stack>
                <Text fw={700} c={corValor(c.saldo)} style={{ whiteSpace: 'nowrap' }} data-testid={`saldo-${c.nome}`}>
                  {formatMoney(c.saldo)}
                </Text>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}

function Extrato({ conta, search }: { conta: SaldoContas['contas'][number]; search: ContasSearch }) {
  const updateSearch = useSearchUpdater();
  const params = {
    contaId: conta.id,
    dataInicio: search.dataInicio,
    dataFim: search.dataFim,
    page: search.page,
    pageSize: search.pageSize,
  };
  const extrato = useMovimentacoes(params);
  const estornar = useEstornarTransferencia();
  const data = extrato.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / search.pageSize)) : 1;
  const estornadas = new Set(
    (data?.items ?? []).filter((m) => m.origem === 'transferencia' && /^estorno/i.test(m.descricao)).map((m) => m.origemId),
  );

  const confirmarEstorno = (m: MovimentacaoFinanceira) =>
    modals.openConfirmModal({
      title: 'Estornar transferência',
      centered: true,
      children: (
        <Text size="sm">
          Desfazer a transferência de <strong>{formatMoney(Math.abs(m.valor))}</strong> de {formatDate(m.data)}? O valor volta
          para a conta de origem e sai da conta de destino, com a data de hoje.
        </Text>
      ),
      labels: { confirm: 'Estornar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        estornar.mutate(m.origemId!, {
          onSuccess: () => notifySuccess('Transferência estornada'),
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Extrato de ${conta.nome}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={4}>Extrato de {conta.nome}</Title>
          <Group gap="sm" align="flex-end">
            <PeriodoFilter
              dataInicio={search.dataInicio}
              dataFim={search.dataFim}
              onChange={(dataInicio, dataFim) => void updateSearch({ dataInicio, dataFim, page: 1 })}
            />
            <ExportarMenu
              url="/financeiro/movimentacoes/exportar"
              params={{ contaId: conta.id, dataInicio: search.dataInicio, dataFim: search.dataFim }}
              nome={`extrato-${conta.nome}`}
            />
          </Group>
        </Group>
        <Totais data={data} />
        {extrato.isError ? (
          <LoadErrorAlert title="Não foi possível carregar o extrato" error={extrato.error} />
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="xs" aria-label="Extrato">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={100}>Data</Table.Th>
                  <Table.Th>Descrição</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th ta="right">Saldo</Table.Th>
                  <Table.Th w={44} aria-label="Ações" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!data
                  ? Array.from({ length: 5 }, (_, i) => (
                      <Table.Tr key={i} aria-hidden>
                        {Array.from({ length: 5 }, (__, j) => (
                          <Table.Td key={j}>
                            <Skeleton height={14} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : null}
                {data && data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text ta="center" py="lg" fw={500}>
                        Nenhuma movimentação no período
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {data?.items.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDate(m.data)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.descricao}</Text>
                      <Text size="xs" c="dimmed">
                        <Text span inherit c={m.origem.startsWith('estorno') ? 'orange.8' : undefined} fw={500}>
                          {origemLabel(m.origem)}
                        </Text>
                        {[m.categoriaFinanceira?.nome, m.usuario]
                          .filter(Boolean)
                          .map((t) => ` · ${t}`)
                          .join('')}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" fw={600} c={m.valor < 0 ? 'red.7' : 'teal.7'}>
                        {valorComSinal(m.valor)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" c={m.saldoApos !== null ? corValor(m.saldoApos) : undefined}>
                        {m.saldoApos !== null ? formatMoney(m.saldoApos) : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {estornavel(m) && !estornadas.has(m.origemId) ? (
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-xs"
                          px={4}
                          aria-label={`Estornar transferência de ${formatDate(m.data)}`}
                          title="Estornar transferência"
                          loading={estornar.isPending && estornar.variables === m.origemId}
                          onClick={() => confirmarEstorno(m)}
                        >
                          <IconArrowBackUp size={16} />
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && data.total > search.pageSize ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {data.total} movimentações
            </Text>
            <ListPagination totalPages={totalPages} page={search.page} onChange={(page) => void updateSearch({ page })} />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Totais({ data }: { data: MovimentacoesPage | undefined }) {
  const itens = [
    { label: 'Saldo anterior', valor: data?.saldoAnterior ?? null },
    { label: 'Entradas', valor: data?.entradas ?? null, cor: data?.entradas ? 'teal.7' : undefined },
    { label: 'Saídas', valor: data ? -Math.abs(data.saidas) : null, cor: data?.saidas ? 'red.7' : undefined },
    { label: 'Saldo final', valor: data?.saldoFinal ?? null, forte: true },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {itens.map((i) => (
        <Paper key={i.label} withBorder radius="md" p="xs" aria-label={i.label}>
          <Text size="xs" c="dimmed">
            {i.label}
          </Text>
          {data ? (
            <Text
              fw={i.forte ? 700 : 600}
              c={i.cor ?? (i.valor !== null ? corValor(i.valor) : undefined)}
              style={{ whiteSpace: 'nowrap' }}
            >
              {i.valor === null ? '—' : formatMoney(i.valor)}
            </Text>
          ) : (
            <Skeleton height={20} mt={4} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
