/**
 * A link from the overview to the receivables or payables list, filtered as the list's search
 * params (the API's list query: `status` — a list of FILTROS_STATUS_FINANCEIRO —, `dataInicio`,
 * `dataFim` on the due date).
 */
import type { FiltroStatusFinanceiro } from '@petshop/shared/financeiro';
import type { ReactNode } from 'react';
import { AnchorLink } from '#lib/ui/router-links.tsx';

export type FiltroLista = { status?: FiltroStatusFinanceiro[]; dataInicio?: string; dataFim?: string };

type ListaTitulosLinkProps = {
  size?: 'xs' | 'sm' | 'md';
  c?: string | undefined;
  fw?: number;
  to: '/financeiro/receitas' | '/financeiro/despesas';
  filtro: FiltroLista;
  children: ReactNode;
};

export function ListaTitulosLink({ to, filtro, children, ...props }: ListaTitulosLinkProps) {
  return (
    <AnchorLink to={to} search={filtro} {...props}>
      {children}
    </AnchorLink>
  );
}
