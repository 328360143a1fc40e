/**
 * The pet's package shown while booking (issue #17 items 2 and 6): an active package covering
 * the chosen type says how many sessions are left and that this one will be taken, with the
 * usarPacote checkbox; an appointment already on a package says which.
 */
import { Alert, Checkbox, Text } from '@mantine/core';
import type { Atendimento, Pacote } from '@petshop/shared/agenda';
import { IconPackage } from '@tabler/icons-react';
import { usePacotesPet } from '../api/list-pacotes-pet.ts';

/** The package a booking of `tipoAtendimentoId` for `petId` would take: active, with sessions, for this pet or any. */
export const pacoteQueCobre = (pacotes: readonly Pacote[], petId: string, tipoAtendimentoId: string): Pacote | null =>
  pacotes
    .filter(
      (p) =>
        p.status === 'Ativo' &&
        p.sessoesRestantes > 0 &&
        p.tipoAtendimentoId === tipoAtendimentoId &&
        (p.petId === null || p.petId === petId),
    )
    .sort((a, b) => a.validoAte.localeCompare(b.validoAte))[0] ?? null;

type PacoteAvisoProps = {
  petId: string | null;
  tipoAtendimentoId: string | null;
  /** The package the appointment already took (editing). */
  atual: Atendimento['pacote'];
  usarPacote: boolean;
  onUsarPacoteChange: (usar: boolean) => void;
  disabled?: boolean;
};

export function PacoteAviso({ petId, tipoAtendimentoId, atual, usarPacote, onUsarPacoteChange, disabled }: PacoteAvisoProps) {
  const pacotes = usePacotesPet(petId);
  if (atual) {
    return (
      <Alert role="status" color="teal" variant="light" icon={<IconPackage />} title="Sessão de pacote">
        <Text size="sm">
          {atual.nome}: esta sessão foi descontada ({atual.sessoesRestantes}{' '}
          {atual.sessoesRestantes === 1 ? 'restante' : 'restantes'}).
        </Text>
      </Alert>
    );
  }
  if (!petId || !tipoAtendimentoId || !pacotes.data) return null;
  const pacote = pacoteQueCobre(pacotes.data, petId, tipoAtendimentoId);
  if (!pacote) return null;
  return (
    <Alert
      role="status"
      color="teal"
      variant="light"
      icon={<IconPackage />}
      title={`Pacote ${pacote.nome}`}
      data-testid="pacote-aviso"
    >
      <Text size="sm">
        {pacote.sessoesRestantes} de {pacote.sessoesTotal} restantes
        {usarPacote ? ': esta sessão será descontada' : ': esta sessão será cobrada à parte'}.
      </Text>
      <Checkbox
        mt="xs"
        label="Usar o pacote neste atendimento"
        checked={usarPacote}
        disabled={disabled}
        onChange={(event) => onUsarPacoteChange(event.currentTarget.checked)}
      />
    </Alert>
  );
}
