import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { canOpenSection, SECTIONS, type Section } from '#lib/access/sections.tsx';
import { APP_VERSION } from '#lib/app-info.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

const isActive = (section: Section, pathname: string): boolean =>
  section.to === '/' ? pathname === '/' : pathname === section.to || pathname.startsWith(`${section.to}/`);

type MainNavProps = { onNavigate: () => void };

/** The sections of spec §2 the selected unit's profile may open, and the client version. */
export function MainNav({ onNavigate }: MainNavProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const user = useSessionStore((s) => s.user);
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const visible = SECTIONS.filter((section) => canOpenSection(section, { user, unidadeNegocio }));

  return (
    <Stack gap={0} h="100%" component="nav" aria-label="Menu principal">
      <ScrollArea style={{ flex: 1 }} p="xs">
        {visible.map((section) => (
          <NavLink
            key={section.id}
            component={Link}
            to={section.to}
            label={section.label}
            leftSection={<section.icon size={18} stroke={1.6} />}
            active={isActive(section, pathname)}
            onClick={onNavigate}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </ScrollArea>
      <Text size="xs" c="dimmed" px="md" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        Versão {APP_VERSION}
      </Text>
    </Stack>
  );
}
