import { AREA_IDS } from '#lib/contrato-valores.ts';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { tiposAtendimentoResource } from '#features/agenda/settings/tipos-atendimento.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudListPage } from '#lib/crud/crud-list-page.tsx';
import { crudSearchSchema } from '#lib/crud/crud-search.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';
import { enumParam } from '#lib/list/search-params.ts';

/** Spec §2 /configuracoes/atendimento/tipos-atendimento: page, pageSize, query, ativo, area. */
export const Route = createFileRoute('/_app/configuracoes/atendimento/tipos-atendimento/')({
  validateSearch: crudSearchSchema.extend({ area: enumParam(AREA_IDS) }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  component: TiposAtendimentoRoute,
});

function TiposAtendimentoRoute() {
  return <CrudListPage resource={tiposAtendimentoResource} search={Route.useSearch()} />;
}
