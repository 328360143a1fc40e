import { Badge } from '@mantine/core';
import { STATUS_DOCUMENTO_FISCAL, type StatusDocumentoFiscal } from '@petshop/shared/fiscal';
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

const CORES_FISCAIS: Record<StatusDocumentoFiscal, string> = {
  pendente: 'blue',
  autorizada: 'teal',
  rejeitada: 'red',
  contingencia: 'orange',
  cancelada: 'gray',
  denegada: 'red',
};

/** The status of the sale's NFC-e (issue #18 item 8): 'NFC-e autorizada', 'NFC-e em contingência', … */
export function StatusFiscalVendaBadge({ status }: { status: StatusDocumentoFiscal }) {
  return (
    <Badge color={CORES_FISCAIS[status]} variant="outline" style={{ minWidth: 'max-content' }} data-testid="venda-status-fiscal">
      NFC-e {STATUS_DOCUMENTO_FISCAL[status].toLowerCase()}
    </Badge>
  );
}
