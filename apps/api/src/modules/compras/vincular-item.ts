/**
 * Matching an item of a draft to the shop's catalogue (DOMAIN.md §5 "else the user links it to
 * a product or creates one from the XML data"; issue #5 item 4):
 * - PUT /api/compras/{id}/itens/{itemId}/vincular { produtoId, fatorConversao }: the item is
 *   that product; quantity and cost are recomputed in shop units (quantidade =
 *   quantidade_fornecedor × fator, rounded by the product's unit; custo_unitario =
 *   valor_unitario_fornecedor ÷ fator, 4 decimals; lots rescaled the same way); the item's
 *   total (vProd − vDesc) does not change. Remembered in the supplier-code memory when the
 *   item has a supplier code and the purchase a supplier.
 * - POST /api/compras/{id}/itens/{itemId}/criar-produto: creates the product from the item's
 *   XML data through the catalogue's own use case (`criarProduto`): name (or `nome`), NCM and
 *   CEST when well formed, the GTIN as barcode when valid and not used by another product,
 *   the unit of measure whose sigla is the invoice's unit when the factor is 1, else 'UN' (or
 *   `unidadeMedidaId`), cost = the unit cost in shop units, sale price from `precoVenda` or
 *   `markup` (default: the cost), lot control when the item came with lots; then links it as
 *   above. 400 when the item already has a product (so a double click creates one product).
 * Both: only for a draft (400), 404 for another unit's purchase or an item of another purchase.
 *
 * Lines of the same supplier code (issue #15): a supplier's code (cProd) is one product, the
 * rule the supplier-code memory applies to the next imports applies within the purchase too.
 * Linking a line, changing its product ("Trocar produto": the same route) or creating the
 * product from it links, in the same transaction, every other line of that purchase with the
 * same code (exact text) to the same product with the same factor, each line's quantity, cost
 * and lots recomputed from its own invoice data. Lines without a code are linked alone. There
 * is no unlinking: a line changes product, never goes back to none.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { roundTo, roundCusto, type CriarProdutoItemInput } from '@petshop/shared/compra';
import { roundQuantidade } from '@petshop/shared/format';
import { createProdutoInputSchema, isValidGtin, type CreateProdutoInput } from '@petshop/shared/produto';
import type { z } from 'zod';
import type { criarProdutoItemInputSchema, vincularItemInputSchema } from '@petshop/shared/compra';
import type { Db } from '../../db/client.ts';
import { compraItens, produtos, unidadesMedida } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound, zodIssuesToErrors } from '../../lib/errors.ts';
import { criarProduto } from '../inventario/salvar-produto.ts';
import { ITEM_NAO_ENCONTRADO, lockCompra, type CompraItemRow, type CompraRow } from './compras-repository.ts';
import { lembrarFornecedorProdutos } from './fornecedor-produtos.ts';
import { assertProdutoCompravel, listProdutosCompra } from './salvar-compra.ts';

type VincularParsed = z.output<typeof vincularItemInputSchema>;
type CriarProdutoParsed = z.output<typeof criarProdutoItemInputSchema>;
export type { CriarProdutoItemInput };

/** The draft and its item, locked; 400 when not a draft, 404 when either is not found. */
const lockItem = async (tx: Db, compraId: string, itemId: string): Promise<{ compra: CompraRow; item: CompraItemRow }> => {
  const compra = await lockCompra(tx, compraId);
  const [item] = await tx
    .select()
    .from(compraItens)
    .where(and(eq(compraItens.id, itemId), eq(compraItens.compraId, compra.id)))
    .for('update');
  if (!item) throw notFound(ITEM_NAO_ENCONTRADO);
  if (compra.status !== 'Rascunho') throw badRequest('Só é possível alterar os itens de uma compra em rascunho');
  return { compra, item };
};

/** The other lines of the purchase with `item`'s supplier code, locked (none when it has no code). */
const mesmoCodigo = async (tx: Db, compra: CompraRow, item: CompraItemRow): Promise<CompraItemRow[]> =>
  item.codigoFornecedor
    ? tx
        .select()
        .from(compraItens)
        .where(
          and(
            eq(compraItens.compraId, compra.id),
            eq(compraItens.codigoFornecedor, item.codigoFornecedor),
            ne(compraItens.id, item.id),
          ),
        )
        .orderBy(compraItens.ordem)
        .for('update')
    : Promise.resolve([]);

/**
 * Links `item`, and every other line with its supplier code, to `produtoId` with `fator` (see
 * the file's comment).
 */
const ligar = async (tx: Db, compra: CompraRow, item: CompraItemRow, produtoId: string, fator: number): Promise<void> => {
  const info = assertProdutoCompravel((await listProdutosCompra(tx, [produtoId])).get(produtoId), 'produtoId');
  for (const linha of [item, ...(await mesmoCodigo(tx, compra, item))]) {
    const fatorAnterior = Number(linha.fatorConversao) || 1;
    const quantidade = roundQuantidade(Number(linha.quantidadeFornecedor) * fator, info.fracionada);
    if (quantidade <= 0)
      throw fieldError(
        'fatorConversao',
        linha.id === item.id
          ? `Com este fator a quantidade fica zero em ${info.sigla}: confira o fator de conversão`
          : `Com este fator a quantidade do item ${linha.ordem} (mesmo código do fornecedor) fica zero em ${info.sigla}: confira o fator de conversão`,
      );
    const custoUnitario = roundCusto(Number(linha.valorUnitarioFornecedor) / fator);
    const lotes = (linha.lotes ?? []).map((l) => ({
      ...l,
      quantidade: roundQuantidade((Number(l.quantidade) / fatorAnterior) * fator, info.fracionada),
    }));
    await tx
      .update(compraItens)
      .set({
        produtoId: info.id,
        fatorConversao: roundTo(fator, 4).toFixed(4),
        quantidade: quantidade.toFixed(3),
        custoUnitario: custoUnitario.toFixed(4),
        lotes,
      })
      .where(eq(compraItens.id, linha.id));
  }
  if (compra.fornecedorId && item.codigoFornecedor)
    await lembrarFornecedorProdutos(tx, [
      {
        fornecedorId: compra.fornecedorId,
        codigoFornecedor: item.codigoFornecedor,
        produtoId: info.id,
        unidadeFornecedor: item.unidadeFornecedor,
        fatorConversao: roundTo(fator, 4).toFixed(4),
      },
    ]);
};

/** PUT …/itens/{itemId}/vincular (see the file's comment). */
export const vincularItem = async (tx: Db, compraId: string, itemId: string, input: VincularParsed): Promise<void> => {
  const { compra, item } = await lockItem(tx, compraId, itemId);
  await ligar(tx, compra, item, input.produtoId, input.fatorConversao);
};

/** The tenant's unit of measure with `sigla` (case-insensitive), or null. */
const unidadePorSigla = async (tx: Db, sigla: string): Promise<string | null> => {
  const [row] = await tx
    .select({ id: unidadesMedida.id })
    .from(unidadesMedida)
    .where(and(sql`upper(${unidadesMedida.sigla}) = upper(${sigla})`, eq(unidadesMedida.ativo, true)))
    .limit(1);
  return row?.id ?? null;
};

/** POST …/itens/{itemId}/criar-produto (see the file's comment). Answers the new product's id. */
export const criarProdutoDoItem = async (
  tx: Db,
  compraId: string,
  itemId: string,
  input: CriarProdutoParsed,
): Promise<string> => {
  const { compra, item } = await lockItem(tx, compraId, itemId);
  if (item.produtoId) throw badRequest('Este item já está vinculado a um produto');
  const fator = input.fatorConversao;
  const unidadeMedidaId =
    input.unidadeMedidaId ??
    (fator === 1 && item.unidadeFornecedor ? await unidadePorSigla(tx, item.unidadeFornecedor) : null) ??
    (await unidadePorSigla(tx, 'UN'));
  if (!unidadeMedidaId) throw fieldError('unidadeMedidaId', 'Informe a unidade de medida do produto');

  let codigoBarras: string | undefined;
  if (item.gtin && isValidGtin(item.gtin)) {
    const [usado] = await tx.select({ id: produtos.id }).from(produtos).where(eq(produtos.codigoBarras, item.gtin)).limit(1);
    if (!usado) codigoBarras = item.gtin;
  }
  const custo = Math.round((Number(item.valorUnitarioFornecedor) / fator) * 100) / 100;
  const precos: Pick<CreateProdutoInput, 'precoCusto' | 'precoVenda' | 'markup'> =
    input.precoVenda !== undefined
      ? { precoCusto: custo, precoVenda: input.precoVenda }
      : { precoCusto: custo, markup: input.markup ?? 0 };
  const nome = (input.nome ?? item.descricao).trim().slice(0, 120);
  const bruto: CreateProdutoInput = {
    tipo: 'produto',
    nome,
    codigoBarras,
    unidadeMedidaId,
    categoriaId: input.categoriaId,
    marcaId: input.marcaId,
    ...precos,
    controlaEstoque: true,
    controlaLote: (item.lotes ?? []).length > 0,
    fiscal: {
      ncm: item.ncm && /^\d{8}$/.test(item.ncm) ? item.ncm : undefined,
      cest: item.cest && /^\d{7}$/.test(item.cest) ? item.cest : undefined,
    },
  };
  const parsed = createProdutoInputSchema.safeParse(bruto);
  if (!parsed.success) throw badRequest(zodIssuesToErrors(parsed.error));
  const produtoId = await criarProduto(tx, parsed.data);
  await ligar(tx, compra, item, produtoId, fator);
  return produtoId;
};
