/**
 * The keyboard-accessible actions of a board card (issue #17 item 5): "Mover para…" each other
 * column, and the status steps a groomer takes from the board: Pronto (the API records the
 * owner's notification), Entregue (Pronto → Finalizado), Não compareceu (only while Aguardando),
 * and "Abrir no PDV" when the appointment has a sale and the user may open the till.
 */
import { ActionIcon, Menu, type MenuItemProps } from '@mantine/core';
import {
  ATIVIDADE_IDS,
  ATIVIDADES,
  TRANSICOES_STATUS,
  type Atendimento,
  type Atividade,
  type StatusAtendimento,
} from '@petshop/shared/agenda';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { IconArrowRight, IconBell, IconCash, IconCheck, IconDots, IconUserOff } from '@tabler/icons-react';

/** Mantine's menu item as a typed router link. */
const MenuItemLink = createLink(
  forwardRef<HTMLAnchorElement, MenuItemProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
    <Menu.Item ref={ref} component="a" {...props} />
  )),
);

/** Whether the appointment may go from its status to `para` (TRANSICOES_STATUS, DOMAIN.md §10). */
export const podeIrPara = (status: StatusAtendimento, para: StatusAtendimento): boolean =>
  TRANSICOES_STATUS[status].includes(para);

type AtendimentoMenuProps = {
  atendimento: Atendimento;
  /** The user may open the till (permission vendas): shows "Abrir no PDV". */
  podeAbrirPdv: boolean;
  disabled?: boolean;
  onMover: (atividade: Atividade) => void;
  onAlterarStatus: (status: StatusAtendimento) => void;
};

export function AtendimentoMenu({ atendimento, podeAbrirPdv, disabled, onMover, onAlterarStatus }: AtendimentoMenuProps) {
  const { status, atividade } = atendimento;
  const destinos = ATIVIDADE_IDS.filter((a) => a !== atividade);
  const podePronto = status !== 'Pronto' && podeIrPara(status, 'Pronto');
  const podeEntregar = status === 'Pronto';
  const podeFaltar = atividade === 'Aguardando' && podeIrPara(status, 'NaoCompareceu');
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Ações de ${atendimento.petNome}`} disabled={disabled}>
          <IconDots size={22} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Mover para…</Menu.Label>
        {destinos.map((destino) => (
          <Menu.Item key={destino} leftSection={<IconArrowRight size={16} />} onClick={() => onMover(destino)}>
            {ATIVIDADES[destino]}
          </Menu.Item>
        ))}
        {podePronto || podeEntregar || podeFaltar || (podeAbrirPdv && atendimento.vendaId) ? <Menu.Divider /> : null}
        {podePronto ? (
          <Menu.Item leftSection={<IconBell size={16} />} onClick={() => onAlterarStatus('Pronto')}>
            Pronto
          </Menu.Item>
        ) : null}
        {podeEntregar ? (
          <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => onAlterarStatus('Finalizado')}>
            Entregue
          </Menu.Item>
        ) : null}
        {podeFaltar ? (
          <Menu.Item color="red" leftSection={<IconUserOff size={16} />} onClick={() => onAlterarStatus('NaoCompareceu')}>
            Não compareceu
          </Menu.Item>
        ) : null}
        {podeAbrirPdv && atendimento.vendaId ? (
          <MenuItemLink to="/vendas/pdv/$id" params={{ id: atendimento.vendaId }} leftSection={<IconCash size={16} />}>
            Abrir no PDV
          </MenuItemLink>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
