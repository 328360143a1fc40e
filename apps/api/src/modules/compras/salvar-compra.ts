/**
 * POST /api/compras (a manual draft) and PUT /api/compras/{id} (replace a draft), DOMAIN.md §5;
 * issue #5 item 3. Rules beyond the contract (`compraInputSchema`):
 * - the supplier and every product must be the tenant's (400 `fornecedorId`,
 *   `itens.N.produtoId`); services are not bought (400 `itens.N.produtoId`);
 * - quantities are rounded by the product's unit (whole units or 3 decimals, spec §4); a
 *   quantity that rounds to zero is a 400 (`itens.N.quantidade`), so are lots of one item
 *   with the same number (`itens.N.lotes.M.numero`);
 * - an item's discount may not exceed its value, nor the header's the purchase's value;
 * - `dataEntrada` defaults to the unit's today;
 * - PUT: only a draft (400 otherwise); an item sent with the `id` of one of the purchase's
 *   lines keeps what the invoice said of it (supplier's code, unit, GTIN, NCM, CEST, CFOP,
 *   conversion factor, description) and may stay without product when it never had one
 *   (an imported line not linked yet); the other lines are new (product required).
 * - POST with the client's `id`: the same id again answers the purchase already created.
 * Totals: `calcularCompra` (valor_produtos = Σ item totals; total = produtos + frete +
 * outros − desconto). Money in reais, unit costs 4 decimals.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { roundTo, roundCusto, calcularCompra, valorItemCentavos, type CompraInputParsed } from '@petshop/shared/compra';
import { fromCents, roundQuantidade, toCents } from '@petshop/shared/format';
import { PRECO_MAXIMO } from '@petshop/shared/validators';
import type { Db } from '../../db/client.ts';
import { compraItens, compraParcelas, compras, fornecedores, produtos, unidadesMedida } from '../../db/schema/index.ts';
import type { LoteCompraItem } from '../../db/schema/compras.ts';
import { badRequest, fieldError } from '../../lib/errors.ts';
import { proximoNumero } from '../comercial/contador.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { listCompraItens, lockCompra, type CompraItemRow, type CompraRow } from './compras-repository.ts';

export type ProdutoCompraInfo = {
  id: string;
  nome: string;
  tipo: string;
  controlaEstoque: boolean;
  controlaLote: boolean;
  fracionada: boolean;
  sigla: string;
};

/** The products of `ids` visible in the scope (the tenant's), by id. */
export const listProdutosCompra = async (tx: Db, ids: readonly string[]): Promise<Map<string, ProdutoCompraInfo>> => {
  const unicos = [...new Set(ids)];
  if (unicos.length === 0) return new Map();
  const rows = await tx
    .select({
      id: produtos.id,
      nome: produtos.nome,
      tipo: produtos.tipo,
      controlaEstoque: produtos.controlaEstoque,
      controlaLote: produtos.controlaLote,
      fracionada: unidadesMedida.permiteVendaFracionada,
      sigla: unidadesMedida.sigla,
    })
    .from(produtos)
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .where(inArray(produtos.id, unicos));
  return new Map(rows.map((r) => [r.id, r]));
};

/** 400 `field` unless the supplier is the tenant's. */
export const assertFornecedor = async (tx: Db, fornecedorId: string, field = 'fornecedorId'): Promise<void> => {
  const [row] = await tx.select({ id: fornecedores.id }).from(fornecedores).where(eq(fornecedores.id, fornecedorId));
  if (!row) throw fieldError(field, 'Fornecedor não encontrado');
};

/** A product that can be bought (the tenant's, not a service), or 400 on `field`. */
export const assertProdutoCompravel = (info: ProdutoCompraInfo | undefined, field: string): ProdutoCompraInfo => {
  if (!info) throw fieldError(field, 'Produto não encontrado');
  if (info.tipo === 'servico') throw fieldError(field, 'Serviços não entram em compras: escolha um produto');
  return info;
};

/** Lots rounded by the product's unit; 400 on a repeated number or a quantity that rounds to zero. */
export const normalizeLotes = (
  lotes: readonly {
    numero: string;
    dataFabricacao?: string | undefined;
    dataValidade?: string | undefined;
    quantidade: number;
  }[],
  fracionada: boolean,
  prefixo: string,
): LoteCompraItem[] => {
  const vistos = new Set<string>();
  return lotes.map((l, m) => {
    const numero = l.numero.trim();
    const chave = numero.toUpperCase();
    if (vistos.has(chave)) throw fieldError(`${prefixo}.${m}.numero`, 'Lote repetido neste item');
    vistos.add(chave);
    const quantidade = roundQuantidade(l.quantidade, fracionada);
    if (quantidade <= 0) throw fieldError(`${prefixo}.${m}.quantidade`, 'Quantidade do lote deve ser maior que zero');
    return { numero, dataFabricacao: l.dataFabricacao ?? null, dataValidade: l.dataValidade ?? null, quantidade };
  });
};

type ItemGravar = typeof compraItens.$inferInsert;

/** Item rows of a draft from the body (see the file's comment). */
const montarItens = async (
  tx: Db,
  compraId: string,
  input: CompraInputParsed,
  existentes: readonly CompraItemRow[],
): Promise<ItemGravar[]> => {
  const porId = new Map(existentes.map((i) => [i.id, i]));
  const infos = await listProdutosCompra(
    tx,
    input.itens.flatMap((i) => (i.produtoId ? [i.produtoId] : [])),
  );
  const ids = new Set<string>();
  return input.itens.map((item, n): ItemGravar => {
    const campo = (f: string) => `itens.${n}.${f}`;
    const existente = item.id ? porId.get(item.id) : undefined;
    if (item.id) {
      if (ids.has(item.id)) throw fieldError(campo('id'), 'Item repetido');
      ids.add(item.id);
    }
    let info: ProdutoCompraInfo | undefined;
    if (item.produtoId) info = assertProdutoCompravel(infos.get(item.produtoId), campo('produtoId'));
    else if (!existente || existente.produtoId !== null || existente.codigoFornecedor === null)
      throw fieldError(campo('produtoId'), 'Produto é obrigatório');
    const fracionada = info ? info.fracionada : true;
    const quantidade = roundQuantidade(item.quantidade, fracionada);
    if (quantidade <= 0) throw fieldError(campo('quantidade'), 'Quantidade deve ser maior que zero');
    const custo = roundCusto(item.custoUnitario);
    const bruto = valorItemCentavos(quantidade, custo);
    if (bruto > toCents(PRECO_MAXIMO))
      throw fieldError(campo('custoUnitario'), 'O valor do item (quantidade × custo) é grande demais');
    const desconto = toCents(item.valorDesconto);
    if (desconto > bruto) throw fieldError(campo('valorDesconto'), 'Desconto maior que o valor do item');
    const lotes = normalizeLotes(item.lotes, fracionada, campo('lotes'));
    const fator = existente ? Number(existente.fatorConversao) : 1;
    // An unchanged imported line keeps the invoice's exact total (vProd − vDesc).
    const inalterado =
      existente !== undefined &&
      Number(existente.quantidade) === quantidade &&
      Number(existente.custoUnitario) === custo &&
      toCents(existente.valorDesconto) === desconto;
    const valorTotal = inalterado ? existente.valorTotal : fromCents(bruto - desconto).toFixed(2);
    const base = {
      id: item.id ?? randomUUID(),
      compraId,
      ordem: n + 1,
      produtoId: info?.id ?? null,
      quantidade: quantidade.toFixed(3),
      custoUnitario: custo.toFixed(4),
      valorDesconto: fromCents(desconto).toFixed(2),
      valorTotal,
      lotes,
    };
    if (existente && existente.codigoFornecedor !== null) {
      return {
        ...base,
        descricao: existente.descricao,
        codigoFornecedor: existente.codigoFornecedor,
        gtin: existente.gtin,
        ncm: existente.ncm,
        cest: existente.cest,
        cfop: existente.cfop,
        unidadeFornecedor: existente.unidadeFornecedor,
        fatorConversao: existente.fatorConversao,
        quantidadeFornecedor: inalterado ? existente.quantidadeFornecedor : roundTo(quantidade / fator, 4).toFixed(4),
        valorUnitarioFornecedor: inalterado ? existente.valorUnitarioFornecedor : roundTo(custo * fator, 4).toFixed(4),
      };
    }
    return {
      ...base,
      descricao: info!.nome,
      codigoFornecedor: null,
      gtin: null,
      ncm: null,
      cest: null,
      cfop: null,
      unidadeFornecedor: info!.sigla,
      fatorConversao: '1',
      quantidadeFornecedor: quantidade.toFixed(4),
      valorUnitarioFornecedor: custo.toFixed(4),
    };
  });
};

/** Header totals from the item rows; 400 `valorDesconto` when the discount exceeds the value. */
export const totaisCabecalho = (
  itens: readonly { valorTotal: string; quantidade: string; custoUnitario: string }[],
  cabecalho: { valorFrete: number; valorDesconto: number; valorOutros: number },
) => {
  const calculo = calcularCompra({
    itens: itens.map((i) => ({
      quantidade: Number(i.quantidade),
      custoUnitario: Number(i.custoUnitario),
      valorTotal: Number(i.valorTotal),
    })),
    ...cabecalho,
  });
  if (calculo.valorTotal < 0) throw fieldError('valorDesconto', 'Desconto maior que o total da compra');
  return {
    valorProdutos: calculo.valorProdutos.toFixed(2),
    valorFrete: calculo.valorFrete.toFixed(2),
    valorDesconto: calculo.valorDesconto.toFixed(2),
    valorOutros: calculo.valorOutros.toFixed(2),
    valorTotal: calculo.valorTotal.toFixed(2),
  };
};

/** Replaces the items and installments of draft `compra` and its header from `input`. */
const gravar = async (tx: Db, compra: CompraRow, input: CompraInputParsed, existentes: readonly CompraItemRow[]) => {
  if (input.fornecedorId) await assertFornecedor(tx, input.fornecedorId);
  const itens = await montarItens(tx, compra.id, input, existentes);
  const totais = totaisCabecalho(itens as { valorTotal: string; quantidade: string; custoUnitario: string }[], input);
  const unidade = await getUnidadeAtual(tx);
  await tx
    .update(compras)
    .set({
      fornecedorId: input.fornecedorId ?? null,
      numeroNota: input.numeroNota ?? null,
      serie: input.serie ?? null,
      dataEmissao: input.dataEmissao ?? null,
      dataEntrada: input.dataEntrada ?? compra.dataEntrada ?? unidade.hoje,
      observacoes: input.observacoes ?? null,
      ...totais,
    })
    .where(eq(compras.id, compra.id));
  await tx.delete(compraItens).where(eq(compraItens.compraId, compra.id));
  await tx.delete(compraParcelas).where(eq(compraParcelas.compraId, compra.id));
  if (itens.length > 0) await tx.insert(compraItens).values(itens);
  if (input.parcelas.length > 0)
    await tx.insert(compraParcelas).values(
      input.parcelas.map((p, n) => ({
        compraId: compra.id,
        parcela: n + 1,
        numero: p.numero ?? null,
        dataVencimento: p.dataVencimento,
        valor: p.valor.toFixed(2),
      })),
    );
};

/** POST /api/compras: a manual draft (see the file's comment). Answers its id. */
export const criarCompra = async (tx: Db, input: CompraInputParsed, usuarioId: string): Promise<string> => {
  if (input.id) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.id}, 0))`);
    const [existente] = await tx.select({ id: compras.id }).from(compras).where(eq(compras.id, input.id));
    if (existente) return existente.id;
  }
  // Validate before taking a number, so a refused body leaves no gap.
  if (input.fornecedorId) await assertFornecedor(tx, input.fornecedorId);
  const unidade = await getUnidadeAtual(tx);
  const numero = await proximoNumero(tx, 'compra');
  const [compra] = await tx
    .insert(compras)
    .values({
      ...(input.id ? { id: input.id } : {}),
      numero,
      status: 'Rascunho',
      origem: 'manual',
      dataEntrada: input.dataEntrada ?? unidade.hoje,
      usuarioId,
    })
    .returning();
  await gravar(tx, compra!, input, []);
  return compra!.id;
};

/** PUT /api/compras/{id}: replaces a draft (400 when it is not one; 404 outside the unit). */
export const alterarCompra = async (tx: Db, id: string, input: CompraInputParsed): Promise<void> => {
  const compra = await lockCompra(tx, id);
  if (compra.status !== 'Rascunho') throw badRequest('Só é possível alterar uma compra em rascunho');
  await gravar(tx, compra, input, await listCompraItens(tx, id));
};
