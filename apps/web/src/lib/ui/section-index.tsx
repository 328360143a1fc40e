import { Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Permissao } from '@petshop/shared/permissoes';
import type { Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { getSection, hasPermissao, type SectionId } from '../access/sections.tsx';
import { useSessionStore } from '../session/session-store.ts';

type SectionLink = {
  to: string;
  label: string;
  description: string;
  icon: Icon;
  /** Any of these permissions shows the link (as the screen's guard). */
  anyOf: readonly Permissao[];
};

/** Screens already built inside a section whose index is still this page. */
const SECTION_LINKS: Partial<Record<SectionId, readonly SectionLink[]>> = {};

/**
 * Index page of a section whose screens arrive with their own module: its name and what it
 * holds (spec §2), from the same data as the navbar, and links to the screens of the section
 * that already exist.
 */
export function SectionIndex({ id }: { id: SectionId }) {
  const section = getSection(id);
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const links = (SECTION_LINKS[id] ?? []).filter((l) => l.anyOf.some((p) => hasPermissao({ unidadeNegocio }, p)));
  return (
    <Stack gap="md">
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
      {links.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {links.map((link) => (
            <Card
              key={link.to}
              component={Link}
              to={link.to}
              withBorder
              radius="md"
              padding="lg"
              style={{ textDecoration: 'none' }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={40} radius="md" variant="light">
                  <link.icon size={22} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={2}>
                  <Text fw={600}>{link.label}</Text>
                  <Text size="sm" c="dimmed">
                    {link.description}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
