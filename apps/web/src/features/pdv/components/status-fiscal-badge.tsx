/** The fiscal status of a sale's NFC-e as a badge (issue #18 item 8): the till, the sale's detail, the sales list. */
import { Badge, type BadgeProps } from '@mantine/core';
import { STATUS_DOCUMENTO_FISCAL, type StatusDocumentoFiscal } from '@petshop/shared/fiscal';

export const COR_STATUS_FISCAL: Record<StatusDocumentoFiscal, string> = {
  pendente: 'blue',
  autorizada: 'teal',
  rejeitada: 'red',
  contingencia: 'orange',
  cancelada: 'gray',
  denegada: 'red',
};

export function StatusFiscalBadge({ status, ...props }: { status: StatusDocumentoFiscal } & Omit<BadgeProps, 'color'>) {
  return (
    <Badge variant="light" color={COR_STATUS_FISCAL[status]} data-testid="status-fiscal" {...props}>
      NFC-e {STATUS_DOCUMENTO_FISCAL[status].toLowerCase()}
    </Badge>
  );
}
