import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { getSection, type SectionId } from '../access/sections.tsx';

/**
 * Index page of a section whose screens arrive with their own module: its name and what it
 * holds (spec §2), from the same data as the navbar.
 */
export function SectionIndex({ id }: { id: SectionId }) {
  const section = getSection(id);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light">
          <section.icon size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={2}>{section.label}</Title>
        <Text c="dimmed" maw={640}>
          {section.description}
        </Text>
      </Stack>
    </Paper>
  );
}
