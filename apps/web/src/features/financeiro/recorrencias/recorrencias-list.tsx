/**
 * /financeiro/recorrencias/ (issue #6 items 3–4): the recurring payables of the unit (rent,
 * utilities, payroll…) with status, frequency, value, next due date and how many payables were
 * generated; filtered by status and description, paged, exported. "Nova recorrência" and a row
 * click open the form; pausar / retomar / encerrar ask first (pausing and ending delete the
 * future payables still open; past ones stay).
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  MultiSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  FREQUENCIA_RECORRENCIA_LABEL,
  STATUS_RECORRENCIA,
  STATUS_RECORRENCIA_COR,
  type AcaoRecorrencia,
  type Recorrencia,
  type StatusRecorrencia,
} from '@petshop/shared/financeiro';
import { formatDate, formatMoney } from '@petshop/shared/format';
import {
  IconAlertCircle,
  IconDots,
  IconEdit,
  IconListDetails,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
  IconSquareX,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { recorrenciasQueryParams, useAcaoRecorrencia, useRecorrencias } from './api.ts';
import { RecorrenciaModal } from './recorrencia-modal.tsx';
import type { RecorrenciasSearch } from './recorrencias-search.ts';
import { FinanceiroNav } from '../components/financeiro-nav.tsx';
import { errorMessage } from '../../../lib/http/api-error.ts';
import { PAGE_SIZE_OPTIONS } from '../../../lib/list/list-page.tsx';
import { useSearchUpdater } from '../../../lib/list/use-search-updater.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ExportarMenu } from '../../../lib/ui/exportar-menu.tsx';
import { PageHeader } from '../../../lib/ui/page-header.tsx';
import { SelectField } from '../../../lib/ui/select-field.tsx';

const STATUS_OPTIONS = STATUS_RECORRENCIA.map((s) => ({ value: s, label: s }));
const isStatus = (v: string): v is StatusRecorrencia => (STATUS_RECORRENCIA as readonly string[]).includes(v);

const UNIDADES: Record<Recorrencia['frequencia'], string> = { semanal: 'semanas', mensal: 'meses', anual: 'anos' };

/** 'Mensal', 'A cada 2 meses'. */
export const frequenciaTexto = (r: Pick<Recorrencia, 'frequencia' | 'intervalo'>): string =>
  r.intervalo === 1 ? FREQUENCIA_RECORRENCIA_LABEL[r.frequencia] : `A cada ${r.intervalo} ${UNIDADES[r.frequencia]}`;

/** 'Sem data para terminar', 'Até 31/12/2025', '12 vezes'. */
export const terminoTexto = (r: Pick<Recorrencia, 'termino' | 'dataFim' | 'totalOcorrencias'>): string => {
  if (r.termino === 'data' && r.dataFim) return `Até ${formatDate(r.dataFim)}`;
  if (r.termino === 'ocorrencias' && r.totalOcorrencias)
    return `${r.totalOcorrencias} ${r.totalOcorrencias === 1 ? 'vez' : 'vezes'}`;
  return 'Sem data para terminar';
};

const ACOES: Record<AcaoRecorrencia, { titulo: string; verbo: string; detalhe: string; cor: string; feito: string }> = {
  pausar: {
    titulo: 'Pausar recorrência',
    verbo: 'Pausar',
    detalhe: 'As despesas futuras ainda em aberto serão excluídas; as vencidas e as pagas continuam. Você pode retomar depois.',
    cor: 'yellow',
    feito: 'Recorrência pausada',
  },
  retomar: {
    titulo: 'Retomar recorrência',
    verbo: 'Retomar',
    detalhe: 'As próximas despesas voltam a ser geradas a partir da primeira ocorrência ainda não gerada.',
    cor: 'green',
    feito: 'Recorrência retomada',
  },
  encerrar: {
    titulo: 'Encerrar recorrência',
    verbo: 'Encerrar',
    detalhe:
      'Encerrar é definitivo: nenhuma despesa nova será gerada e as futuras ainda em aberto serão excluídas. As vencidas e as pagas continuam.',
    cor: 'red',
    feito: 'Recorrência encerrada',
  },
};

export function RecorrenciasList({ search }: { search: RecorrenciasSearch }) {
  const params = { page: search.page, pageSize: search.pageSize, query: search.query, status: search.status };
  const result = useRecorrencias(params);
  const acao = useAcaoRecorrencia();
  const updateSearch = useSearchUpdater();
  const navigate = useNavigate();
  const [editando, setEditando] = useState<Recorrencia | null>(null);
  const [aberto, setAberto] = useState(false);
  const [texto, setTexto] = useState(search.query ?? '');
  useEffect(() => setTexto(search.query ?? ''), [search.query]);
  const pushQuery = useDebouncedCallback(
    (value: string) => void updateSearch({ query: value.trim() || undefined, page: 1 }),
    250,
  );

  const abrir = (r: Recorrencia | null) => {
    setEditando(r);
    setAberto(true);
  };
  const verDespesas = (r: Recorrencia) => void navigate({ to: '/financeiro/despesas', search: { recorrenciaId: r.id } });

  const confirmar = (r: Recorrencia, a: AcaoRecorrencia) =>
    modals.openConfirmModal({
      title: ACOES[a].titulo,
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {ACOES[a].verbo} a recorrência <strong>{r.descricao}</strong>?
          </Text>
          <Text size="sm" c="dimmed">
            {ACOES[a].detalhe}
          </Text>
        </Stack>
      ),
      labels: { confirm: ACOES[a].verbo, cancel: 'Cancelar' },
      confirmProps: { color: ACOES[a].cor },
      onConfirm: () =>
        acao.mutate(
          { id: r.id, acao: a },
          { onSuccess: () => notifySuccess(ACOES[a].feito), onError: (error) => notifyError(errorMessage(error)) },
        ),
    });

  const data = result.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / search.pageSize)) : 1;
  const first = data && data.total > 0 ? (search.page - 1) * search.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, first + data.items.length - 1) : 0;

  return (
    <Stack gap="md">
      <PageHeader
        title="Recorrências"
        description="Despesas que se repetem, como aluguel, contas de consumo e folha."
        actions={
          <>
            <ExportarMenu
              url="/financeiro/recorrencias/exportar"
              params={recorrenciasQueryParams({ query: search.query, status: search.status })}
              nome="recorrencias"
            />
            <Button leftSection={<IconPlus size={16} />} onClick={() => abrir(null)}>
              Nova recorrência
            </Button>
          </>
        }
      />
      <FinanceiroNav />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              aria-label="Buscar"
              type="search"
              placeholder="Descrição"
              leftSection={<IconSearch size={16} />}
              rightSection={result.isFetching && !result.isPending ? <Loader size="xs" aria-label="Atualizando" /> : null}
              value={texto}
              onChange={(e) => {
                setTexto(e.currentTarget.value);
                pushQuery(e.currentTarget.value);
              }}
              style={{ flex: '1 1 240px' }}
            />
            <MultiSelect
              aria-label="Status"
              placeholder={search.status.length === 0 ? 'Todos os status' : undefined}
              data={STATUS_OPTIONS}
              value={search.status}
              onChange={(values) =>
                void navigate({
                  to: '.',
                  search: (prev: Record<string, unknown>) => ({ ...prev, status: values.filter(isStatus), page: 1 }),
                  replace: true,
                })
              }
              clearable
              w={280}
            />
          </Group>
          {result.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível carregar as recorrências">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(result.error)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void result.refetch()}>
                  Tentar novamente
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table highlightOnHover verticalSpacing="sm" aria-label="Recorrências">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Descrição</Table.Th>
                    <Table.Th ta="right">Valor</Table.Th>
                    <Table.Th>Frequência</Table.Th>
                    <Table.Th>Próximo vencimento</Table.Th>
                    <Table.Th ta="right">Geradas</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th w={48} aria-label="Ações" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.isPending
                    ? Array.from({ length: 5 }, (_, i) => (
                        <Table.Tr key={i} aria-hidden>
                          {Array.from({ length: 7 }, (__, j) => (
                            <Table.Td key={j}>
                              <Skeleton height={14} />
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      ))
                    : null}
                  {data && data.items.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Stack gap={2} align="center" py="lg">
                          <Text fw={500}>Nenhuma recorrência encontrada</Text>
                          <Text size="sm" c="dimmed">
                            {search.query || search.status.length > 0
                              ? 'Tente outros filtros.'
                              : 'Cadastre o aluguel, a energia, a folha: as despesas são geradas sozinhas.'}
                          </Text>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {data?.items.map((r) => (
                    <Table.Tr
                      key={r.id}
                      style={{ cursor: r.status === 'Encerrada' ? undefined : 'pointer' }}
                      onClick={() => {
                        if (r.status !== 'Encerrada') abrir(r);
                      }}
                      aria-label={r.descricao}
                    >
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {r.descricao}
                        </Text>
                        {r.fornecedor || r.categoriaFinanceira ? (
                          <Text size="xs" c="dimmed">
                            {[r.fornecedor?.nome, r.categoriaFinanceira?.nome].filter(Boolean).join(' · ')}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={600}>
                          {formatMoney(r.valor)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{frequenciaTexto(r)}</Text>
                        <Text size="xs" c="dimmed">
                          desde {formatDate(r.dataInicio)} · {terminoTexto(r)}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{r.proximoVencimento ? formatDate(r.proximoVencimento) : '—'}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">{r.geradas}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATUS_RECORRENCIA_COR[r.status]}>
                          {r.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td onClick={(e) => e.stopPropagation()}>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={`Ações de ${r.descricao}`}>
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {r.status !== 'Encerrada' ? (
                              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => abrir(r)}>
                                Editar
                              </Menu.Item>
                            ) : null}
                            <Menu.Item leftSection={<IconListDetails size={16} />} onClick={() => verDespesas(r)}>
                              Ver despesas geradas
                            </Menu.Item>
                            {r.status === 'Ativa' ? (
                              <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => confirmar(r, 'pausar')}>
                                Pausar
                              </Menu.Item>
                            ) : null}
                            {r.status === 'Pausada' ? (
                              <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => confirmar(r, 'retomar')}>
                                Retomar
                              </Menu.Item>
                            ) : null}
                            {r.status !== 'Encerrada' ? (
                              <Menu.Item
                                color="red"
                                leftSection={<IconSquareX size={16} />}
                                onClick={() => confirmar(r, 'encerrar')}
                              >
                                Encerrar
                              </Menu.Item>
                            ) : null}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {data ? (data.total > 0 ? `${first}–${last} de ${data.total}` : '0 registros') : ' '}
              </Text>
              <SelectField
                label="Itens por página"
                hideLabel
                data={PAGE_SIZE_OPTIONS}
                value={String(search.pageSize)}
                onChange={(value) => {
                  if (value) void updateSearch({ pageSize: Number(value), page: 1 });
                }}
                allowDeselect={false}
                w={80}
                size="xs"
              />
              <Text size="sm" c="dimmed" visibleFrom="xs">
                por página
              </Text>
            </Group>
            <Pagination
              total={totalPages}
              value={Math.min(search.page, totalPages)}
              onChange={(page) => void updateSearch({ page })}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Página anterior' : control === 'next' ? 'Próxima página' : control,
              })}
              getItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
            />
          </Group>
        </Stack>
      </Paper>
      <RecorrenciaModal opened={aberto} onClose={() => setAberto(false)} recorrencia={editando} />
    </Stack>
  );
}
