/**
 * A section of a detail screen that is read until 'Editar' is clicked, then edited and saved
 * on its own (spec §7 partial updates such as PUT /pessoas/{id}/contato). The edit state holds
 * its own form (`useResourceForm`), so leaving edit mode drops unsaved changes.
 */
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { FormGeneralErrors } from './form-general-errors.tsx';

type EditableSectionProps = {
  title: string;
  editing: boolean;
  onEdit: () => void;
  /** What the section shows while read. */
  view: ReactNode;
  /** The fields while edited, with their form. */
  edit?: ReactNode;
  canEdit?: boolean;
};

export function EditableSection({ title, editing, onEdit, view, edit, canEdit = true }: EditableSectionProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={4}>{title}</Title>
          {!editing && canEdit ? (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
              aria-label={`Editar ${title.toLowerCase()}`}
            >
              Editar
            </Button>
          ) : null}
        </Group>
        {editing ? edit : view}
      </Stack>
    </Paper>
  );
}

type SectionFormProps = {
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  generalErrors: readonly string[];
  submitting: boolean;
  children: ReactNode;
};

/** The form inside an edited section: its fields, general errors, Cancelar/Salvar. */
export function SectionForm({ title, onSubmit, onCancel, generalErrors, submitting, children }: SectionFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={title}>
      <Stack gap="sm">
        <FormGeneralErrors errors={generalErrors} />
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={submitting}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
