import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type FormGeneralErrorsProps = {
  errors: readonly string[];
  title?: string;
  children?: ReactNode;
};

/** The Alert at the top of a form with the server's general errors (spec §5). */
export function FormGeneralErrors({ errors, title = 'Não foi possível salvar', children }: FormGeneralErrorsProps) {
  if (errors.length === 0 && !children) return null;
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle />} role="alert">
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <List size="sm">
          {errors.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
      {children}
    </Alert>
  );
}
