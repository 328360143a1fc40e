import { Alert, Center, Loader, Modal } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { DevolucaoModal } from './devolucao-modal.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { useVenda } from '../api/get-venda.ts';

type DevolucaoDaVendaProps = {
  /** The sale to return items of; null: closed. */
  vendaId: string | null;
  onClose: () => void;
  onDone: (devolucaoId: string) => void;
};

/**
 * The return modal for a sale known only by its id (a row of the sales list): loads the sale
 * with its items (GET /comercial/pdv/{id}), then shows DevolucaoModal.
 */
export function DevolucaoDaVenda({ vendaId, onClose, onDone }: DevolucaoDaVendaProps) {
  const venda = useVenda(vendaId);
  if (!vendaId) return null;
  if (venda.data && venda.data.id === vendaId) {
    return <DevolucaoModal venda={venda.data} opened onClose={onClose} onDone={onDone} />;
  }
  return (
    <Modal opened onClose={onClose} title="Devolução" centered>
      {venda.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível carregar a venda">
          {errorMessage(venda.error)}
        </Alert>
      ) : (
        <Center mih={120}>
          <Loader role="status" aria-label="Carregando a venda" />
        </Center>
      )}
    </Modal>
  );
}
