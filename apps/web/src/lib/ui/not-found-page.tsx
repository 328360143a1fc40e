import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The router's default "Not Found" (spec §2, §8). */
export function NotFoundPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        <Text fz={64} fw={800} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={2}>Not Found</Title>
        <Text c="dimmed" ta="center">
          A página que você procurou não existe ou mudou de endereço.
        </Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          Voltar ao início
        </Button>
      </Stack>
    </Center>
  );
}
