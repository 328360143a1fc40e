import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import { IconBan, IconFileCode, IconPrinter, IconRefresh } from '@tabler/icons-react';
import type { Column } from '#lib/list/list-page.tsx';

type Acoes = {
  onRetransmitir: (documento: DocumentoFiscal) => void;
  onCancelar: (documento: DocumentoFiscal) => void;
  onXml: (documento: DocumentoFiscal) => void;
  onDanfe: (documento: DocumentoFiscal) => void;
  /** The document whose action is running ('retransmitir:id', 'xml:id', 'danfe:id'). */
  emAndamento: string | null;
};

/**
 * A document's actions: Retransmitir (rejected or in contingency, `podeRetransmitir`), Cancelar
 * (authorised within 30 minutes, `podeCancelar`), the XML and the DANFE.
 */
export function documentoAcoesColumn({
  onRetransmitir,
  onCancelar,
  onXml,
  onDanfe,
  emAndamento,
}: Acoes): Column<DocumentoFiscal> {
  return {
    key: 'acoes',
    header: <VisuallyHidden>Ações</VisuallyHidden>,
    width: 150,
    align: 'right',
    render: (d) => (
      <Group gap={2} justify="flex-end" wrap="nowrap">
        {d.podeRetransmitir ? (
          <Tooltip label="Retransmitir">
            <ActionIcon
              variant="subtle"
              color="orange"
              aria-label={`Retransmitir NFC-e nº ${d.numero}`}
              loading={emAndamento === `retransmitir:${d.id}`}
              disabled={emAndamento === `retransmitir:${d.id}`}
              onClick={() => onRetransmitir(d)}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {d.podeCancelar ? (
          <Tooltip label="Cancelar">
            <ActionIcon variant="subtle" color="red" aria-label={`Cancelar NFC-e nº ${d.numero}`} onClick={() => onCancelar(d)}>
              <IconBan size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label="XML">
          <ActionIcon
            variant="subtle"
            aria-label={`Baixar XML da NFC-e nº ${d.numero}`}
            loading={emAndamento === `xml:${d.id}`}
            onClick={() => onXml(d)}
          >
            <IconFileCode size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="DANFE">
          <ActionIcon
            variant="subtle"
            aria-label={`Imprimir DANFE da NFC-e nº ${d.numero}`}
            loading={emAndamento === `danfe:${d.id}`}
            onClick={() => onDanfe(d)}
          >
            <IconPrinter size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  };
}
