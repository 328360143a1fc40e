/**
 * A card of the grooming board (issue #17 item 5): pet photo (or a paw), name, breed and size,
 * owner with a tel: link, type and services, scheduled time with box and professional, the
 * alerts in red/orange (Agressivo, Focinheira, Alergias, Não fazer), time in the current stage,
 * status and financial status, a marker for Alta/Urgente priority, the actions menu, and in
 * Finalizado the next status step as a big button (Pronto, then Entregue).
 *
 * Dragging: `AtendimentoCard` makes the whole card a pointer/touch drag source (dnd-kit) and the
 * grip button its keyboard drag handle, so no focusable element nests inside another.
 */
import { ActionIcon, Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  PRIORIDADES,
  STATUS_ATENDIMENTO,
  STATUS_FINANCEIRO,
  type Atendimento,
  type Atividade,
  type StatusAtendimento,
  type StatusFinanceiro,
} from '@petshop/shared/agenda';
import { formatTelefone } from '@petshop/shared/format';
import { useDraggable } from '@dnd-kit/core';
import { IconGripVertical, IconPaw, IconPhone } from '@tabler/icons-react';
import type { HTMLAttributes, Ref } from 'react';
import { AtendimentoMenu, podeIrPara } from './atendimento-menu.tsx';
import { formatEtapa } from '../tempo-na-etapa.ts';
import { RespostaConfirmacaoBadge } from '#lib/agenda/resposta-confirmacao-badge.tsx';

/** Status badge colours (Agendado … Não compareceu). */
export const COR_STATUS: Record<StatusAtendimento, string> = {
  Agendado: 'gray',
  Confirmado: 'blue',
  EmAtendimento: 'indigo',
  Pronto: 'teal',
  Finalizado: 'dark',
  Cancelado: 'red',
  NaoCompareceu: 'orange',
};

/** Financial status colours: Em aberto red, Baixa parcial yellow, Baixada green. */
export const COR_FINANCEIRO: Record<StatusFinanceiro, string> = {
  EmAberto: 'red',
  BaixaParcial: 'yellow',
  Baixada: 'green',
};

/** A badge whose words wrap inside a narrow column instead of being cut with "…". */
const BADGE_QUEBRA = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', overflowWrap: 'break-word', lineHeight: 1.2 },
} as const;

/** 'yyyy-MM-ddTHH:mm' → 'HH:mm'. */
const hora = (local: string): string => local.slice(11, 16);

export type AtendimentoCardActions = {
  /** The user may open the till (shows "Abrir no PDV" when there is a sale). */
  podeAbrirPdv: boolean;
  /** A change of this card is being saved: its actions wait. */
  ocupado?: boolean;
  onMover: (atividade: Atividade) => void;
  onAlterarStatus: (status: StatusAtendimento) => void;
};

type AtendimentoCardViewProps = AtendimentoCardActions & {
  atendimento: Atendimento;
  agora: Date;
  /** Drag wiring of the card (pointer/touch listeners) and of its grip (keyboard). */
  rootRef?: Ref<HTMLDivElement>;
  rootProps?: HTMLAttributes<HTMLDivElement>;
  handleRef?: Ref<HTMLButtonElement>;
  handleProps?: HTMLAttributes<HTMLButtonElement>;
  /** The copy following the pointer while dragging. */
  overlay?: boolean;
  /** The original left in place while its copy is dragged. */
  arrastando?: boolean;
};

/** The card as shown; see `AtendimentoCard` for the draggable one. */
export function AtendimentoCardView({
  atendimento: a,
  agora,
  podeAbrirPdv,
  ocupado,
  onMover,
  onAlterarStatus,
  rootRef,
  rootProps,
  handleRef,
  handleProps,
  overlay,
  arrastando,
}: AtendimentoCardViewProps) {
  const urgente = a.prioridade === 'Urgente';
  const alta = a.prioridade === 'Alta';
  const raca = [a.racaNome ?? a.especieNome, a.porte].filter(Boolean).join(' · ');
  const servicos = a.servicos.map((s) => s.descricao).filter((d) => d !== a.tipoNome);
  const recurso = [a.boxNome, a.responsavelNome].filter(Boolean).join(' · ');
  const telefone = a.clienteTelefone?.replace(/\D/g, '') ?? '';
  const mostrarPronto = a.atividade === 'Finalizado' && a.status !== 'Pronto' && podeIrPara(a.status, 'Pronto');
  const mostrarEntregue = a.atividade === 'Finalizado' && a.status === 'Pronto';
  return (
    <Paper
      ref={rootRef}
      component="article"
      aria-label={a.petNome}
      withBorder
      shadow={overlay ? 'lg' : 'xs'}
      p="xs"
      radius="md"
      {...rootProps}
      style={{
        borderLeft: `4px solid ${urgente ? 'var(--mantine-color-red-6)' : alta ? 'var(--mantine-color-orange-5)' : a.cor}`,
        opacity: arrastando ? 0.4 : 1,
        cursor: overlay ? 'grabbing' : 'grab',
        touchAction: 'manipulation',
        minWidth: 0,
        ...rootProps?.style,
      }}
    >
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Avatar src={a.petFotoUrl} alt="" radius="xl" size={32} color="cyan">
            <IconPaw size={18} />
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={700} size="sm" lh={1.25} style={{ overflowWrap: 'break-word' }}>
              {a.petNome}
            </Text>
            {raca ? (
              <Text size="xs" c="dimmed" lh={1.25} style={{ overflowWrap: 'break-word' }}>
                {raca}
              </Text>
            ) : null}
          </Stack>
        </Group>

        {urgente || alta ? (
          <Badge color={urgente ? 'red' : 'orange'} variant="filled" size="sm" styles={BADGE_QUEBRA}>
            Prioridade {PRIORIDADES[a.prioridade].toLowerCase()}
          </Badge>
        ) : null}

        {a.agressivo || a.usaFocinheira || a.alergias || a.naoFazer ? (
          <Group gap={4}>
            {a.agressivo ? (
              <Badge color="red" variant="filled" size="sm">
                Agressivo
              </Badge>
            ) : null}
            {a.usaFocinheira ? (
              <Badge color="orange" variant="filled" size="sm">
                Focinheira
              </Badge>
            ) : null}
            {a.alergias ? (
              <Badge color="red" variant="light" size="sm" tt="none" styles={BADGE_QUEBRA}>
                Alergias: {a.alergias}
              </Badge>
            ) : null}
            {a.naoFazer ? (
              <Badge color="orange" variant="light" size="sm" tt="none" styles={BADGE_QUEBRA}>
                Não fazer: {a.naoFazer}
              </Badge>
            ) : null}
          </Group>
        ) : null}

        <Stack gap={0}>
          <Text size="xs" style={{ overflowWrap: 'break-word' }}>
            {a.clienteNome}
          </Text>
          {telefone ? (
            <Anchor
              href={`tel:${telefone}`}
              size="xs"
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 24 }}
            >
              <IconPhone size={12} aria-hidden />
              {formatTelefone(a.clienteTelefone)}
            </Anchor>
          ) : null}
        </Stack>

        <Text size="xs" style={{ overflowWrap: 'break-word' }}>
          <Text span fw={600} size="xs">
            {a.tipoNome}
          </Text>
          {servicos.length > 0 ? ` + ${servicos.join(', ')}` : null}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
          {hora(a.inicio)}–{hora(a.fim)}
          {recurso ? ` · ${recurso}` : null}
        </Text>

        <Group gap={4}>
          <Badge color={COR_STATUS[a.status]} variant="light" size="sm" tt="none" styles={BADGE_QUEBRA}>
            {STATUS_ATENDIMENTO[a.status]}
          </Badge>
          <Badge color={COR_FINANCEIRO[a.statusFinanceiro]} variant="dot" size="sm" tt="none" styles={BADGE_QUEBRA}>
            {STATUS_FINANCEIRO[a.statusFinanceiro]}
          </Badge>
          <RespostaConfirmacaoBadge resposta={a.respostaConfirmacao} styles={BADGE_QUEBRA} />
        </Group>

        <Text size="xs" c="dimmed" title="Tempo na etapa atual">
          {formatEtapa(a, agora)}
        </Text>
        <Group gap={4} justify="flex-end" wrap="nowrap" align="center" mt={-4}>
          {overlay ? null : (
            <Group gap={0} wrap="nowrap">
              <AtendimentoMenu
                atendimento={a}
                podeAbrirPdv={podeAbrirPdv}
                disabled={ocupado}
                onMover={onMover}
                onAlterarStatus={onAlterarStatus}
              />
              <ActionIcon
                ref={handleRef}
                variant="subtle"
                color="gray"
                size={44}
                aria-label={`Arrastar ${a.petNome}`}
                {...handleProps}
              >
                <IconGripVertical size={20} />
              </ActionIcon>
            </Group>
          )}
        </Group>

        {!overlay && mostrarPronto ? (
          <Button color="teal" h={44} fullWidth loading={ocupado} onClick={() => onAlterarStatus('Pronto')}>
            Pronto
          </Button>
        ) : null}
        {!overlay && mostrarEntregue ? (
          <Button variant="light" h={44} fullWidth loading={ocupado} onClick={() => onAlterarStatus('Finalizado')}>
            Entregue
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

type AtendimentoCardProps = AtendimentoCardActions & { atendimento: Atendimento; agora: Date };

/**
 * The draggable card: pointer and touch start a drag anywhere on it (after a small move, or a
 * press-and-hold on touch, so taps and scrolling still work); the keyboard drags from the grip.
 */
export function AtendimentoCard(props: AtendimentoCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: props.atendimento.id,
    data: { atividade: props.atendimento.atividade },
    disabled: props.ocupado,
  });
  const { onKeyDown, ...pointerListeners } = (listeners ?? {}) as HTMLAttributes<HTMLElement>;
  return (
    <AtendimentoCardView
      {...props}
      rootRef={setNodeRef}
      rootProps={pointerListeners as HTMLAttributes<HTMLDivElement>}
      handleRef={setActivatorNodeRef}
      handleProps={{ ...(attributes as HTMLAttributes<HTMLButtonElement>), onKeyDown }}
      arrastando={isDragging}
    />
  );
}
