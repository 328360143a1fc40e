import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type InfoItem = { label: string; value: ReactNode; span?: 'full' };

/** Label/value pairs of a read section; empty values show a dash. */
export function InfoList({ items }: { items: readonly InfoItem[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2} style={item.span === 'full' ? { gridColumn: '1 / -1' } : undefined}>
          <Text size="xs" c="dimmed" fw={500} component="dt">
            {item.label}
          </Text>
          <Text size="sm" component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
