/**
 * The buttons at the foot of a form, right-aligned: "Cancelar" (disabled while saving) and the
 * submit button (loading while saving) with the form's verb ('Salvar', 'Transferir', 'Baixar'…).
 */
import { Button, Group, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

type FormActionsProps = {
  onCancel: () => void;
  submitting: boolean;
  /** Text of the submit button; default 'Salvar'. */
  submitLabel?: ReactNode;
  /** Colour of the submit button (e.g. 'red' for a debit); default the theme's. */
  submitColor?: MantineColor;
};

export function FormActions({ onCancel, submitting, submitLabel = 'Salvar', submitColor }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        Cancelar
      </Button>
      <Button type="submit" loading={submitting} color={submitColor}>
        {submitLabel}
      </Button>
    </Group>
  );
}
