/**
 * The booking modal of the calendar (full screen on a phone): a new appointment at the
 * clicked slot, or an existing one loaded by id (GET /agenda/atendimentos/{id}) with its
 * actions and history above the same form.
 */
import { Center, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Eventos, StatusAtendimento } from '@petshop/shared/agenda';
import { useAtendimento } from '../api/get-atendimento.ts';
import { AtendimentoAcoes } from './atendimento-acoes.tsx';
import { AtendimentoForm } from './atendimento-form.tsx';
import type { NovoAtendimentoInicial } from './atendimento-values.ts';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';

const FINAIS = new Set<StatusAtendimento>(['Finalizado', 'Cancelado', 'NaoCompareceu']);

export type AtendimentoModalAlvo = { tipo: 'novo'; inicial: NovoAtendimentoInicial } | { tipo: 'editar'; id: string };

type AtendimentoModalProps = {
  alvo: AtendimentoModalAlvo | null;
  recursos: Eventos['recursos'] | undefined;
  editavel: boolean;
  onClose: () => void;
};

function EditarAtendimento({ id, recursos, editavel, onClose }: Omit<AtendimentoModalProps, 'alvo'> & { id: string }) {
  const atendimento = useAtendimento(id);
  if (atendimento.isError)
    return (
      <LoadErrorAlert
        title="Não foi possível carregar o atendimento"
        error={atendimento.error}
        onRetry={() => void atendimento.refetch()}
      />
    );
  if (!atendimento.data)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Carregando atendimento" />
      </Center>
    );
  return (
    <Stack gap="md">
      <AtendimentoAcoes atendimento={atendimento.data} editavel={editavel} onExcluido={onClose} />
      <AtendimentoForm
        // A status change refetches the appointment: the form keeps what is being typed.
        key={atendimento.data.id}
        atendimento={atendimento.data}
        recursos={recursos}
        // Finalizado, Cancelado and Não compareceu can no longer be changed (reopen it first).
        editavel={editavel && !FINAIS.has(atendimento.data.status)}
        onSaved={onClose}
        onCancel={onClose}
      />
    </Stack>
  );
}

export function AtendimentoModal({ alvo, recursos, editavel, onClose }: AtendimentoModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={alvo !== null}
      onClose={onClose}
      title={alvo?.tipo === 'editar' ? 'Atendimento' : 'Novo atendimento'}
      size="xl"
      fullScreen={phone}
      centered={!phone}
    >
      {alvo?.tipo === 'editar' ? (
        <EditarAtendimento id={alvo.id} recursos={recursos} editavel={editavel} onClose={onClose} />
      ) : alvo ? (
        <AtendimentoForm inicial={alvo.inicial} recursos={recursos} editavel={editavel} onSaved={onClose} onCancel={onClose} />
      ) : null}
    </Modal>
  );
}
