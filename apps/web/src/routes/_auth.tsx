import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { ProductIcon } from '#lib/access/sections.tsx';
import { APP_NAME } from '#lib/app-info.ts';

export const Route = createFileRoute('/_auth')({
  component: AuthLayout,
});

/** Login and onboarding: a centered card under the product's name. */
function AuthLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const narrow = ['/login', '/esqueci-senha', '/redefinir-senha'].includes(pathname);
  return (
    <Box
      mih="100dvh"
      bg="linear-gradient(160deg, var(--mantine-color-teal-0) 0%, var(--mantine-color-gray-0) 60%)"
      py={{ base: 'md', sm: 48 }}
      px="md"
    >
      <Center>
        <Stack gap="lg" w="100%" maw={narrow ? 440 : 720}>
          <Group gap="sm" justify="center">
            <ThemeIcon size={44} radius="md" variant="filled">
              <ProductIcon size={26} />
            </ThemeIcon>
            <div>
              <Title order={1} fz={24} lh={1.1}>
                {APP_NAME}
              </Title>
              <Text size="sm" c="dimmed">
                Pet shop e clínica veterinária
              </Text>
            </div>
          </Group>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Outlet />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
