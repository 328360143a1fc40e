/**
 * The live grooming board /banho-tosa/ (issue #17 item 5; spec §2): the day's bath-and-grooming
 * appointments in five columns by activity (Aguardando, Banho, Secagem, Tosa, Finalizado), each
 * with its count, filtered by pet/owner (`query`, debounced into the URL) and day (`data`).
 *
 * A card moves by drag (dnd-kit: mouse/pen pointer, touch press-and-hold, keyboard from the
 * grip) or by its menu. The move shows at once (an overlay of pending moves over the server's
 * list) and is undone with a notification when the API refuses it; the overlay is dropped only
 * after the list was refetched, so the card never jumps back and forth. The data comes from the
 * route (which owns the polling: every 5 s, paused while dragging and while the tab is hidden).
 *
 * Layout (container queries on the board's own width, so the navbar counts): five columns side
 * by side from 720 px (a 1024×768 tablet beside the navbar), two from 480 px, stacked on a phone;
 * the page never scrolls sideways.
 */
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Box, Button, Group, Loader, Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  ATIVIDADE_IDS,
  ATIVIDADES,
  STATUS_ATENDIMENTO,
  type Atendimento,
  type Atividade,
  type StatusAtendimento,
} from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import { formatDate, parseDateInput } from '@petshop/shared/format';
import { IconCalendarEvent, IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { AtendimentoCard, AtendimentoCardView } from './atendimento-card.tsx';
import { AtividadeColuna } from './atividade-coluna.tsx';
import type { BanhoTosaSearch } from '../banho-tosa-search.ts';
import { useAgora } from '../tempo-na-etapa.ts';
import { toApiError } from '#lib/http/api-error.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** The board asks for one page of this many appointments (the API's maximum). */
export const QUADRO_PAGE_SIZE = 100;

/**
 * Mouse and pen only: touch is left to the TouchSensor (press and hold), so a finger swiping the
 * board scrolls it instead of dragging the card under it.
 */
class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: ReactPointerEvent, options: Parameters<(typeof PointerSensor.activators)[0]['handler']>[1]) =>
        event.nativeEvent.pointerType !== 'touch' && PointerSensor.activators[0]!.handler(event, options),
    },
  ];
}

/** The column under the pointer, else the nearest one (keyboard drags have no pointer). */
const colisao: CollisionDetection = (args) => {
  const sob = pointerWithin(args);
  return sob.length > 0 ? sob : closestCorners(args);
};

const isAtividade = (id: unknown): id is Atividade => ATIVIDADE_IDS.some((a) => a === id);

/** What the list query gives the board (TanStack's result, narrowed). */
export type QuadroLista = {
  data: Page<Atendimento> | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type QuadroBanhoTosaProps = {
  search: BanhoTosaSearch;
  lista: QuadroLista;
  /** Patches the URL's search params (query, data, page). */
  onSearchChange: (patch: Partial<BanhoTosaSearch>) => void;
  /** PUT /{id}/atividade; resolves once the lists were refreshed, rejects with the API error. */
  onMoverAtividade: (variables: { id: string; atividade: Atividade }) => Promise<unknown>;
  /** PUT /{id}/status; resolves once the lists were refreshed, rejects with the API error. */
  onAlterarStatus: (variables: { id: string; status: StatusAtendimento }) => Promise<unknown>;
  /** A card is being dragged (the route pauses its polling meanwhile). */
  onArrastandoChange?: (arrastando: boolean) => void;
  /** The user may open the till (permission vendas). */
  podeAbrirPdv: boolean;
};

/**
 * Tells why a change was refused (a 400's general and field messages: "Transição inválida…"),
 * unless the HTTP client already said it (401/403/5xx/network).
 */
const notificarFalha = (acao: string, error: unknown): void => {
  const apiError = toApiError(error);
  if (['unauthorized', 'forbidden', 'server', 'network'].includes(apiError.kind)) return;
  const motivos = [...apiError.generalErrors, ...Object.values(apiError.fieldErrors)];
  notifyError(`${acao}: ${motivos.length > 0 ? motivos.join(' ') : apiError.message}`);
};

/** What a successful status step tells the groomer. */
const MENSAGEM_STATUS: Partial<Record<StatusAtendimento, (pet: string) => string>> = {
  Pronto: (pet) => `${pet} está pronto: o tutor será avisado`,
  Finalizado: (pet) => `${pet} foi entregue`,
  NaoCompareceu: (pet) => `${pet} marcado como não compareceu`,
};

export function QuadroBanhoTosa({
  search,
  lista,
  onSearchChange,
  onMoverAtividade,
  onAlterarStatus,
  onArrastandoChange,
  podeAbrirPdv,
}: QuadroBanhoTosaProps) {
  const agora = useAgora();
  const [texto, setTexto] = useState(search.query ?? '');
  const buscar = useDebouncedCallback((value: string) => onSearchChange({ query: value.trim() || undefined, page: 1 }), 300);
  /** Moves sent and not yet confirmed by a refetch: id → column shown. */
  const [movendo, setMovendo] = useState<Record<string, Atividade>>({});
  const [ocupados, setOcupados] = useState<ReadonlySet<string>>(new Set());
  const [arrastadoId, setArrastadoId] = useState<string | null>(null);

  const sensors = useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor),
  );

  const atendimentos = useMemo(
    () => (lista.data?.items ?? []).map((a) => (movendo[a.id] ? { ...a, atividade: movendo[a.id]! } : a)),
    [lista.data, movendo],
  );
  const porAtividade = useMemo(() => {
    const grupos = Object.fromEntries(ATIVIDADE_IDS.map((id) => [id, [] as Atendimento[]])) as Record<Atividade, Atendimento[]>;
    for (const a of atendimentos) grupos[a.atividade].push(a);
    return grupos;
  }, [atendimentos]);
  const petDe = (id: string | number | undefined) => atendimentos.find((a) => a.id === id)?.petNome ?? 'o pet';

  const ocupar = (id: string, sim: boolean) =>
    setOcupados((atual) => {
      const proximo = new Set(atual);
      if (sim) proximo.add(id);
      else proximo.delete(id);
      return proximo;
    });

  const mover = async (atendimento: Atendimento, atividade: Atividade) => {
    if (atendimento.atividade === atividade || ocupados.has(atendimento.id)) return;
    setMovendo((m) => ({ ...m, [atendimento.id]: atividade }));
    ocupar(atendimento.id, true);
    try {
      await onMoverAtividade({ id: atendimento.id, atividade });
    } catch (error) {
      notificarFalha(`Não foi possível mover ${atendimento.petNome} para ${ATIVIDADES[atividade]}`, error);
    } finally {
      setMovendo(({ [atendimento.id]: _, ...resto }) => resto);
      ocupar(atendimento.id, false);
    }
  };

  const alterarStatus = async (atendimento: Atendimento, status: StatusAtendimento) => {
    if (ocupados.has(atendimento.id)) return;
    ocupar(atendimento.id, true);
    try {
      await onAlterarStatus({ id: atendimento.id, status });
      const mensagem = MENSAGEM_STATUS[status];
      notifySuccess(mensagem ? mensagem(atendimento.petNome) : `${atendimento.petNome}: ${STATUS_ATENDIMENTO[status]}`);
    } catch (error) {
      notificarFalha(`Não foi possível marcar ${atendimento.petNome} como ${STATUS_ATENDIMENTO[status]}`, error);
    } finally {
      ocupar(atendimento.id, false);
    }
  };

  const arrastar = (arrastando: string | null) => {
    setArrastadoId(arrastando);
    onArrastandoChange?.(arrastando !== null);
  };
  const onDragStart = ({ active }: DragStartEvent) => arrastar(String(active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    arrastar(null);
    const atendimento = atendimentos.find((a) => a.id === active.id);
    if (atendimento && over && isAtividade(over.id)) void mover(atendimento, over.id);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `${petDe(active.id)} pego para mover.`,
    onDragOver: ({ active, over }) =>
      over && isAtividade(over.id) ? `${petDe(active.id)} sobre a coluna ${ATIVIDADES[over.id]}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over && isAtividade(over.id) ? `${petDe(active.id)} movido para ${ATIVIDADES[over.id]}.` : `${petDe(active.id)} solto.`,
    onDragCancel: ({ active }) => `Movimento de ${petDe(active.id)} cancelado.`,
  };

  const arrastado = arrastadoId ? atendimentos.find((a) => a.id === arrastadoId) : undefined;
  const total = lista.data?.total ?? 0;
  const paginas = Math.ceil(total / QUADRO_PAGE_SIZE);

  return (
    <Stack gap="sm" style={{ minWidth: 0 }}>
      <PageHeader
        title="Banho e Tosa"
        description={`Quadro de ${formatDate(search.data)} · ${total} ${total === 1 ? 'pet' : 'pets'}`}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder="Pet, tutor ou serviço"
          leftSection={<IconSearch size={16} />}
          value={texto}
          onChange={(event) => {
            setTexto(event.currentTarget.value);
            buscar(event.currentTarget.value);
          }}
          size="md"
          style={{ flex: '1 1 220px', maxWidth: 420 }}
        />
        <DateInput
          label="Data"
          placeholder="dd/mm/aaaa"
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => parseDateInput(text)}
          value={search.data}
          onChange={(value) => {
            if (value) onSearchChange({ data: value, page: 1 });
          }}
          leftSection={<IconCalendarEvent size={16} />}
          size="md"
          w={180}
        />
        {search.data !== hojeNaUnidade() ? (
          <Button variant="default" size="md" onClick={() => onSearchChange({ data: hojeNaUnidade(), page: 1 })}>
            Hoje
          </Button>
        ) : null}
      </Group>

      {lista.error && !lista.data ? (
        <LoadErrorAlert title="Não foi possível carregar o quadro" error={lista.error} onRetry={() => void lista.refetch()} />
      ) : lista.isPending ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Carregando o quadro" />
        </Group>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={colisao}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => arrastar(null)}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'Para mover um pet, pressione espaço ou enter, use as setas para escolher a coluna e pressione espaço ou enter de novo; Esc cancela. Ou use o menu de ações do card.',
            },
          }}
        >
          <Box style={{ minWidth: 0 }}>
            <SimpleGrid type="container" cols={{ base: 1, '480px': 2, '720px': 5 }} spacing={8} verticalSpacing={8}>
              {ATIVIDADE_IDS.map((atividade) => (
                <AtividadeColuna key={atividade} atividade={atividade} quantidade={porAtividade[atividade].length}>
                  {porAtividade[atividade].map((a) => (
                    <AtendimentoCard
                      key={a.id}
                      atendimento={a}
                      agora={agora}
                      podeAbrirPdv={podeAbrirPdv}
                      ocupado={ocupados.has(a.id)}
                      onMover={(destino) => void mover(a, destino)}
                      onAlterarStatus={(status) => void alterarStatus(a, status)}
                    />
                  ))}
                </AtividadeColuna>
              ))}
            </SimpleGrid>
          </Box>
          <DragOverlay dropAnimation={null}>
            {arrastado ? (
              <AtendimentoCardView
                atendimento={arrastado}
                agora={agora}
                podeAbrirPdv={false}
                onMover={() => undefined}
                onAlterarStatus={() => undefined}
                overlay
              />
            ) : null}
          </DragOverlay>
        </DndContext>
      )}

      {paginas > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total} atendimentos no dia; mostrando {QUADRO_PAGE_SIZE} por página
          </Text>
          <Pagination total={paginas} value={search.page} onChange={(page) => onSearchChange({ page })} />
        </Group>
      ) : null}
    </Stack>
  );
}
