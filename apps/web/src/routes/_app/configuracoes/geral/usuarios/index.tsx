import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { UsuariosList } from '#features/usuarios/components/usuarios-list.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { booleanFilterParam, listSearchSchema, LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

export const Route = createFileRoute('/_app/configuracoes/geral/usuarios/')({
  validateSearch: listSearchSchema.extend({ ativo: booleanFilterParam }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.usuariosGerenciar),
  component: UsuariosRoute,
});

function UsuariosRoute() {
  return <UsuariosList search={Route.useSearch()} />;
}
