import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Column } from './list-page.tsx';

/**
 * The trailing 'Excluir' icon column of a list: shown on the rows `canDelete` allows, named
 * 'Excluir <row name>' for screen readers and tests, and never opening the row's form.
 */
export function deleteActionColumn<T>({
  name,
  canDelete,
  onDelete,
}: {
  name: (row: T) => string;
  canDelete: (row: T) => boolean;
  onDelete: (row: T) => void;
}): Column<T> {
  return {
    key: 'acoes',
    header: <VisuallyHidden>Ações</VisuallyHidden>,
    width: 56,
    align: 'right',
    render: (row) =>
      canDelete(row) ? (
        <Tooltip label="Excluir">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Excluir ${name(row)}`}
            onClick={(event) => {
              event.stopPropagation();
              onDelete(row);
            }}
            onKeyDown={(event) => event.stopPropagation()}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null,
  };
}
