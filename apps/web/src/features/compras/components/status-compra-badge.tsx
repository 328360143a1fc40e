import { Badge } from '@mantine/core';
import { STATUS_COMPRA_LABEL, type StatusCompra } from '@petshop/shared/compra';

const CORES: Record<StatusCompra, string> = { Rascunho: 'yellow', Finalizada: 'teal', Cancelada: 'red' };

/** A purchase's status (DOMAIN.md §5) as a coloured badge: Rascunho, Finalizada, Cancelada. */
export function StatusCompraBadge({ status, size }: { status: StatusCompra; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={CORES[status]} variant="light" size={size} style={{ minWidth: 'max-content' }}>
      {STATUS_COMPRA_LABEL[status]}
    </Badge>
  );
}
