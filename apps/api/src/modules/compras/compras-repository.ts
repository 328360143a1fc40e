/**
 * Reads purchases of the scope's unit (row-level security keeps other units and tenants out):
 * one purchase as `compraSchema` (header, supplier, items with their product, installments,
 * warnings, totals and each item's unit cost with its share of freight/other costs/discount)
 * and the paged list of GET /api/compras. Money in reais, quantities in the shop's unit.
 */
import type { StatusFinanceiro } from '@petshop/shared/financeiro';
import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  calcularCompra,
  type Compra,
  type CompraListItem,
  type ListComprasQuery,
  type OrigemCompra,
  type StatusCompra,
} from '@petshop/shared/compra';
import { addDays } from '@petshop/shared/venda';
import type { Page } from '@petshop/shared/http';
import { onlyDigits } from '@petshop/shared/validators';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { selectInPages } from '../../db/select-pages.ts';
import {
  compraItens,
  compraParcelas,
  compras,
  despesas,
  fornecedores,
  lotes,
  movimentacoesEstoque,
  produtos,
  unidadesMedida,
  usuarios,
} from '../../db/schema/index.ts';
import { startsWithText, containsText } from '../../db/search.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';

export const COMPRA_NAO_ENCONTRADA = 'Compra não encontrada';
export const ITEM_NAO_ENCONTRADO = 'Item da compra não encontrado';

export type CompraRow = typeof compras.$inferSelect;
export type CompraItemRow = typeof compraItens.$inferSelect;

/** The purchase row locked for update (the one writer of it at a time), or 404. */
export const lockCompra = async (tx: Db, id: string): Promise<CompraRow> => {
  const [row] = await tx.select().from(compras).where(eq(compras.id, id)).for('update');
  if (!row) throw notFound(COMPRA_NAO_ENCONTRADA);
  return row;
};

/** The purchase row (not locked), or 404. */
export const getCompraRow = async (tx: Db, id: string): Promise<CompraRow> => {
  const [row] = await tx.select().from(compras).where(eq(compras.id, id));
  if (!row) throw notFound(COMPRA_NAO_ENCONTRADA);
  return row;
};

/** Items of a purchase in their order. */
export const listCompraItens = (tx: Db, compraId: string): Promise<CompraItemRow[]> =>
  tx.select().from(compraItens).where(eq(compraItens.compraId, compraId)).orderBy(asc(compraItens.ordem), asc(compraItens.id));

/** Installments of a purchase in their order. */
export const listCompraParcelas = (tx: Db, compraId: string) =>
  tx
    .select()
    .from(compraParcelas)
    .where(eq(compraParcelas.compraId, compraId))
    .orderBy(asc(compraParcelas.parcela), asc(compraParcelas.id));

const fornecedorResumo = {
  id: fornecedores.id,
  razaoSocial: fornecedores.razaoSocial,
  nomeFantasia: fornecedores.nomeFantasia,
  cpfCnpj: fornecedores.cpfCnpj,
};

/** The item totals as the shared arithmetic computes them (imported items keep their exact total). */
export const calculoDaCompra = (
  compra: Pick<CompraRow, 'valorFrete' | 'valorDesconto' | 'valorOutros'>,
  itens: readonly Pick<CompraItemRow, 'quantidade' | 'custoUnitario' | 'valorDesconto' | 'valorTotal'>[],
) =>
  calcularCompra({
    itens: itens.map((i) => ({
      quantidade: num(i.quantidade),
      custoUnitario: num(i.custoUnitario),
      valorDesconto: num(i.valorDesconto),
      valorTotal: num(i.valorTotal),
    })),
    valorFrete: num(compra.valorFrete),
    valorDesconto: num(compra.valorDesconto),
    valorOutros: num(compra.valorOutros),
  });

/** The purchase's columns but its XML (a 990-item NF-e's is 750 KB): whether it has one instead. */
const { xml: _xml, ...colunasCompra } = getTableColumns(compras);

/**
 * From this many items a purchase's items are read in pages of ITENS_POR_PAGINA through a cursor
 * (`selectInPages`), the event loop turning between pages (issue #22 item 2): Drizzle's mapping
 * of a 990-item NF-e's rows in one go held the loop for 37 ms on a quiet machine.
 */
const ITENS_EM_PAGINAS = 300;
const ITENS_POR_PAGINA = 250;

/** One purchase of the scope's unit, or null. */
export const findCompra = async (tx: Db, id: string): Promise<Compra | null> => {
  const [row] = await tx
    .select({
      compra: colunasCompra,
      possuiXml: sql<boolean>`${compras.xml} is not null`,
      quantidadeItens: sql<number>`(select count(*)::int from compra_itens i where i.compra_id = ${compras.id})`,
      fornecedor: fornecedorResumo,
      usuario: { id: usuarios.id, nome: usuarios.nome },
    })
    .from(compras)
    .leftJoin(fornecedores, eq(fornecedores.id, compras.fornecedorId))
    .leftJoin(usuarios, eq(usuarios.id, compras.usuarioId))
    .where(eq(compras.id, id));
  if (!row) return null;
  const c = row.compra;
  const consultaItens = tx
    .select({
      item: compraItens,
      produto: {
        id: produtos.id,
        nome: produtos.nome,
        codigo: produtos.codigo,
        codigoBarras: produtos.codigoBarras,
        controlaEstoque: produtos.controlaEstoque,
        controlaLote: produtos.controlaLote,
      },
      unidade: { sigla: unidadesMedida.sigla, permiteVendaFracionada: unidadesMedida.permiteVendaFracionada },
    })
    .from(compraItens)
    .leftJoin(produtos, eq(produtos.id, compraItens.produtoId))
    .leftJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .where(eq(compraItens.compraId, id))
    .orderBy(asc(compraItens.ordem), asc(compraItens.id));
  let itens: Awaited<typeof consultaItens>;
  if (Number(row.quantidadeItens) < ITENS_EM_PAGINAS) itens = await consultaItens;
  else {
    itens = [];
    for await (const pagina of selectInPages(tx, consultaItens, ITENS_POR_PAGINA)) itens.push(...pagina);
  }
  const parcelas = await listCompraParcelas(tx, id);
  const contas =
    c.status === 'Rascunho'
      ? []
      : await tx.select().from(despesas).where(eq(despesas.compraId, id)).orderBy(asc(despesas.parcela), asc(despesas.id));
  const movimentos =
    c.status === 'Rascunho'
      ? []
      : await tx
          .select({
            mov: movimentacoesEstoque,
            produtoNome: produtos.nome,
            unidadeSigla: unidadesMedida.sigla,
            lote: { numero: lotes.numero, dataValidade: lotes.dataValidade },
          })
          .from(movimentacoesEstoque)
          .innerJoin(produtos, eq(produtos.id, movimentacoesEstoque.produtoId))
          .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
          .leftJoin(lotes, eq(lotes.id, movimentacoesEstoque.loteId))
          .where(eq(movimentacoesEstoque.origemId, id))
          .orderBy(asc(movimentacoesEstoque.createdAt), asc(produtos.nome), asc(movimentacoesEstoque.id));
  const calculo = calculoDaCompra(
    c,
    itens.map((i) => i.item),
  );
  const valorParcelas = parcelas.reduce((s, p) => s + Math.round(num(p.valor) * 100), 0) / 100;
  return {
    id: c.id,
    numero: c.numero,
    status: c.status as StatusCompra,
    origem: c.origem as OrigemCompra,
    fornecedor: row.fornecedor,
    numeroNota: c.numeroNota,
    serie: c.serie,
    chaveAcesso: c.chaveAcesso,
    versaoNfe: c.versaoNfe,
    dataEmissao: c.dataEmissao,
    dataEntrada: c.dataEntrada,
    valorProdutos: num(c.valorProdutos),
    valorFrete: num(c.valorFrete),
    valorDesconto: num(c.valorDesconto),
    valorOutros: num(c.valorOutros),
    valorTotal: num(c.valorTotal),
    valorParcelas,
    observacoes: c.observacoes,
    avisos: c.avisos ?? [],
    possuiXml: row.possuiXml,
    quantidadeItens: itens.length,
    itensPendentes: itens.filter((i) => i.item.produtoId === null).length,
    itens: itens.map(({ item: i, produto, unidade }, n) => ({
      id: i.id,
      ordem: i.ordem,
      produtoId: i.produtoId,
      produto: produto && unidade ? { ...produto, unidadeMedida: unidade } : null,
      descricao: i.descricao,
      codigoFornecedor: i.codigoFornecedor,
      gtin: i.gtin,
      ncm: i.ncm,
      cest: i.cest,
      cfop: i.cfop,
      unidadeFornecedor: i.unidadeFornecedor,
      quantidadeFornecedor: num(i.quantidadeFornecedor),
      valorUnitarioFornecedor: num(i.valorUnitarioFornecedor),
      fatorConversao: num(i.fatorConversao),
      quantidade: num(i.quantidade),
      custoUnitario: num(i.custoUnitario),
      valorDesconto: num(i.valorDesconto),
      valorTotal: num(i.valorTotal),
      valorRateio: calculo.itens[n]!.valorRateio,
      custoUnitarioFinal: calculo.itens[n]!.custoUnitarioFinal,
      lotes: i.lotes ?? [],
    })),
    parcelas: parcelas.map((p) => ({
      id: p.id,
      parcela: p.parcela,
      numero: p.numero,
      dataVencimento: p.dataVencimento,
      valor: num(p.valor),
    })),
    usuario: row.usuario,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    finalizadaEm: c.finalizadaEm?.toISOString() ?? null,
    canceladaEm: c.canceladaEm?.toISOString() ?? null,
    despesas: contas.map((d) => ({
      id: d.id,
      parcela: d.parcela,
      totalParcelas: d.totalParcelas,
      descricao: d.descricao,
      documento: d.documento,
      dataVencimento: d.dataVencimento,
      valor: num(d.valor),
      valorPago: num(d.valorPago),
      status: d.status as StatusFinanceiro,
    })),
    movimentacoes: movimentos.map(({ mov: m, produtoNome, unidadeSigla, lote }) => ({
      id: m.id,
      createdAt: m.createdAt.toISOString(),
      tipo: m.tipo,
      produtoId: m.produtoId,
      produtoNome,
      unidadeSigla,
      quantidade: num(m.quantidade),
      custoUnitario: num(m.custoUnitario),
      saldoResultante: num(m.saldoResultante),
      lote,
    })),
  };
};

/** findCompra or 404 'Compra não encontrada'. */
export const getCompra = async (tx: Db, id: string): Promise<Compra> => {
  const compra = await findCompra(tx, id);
  if (!compra) throw notFound(COMPRA_NAO_ENCONTRADA);
  return compra;
};

/** Days of the list's default period (spec: "default last 30 days"): today and the 29 before it. */
export const DIAS_PERIODO_PADRAO = 30;

/**
 * Text search of the list: the purchase number (digits), the invoice number, the supplier's
 * razão social / nome fantasia (contains, ignoring case and accents) or the start of its
 * CPF/CNPJ digits.
 */
const textoCompra = (query: string): SQL => {
  const texto = query.trim();
  const digits = onlyDigits(texto);
  const condicoes: (SQL | undefined)[] = [
    containsText(fornecedores.razaoSocial, texto),
    containsText(fornecedores.nomeFantasia, texto),
    containsText(compras.numeroNota, texto),
  ];
  if (digits.length >= 3) condicoes.push(startsWithText(fornecedores.cpfCnpj, digits));
  if (/^\d{1,15}$/.test(texto)) {
    condicoes.push(eq(compras.numero, Number(texto)));
    condicoes.push(sql`ltrim(${compras.numeroNota}, '0') = ltrim(${texto}, '0')`);
  }
  return or(...condicoes)!;
};

/**
 * GET /api/compras: one page of the unit's purchases, newest entry first (then number).
 * Period on data_entrada, default the last 30 days up to the unit's today; 400 `dataFim`
 * when the period ends before it starts.
 */
export const listCompras = async (tx: Db, query: ListComprasQuery): Promise<Page<CompraListItem>> => {
  const unidade = await getUnidadeAtual(tx);
  const dataFim = query.dataFim ?? unidade.hoje;
  const dataInicio = query.dataInicio ?? addDays(query.dataFim ?? unidade.hoje, -(DIAS_PERIODO_PADRAO - 1));
  if (dataFim < dataInicio) throw fieldError('dataFim', 'A data final deve ser igual ou posterior à data inicial');
  const where = and(
    sql`${compras.dataEntrada} between ${dataInicio}::date and ${dataFim}::date`,
    query.status.length > 0 ? inArray(compras.status, [...query.status]) : undefined,
    query.fornecedorId ? eq(compras.fornecedorId, query.fornecedorId) : undefined,
    query.query ? textoCompra(query.query) : undefined,
  );
  const rows = await tx
    .select({
      compra: {
        id: compras.id,
        numero: compras.numero,
        status: compras.status,
        origem: compras.origem,
        numeroNota: compras.numeroNota,
        serie: compras.serie,
        dataEmissao: compras.dataEmissao,
        dataEntrada: compras.dataEntrada,
        valorTotal: compras.valorTotal,
        createdAt: compras.createdAt,
      },
      fornecedor: fornecedorResumo,
      quantidadeItens: sql<string>`(select count(*) from compra_itens i where i.compra_id = ${compras.id})`,
      itensPendentes: sql<string>`(select count(*) from compra_itens i where i.compra_id = ${compras.id} and i.produto_id is null)`,
    })
    .from(compras)
    .leftJoin(fornecedores, eq(fornecedores.id, compras.fornecedorId))
    .where(where)
    .orderBy(desc(compras.dataEntrada), desc(compras.numero))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx
    .select({ n: sql<string>`count(*)` })
    .from(compras)
    .leftJoin(fornecedores, eq(fornecedores.id, compras.fornecedorId))
    .where(where);
  return {
    items: rows.map((r) => ({
      id: r.compra.id,
      numero: r.compra.numero,
      status: r.compra.status as StatusCompra,
      origem: r.compra.origem as OrigemCompra,
      fornecedor: r.fornecedor,
      numeroNota: r.compra.numeroNota,
      serie: r.compra.serie,
      dataEmissao: r.compra.dataEmissao,
      dataEntrada: r.compra.dataEntrada,
      valorTotal: num(r.compra.valorTotal),
      quantidadeItens: Number(r.quantidadeItens),
      itensPendentes: Number(r.itensPendentes),
      createdAt: r.compra.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
};
