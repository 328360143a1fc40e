/** The status and financial-status badges of an appointment (calendar, list, form). */
import { Badge, type BadgeProps } from '@mantine/core';
import { STATUS_ATENDIMENTO, STATUS_FINANCEIRO, type StatusAtendimento, type StatusFinanceiro } from '@petshop/shared/agenda';

export const COR_STATUS: Record<StatusAtendimento, string> = {
  Agendado: 'blue',
  Confirmado: 'indigo',
  EmAtendimento: 'orange',
  Pronto: 'teal',
  Finalizado: 'green',
  Cancelado: 'gray',
  NaoCompareceu: 'red',
};

const COR_FINANCEIRO: Record<StatusFinanceiro, string> = { EmAberto: 'yellow', BaixaParcial: 'orange', Baixada: 'green' };

type Props = Omit<BadgeProps, 'children' | 'color'>;

export function StatusAtendimentoBadge({ status, ...props }: Props & { status: StatusAtendimento }) {
  return (
    <Badge color={COR_STATUS[status]} variant="light" {...props}>
      {STATUS_ATENDIMENTO[status]}
    </Badge>
  );
}

export function StatusFinanceiroBadge({ status, ...props }: Props & { status: StatusFinanceiro }) {
  return (
    <Badge color={COR_FINANCEIRO[status]} variant="outline" {...props}>
      {STATUS_FINANCEIRO[status]}
    </Badge>
  );
}
