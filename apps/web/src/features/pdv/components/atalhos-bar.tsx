import { Group, Kbd, Paper, Text, UnstyledButton } from '@mantine/core';
import type { Atalho } from '../atalhos.ts';

/**
 * The keyboard map of the till, always on screen (issue #4: "keyboard shortcuts for every action,
 * shown on screen"), drawn from the till's shortcut table (`atalhos.ts`, the one the key handler
 * reads). Each entry is also a button, so a mouse works too. The screen places it (at the bottom,
 * never over the till's own buttons); a phone, which has no F-keys, does not show it (issue #15
 * item 4).
 */
export function AtalhosBar({ atalhos }: { atalhos: readonly Atalho[] }) {
  return (
    <Paper component="nav" aria-label="Atalhos do teclado" withBorder radius="md" px="xs" py={4} visibleFrom="sm">
      <Group gap="sm" wrap="wrap" justify="center" style={{ rowGap: 2 }}>
        {atalhos
          .filter((a) => a.naBarra)
          .map((a) => (
            <UnstyledButton
              key={a.tecla}
              onClick={a.acao}
              disabled={!a.habilitado}
              tabIndex={a.acao ? undefined : -1}
              title={a.motivo ?? undefined}
              style={{ opacity: a.habilitado ? 1 : 0.45 }}
              data-atalho={a.tecla}
            >
              <Group gap={4} wrap="nowrap">
                <Kbd size="xs">{a.tecla}</Kbd>
                <Text size="xs">{a.label}</Text>
              </Group>
            </UnstyledButton>
          ))}
      </Group>
    </Paper>
  );
}
