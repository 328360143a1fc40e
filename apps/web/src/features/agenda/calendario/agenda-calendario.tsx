/**
 * Screen /atendimentos/ (issue #17 item 4; spec §2): the agenda of the selected unit. Day and
 * week grids with one row per box, room or professional, or a paginated list (the default on
 * a phone). A click on an empty slot books there, a click on an appointment opens it, a drag
 * moves it to another time or row and the edge resizes it (PUT; on a clash the API's message
 * is shown and it goes back). State in the URL: data, visao, recurso, area, page, pageSize, query.
 */
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { STATUS_ATENDIMENTO, type AreaAtendimento, type Atendimento, type Eventos } from '@petshop/shared/agenda';
import { formatMoney } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { alterarAtendimento } from '../api/alterar-atendimento.ts';
import { atendimentoQueryOptions } from '../api/get-atendimento.ts';
import { useAgendaConfiguracoesQuery } from '../api/get-agenda-configuracoes.ts';
import { invalidateAgenda } from '../api/invalidate-agenda.ts';
import { useAtendimentos } from '../api/list-atendimentos.ts';
import { useEventos, type EventosParams } from '../api/list-eventos.ts';
import { AtendimentoModal, type AtendimentoModalAlvo } from '../atendimento-form/atendimento-modal.tsx';
import { atendimentoMovido } from '../atendimento-form/atendimento-values.ts';
import { AgendaGrade, type Movimento } from './agenda-grade.tsx';
import { AgendaToolbar } from './agenda-toolbar.tsx';
import {
  AGRUPAMENTO_LABEL,
  deslocarData,
  horasVisiveis,
  periodoDaVisao,
  recursoDoDrop,
  recursosDoAgrupamento,
  SEM_RECURSO,
  type Agrupamento,
  type Visao,
} from './periodo.ts';
import { StatusAtendimentoBadge, StatusFinanceiroBadge } from './status-badges.tsx';
import { hasPermissao } from '#lib/access/sections.tsx';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { notifySuccess } from '#lib/notify.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';

export type AgendaSearch = {
  page: number;
  pageSize: number;
  query?: string | undefined;
  data?: string | undefined;
  visao?: Visao | undefined;
  recurso?: Agrupamento | undefined;
  area?: AreaAtendimento | undefined;
};

/** Below this width the list is the default view (phone). */
const PHONE_QUERY = '(max-width: 48em)';

const tituloDoPeriodo = (data: string, visao: Visao): string => {
  if (visao !== 'semana') return dayjs(data).locale('pt-br').format('dddd, D [de] MMMM [de] YYYY');
  const { dataInicio, dataFim } = periodoDaVisao(data, 'semana');
  const a = dayjs(dataInicio).locale('pt-br');
  const b = dayjs(dataFim).locale('pt-br');
  return a.month() === b.month()
    ? `${a.format('D')} a ${b.format('D [de] MMMM [de] YYYY')}`
    : `${a.format('D [de] MMM')} a ${b.format('D [de] MMM [de] YYYY')}`;
};

const COLUNAS_LISTA: Column<Atendimento>[] = [
  {
    key: 'inicio',
    header: 'Horário',
    width: 100,
    render: (a) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {a.inicio.slice(11, 16)}–{a.fim.slice(11, 16)}
      </Text>
    ),
  },
  {
    key: 'pet',
    header: 'Pet',
    render: (a) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {a.petNome}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {a.clienteNome} · {a.tipoNome}
        </Text>
      </Stack>
    ),
  },
  { key: 'cliente', header: 'Tutor', render: (a) => a.clienteNome, visibleFrom: 'sm' },
  {
    key: 'tipo',
    header: 'Tipo',
    visibleFrom: 'sm',
    render: (a) => (
      <Group gap={6} wrap="nowrap">
        <Box w={10} h={10} style={{ borderRadius: 5, background: a.cor, flex: 'none' }} aria-hidden />
        <Text size="sm">{a.tipoNome}</Text>
      </Group>
    ),
  },
  { key: 'responsavel', header: 'Profissional', render: (a) => a.responsavelNome ?? '—', visibleFrom: 'md' },
  { key: 'recurso', header: 'Box / sala', render: (a) => a.boxNome ?? a.salaNome ?? '—', visibleFrom: 'md' },
  { key: 'status', header: 'Status', render: (a) => <StatusAtendimentoBadge status={a.status} size="sm" /> },
  {
    key: 'financeiro',
    header: 'Financeiro',
    visibleFrom: 'sm',
    render: (a) => (
      <Stack gap={2} align="flex-start">
        <StatusFinanceiroBadge status={a.statusFinanceiro} size="sm" />
        {a.servicos.length > 0 ? (
          <Text size="xs" c="dimmed">
            {formatMoney(a.servicos.reduce((s, x) => s + x.valor, 0))}
          </Text>
        ) : null}
      </Stack>
    ),
  },
];

/** The start of a booking from the "Novo atendimento" button: now (rounded up to the slot) today, else the first visible hour. */
const inicioPadrao = (data: string, hoje: string, startTime: string, intervalo: number): string => {
  if (data === hoje) {
    const agora = dayjs();
    const min = Math.ceil((agora.hour() * 60 + agora.minute()) / intervalo) * intervalo;
    if (min < 24 * 60) return `${data}T${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
  }
  return `${data}T${startTime.slice(0, 5)}`;
};

export function AgendaCalendario({ search }: { search: AgendaSearch }) {
  const updateSearch = useSearchUpdater();
  const queryClient = useQueryClient();
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const editavel = hasPermissao({ unidadeNegocio }, PERMISSOES.agenda);
  const phone = useMediaQuery(PHONE_QUERY, typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const hoje = hojeNaUnidade();
  const data = search.data ?? hoje;
  const visao: Visao = search.visao ?? (phone ? 'lista' : 'dia');
  const agrupamento: Agrupamento = search.recurso ?? 'box';
  const periodo = periodoDaVisao(data, visao);
  const [alvo, setAlvo] = useState<AtendimentoModalAlvo | null>(null);

  const eventosParams: EventosParams = { ...periodo, ...(search.area ? { area: search.area } : {}) };
  const eventos = useEventos(eventosParams);
  const configuracoes = useAgendaConfiguracoesQuery();
  const lista = useAtendimentos(
    { page: search.page, pageSize: search.pageSize, query: search.query, ...periodo, area: search.area },
    { enabled: visao === 'lista' },
  );

  const intervalo = configuracoes.data?.intervaloMinutos ?? 30;
  const horas = useMemo(
    () => horasVisiveis(configuracoes.data, periodo, eventos.data?.eventos ?? []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the period is derived from data/visao
    [configuracoes.data, periodo.dataInicio, periodo.dataFim, eventos.data],
  );
  const recursos = useMemo(
    () => (eventos.data ? recursosDoAgrupamento(eventos.data, agrupamento) : []),
    [eventos.data, agrupamento],
  );

  const mover = useMutation({
    mutationFn: async (m: Movimento) => {
      const atual = await queryClient.fetchQuery({ ...atendimentoQueryOptions(m.id), staleTime: 0 });
      return alterarAtendimento({
        id: m.id,
        dados: atendimentoMovido(atual, { inicio: m.inicio, fim: m.fim, ...recursoDoDrop(agrupamento, m.resourceId) }),
      });
    },
    onMutate: async (m) => {
      const key = queryKeys.eventos(eventosParams);
      await queryClient.cancelQueries({ queryKey: key });
      const antes = queryClient.getQueryData<Eventos>(key);
      if (antes) {
        const drop = recursoDoDrop(agrupamento, m.resourceId);
        queryClient.setQueryData<Eventos>(key, {
          ...antes,
          eventos: antes.eventos.map((e) => (e.id === m.id ? { ...e, inicio: m.inicio, fim: m.fim, ...drop } : e)),
        });
      }
      return { key, antes };
    },
    onError: (error, _m, contexto) => {
      if (contexto?.antes) queryClient.setQueryData(contexto.key, contexto.antes);
      notifyActionError(error);
    },
    onSuccess: () => notifySuccess('Atendimento remarcado'),
    onSettled: () => invalidateAgenda(queryClient),
  });

  const abrirNovo = (inicial?: { inicio: string; fim?: string; resourceId?: string }) => {
    const inicio = inicial?.inicio ?? inicioPadrao(data, hoje, horas.startTime, intervalo);
    const recurso = inicial?.resourceId && inicial.resourceId !== SEM_RECURSO ? inicial.resourceId : null;
    setAlvo({
      tipo: 'novo',
      inicial: {
        inicio,
        fim: inicial?.fim,
        boxId: agrupamento === 'box' ? recurso : null,
        salaId: agrupamento === 'sala' ? recurso : null,
        responsavelId: agrupamento === 'profissional' ? recurso : null,
      },
    });
  };

  const toolbar = (
    <AgendaToolbar
      data={data}
      hoje={hoje}
      visao={visao}
      agrupamento={agrupamento}
      area={search.area}
      onData={(d) => void updateSearch({ data: d === hoje ? undefined : d, page: 1 })}
      onDeslocar={(passo) => void updateSearch({ data: deslocarData(data, visao, passo), page: 1 })}
      onVisao={(v) => void updateSearch({ visao: v, page: 1 })}
      onAgrupamento={(a) => void updateSearch({ recurso: a === 'box' ? undefined : a })}
      onArea={(a) => void updateSearch({ area: a, page: 1 })}
    />
  );
  const novoBotao = editavel ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => abrirNovo()}>
      Novo atendimento
    </Button>
  ) : null;
  const modal = (
    <AtendimentoModal alvo={alvo} recursos={eventos.data?.recursos} editavel={editavel} onClose={() => setAlvo(null)} />
  );

  if (visao === 'lista') {
    return (
      <>
        <ListPage
          title="Atendimentos"
          description={tituloDoPeriodo(data, visao)}
          search={search}
          result={lista}
          columns={COLUNAS_LISTA}
          getRowKey={(a) => a.id}
          getRowLabel={(a) =>
            `${a.petNome} (${a.clienteNome}) · ${a.tipoNome} às ${a.inicio.slice(11, 16)}, ${STATUS_ATENDIMENTO[a.status]}`
          }
          onRowClick={(a) => setAlvo({ tipo: 'editar', id: a.id })}
          createAction={novoBotao}
          belowHeader={toolbar}
          searchPlaceholder="Buscar por pet, tutor ou tipo"
          tableLabel="Atendimentos"
          tableMinWidth={320}
          emptyState={<Text fw={500}>Nenhum atendimento neste dia</Text>}
        />
        {modal}
      </>
    );
  }

  const semRecursos = eventos.data && recursos.length === 0;
  return (
    <Stack gap="md">
      <PageHeader title="Atendimentos" description={tituloDoPeriodo(data, visao)} actions={novoBotao} />
      {toolbar}
      {eventos.isError ? (
        <LoadErrorAlert title="Não foi possível carregar a agenda" error={eventos.error} onRetry={() => void eventos.refetch()} />
      ) : !eventos.data ? (
        <Paper withBorder p="xl" radius="md">
          <Group justify="center">
            <Loader role="status" aria-label="Carregando agenda" />
          </Group>
        </Paper>
      ) : semRecursos ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle />}
          title={`Nenhum(a) ${AGRUPAMENTO_LABEL[agrupamento].toLowerCase()} cadastrado(a)`}
        >
          Cadastre boxes e salas em Configurações → Atendimento, ou agrupe por outro recurso.
        </Alert>
      ) : (
        <Stack gap={4} pos="relative">
          {eventos.data.eventos.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhum atendimento neste período{editavel ? ': clique num horário livre para agendar.' : '.'}
            </Text>
          ) : null}
          {eventos.isFetching || mover.isPending ? (
            <Loader role="status" size="xs" aria-label="Atualizando" pos="absolute" top={0} right={0} />
          ) : null}
          <Box data-testid="agenda-grade" style={{ minWidth: 0 }}>
            <AgendaGrade
              visao={visao}
              data={data}
              eventos={eventos.data.eventos}
              recursos={recursos}
              agrupamento={agrupamento}
              startTime={horas.startTime}
              endTime={horas.endTime}
              intervaloMinutos={intervalo}
              editavel={editavel}
              onSlotClick={(slot) => abrirNovo(slot)}
              onEventoClick={(id) => setAlvo({ tipo: 'editar', id })}
              onMover={(m) => mover.mutate(m)}
              onRedimensionar={(m) => mover.mutate(m)}
            />
          </Box>
        </Stack>
      )}
      {modal}
    </Stack>
  );
}
