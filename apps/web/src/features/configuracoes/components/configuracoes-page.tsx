import { Card, Group, SimpleGrid, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { hasPermissao } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { PageHeader } from '#lib/ui/page-header.tsx';
import {
  SETTINGS_SECTIONS,
  SETTINGS_TAB_LABELS,
  SETTINGS_TABS,
  type SettingsSection,
  type SettingsTab,
} from '../settings-sections.tsx';

type ConfiguracoesPageProps = { tab: SettingsTab; onTabChange: (tab: SettingsTab) => void };

const isSettingsTab = (value: string | null): value is SettingsTab => SETTINGS_TABS.some((t) => t === value);

export function ConfiguracoesPage({ tab, onTabChange }: ConfiguracoesPageProps) {
  return (
    <Stack gap="md">
      <PageHeader title="Configurações" description="Cadastros de apoio e parâmetros do sistema." />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isSettingsTab(value)) onTabChange(value);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {SETTINGS_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {SETTINGS_TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SETTINGS_TABS.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {SETTINGS_SECTIONS.filter((s) => s.tab === t).map((section) => (
                <SettingsCard key={section.id} section={section} />
              ))}
            </SimpleGrid>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function SettingsCard({ section }: { section: SettingsSection }) {
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const allowed = section.to !== undefined && [section.permissao].flat().some((p) => hasPermissao({ unidadeNegocio }, p));
  const caption = section.to === undefined ? section.availableWith : allowed ? null : 'Seu perfil não tem acesso';

  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={40} radius="md" variant="light" color={allowed ? undefined : 'gray'}>
        <section.icon size={22} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fw={600} c={allowed ? undefined : 'dimmed'}>
          {section.label}
        </Text>
        <Text size="sm" c="dimmed">
          {section.description}
        </Text>
        {caption ? (
          <Text size="xs" fw={600} c="gray.6">
            {caption}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );

  if (allowed && section.to !== undefined) {
    return (
      <Card component={Link} to={section.to} withBorder radius="md" padding="lg">
        {body}
      </Card>
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      aria-disabled="true"
      aria-label={`${section.label} (indisponível)`}
      bg="var(--mantine-color-gray-0)"
    >
      {body}
    </Card>
  );
}
