import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { modelosReceitaResource } from '#features/clinica/configuracoes/modelos-documento.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudListPage } from '#lib/crud/crud-list-page.tsx';
import { crudSearchSchema } from '#lib/crud/crud-search.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/** Spec §2 /configuracoes/clinica/modelos-receita: page (1), pageSize (20), query (''), ativo; the templates of tipo receita. */
export const Route = createFileRoute('/_app/configuracoes/clinica/modelos-receita/')({
  validateSearch: crudSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar),
  component: ModelosRoute,
});

function ModelosRoute() {
  return <CrudListPage resource={modelosReceitaResource} search={Route.useSearch()} />;
}
