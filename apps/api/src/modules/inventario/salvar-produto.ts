/**
 * Creates, updates and deletes products and services in the caller's tenant scope
 * (DOMAIN.md §4; issue #3 item 4). Rules beyond the contract's (createProdutoInputSchema):
 * - prices made consistent with `resolverPrecos` (any two of custo/markup/venda → the third);
 * - brand, category and unit must be the tenant's and active (an inactive one the product
 *   already has may stay);
 * - the bulk counterpart must be another product (not a service) of the tenant, without a
 *   bulk counterpart of its own; a product that is some product's bulk counterpart cannot
 *   have one, nor become a service (no chains);
 * - code and barcode unique per tenant (unique indexes, messages in plugins/errors.ts);
 * - a product that is another's bulk counterpart cannot be deleted (deactivate it instead);
 * - a package (issue #17 item 6: `pacote`, services only) covers an appointment type of the
 *   tenant (400 on pacote.tipoAtendimentoId otherwise).
 * An update that changes the sale or cost price records `PrecoAlterado` (auditoria-preco.ts)
 * in the same transaction.
 */
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { resolverPrecos, type CreateProdutoInputParsed } from '@petshop/shared/produto';
import type { Db } from '../../db/client.ts';
import { categoriasProduto, marcas, produtos, tiposAtendimento, unidadesMedida } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { num } from '../../db/rows.ts';
import { registrarPrecoAlterado } from './auditoria-preco.ts';

const NOT_FOUND = 'Produto não encontrado';

type ProdutoAtual = typeof produtos.$inferSelect;

/** The referenced row must be visible (same tenant) and active, unless the product already uses it. */
const assertReferencia = async (
  tx: Db,
  ref: { table: PgTable; id: PgColumn; ativo: PgColumn },
  id: string | undefined,
  atual: string | null | undefined,
  field: string,
  label: { naoEncontrado: string; desativado: string },
) => {
  if (!id) return;
  const [row] = (await tx
    .select({ ativo: ref.ativo })
    .from(ref.table)
    .where(eq(ref.id, id) as SQL)) as { ativo: boolean }[];
  if (!row) throw fieldError(field, label.naoEncontrado);
  if (!row.ativo && id !== atual) throw fieldError(field, label.desativado);
};

const isGranelDeOutro = async (tx: Db, id: string): Promise<boolean> => {
  const [row] = await tx.select({ id: produtos.id }).from(produtos).where(eq(produtos.produtoGranelId, id)).limit(1);
  return Boolean(row);
};

const validar = async (tx: Db, input: CreateProdutoInputParsed, atual?: ProdutoAtual) => {
  await assertReferencia(
    tx,
    { table: unidadesMedida, id: unidadesMedida.id, ativo: unidadesMedida.ativo },
    input.unidadeMedidaId,
    atual?.unidadeMedidaId,
    'unidadeMedidaId',
    { naoEncontrado: 'Unidade de medida não encontrada', desativado: 'Unidade de medida desativada' },
  );
  await assertReferencia(tx, { table: marcas, id: marcas.id, ativo: marcas.ativo }, input.marcaId, atual?.marcaId, 'marcaId', {
    naoEncontrado: 'Marca não encontrada',
    desativado: 'Marca desativada',
  });
  await assertReferencia(
    tx,
    { table: categoriasProduto, id: categoriasProduto.id, ativo: categoriasProduto.ativo },
    input.categoriaId,
    atual?.categoriaId,
    'categoriaId',
    { naoEncontrado: 'Categoria não encontrada', desativado: 'Categoria desativada' },
  );
  if (input.pacote) {
    await assertReferencia(
      tx,
      { table: tiposAtendimento, id: tiposAtendimento.id, ativo: tiposAtendimento.ativo },
      input.pacote.tipoAtendimentoId,
      atual?.pacoteTipoAtendimentoId,
      'pacote.tipoAtendimentoId',
      { naoEncontrado: 'Tipo de atendimento não encontrado', desativado: 'Tipo de atendimento desativado' },
    );
  }
  const ehGranelDeOutro = atual ? await isGranelDeOutro(tx, atual.id) : false;
  if (ehGranelDeOutro && input.tipo === 'servico') {
    throw fieldError('tipo', 'Este produto é o produto a granel de outro e não pode ser um serviço');
  }
  if (input.granel) {
    const field = 'granel.produtoGranelId';
    if (atual && input.granel.produtoGranelId === atual.id)
      throw fieldError(field, 'Um produto não pode ser o seu próprio granel');
    if (ehGranelDeOutro) throw fieldError(field, 'Este produto já é o produto a granel de outro e não pode ter um granel');
    const [alvo] = await tx
      .select({ tipo: produtos.tipo, produtoGranelId: produtos.produtoGranelId })
      .from(produtos)
      .where(eq(produtos.id, input.granel.produtoGranelId));
    if (!alvo) throw fieldError(field, 'Produto a granel não encontrado');
    if (alvo.tipo !== 'produto') throw fieldError(field, 'O produto a granel não pode ser um serviço');
    if (alvo.produtoGranelId) throw fieldError(field, 'O produto escolhido já tem um produto a granel próprio');
  }
};

/**
 * Column values of a product row from a validated input: prices resolved in cents, services
 * never control stock nor lots (DOMAIN.md §4). Also used by the spreadsheet import.
 */
export const produtoValues = (input: CreateProdutoInputParsed) => {
  const precos = resolverPrecos(input);
  const servico = input.tipo === 'servico';
  return {
    tipo: input.tipo,
    nome: input.nome,
    codigo: input.codigo ?? null,
    codigoBarras: input.codigoBarras ?? null,
    marcaId: input.marcaId ?? null,
    categoriaId: input.categoriaId ?? null,
    unidadeMedidaId: input.unidadeMedidaId,
    precoCusto: precos.precoCusto.toFixed(2),
    markup: precos.markup.toFixed(2),
    precoVenda: precos.precoVenda.toFixed(2),
    estoqueMinimo: input.estoqueMinimo.toFixed(3),
    controlaEstoque: servico ? false : (input.controlaEstoque ?? true),
    controlaLote: servico ? false : input.controlaLote,
    ativo: input.ativo,
    produtoGranelId: input.granel?.produtoGranelId ?? null,
    fatorConversao: input.granel?.fatorConversao?.toFixed(3) ?? null,
    ncm: input.fiscal.ncm ?? null,
    cest: input.fiscal.cest ?? null,
    cfop: input.fiscal.cfop,
    origem: input.fiscal.origem,
    csosn: input.fiscal.csosn ?? null,
    cst: input.fiscal.cst ?? null,
    pisCst: input.fiscal.pisCst ?? null,
    cofinsCst: input.fiscal.cofinsCst ?? null,
    // All three set or none (a package is a service, the contract checks it).
    pacoteSessoes: input.pacote?.sessoes ?? null,
    pacoteValidadeDias: input.pacote?.validadeDias ?? null,
    pacoteTipoAtendimentoId: input.pacote?.tipoAtendimentoId ?? null,
  };
};

export const criarProduto = async (tx: Db, input: CreateProdutoInputParsed): Promise<string> => {
  await validar(tx, input);
  const [row] = await tx.insert(produtos).values(produtoValues(input)).returning({ id: produtos.id });
  return row!.id;
};

export const alterarProduto = async (tx: Db, id: string, input: CreateProdutoInputParsed): Promise<void> => {
  const [atual] = await tx.select().from(produtos).where(eq(produtos.id, id));
  if (!atual) throw notFound(NOT_FOUND);
  await validar(tx, input, atual);
  const valores = produtoValues(input);
  await tx.update(produtos).set(valores).where(eq(produtos.id, id));
  await registrarPrecoAlterado(
    tx,
    { id, nome: input.nome },
    { precoVenda: num(atual.precoVenda), precoCusto: num(atual.precoCusto) },
    { precoVenda: num(valores.precoVenda), precoCusto: num(valores.precoCusto) },
  );
};

export const excluirProduto = async (tx: Db, id: string): Promise<void> => {
  const [atual] = await tx.select({ id: produtos.id }).from(produtos).where(eq(produtos.id, id));
  if (!atual) throw notFound(NOT_FOUND);
  const [dependente] = await tx
    .select({ nome: produtos.nome })
    .from(produtos)
    .where(and(eq(produtos.produtoGranelId, id), ne(produtos.id, id)))
    .limit(1);
  if (dependente) {
    throw badRequest(
      `Este produto é o produto a granel de "${dependente.nome}" e não pode ser excluído. Desative-o para que não seja mais vendido.`,
    );
  }
  await tx.delete(produtos).where(eq(produtos.id, id));
};
