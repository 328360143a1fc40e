import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { categoriasProdutoApi } from '#features/produtos/api/categorias-produto.ts';
import { categoriasProdutoResource } from '#features/produtos/settings/categorias-produto.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/produtos/categorias-produto/form/{-$categoriaProdutoId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.produtosGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { categoriaProdutoId } }) => {
    if (categoriaProdutoId) await queryClient.ensureQueryData(categoriasProdutoApi.detailQueryOptions(categoriaProdutoId));
  },
  component: CategoriasProdutoFormRoute,
});

function CategoriasProdutoFormRoute() {
  const { categoriaProdutoId } = Route.useParams();
  return <CrudFormPage resource={categoriasProdutoResource} id={categoriaProdutoId} />;
}
