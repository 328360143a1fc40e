import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_TIME_ZONE, formatDate, todayISO } from '@petshop/shared/format';
import { IconBuildingStore, IconCalendar } from '@tabler/icons-react';
import { canOpenSection, hasPermissao, SECTIONS } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { LinkCard } from '#lib/ui/link-card.tsx';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { firstName, greetingFor, hourIn } from '../greeting.ts';
import { useIndicadores } from '../api/get-indicadores.ts';
import { DemoProgressoBanner } from './demo-progresso-banner.tsx';
import { DosesDevidasCard } from './doses-devidas-card.tsx';
import { FaturamentoCharts } from './faturamento-charts.tsx';
import { IndicadoresCards, IndicadoresSkeleton } from './indicadores-cards.tsx';

/**
 * The indicators of the selected unit (GET /indicadores, issue #20 item 2): skeletons while
 * loading, a quiet line when they fail (the shortcuts below still work), then the cards and,
 * for who sees the company's revenue, its charts.
 */
function Indicadores() {
  const query = useIndicadores();
  if (query.isPending) return <IndicadoresSkeleton />;
  if (query.isError)
    return (
      <Text size="sm" c="red.7">
        Não foi possível carregar os indicadores.
      </Text>
    );
  return (
    <>
      <IndicadoresCards dados={query.data} />
      {query.data.faturamento ? <FaturamentoCharts f={query.data.faturamento} /> : null}
    </>
  );
}

export function HomePage() {
  const user = useSessionStore((s) => s.user);
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const timeZone = unidadeNegocio?.timeZone ?? DEFAULT_TIME_ZONE;
  const sections = SECTIONS.filter((s) => s.id !== 'inicio' && canOpenSection(s, { user, unidadeNegocio }));
  const session = { unidadeNegocio };
  const leClinica = hasPermissao(session, PERMISSOES.clinica) || hasPermissao(session, PERMISSOES.clientes);

  return (
    <Stack gap="lg">
      <DemoProgressoBanner />
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

      {unidadeNegocio ? <Indicadores /> : null}

      {leClinica ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DosesDevidasCard />
        </SimpleGrid>
      ) : null}

      <Stack gap="xs" component="section" aria-labelledby="atalhos-titulo">
        <Title order={3} size="h5" id="atalhos-titulo" c="dimmed">
          Atalhos
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
          {sections.map((section) => (
            <LinkCard
              key={section.id}
              to={section.to}
              icon={section.icon}
              title={section.label}
              description={section.description}
              compacto
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
