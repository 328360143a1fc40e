import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Shown instead of a screen the user may not open (403). */
export function AccessRestrictedPage({ message }: { message: string }) {
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="xs" maw={420}>
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={2} ta="center">
          Acesso restrito
        </Title>
        <Text c="dimmed" ta="center">
          {message}
        </Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          Voltar ao início
        </Button>
      </Stack>
    </Center>
  );
}
