/**
 * The action buttons of an open register — Sangria, Suprimento, Despesa, Crédito de cliente,
 * Transferência and Fechar caixa — each shown only when the session may do it (its own
 * register with `caixa`; someone else's with `caixa.fechar`). A closed register shows none.
 */
import { Button, Group } from '@mantine/core';
import type { MovimentacaoCaixa, StatusCaixa } from '@petshop/shared/caixa';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconBuildingBank,
  IconLock,
  IconReceipt,
  IconUserDollar,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { usePermissoesCaixa } from './caixa-ui.tsx';
import { ACAO_CAIXA_LABEL, MovimentoCaixaModal, type AcaoCaixa } from './movimento-caixa-modal.tsx';

const ICONES: Record<AcaoCaixa, ReactNode> = {
  sangria: <IconArrowUpRight size={16} />,
  suprimento: <IconArrowDownRight size={16} />,
  despesa: <IconReceipt size={16} />,
  'credito-cliente': <IconUserDollar size={16} />,
  transferencia: <IconBuildingBank size={16} />,
};

const ORDEM: AcaoCaixa[] = ['sangria', 'suprimento', 'despesa', 'credito-cliente', 'transferencia'];

export type CaixaAcoesProps = {
  caixa: { id: string; numero: number; status: StatusCaixa; usuario: { id: string }; saldoDinheiro: number | null };
  /** "Fechar caixa": go to (or show) the closing form; absent hides the button. */
  onFechar?: () => void;
  onMovimento?: (movimento: MovimentacaoCaixa) => void;
  size?: 'xs' | 'sm';
};

export function CaixaAcoes({ caixa, onFechar, onMovimento, size = 'sm' }: CaixaAcoesProps) {
  const [acao, setAcao] = useState<AcaoCaixa | null>(null);
  const { podeMovimentar, podeFechar } = usePermissoesCaixa(caixa.usuario.id);
  if (caixa.status !== 'Aberto' || (!podeMovimentar && !podeFechar)) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label={`Ações do caixa nº ${caixa.numero}`}>
        {podeMovimentar
          ? ORDEM.map((a) => (
              <Button key={a} size={size} variant="light" leftSection={ICONES[a]} onClick={() => setAcao(a)}>
                {ACAO_CAIXA_LABEL[a]}
              </Button>
            ))
          : null}
        {podeFechar && onFechar ? (
          <Button size={size} color="dark" leftSection={<IconLock size={16} />} onClick={onFechar}>
            Fechar caixa
          </Button>
        ) : null}
      </Group>
      <MovimentoCaixaModal caixa={caixa} acao={acao} onClose={() => setAcao(null)} onDone={onMovimento} />
    </>
  );
}
