import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DEFAULT_TIME_ZONE, formatDate, todayISO } from '@petshop/shared/format';
import { IconBuildingStore, IconCalendar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { canOpenSection, hasPermissao, SECTIONS } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { firstName, greetingFor, hourIn } from '../greeting.ts';
import { DosesDevidasCard } from './doses-devidas-card.tsx';

export function HomePage() {
  const user = useSessionStore((s) => s.user);
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const timeZone = unidadeNegocio?.timeZone ?? DEFAULT_TIME_ZONE;
  const sections = SECTIONS.filter((s) => s.id !== 'inicio' && canOpenSection(s, { user, unidadeNegocio }));
  const session = { unidadeNegocio };
  const leClinica = hasPermissao(session, PERMISSOES.clinica) || hasPermissao(session, PERMISSOES.clientes);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>
          {greetingFor(hourIn(timeZone))}
          {user ? `, ${firstName(user.nome)}` : ''}
        </Title>
        <Group gap="lg" c="dimmed">
          {unidadeNegocio ? (
            <Group gap={6}>
              <IconBuildingStore size={16} />
              <Text size="sm" aria-label="Unidade selecionada">
                {unidadeNegocio.nome}
              </Text>
            </Group>
          ) : null}
          <Group gap={6}>
            <IconCalendar size={16} />
            <Text size="sm" aria-label="Data de hoje">
              {formatDate(todayISO(timeZone))}
            </Text>
          </Group>
        </Group>
      </Stack>

      {leClinica ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DosesDevidasCard />
        </SimpleGrid>
      ) : null}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
        {sections.map((section) => (
          <Card
            key={section.id}
            component={Link}
            to={section.to}
            withBorder
            radius="md"
            padding="lg"
            style={{ textDecoration: 'none' }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light">
                <section.icon size={22} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600}>{section.label}</Text>
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {section.description}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
