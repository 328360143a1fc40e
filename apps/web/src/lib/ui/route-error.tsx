/**
 * The router's default error component (spec §8): "Something went wrong!" with a
 * Show Error / Hide Error toggle. Access denials and records that do not exist get their own
 * friendlier pages.
 */
import { Alert, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { AccessRestrictedPage } from './access-restricted-page.tsx';
import { isForbiddenError } from '../access/forbidden-error.ts';
import { isApiError } from '../http/api-error.ts';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [show, setShow] = useState(false);

  if (isForbiddenError(error)) return <AccessRestrictedPage message={error.message} />;
  if (isApiError(error) && error.kind === 'forbidden') {
    return <AccessRestrictedPage message={error.generalErrors[0] ?? error.message} />;
  }

  const retry = () => {
    reset();
    void router.invalidate();
  };

  if (isApiError(error) && error.kind === 'not-found') {
    return (
      <Alert color="yellow" variant="light" title="Registro não encontrado" icon={<IconAlertTriangle />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.generalErrors[0] ?? 'O registro não existe ou foi removido.'}</Text>
          <Button size="xs" variant="light" color="yellow" onClick={() => router.history.back()}>
            Voltar
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="sm" p="md" role="alert">
      <Group gap="xs">
        <IconAlertTriangle color="var(--mantine-color-red-6)" />
        <Title order={3}>Something went wrong!</Title>
      </Group>
      <Text c="dimmed" size="sm">
        Algo deu errado ao abrir esta tela. Tente novamente; se continuar, avise o suporte.
      </Text>
      <Group gap="sm">
        <Button size="xs" variant="default" onClick={() => setShow((v) => !v)}>
          {show ? 'Hide Error' : 'Show Error'}
        </Button>
        <Button size="xs" variant="light" onClick={retry}>
          Tentar novamente
        </Button>
      </Group>
      {show ? (
        <Code block color="red.0" c="red.9">
          {error instanceof Error ? error.message : String(error)}
        </Code>
      ) : null}
    </Stack>
  );
}
