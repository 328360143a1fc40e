/**
 * The catalogue's simple settings resources under /api/inventario (spec §7): unidades-medida,
 * marcas, categorias-produto and, in the same style, fornecedores. Each answers list, create,
 * get, update and delete through lib/crud-routes.ts. Reading needs `produtos`, writing
 * `produtos.gerenciar`; delete is refused (400) while the row is in use — deactivate instead.
 */
import {
  categoriaProdutoInputSchema,
  categoriaProdutoSchema,
  listCategoriasProdutoQuerySchema,
} from '@petshop/shared/categoria-produto';
import { fornecedorInputSchema, fornecedorSchema, listFornecedoresQuerySchema } from '@petshop/shared/fornecedor';
import { listMarcasQuerySchema, marcaInputSchema, marcaSchema } from '@petshop/shared/marca';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { listUnidadesMedidaQuerySchema, unidadeMedidaInputSchema, unidadeMedidaSchema } from '@petshop/shared/unidade-medida';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { findCategoriaProduto, listCategoriasProduto } from './categorias-produto-repository.ts';
import { findFornecedor, listFornecedores } from './fornecedores-repository.ts';
import { findMarca, listMarcas } from './marcas-repository.ts';
import { criarCategoriaProduto, excluirCategoriaProduto, alterarCategoriaProduto } from './salvar-categoria-produto.ts';
import { criarFornecedor, excluirFornecedor, alterarFornecedor } from './salvar-fornecedor.ts';
import { criarMarca, excluirMarca, alterarMarca } from './salvar-marca.ts';
import { criarUnidadeMedida, excluirUnidadeMedida, alterarUnidadeMedida } from './salvar-unidade-medida.ts';
import { findUnidadeMedida, listUnidadesMedida } from './unidades-medida-repository.ts';

const tag = 'inventario';
const permissions = { read: PERMISSOES.produtos, write: PERMISSOES.produtosGerenciar };

export const unidadesMedidaRoutes = crudRoutes({
  tag,
  permissions,
  names: { singular: 'unidade de medida', plural: 'unidades de medida' },
  notFoundMessage: 'Unidade de medida não encontrada',
  schemas: { item: unidadeMedidaSchema, input: unidadeMedidaInputSchema, listQuery: listUnidadesMedidaQuerySchema },
  list: listUnidadesMedida,
  find: findUnidadeMedida,
  create: criarUnidadeMedida,
  update: alterarUnidadeMedida,
  remove: excluirUnidadeMedida,
  details: { list: 'busca por sigla ou descrição; filtro ativo', delete: 'recusado se usada por produtos: desative-a' },
});

export const marcasRoutes = crudRoutes({
  tag,
  permissions,
  names: { singular: 'marca', plural: 'marcas' },
  notFoundMessage: 'Marca não encontrada',
  schemas: { item: marcaSchema, input: marcaInputSchema, listQuery: listMarcasQuerySchema },
  list: listMarcas,
  find: findMarca,
  create: criarMarca,
  update: alterarMarca,
  remove: excluirMarca,
  details: { list: 'busca por nome sem acentos; filtro ativo', delete: 'recusado se usada por produtos: desative-a' },
});

export const categoriasProdutoRoutes = crudRoutes({
  tag,
  permissions,
  names: { singular: 'categoria de produto', plural: 'categorias de produto' },
  notFoundMessage: 'Categoria não encontrada',
  schemas: { item: categoriaProdutoSchema, input: categoriaProdutoInputSchema, listQuery: listCategoriasProdutoQuerySchema },
  list: listCategoriasProduto,
  find: findCategoriaProduto,
  create: criarCategoriaProduto,
  update: alterarCategoriaProduto,
  remove: excluirCategoriaProduto,
  details: {
    list: 'busca por nome sem acentos; filtros ativo e categoriaPaiId',
    delete: 'recusado se usada por produtos ou com subcategorias: desative-a',
  },
});

export const fornecedoresRoutes = crudRoutes({
  tag,
  permissions,
  names: { singular: 'fornecedor', plural: 'fornecedores' },
  notFoundMessage: 'Fornecedor não encontrado',
  schemas: { item: fornecedorSchema, input: fornecedorInputSchema, listQuery: listFornecedoresQuerySchema },
  list: listFornecedores,
  find: findFornecedor,
  create: criarFornecedor,
  update: alterarFornecedor,
  remove: excluirFornecedor,
  details: { list: 'busca por razão social, nome fantasia ou CPF/CNPJ; filtro ativo' },
});
