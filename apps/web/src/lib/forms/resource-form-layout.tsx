import { Button, Group, Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormGeneralErrors } from './form-general-errors.tsx';
import { PageHeader } from '../ui/page-header.tsx';

type ResourceFormLayoutProps = {
  title: string;
  description?: ReactNode;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  generalErrors: readonly string[];
  submitting: boolean;
  submitLabel?: string;
  /** Shown left of Cancelar/Salvar (e.g. an 'Excluir' button). */
  extraActions?: ReactNode;
  /** Beside the page title. */
  headerActions?: ReactNode;
  /** Link to the parent screen, above the title. */
  back?: ReactNode;
  children: ReactNode;
};

/** Page frame of every create/edit form: title, general errors, fields, Cancelar/Salvar. */
export function ResourceFormLayout({
  title,
  description,
  onSubmit,
  onCancel,
  generalErrors,
  submitting,
  submitLabel = 'Salvar',
  extraActions,
  headerActions,
  back,
  children,
}: ResourceFormLayoutProps) {
  return (
    <Stack gap="md">
      <PageHeader title={title} description={description} actions={headerActions} back={back} />
      <form noValidate onSubmit={onSubmit} aria-label={title}>
        <Stack gap="md">
          <FormGeneralErrors errors={generalErrors} />
          {children}
          <Paper withBorder p="sm" radius="md">
            <Group justify="space-between" gap="sm">
              <Group gap="sm">{extraActions}</Group>
              <Group gap="sm" ml="auto">
                <Button variant="default" onClick={onCancel} disabled={submitting}>
                  Cancelar
                </Button>
                <Button type="submit" loading={submitting}>
                  {submitLabel}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </form>
    </Stack>
  );
}
