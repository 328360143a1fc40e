import { Group, Kbd, Paper, Text, UnstyledButton } from '@mantine/core';

export type Atalho = {
  /** The key as shown ('F3', 'Ctrl+Del'). */
  tecla: string;
  label: string;
  onClick?: () => void;
  disabled?: boolean;
  /** Why it is disabled, as a tooltip-free title (the bar stays one line). */
  motivo?: string | null;
};

/**
 * The keyboard map of the till, always on screen (issue #4: "keyboard shortcuts for every action,
 * shown on screen"). Each entry is also a button, so a mouse works too. The screen places it (at
 * the bottom, never over the till's own buttons); a phone, which has no F-keys, does not show it
 * (issue #15 item 4).
 */
export function AtalhosBar({ atalhos }: { atalhos: readonly Atalho[] }) {
  return (
    <Paper component="nav" aria-label="Atalhos do teclado" withBorder radius="md" px="xs" py={4} visibleFrom="sm">
      <Group gap="sm" wrap="wrap" justify="center" style={{ rowGap: 2 }}>
        {atalhos.map((a) => (
          <UnstyledButton
            key={a.tecla}
            onClick={a.onClick}
            disabled={a.disabled}
            tabIndex={a.onClick ? undefined : -1}
            title={a.motivo ?? undefined}
            style={{ opacity: a.disabled ? 0.45 : 1 }}
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
