import { Group, Loader, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconAlertTriangle } from '@tabler/icons-react';
import type { EstadoAutosave } from '../use-autosave.ts';

const hora = (d: Date) => d.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The small line that says whether the sale in progress is safe on the server. */
export function AutosaveIndicator({ estado }: { estado: EstadoAutosave }) {
  const conteudo = (() => {
    switch (estado.status) {
      case 'salvando':
        return (
          <>
            <Loader size={12} />
            <Text size="xs" c="dimmed">
              Salvando…
            </Text>
          </>
        );
      case 'salvo':
        return (
          <>
            <IconCloudCheck size={14} color="var(--mantine-color-teal-7)" />
            <Text size="xs" c="dimmed">
              Salvo às {estado.salvoEm ? hora(estado.salvoEm) : ''}
            </Text>
          </>
        );
      case 'offline':
        return (
          <>
            <IconCloudOff size={14} color="var(--mantine-color-orange-7)" />
            <Text size="xs" c="orange.8">
              Sem conexão — guardado neste computador
            </Text>
          </>
        );
      case 'erro':
        return (
          <>
            <IconAlertTriangle size={14} color="var(--mantine-color-red-7)" />
            <Text size="xs" c="red.7">
              Não salvo no servidor: {estado.erro}
            </Text>
          </>
        );
      default:
        return (
          <Text size="xs" c="dimmed">
            Guardado neste computador
          </Text>
        );
    }
  })();
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-autosave={estado.status}>
      {conteudo}
    </Group>
  );
}
