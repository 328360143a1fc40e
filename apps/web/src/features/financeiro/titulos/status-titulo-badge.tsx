/**
 * The status of a título as people read it (spec §4, issue #6 item 4): 'Vencida' in red for an
 * open or partly settled one due before today in the unit, else open blue, partial yellow,
 * settled green, cancelled grey (STATUS_FINANCEIRO_COR).
 */
import { Badge } from '@mantine/core';
import {
  FILTRO_STATUS_FINANCEIRO_LABEL,
  STATUS_FINANCEIRO_COR,
  situacaoTitulo,
  type StatusFinanceiro,
} from '@petshop/shared/financeiro';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

export function StatusTituloBadge({ titulo }: { titulo: { status: StatusFinanceiro; dataVencimento: string } }) {
  const situacao = situacaoTitulo(titulo, hojeNaUnidade());
  return (
    <Badge color={STATUS_FINANCEIRO_COR[situacao]} variant="light" style={{ minWidth: 'max-content' }}>
      {FILTRO_STATUS_FINANCEIRO_LABEL[situacao]}
    </Badge>
  );
}
