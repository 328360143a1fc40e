/**
 * The red alert of a screen (or part of one) whose data did not load: a title saying what
 * failed ('Não foi possível carregar a lista'), the API's message (errorMessage) and, when
 * `onRetry` is given, a "Tentar novamente" button that refetches.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../http/api-error.ts';

type LoadErrorAlertProps = {
  title: string;
  /** The query's error (an API error, a network error…). */
  error: unknown;
  /** Refetches; without it the alert shows only the message. */
  onRetry?: () => void;
};

export function LoadErrorAlert({ title, error, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title}>
      {onRetry ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Tentar novamente
          </Button>
        </Stack>
      ) : (
        errorMessage(error)
      )}
    </Alert>
  );
}
