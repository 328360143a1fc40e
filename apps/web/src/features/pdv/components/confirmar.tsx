import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

type ConfirmarOptions = { title: string; message: ReactNode; confirmLabel: string; color?: string };

/**
 * A yes/no question for the till: the confirm button has the focus, so Enter confirms and Esc
 * declines without reaching for the mouse. Resolves true when confirmed.
 */
export const confirmar = ({ title, message, confirmLabel, color = 'red' }: ConfirmarOptions): Promise<boolean> =>
  new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: `${confirmLabel} (Enter)`, cancel: 'Voltar (Esc)' },
      confirmProps: { color, 'data-autofocus': true },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
