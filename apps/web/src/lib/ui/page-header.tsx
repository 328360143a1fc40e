import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** A link above the title to the parent screen. */
  back?: ReactNode;
};

/** Title row of a screen: title, one line of description, actions on the right. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        {back}
        <Title order={2}>{title}</Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
