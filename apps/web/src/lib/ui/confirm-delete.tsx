import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

type ConfirmDeleteOptions = {
  /** What is being deleted, shown in bold ('o usuário', 'a unidade'). */
  subject: string;
  /** The record's name. */
  name: string;
  /** A second sentence (what deleting does). */
  detail?: ReactNode;
  title?: string;
};

/** Asks 'Excluir'/'Cancelar' before a delete; resolves true when confirmed. */
export const confirmDelete = ({ subject, name, detail, title = 'Confirmar exclusão' }: ConfirmDeleteOptions): Promise<boolean> =>
  new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: (
        <>
          <Text size="sm">
            Deseja excluir {subject} <strong>{name}</strong>?
          </Text>
          {detail ? (
            <Text size="sm" c="dimmed" mt="xs">
              {detail}
            </Text>
          ) : null}
        </>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
