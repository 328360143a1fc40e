import { Badge } from '@mantine/core';
import { STATUS_VENDA_LABEL, type StatusVenda } from '@petshop/shared/venda';

const CORES: Record<StatusVenda, string> = { EmAberto: 'yellow', Finalizada: 'teal', Cancelada: 'red' };

/** A sale's status (DOMAIN.md §6) as a coloured badge: Em aberto, Finalizada, Cancelada. */
export function StatusVendaBadge({ status }: { status: StatusVenda }) {
  return (
    <Badge color={CORES[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {STATUS_VENDA_LABEL[status]}
    </Badge>
  );
}
