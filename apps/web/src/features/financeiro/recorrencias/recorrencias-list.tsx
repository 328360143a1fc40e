/**
 * /financeiro/recorrencias/ (issue #6 items 3–4): the recurring payables of the unit (rent,
 * utilities, payroll…) with status, frequency, value, next due date and how many payables were
 * generated; filtered by status and description, paged, exported. "Nova recorrência" and a row
 * click open the form; pausar / retomar / encerrar ask first (pausing and ending delete the
 * future payables still open; past ones stay).
 */
import { ActionIcon, Badge, Box, Button, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
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
import { IconDots, IconEdit, IconListDetails, IconPlayerPause, IconPlayerPlay, IconPlus, IconSquareX } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { recorrenciasQueryParams, useRecorrencias } from '../api/list-recorrencias.ts';
import { useAcaoRecorrencia } from '../api/acao-recorrencia.ts';
import { RecorrenciaModal } from './recorrencia-modal.tsx';
import type { RecorrenciasSearch } from './recorrencias-search.ts';
import { FinanceiroNav } from '../components/financeiro-nav.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { MultiSelectFilter } from '#lib/list/multi-select-filter.tsx';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { ExportarMenu } from '#lib/ui/exportar-menu.tsx';

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

type AcoesLinha = {
  abrir: (r: Recorrencia) => void;
  verDespesas: (r: Recorrencia) => void;
  confirmar: (r: Recorrencia, acao: AcaoRecorrencia) => void;
};

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The list's columns; the last is the row's menu (Editar, Ver despesas geradas, Pausar/Retomar, Encerrar). */
const colunas = ({ abrir, verDespesas, confirmar }: AcoesLinha): Column<Recorrencia>[] => [
  {
    key: 'descricao',
    header: 'Descrição',
    render: (r) => (
      <>
        <Text size="sm" fw={600}>
          {r.descricao}
        </Text>
        {r.fornecedor || r.categoriaFinanceira ? (
          <Text size="xs" c="dimmed">
            {[r.fornecedor?.nome, r.categoriaFinanceira?.nome].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'valor',
    header: 'Valor',
    align: 'right',
    render: (r) => (
      <Text size="sm" fw={600} style={NOWRAP}>
        {formatMoney(r.valor)}
      </Text>
    ),
  },
  {
    key: 'frequencia',
    header: 'Frequência',
    render: (r) => (
      <>
        <Text size="sm">{frequenciaTexto(r)}</Text>
        <Text size="xs" c="dimmed">
          desde {formatDate(r.dataInicio)} · {terminoTexto(r)}
        </Text>
      </>
    ),
  },
  {
    key: 'proximo',
    header: 'Próximo vencimento',
    render: (r) => (
      <Text size="sm" style={NOWRAP}>
        {r.proximoVencimento ? formatDate(r.proximoVencimento) : '—'}
      </Text>
    ),
  },
  { key: 'geradas', header: 'Geradas', align: 'right', render: (r) => <Text size="sm">{r.geradas}</Text> },
  {
    key: 'status',
    header: 'Status',
    render: (r) => (
      <Badge variant="light" color={STATUS_RECORRENCIA_COR[r.status]} style={{ minWidth: 'max-content' }}>
        {r.status}
      </Badge>
    ),
  },
  {
    key: 'acoes',
    header: <VisuallyHidden>Ações</VisuallyHidden>,
    width: 48,
    render: (r) => (
      // The menu's clicks (its dropdown too, through the React tree) are not the row's.
      <Box onClick={(e) => e.stopPropagation()}>
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
              <Menu.Item color="red" leftSection={<IconSquareX size={16} />} onClick={() => confirmar(r, 'encerrar')}>
                Encerrar
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </Box>
    ),
  },
];

export function RecorrenciasList({ search }: { search: RecorrenciasSearch }) {
  const params = { page: search.page, pageSize: search.pageSize, query: search.query, status: search.status };
  const result = useRecorrencias(params);
  const acao = useAcaoRecorrencia();
  const navigate = useNavigate();
  const [editando, setEditando] = useState<Recorrencia | null>(null);
  const [aberto, setAberto] = useState(false);

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

  return (
    <>
      <ListPage
        title="Recorrências"
        description="Despesas que se repetem, como aluguel, contas de consumo e folha."
        createAction={
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
        belowHeader={<FinanceiroNav />}
        search={search}
        result={result}
        columns={colunas({ abrir, verDespesas, confirmar })}
        getRowKey={(r) => r.id}
        getRowLabel={(r) => r.descricao}
        onRowClick={abrir}
        isRowClickable={(r) => r.status !== 'Encerrada'}
        searchPlaceholder="Descrição"
        filters={
          <MultiSelectFilter
            param="status"
            label="Status"
            placeholder="Todos os status"
            data={STATUS_OPTIONS}
            value={search.status}
            isValue={isStatus}
            w={280}
          />
        }
        errorTitle="Não foi possível carregar as recorrências"
        emptyState={
          <>
            <Text fw={500}>Nenhuma recorrência encontrada</Text>
            <Text size="sm" c="dimmed">
              {search.query || search.status.length > 0
                ? 'Tente outros filtros.'
                : 'Cadastre o aluguel, a energia, a folha: as despesas são geradas sozinhas.'}
            </Text>
          </>
        }
        tableLabel="Recorrências"
        tableMinWidth={760}
      />
      <RecorrenciaModal opened={aberto} onClose={() => setAberto(false)} recorrencia={editando} />
    </>
  );
}
