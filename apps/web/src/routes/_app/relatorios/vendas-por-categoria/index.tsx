import { PERMISSOES } from '@petshop/shared/permissoes';
import { RELATORIOS } from '@petshop/shared/relatorios';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { relatorioSearchSchema } from '#features/relatorios/relatorio-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/** Spec §2 /relatorios/vendas-por-categoria (GET /api/relatorios/vendas-por-categoria). PLACEHOLDER: its helper builds the screen. */
export const Route = createFileRoute('/_app/relatorios/vendas-por-categoria/')({
  validateSearch: relatorioSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.relatorios),
  component: () => <h2>{RELATORIOS['vendas-por-categoria'].titulo}</h2>,
});
