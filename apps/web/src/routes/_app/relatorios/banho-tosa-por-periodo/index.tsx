import { PERMISSOES } from '@petshop/shared/permissoes';
import { RELATORIOS } from '@petshop/shared/relatorios';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { relatorioSearchSchema } from '#features/relatorios/relatorio-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/** Spec §2 /relatorios/banho-tosa-por-periodo (GET /api/relatorios/banho-tosa-por-dia). PLACEHOLDER: its helper builds the screen. */
export const Route = createFileRoute('/_app/relatorios/banho-tosa-por-periodo/')({
  validateSearch: relatorioSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.relatorios),
  component: () => <h2>{RELATORIOS['banho-tosa-por-dia'].titulo}</h2>,
});
