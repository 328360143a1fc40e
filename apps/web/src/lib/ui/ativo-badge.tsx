import { Badge } from '@mantine/core';

/** 'Ativo' / 'Inativo' badge of list rows. */
export function AtivoBadge({ ativo }: { ativo: boolean }) {
  return (
    <Badge color={ativo ? 'teal' : 'gray'} variant="light">
      {ativo ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}
