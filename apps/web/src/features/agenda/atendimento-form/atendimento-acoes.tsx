/**
 * The actions of an existing appointment (issue #17 item 3): its status with the allowed
 * transitions only (TRANSICOES_STATUS), priority (PATCH), "Cobrar no PDV" when it has a sale,
 * delete, and its history (who changed status, activity or priority, and when).
 */
import { Button, Group, Paper, Stack, Text, Timeline } from '@mantine/core';
import {
  ATIVIDADES,
  PRIORIDADES,
  STATUS_ATENDIMENTO,
  TRANSICOES_STATUS,
  type AtendimentoDetalhe,
  type Prioridade,
  type StatusAtendimento,
} from '@petshop/shared/agenda';
import { formatDateTime } from '@petshop/shared/format';
import { IconCash, IconTrash } from '@tabler/icons-react';
import { useAlterarPrioridadeAtendimento } from '../api/alterar-prioridade-atendimento.ts';
import { useAlterarStatusAtendimento } from '../api/alterar-status-atendimento.ts';
import { useExcluirAtendimento } from '../api/excluir-atendimento.ts';
import { StatusAtendimentoBadge, StatusFinanceiroBadge } from '../calendario/status-badges.tsx';
import { RespostaConfirmacaoBadge } from '#lib/agenda/resposta-confirmacao-badge.tsx';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { ButtonLink } from '#lib/ui/router-links.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';

/** The button of each target status. */
export const ACAO_STATUS: Record<StatusAtendimento, string> = {
  Agendado: 'Reabrir',
  Confirmado: 'Confirmar',
  EmAtendimento: 'Iniciar',
  Pronto: 'Pronto',
  Finalizado: 'Finalizar',
  Cancelado: 'Cancelar atendimento',
  NaoCompareceu: 'Não compareceu',
};

const COR_ACAO: Partial<Record<StatusAtendimento, string>> = { Cancelado: 'red', NaoCompareceu: 'orange' };

const CAMPO_LABEL = { status: 'Status', atividade: 'Atividade', prioridade: 'Prioridade' } as const;

const valorLabel = (campo: keyof typeof CAMPO_LABEL, valor: string | null): string => {
  if (valor === null) return '—';
  const mapa: Record<string, string> = campo === 'status' ? STATUS_ATENDIMENTO : campo === 'atividade' ? ATIVIDADES : PRIORIDADES;
  return mapa[valor] ?? valor;
};

type AtendimentoAcoesProps = {
  atendimento: AtendimentoDetalhe;
  /** Permission agenda: priority, delete; status changes are open to banhoTosa too. */
  editavel: boolean;
  onExcluido: () => void;
};

export function AtendimentoAcoes({ atendimento: a, editavel, onExcluido }: AtendimentoAcoesProps) {
  const timeZone = useTimeZone();
  const status = useAlterarStatusAtendimento();
  const prioridade = useAlterarPrioridadeAtendimento();
  const excluir = useExcluirAtendimento();
  const proximos = TRANSICOES_STATUS[a.status];

  const mudarStatus = (para: StatusAtendimento) =>
    status.mutate(
      { id: a.id, status: para },
      {
        onSuccess: () => notifySuccess(`Status: ${STATUS_ATENDIMENTO[para]}`),
        onError: (error) => notifyActionError(error),
      },
    );

  const apagar = async () => {
    const ok = await confirmDelete({ subject: 'o atendimento de', name: `${a.petNome} · ${a.tipoNome}` });
    if (!ok) return;
    excluir.mutate(a.id, {
      onSuccess: () => {
        notifySuccess('Atendimento excluído');
        onExcluido();
      },
      onError: (error) => notifyActionError(error),
    });
  };

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={500}>
              Situação:
            </Text>
            <StatusAtendimentoBadge status={a.status} />
            <StatusFinanceiroBadge status={a.statusFinanceiro} />
            <RespostaConfirmacaoBadge resposta={a.respostaConfirmacao} />
            <Text size="sm" c="dimmed">
              Atividade: {ATIVIDADES[a.atividade]}
            </Text>
          </Group>
          {proximos.length > 0 ? (
            <Group gap="xs" wrap="wrap" role="group" aria-label="Alterar status">
              {proximos.map((para) => (
                <Button
                  key={para}
                  size="xs"
                  variant="light"
                  color={COR_ACAO[para]}
                  loading={status.isPending && status.variables?.status === para}
                  disabled={status.isPending}
                  onClick={() => mudarStatus(para)}
                >
                  {ACAO_STATUS[para]}
                </Button>
              ))}
            </Group>
          ) : null}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SelectField
              label="Prioridade"
              size="xs"
              w={160}
              data={Object.entries(PRIORIDADES).map(([value, label]) => ({ value, label }))}
              value={a.prioridade}
              allowDeselect={false}
              disabled={!editavel || prioridade.isPending}
              onChange={(p) => {
                if (p && p !== a.prioridade)
                  prioridade.mutate({ id: a.id, prioridade: p as Prioridade }, { onError: (error) => notifyActionError(error) });
              }}
            />
            {a.vendaId ? (
              <ButtonLink size="xs" leftSection={<IconCash size={16} />} to="/vendas/pdv/$id" params={{ id: a.vendaId }}>
                Cobrar no PDV{a.vendaNumero ? ` (venda ${a.vendaNumero})` : ''}
              </ButtonLink>
            ) : null}
            {editavel ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={excluir.isPending}
                onClick={() => void apagar()}
              >
                Excluir
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      {a.historico.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Histórico
          </Text>
          <Timeline bulletSize={10} lineWidth={2} aria-label="Histórico do atendimento">
            {a.historico.map((h, i) => (
              <Timeline.Item key={`${h.em}-${i}`}>
                <Text size="sm">
                  {CAMPO_LABEL[h.campo]}: {h.de ? `${valorLabel(h.campo, h.de)} → ` : ''}
                  {valorLabel(h.campo, h.para)}
                </Text>
                <Text size="xs" c="dimmed">
                  {h.usuarioNome ?? 'Sistema'} · {formatDateTime(h.em, timeZone)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      ) : null}
    </Stack>
  );
}
