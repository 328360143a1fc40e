import { PERMISSOES } from '@petshop/shared/permissoes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { categoriasProdutoApi } from '#features/produtos/api/categorias-produto.ts';
import { produtoQueryOptions } from '#lib/produtos/get-produto.ts';
import { marcasApi } from '#features/produtos/api/marcas.ts';
import { unidadesMedidaApi } from '#features/produtos/api/unidades-medida.ts';
import { ProdutoForm } from '#features/produtos/components/produto-form.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

/** Spec §2: /produtos/form/{optional produtoId}; the product is loaded first. */
export const Route = createFileRoute('/_app/produtos/form/{-$produtoId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.produtosGerenciar),
  loader: async ({ context: { queryClient }, params: { produtoId } }) => {
    // The options of the selects load alongside.
    void queryClient.prefetchQuery(unidadesMedidaApi.optionsQueryOptions());
    void queryClient.prefetchQuery(marcasApi.optionsQueryOptions());
    void queryClient.prefetchQuery(categoriasProdutoApi.optionsQueryOptions());
    if (produtoId) await queryClient.ensureQueryData(produtoQueryOptions(produtoId));
  },
  component: ProdutoFormRoute,
});

function ProdutoFormRoute() {
  const { produtoId } = Route.useParams();
  return produtoId ? <EditProduto id={produtoId} /> : <ProdutoForm />;
}

function EditProduto({ id }: { id: string }) {
  const { data } = useSuspenseQuery(produtoQueryOptions(id));
  return <ProdutoForm key={data.id} produto={data} />;
}
