import { AppShell, Burger, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import { MainNav } from './main-nav.tsx';
import { UnitSwitcher } from './unit-switcher.tsx';
import { UserMenu } from './user-menu.tsx';
import { ProductIcon } from '#lib/access/sections.tsx';
import { APP_NAME } from '#lib/app-info.ts';

/**
 * The application frame: header (product, unit switcher, user menu) and navbar, which
 * becomes a burger menu below 768 px (spec §9: 767.95 px, Mantine's `sm`).
 */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Fechar menu' : 'Abrir menu'}
            />
            <UnstyledButton component={Link} to="/" aria-label={`${APP_NAME}: início`}>
              <Group gap={8} wrap="nowrap">
                <ThemeIcon size={30} radius="md">
                  <ProductIcon size={18} />
                </ThemeIcon>
                <Text fw={700} visibleFrom="xs">
                  {APP_NAME}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <UnitSwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <MainNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
