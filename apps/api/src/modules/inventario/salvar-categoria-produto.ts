/**
 * Creates, updates and deletes product categories in the caller's tenant scope. Names are
 * unique per tenant ignoring case and accents (unique index on f_busca(nome)). The parent
 * must be a category of the tenant and a category cannot be its own ancestor. A category
 * used by products or with subcategories cannot be deleted: deactivate it instead.
 */
import { eq } from 'drizzle-orm';
import type { CategoriaProdutoInputParsed } from '@petshop/shared/categoria-produto';
import type { Db } from '../../db/client.ts';
import { categoriasProduto, produtos } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { listAncestrais } from './categorias-produto-repository.ts';

const NOT_FOUND = 'Categoria não encontrada';

const assertPai = async (tx: Db, id: string | undefined, categoriaPaiId: string | undefined) => {
  if (!categoriaPaiId) return;
  if (categoriaPaiId === id) throw fieldError('categoriaPaiId', 'Uma categoria não pode ser a sua própria categoria pai');
  const cadeia = await listAncestrais(tx, categoriaPaiId);
  // Row-level security hides other tenants' categories: an empty chain means "not ours".
  if (cadeia.length === 0) throw fieldError('categoriaPaiId', 'Categoria pai não encontrada');
  if (id && cadeia.includes(id)) {
    throw fieldError('categoriaPaiId', 'A categoria pai não pode ser uma subcategoria desta categoria');
  }
};

export const criarCategoriaProduto = async (tx: Db, input: CategoriaProdutoInputParsed): Promise<string> => {
  await assertPai(tx, undefined, input.categoriaPaiId);
  const [row] = await tx
    .insert(categoriasProduto)
    .values({ nome: input.nome, categoriaPaiId: input.categoriaPaiId ?? null, ativo: input.ativo })
    .returning({ id: categoriasProduto.id });
  return row!.id;
};

export const alterarCategoriaProduto = async (tx: Db, id: string, input: CategoriaProdutoInputParsed): Promise<void> => {
  const [current] = await tx.select({ id: categoriasProduto.id }).from(categoriasProduto).where(eq(categoriasProduto.id, id));
  if (!current) throw notFound(NOT_FOUND);
  await assertPai(tx, id, input.categoriaPaiId);
  await tx
    .update(categoriasProduto)
    .set({ nome: input.nome, categoriaPaiId: input.categoriaPaiId ?? null, ativo: input.ativo })
    .where(eq(categoriasProduto.id, id));
};

export const excluirCategoriaProduto = async (tx: Db, id: string): Promise<void> => {
  const [current] = await tx.select({ id: categoriasProduto.id }).from(categoriasProduto).where(eq(categoriasProduto.id, id));
  if (!current) throw notFound(NOT_FOUND);
  const [usada] = await tx.select({ id: produtos.id }).from(produtos).where(eq(produtos.categoriaId, id)).limit(1);
  if (usada) {
    throw badRequest('Esta categoria está em uso por produtos e não pode ser excluída. Desative-a para que não seja mais usada.');
  }
  const [filha] = await tx
    .select({ id: categoriasProduto.id })
    .from(categoriasProduto)
    .where(eq(categoriasProduto.categoriaPaiId, id))
    .limit(1);
  if (filha) {
    throw badRequest('Esta categoria tem subcategorias e não pode ser excluída. Mova ou exclua as subcategorias, ou desative-a.');
  }
  await tx.delete(categoriasProduto).where(eq(categoriasProduto.id, id));
};
