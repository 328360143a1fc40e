import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type FormSectionProps = { title: string; description?: ReactNode; children: ReactNode };

/** A titled block of fields inside a form (Dados, Endereço, Fiscal...). */
export function FormSection({ title, description, children }: FormSectionProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Title order={4}>{title}</Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
