import { Badge, Stack, Text } from '@mantine/core';
import { STATUS_DOCUMENTO_FISCAL, type DocumentoFiscal, type StatusDocumentoFiscal } from '@petshop/shared/fiscal';

/** Badge colours of the /fiscal/ screen (issue #18 item 6). */
export const COR_STATUS_DOCUMENTO: Record<StatusDocumentoFiscal, string> = {
  autorizada: 'green',
  contingencia: 'orange',
  rejeitada: 'red',
  cancelada: 'gray',
  denegada: 'dark',
  pendente: 'blue',
};

/** A document's status as a badge; a rejected or denied one shows SEFAZ's reason under it ('539 — Duplicidade…'). */
export function StatusDocumentoFiscalBadge({ documento }: { documento: Pick<DocumentoFiscal, 'status' | 'cStat' | 'motivo'> }) {
  const { status, cStat, motivo } = documento;
  const razao = (status === 'rejeitada' || status === 'denegada') && (cStat || motivo);
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        color={COR_STATUS_DOCUMENTO[status]}
        variant={status === 'denegada' ? 'filled' : 'light'}
        style={{ minWidth: 'max-content' }}
      >
        {STATUS_DOCUMENTO_FISCAL[status]}
      </Badge>
      {razao ? (
        <Text size="xs" c={status === 'rejeitada' ? 'red.8' : 'dimmed'} maw={320}>
          {[cStat, motivo].filter(Boolean).join(' — ')}
        </Text>
      ) : null}
    </Stack>
  );
}
