/**
 * Creates, updates and deletes financial categories (DOMAIN.md §7) in the caller's tenant
 * scope. Names are unique per tenant and kind ignoring case and accents
 * (categorias_financeiras_tenant_nome_idx, message in plugins/errors.ts). The parent must be
 * a category of the tenant of the same kind, and never the category itself or one below it;
 * a category with subcategories keeps its kind. A category used by ledger entries,
 * receivables or register expenses, or with subcategories, cannot be deleted: deactivate it.
 */
import { eq } from 'drizzle-orm';
import type { CategoriaFinanceiraInputParsed } from '@petshop/shared/categoria-financeira';
import type { Db } from '../../db/client.ts';
import { categoriasFinanceiras, movimentacoesCaixa, movimentacoesFinanceiras, receitas } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { listAncestraisCategoriaFinanceira } from './categorias-financeiras-repository.ts';
import { deleteIfUnused } from './delete-if-unused.ts';

const NOT_FOUND = 'Categoria não encontrada';
export const CATEGORIA_EM_USO =
  'Esta categoria está em uso por lançamentos financeiros e não pode ser excluída. Desative-a para que não seja mais usada.';
export const CATEGORIA_COM_FILHAS =
  'Esta categoria tem subcategorias e não pode ser excluída. Mova ou exclua as subcategorias, ou desative-a.';

const assertPai = async (tx: Db, id: string | undefined, input: CategoriaFinanceiraInputParsed) => {
  const { categoriaPaiId } = input;
  if (!categoriaPaiId) return;
  if (categoriaPaiId === id) throw fieldError('categoriaPaiId', 'Uma categoria não pode ser a sua própria categoria pai');
  const cadeia = await listAncestraisCategoriaFinanceira(tx, categoriaPaiId);
  // Row-level security hides other tenants' categories: an empty chain means "not ours".
  if (cadeia.length === 0) throw fieldError('categoriaPaiId', 'Categoria pai não encontrada');
  if (id && cadeia.some((c) => c.id === id)) {
    throw fieldError('categoriaPaiId', 'A categoria pai não pode ser uma subcategoria desta categoria');
  }
  if (cadeia[0]!.tipo !== input.tipo) {
    throw fieldError(
      'categoriaPaiId',
      input.tipo === 'receita'
        ? 'A categoria pai deve ser uma categoria de receita'
        : 'A categoria pai deve ser uma categoria de despesa',
    );
  }
};

const values = (input: CategoriaFinanceiraInputParsed) => ({
  nome: input.nome,
  tipo: input.tipo,
  categoriaPaiId: input.categoriaPaiId ?? null,
  ativo: input.ativo,
});

const primeiraFilha = async (tx: Db, id: string) => {
  const [filha] = await tx
    .select({ id: categoriasFinanceiras.id })
    .from(categoriasFinanceiras)
    .where(eq(categoriasFinanceiras.categoriaPaiId, id))
    .limit(1);
  return filha;
};

export const criarCategoriaFinanceira = async (tx: Db, input: CategoriaFinanceiraInputParsed): Promise<string> => {
  await assertPai(tx, undefined, input);
  const [row] = await tx.insert(categoriasFinanceiras).values(values(input)).returning({ id: categoriasFinanceiras.id });
  return row!.id;
};

export const alterarCategoriaFinanceira = async (tx: Db, id: string, input: CategoriaFinanceiraInputParsed): Promise<void> => {
  const [atual] = await tx
    .select({ tipo: categoriasFinanceiras.tipo })
    .from(categoriasFinanceiras)
    .where(eq(categoriasFinanceiras.id, id));
  if (!atual) throw notFound(NOT_FOUND);
  await assertPai(tx, id, input);
  if (atual.tipo !== input.tipo && (await primeiraFilha(tx, id))) {
    throw fieldError('tipo', 'Uma categoria com subcategorias não pode mudar de tipo');
  }
  await tx.update(categoriasFinanceiras).set(values(input)).where(eq(categoriasFinanceiras.id, id));
};

export const excluirCategoriaFinanceira = async (tx: Db, id: string): Promise<void> => {
  const [atual] = await tx
    .select({ id: categoriasFinanceiras.id })
    .from(categoriasFinanceiras)
    .where(eq(categoriasFinanceiras.id, id));
  if (!atual) throw notFound(NOT_FOUND);
  // Uses in the selected unit are seen here; uses in other units by the foreign keys.
  const [movimento] = await tx
    .select({ id: movimentacoesFinanceiras.id })
    .from(movimentacoesFinanceiras)
    .where(eq(movimentacoesFinanceiras.categoriaFinanceiraId, id))
    .limit(1);
  const [receita] = await tx.select({ id: receitas.id }).from(receitas).where(eq(receitas.categoriaFinanceiraId, id)).limit(1);
  const [despesaCaixa] = await tx
    .select({ id: movimentacoesCaixa.id })
    .from(movimentacoesCaixa)
    .where(eq(movimentacoesCaixa.categoriaFinanceiraId, id))
    .limit(1);
  if (movimento || receita || despesaCaixa) throw badRequest(CATEGORIA_EM_USO);
  if (await primeiraFilha(tx, id)) throw badRequest(CATEGORIA_COM_FILHAS);
  await deleteIfUnused(() => tx.delete(categoriasFinanceiras).where(eq(categoriasFinanceiras.id, id)), CATEGORIA_EM_USO);
};
