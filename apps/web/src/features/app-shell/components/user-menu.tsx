import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { AlterarSenhaModal } from './alterar-senha-modal.tsx';
import { logout } from '#lib/session/session-actions.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

const initials = (nome: string): string =>
  nome
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

export function UserMenu() {
  const user = useSessionStore((s) => s.user);
  const perfil = useSessionStore((s) => s.unidadeNegocio?.perfil.nome);
  const [senhaOpened, senha] = useDisclosure(false);
  const queryClient = useQueryClient();
  const router = useRouter();
  if (!user) return null;

  const sair = () =>
    void logout({
      queryClient,
      goToLogin: () => router.navigate({ to: '/login', search: {} }),
    });

  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton
            aria-label={`${user.nome}: menu do usuário`}
            px={4}
            py={2}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group gap={8} wrap="nowrap">
              {/* Initials drawn by CSS (styles.css): the button's visible text stays the name it is called by. */}
              <Avatar src={user.fotoUrl} alt={user.nome} radius="xl" size={32} color="teal" aria-hidden>
                <span data-texto-visual={initials(user.nome)} />
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
                {user.nome}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {user.nome}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
            {perfil ? (
              <Text size="xs" c="dimmed">
                {perfil}
              </Text>
            ) : null}
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item leftSection={<IconKey size={16} />} onClick={senha.open}>
            Alterar senha
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={sair}>
            Sair
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <AlterarSenhaModal opened={senhaOpened} onClose={senha.close} />
    </>
  );
}
