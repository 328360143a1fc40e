/**
 * Reads sales and quotes of the scope's unit (row-level security keeps other units and
 * tenants out) in the shapes of @petshop/shared/venda:
 * - `findVenda`: one sale/quote as `vendaSchema` (items with product and unit, payments with
 *   method, returns summary), the answer of GET /pdv/{id} and of every pdv write;
 * - `listVendasResumo` / `toVendaResumo`: rows as `vendaResumoSchema` for the till's open
 *   sales and quotes, the sales list (spec §5) and the customer's open sales;
 * - `listVendas` / `getResumoVendas` / `listVendasEmAbertoDoCliente`, below;
 * - the sale's row locks and the reads of a write (`findVendaForUpdate`, `lockVenda`,
 *   `findParaGravar`…), at the end, used by gravar-venda.ts and the use cases of the sale.
 *
 * A quote still 'Aberto' whose validity is before the unit's today is answered as
 * 'Expirado' (DOMAIN.md §6): computed on read in the unit's time zone, never stored, so it
 * needs no job to flip it.
 */
import type { StatusDocumentoFiscal } from '@petshop/shared/fiscal';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Page } from '@petshop/shared/http';
import {
  STATUS_VENDA,
  type ListVendasQuery,
  type ResumoVenda,
  type StatusOrcamento,
  type StatusVenda,
  type TipoDesconto,
  type TipoVenda,
  type Venda,
  type VendaFinanceiro,
  type VendaInputParsed,
  type VendaResumo,
} from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import {
  formasPagamento,
  pessoas,
  petTutores,
  pets,
  produtos,
  unidadesNegocio,
  usuarios,
  vendaFinanceiros,
  vendaItens,
  vendas,
} from '../../../db/schema/index.ts';
import { preparedSelect } from '../../../db/prepared-select.ts';
import { num } from '../../../db/rows.ts';
import { runTogether } from '../../../db/run-together.ts';
import { containsText } from '../../../db/search.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import { listProdutosEstoque, type ProdutoEstoque } from '../../estoque/movimentar-estoque.ts';
import { getUnidadeAtual, type UnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';
import { findCaixaParaVenda, type CaixaParaVenda } from '../caixas/caixa-ledger.ts';
import { listFormasPagamentoPorId, type FormaPagamentoRow } from './pagamentos-venda.ts';

export const VENDA_NAO_ENCONTRADA = 'Venda não encontrada';

/**
 * The quote status as answered: 'Aberto' past its validity (before the unit's today, in the
 * unit's time zone) reads 'Expirado'. Needs `unidades_negocio` joined.
 */
export const statusOrcamentoSql = sql<StatusOrcamento | null>`case
  when ${vendas.tipo} = 'Orcamento' and ${vendas.statusOrcamento} = 'Aberto'
   and ${vendas.validadeOrcamento} < (now() at time zone ${unidadesNegocio.timeZone})::date
  then 'Expirado' else ${vendas.statusOrcamento} end`;

type ItemJson = {
  id: string;
  ordem: number;
  produtoId: string;
  descricao: string;
  quantidade: string | number;
  quantidadeDevolvida: string | number;
  valorUnitario: string | number;
  desconto: string | number;
  tipoDesconto: string;
  valorDesconto: string | number;
  valorTotal: string | number;
  produto: {
    id: string;
    nome: string;
    codigo: string | null;
    codigoBarras: string | null;
    tipo: string;
    controlaEstoque: boolean;
    unidadeMedida: { sigla: string; permiteVendaFracionada: boolean };
  };
};
type FinanceiroJson = {
  id: string;
  chave: string;
  formaPagamentoId: string;
  formaNome: string;
  tipoForma: string;
  valor: string | number;
  valorRecebido: string | number;
  troco: string | number;
  parcelas: number;
  dataVencimento: string | null;
  efetivado: boolean;
  createdAt: string;
  bandeira: string | null;
  autorizacao: string | null;
  adquirente: string | null;
  adquirenteCnpj: string | null;
};
type DevolucaoJson = { id: string; numero: number; createdAt: string; valorTotal: string | number; reembolso: string };

/**
 * One sale or quote with everything the till shows, or null when it is not in the scope's
 * unit. ONE statement: items, payments and returns come as JSON arrays of subqueries (every
 * pdv write answers with this, so it is on the till's hot path).
 */
export const findVenda = async (tx: Db, id: string): Promise<Venda | null> => {
  const [row] = await selectVenda(tx, { id });
  if (!row) return null;
  return toVenda(row);
};

/** Like `findVenda`, 404 'Venda não encontrada' when absent. */
export const getVenda = async (tx: Db, id: string): Promise<Venda> => {
  const venda = await findVenda(tx, id);
  if (!venda) throw notFound(VENDA_NAO_ENCONTRADA);
  return venda;
};

/** findVenda's statement, built once (db/prepared-select.ts: it runs after every pdv write). */
const selectVenda = preparedSelect((qb) =>
  qb
    .select({
      venda: vendas,
      statusOrcamento: statusOrcamentoSql,
      usuarioNome: usuarios.nome,
      cliente: {
        id: pessoas.id,
        nome: pessoas.nome,
        cpfCnpj: pessoas.cpfCnpj,
        telefone: sql<string | null>`${pessoas.telefones} -> 0 ->> 'numero'`,
      },
      pet: { id: pets.id, nome: pets.nome },
      itens: sql<ItemJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', vi.id, 'ordem', vi.ordem, 'produtoId', vi.produto_id, 'descricao', vi.descricao,
          'quantidade', vi.quantidade, 'quantidadeDevolvida', vi.quantidade_devolvida,
          'valorUnitario', vi.valor_unitario, 'desconto', vi.desconto, 'tipoDesconto', vi.tipo_desconto,
          'valorDesconto', vi.valor_desconto, 'valorTotal', vi.valor_total,
          'produto', json_build_object(
            'id', p.id, 'nome', p.nome, 'codigo', p.codigo, 'codigoBarras', p.codigo_barras, 'tipo', p.tipo,
            'controlaEstoque', p.controla_estoque,
            'unidadeMedida', json_build_object('sigla', um.sigla, 'permiteVendaFracionada', um.permite_venda_fracionada)))
          order by vi.ordem, vi.id)
          from venda_itens vi
          join produtos p on p.id = vi.produto_id
          join unidades_medida um on um.id = p.unidade_medida_id
         where vi.venda_id = ${vendas.id}), '[]'::json)`,
      financeiros: sql<FinanceiroJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', vf.id, 'chave', vf.chave, 'formaPagamentoId', vf.forma_pagamento_id, 'formaNome', fp.nome,
          'tipoForma', vf.tipo_forma, 'valor', vf.valor, 'valorRecebido', vf.valor_recebido, 'troco', vf.troco,
          'parcelas', vf.parcelas, 'dataVencimento', vf.data_vencimento, 'efetivado', vf.efetivado_em is not null,
          'createdAt', vf.created_at, 'bandeira', vf.bandeira, 'autorizacao', vf.autorizacao,
          'adquirente', vf.adquirente, 'adquirenteCnpj', vf.adquirente_cnpj)
          order by vf.created_at, vf.id)
          from venda_financeiros vf
          join formas_pagamento fp on fp.id = vf.forma_pagamento_id
         where vf.venda_id = ${vendas.id}), '[]'::json)`,
      devolucoes: sql<DevolucaoJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', d.id, 'numero', d.numero, 'createdAt', d.created_at, 'valorTotal', d.valor_total, 'reembolso', d.reembolso)
          order by d.numero)
          from devolucoes d
         where d.venda_id = ${vendas.id}), '[]'::json)`,
    })
    .from(vendas)
    .innerJoin(unidadesNegocio, eq(unidadesNegocio.id, vendas.unidadeNegocioId))
    .innerJoin(usuarios, eq(usuarios.id, vendas.usuarioId))
    .leftJoin(pessoas, eq(pessoas.id, vendas.clienteId))
    .leftJoin(pets, eq(pets.id, vendas.petId))
    .where(eq(vendas.id, sql.placeholder('id'))),
);

/** A row of `selectVenda` as `vendaSchema`. */
const toVenda = (row: Awaited<ReturnType<typeof selectVenda>>[number]): Venda => {
  const v = row.venda;
  const iso = (value: string) => new Date(value).toISOString();

  return {
    id: v.id,
    sId: v.id,
    numero: v.numero,
    tipo: v.tipo as TipoVenda,
    status: v.status as StatusVenda,
    statusOrcamento: row.statusOrcamento,
    validadeOrcamento: v.validadeOrcamento,
    emAtendimento: v.emAtendimento,
    caixaId: v.caixaId,
    usuario: { id: v.usuarioId, nome: row.usuarioNome },
    cliente: row.cliente,
    pet: row.pet,
    itens: row.itens.map((i) => ({
      id: i.id,
      ordem: i.ordem,
      produtoId: i.produtoId,
      produto: i.produto,
      descricao: i.descricao,
      quantidade: num(i.quantidade),
      quantidadeDevolvida: num(i.quantidadeDevolvida),
      valorUnitario: num(i.valorUnitario),
      desconto: num(i.desconto),
      tipoDesconto: i.tipoDesconto as TipoDesconto,
      valorDesconto: num(i.valorDesconto),
      valorTotal: num(i.valorTotal),
    })),
    financeiros: row.financeiros.map((f) => ({
      id: f.id,
      chave: f.chave,
      formaPagamento: { id: f.formaPagamentoId, nome: f.formaNome, tipo: f.tipoForma as TipoFormaPagamento },
      valor: num(f.valor),
      valorRecebido: num(f.valorRecebido),
      troco: num(f.troco),
      parcelas: f.parcelas,
      dataVencimento: f.dataVencimento,
      efetivado: f.efetivado,
      createdAt: iso(f.createdAt),
      bandeira: (f.bandeira ?? null) as VendaFinanceiro['bandeira'],
      autorizacao: f.autorizacao ?? null,
      adquirente: f.adquirente ?? null,
      adquirenteCnpj: f.adquirenteCnpj ?? null,
    })),
    devolucoes: row.devolucoes.map((d) => ({
      id: d.id,
      numero: Number(d.numero),
      createdAt: iso(d.createdAt),
      valorTotal: num(d.valorTotal),
      reembolso: d.reembolso as Venda['devolucoes'][number]['reembolso'],
    })),
    valorBruto: num(v.valorBruto),
    valorDescontoItens: num(v.valorDescontoItens),
    desconto: num(v.desconto),
    tipoDesconto: v.tipoDesconto as TipoDesconto,
    valorDescontos: num(v.valorDescontos),
    valorEntregaFrete: num(v.valorEntregaFrete),
    valorLiquido: num(v.valorLiquido),
    valorPago: num(v.valorPago),
    valorEmAberto: emAberto(v.status, v.valorEmAberto),
    valorTroco: num(v.valorTroco),
    observacoes: v.observacoes,
    createdAt: v.createdAt.toISOString(),
    dataFinalizacao: v.dataFinalizacao?.toISOString() ?? null,
    dataCancelamento: v.dataCancelamento?.toISOString() ?? null,
    motivoCancelamento: v.motivoCancelamento,
    snapshot: (v.snapshot as Record<string, unknown> | null) ?? null,
  };
};

// ---------------------------------------------------------------------------------------------
// Summaries (lists)
// ---------------------------------------------------------------------------------------------

/**
 * Columns of a `vendaResumoSchema` row. Use with `.from(vendas)` and the joins of
 * `joinResumo` (unit for the quote status, user, customer).
 */
export const vendaResumoColumns = {
  id: vendas.id,
  numero: vendas.numero,
  tipo: vendas.tipo,
  status: vendas.status,
  statusOrcamento: statusOrcamentoSql,
  validadeOrcamento: vendas.validadeOrcamento,
  emAtendimento: vendas.emAtendimento,
  clienteId: pessoas.id,
  clienteNome: pessoas.nome,
  usuarioId: usuarios.id,
  usuarioNome: usuarios.nome,
  quantidadeItens: sql<number>`(select count(*) from venda_itens vi where vi.venda_id = ${vendas.id})::int`,
  valorLiquido: vendas.valorLiquido,
  valorPago: vendas.valorPago,
  valorEmAberto: vendas.valorEmAberto,
  formasPagamento: sql<string[]>`array(
    select distinct f.nome from venda_financeiros vf join formas_pagamento f on f.id = vf.forma_pagamento_id
     where vf.venda_id = ${vendas.id} order by f.nome)`,
  createdAt: vendas.createdAt,
  dataFinalizacao: vendas.dataFinalizacao,
  // Issue #18 item 8: the status of the sale's newest NFC-e (documentos_fiscais_venda_idx), null without one.
  statusFiscal: sql<StatusDocumentoFiscal | null>`(select df.status from documentos_fiscais df
     where df.venda_id = ${vendas.id} order by df.emitido_em desc limit 1)`,
};

const selectResumo = (tx: Db) =>
  tx
    .select(vendaResumoColumns)
    .from(vendas)
    .innerJoin(unidadesNegocio, eq(unidadesNegocio.id, vendas.unidadeNegocioId))
    .innerJoin(usuarios, eq(usuarios.id, vendas.usuarioId))
    .leftJoin(pessoas, eq(pessoas.id, vendas.clienteId));

export type VendaResumoRow = Awaited<ReturnType<ReturnType<typeof selectResumo>['execute']>>[number];

/**
 * What a sale still owes (reais): the stored `valor_em_aberto`, except a cancelled sale, which
 * owes nothing (the row keeps what was open when it was cancelled; issue #15).
 */
const emAberto = (status: string, valorEmAberto: string): number => (status === 'Cancelada' ? 0 : num(valorEmAberto));

/** A row selected with `vendaResumoColumns` → `VendaResumo`. */
export const toVendaResumo = (r: VendaResumoRow): VendaResumo => ({
  id: r.id,
  numero: r.numero,
  tipo: r.tipo as TipoVenda,
  status: r.status as StatusVenda,
  statusOrcamento: r.statusOrcamento,
  validadeOrcamento: r.validadeOrcamento,
  emAtendimento: r.emAtendimento,
  cliente: r.clienteId && r.clienteNome !== null ? { id: r.clienteId, nome: r.clienteNome } : null,
  usuario: { id: r.usuarioId, nome: r.usuarioNome },
  quantidadeItens: Number(r.quantidadeItens),
  valorLiquido: num(r.valorLiquido),
  valorPago: num(r.valorPago),
  valorEmAberto: emAberto(r.status, r.valorEmAberto),
  formasPagamento: r.formasPagamento ?? [],
  createdAt: r.createdAt.toISOString(),
  dataFinalizacao: r.dataFinalizacao?.toISOString() ?? null,
  statusFiscal: r.statusFiscal ?? null,
});

export type FiltroVendasResumo = {
  /** Conditions on vendas (and pessoas, usuarios, unidades_negocio, which are joined). */
  where?: SQL;
  page: number;
  pageSize: number;
  /** Default: newest first (created_at desc, numero desc). */
  ordem?: SQL[];
};

/**
 * A page of sale/quote summaries of the scope's unit matching `where`, with the total count.
 * Shared by the till's list (pdv-repository), the sales list and the customer's open sales.
 */
export const listVendasResumo = async (tx: Db, filtro: FiltroVendasResumo): Promise<Page<VendaResumo>> => {
  const ordem = filtro.ordem ?? [desc(vendas.createdAt), desc(vendas.numero)];
  const rows = await selectResumo(tx)
    .where(filtro.where)
    .orderBy(...ordem)
    .limit(filtro.pageSize)
    .offset((filtro.page - 1) * filtro.pageSize);
  const [total] = await tx
    .select({ value: count() })
    .from(vendas)
    .innerJoin(unidadesNegocio, eq(unidadesNegocio.id, vendas.unidadeNegocioId))
    .innerJoin(usuarios, eq(usuarios.id, vendas.usuarioId))
    .leftJoin(pessoas, eq(pessoas.id, vendas.clienteId))
    .where(filtro.where);
  return { items: rows.map(toVendaResumo), total: total?.value ?? 0, page: filtro.page, pageSize: filtro.pageSize };
};

/**
 * `where` for list searches: the sale's number equals `query` (when it is a number) or the
 * customer's or the pet's name contains it, ignoring case and accents.
 */
export const vendaNumeroOuCliente = (query: string): SQL => {
  // The customer's name or the sale's pet's (an appointment's sale is found by either, issue #17).
  const nome = or(
    containsText(pessoas.nome, query),
    sql`exists (select 1 from ${pets} where ${pets.id} = ${vendas.petId} and ${containsText(pets.nome, query)})`,
  )!;
  const texto = query.trim();
  return /^\d{1,15}$/.test(texto) ? or(eq(vendas.numero, Number(texto)), nome)! : nome;
};

/*
 * The sales list and its totals (spec §5 "Sales list", §7 GET /api/comercial/vendas and
 * /vendas/resumo-venda; issue #4 item 5), and the open sales of a customer (issue #4 item 8).
 *
 * Only sales (tipo Venda) that left the till (em_atendimento false) are listed. The period is
 * on coalesce(data_finalizacao, created_at) — when the sale was finalised, or created while it
 * is open or was cancelled before finalising — between dataInicio 00:00 and dataFim 24:00 on
 * the unit's wall clock (DOMAIN.md §2: "today" is the unit's today). Row-level security keeps
 * every query inside the selected unit. Money in reais.
 */

/** The list filters once defaults are applied (dates yyyy-MM-dd on the unit's calendar). */
export type FiltroVendas = {
  dataInicio: string;
  dataFim: string;
  timeZone: string;
  statuses: readonly StatusVenda[];
  clienteId?: string | undefined;
  query?: string | undefined;
};

/**
 * Applies the spec §5 defaults: dataInicio and dataFim default to today in the unit's time zone.
 * 400 on `dataFim` when the period ends before it starts.
 */
export const filtroVendas = async (tx: Db, query: ListVendasQuery): Promise<FiltroVendas> => {
  const unidade = await getUnidadeAtual(tx);
  const dataInicio = query.dataInicio ?? unidade.hoje;
  const dataFim = query.dataFim ?? unidade.hoje;
  if (dataFim < dataInicio) throw fieldError('dataFim', 'A data final deve ser igual ou posterior à data inicial');
  return {
    dataInicio,
    dataFim,
    timeZone: unidade.timeZone,
    statuses: query.statuses,
    clienteId: query.clienteId,
    query: query.query,
  };
};

/** When a sale counts for the period: finalised, else created. */
const dataVenda = sql`coalesce(${vendas.dataFinalizacao}, ${vendas.createdAt})`;

/** WHERE of the list and the totals, over `vendas` with `pessoas` left-joined on the customer. */
const whereVendas = (f: FiltroVendas): SQL =>
  and(
    eq(vendas.tipo, 'Venda'),
    eq(vendas.emAtendimento, false),
    sql`${dataVenda} >= ((${f.dataInicio}::date)::timestamp at time zone ${f.timeZone})`,
    sql`${dataVenda} < (((${f.dataFim}::date + 1)::timestamp) at time zone ${f.timeZone})`,
    f.statuses.length > 0 ? inArray(vendas.status, [...f.statuses]) : undefined,
    f.clienteId ? eq(vendas.clienteId, f.clienteId) : undefined,
    f.query ? vendaNumeroOuCliente(f.query) : undefined,
  )!;

/** GET /vendas: one page of the filtered sales, newest first (finalised/created time, then number). */
export const listVendas = async (tx: Db, query: ListVendasQuery): Promise<Page<VendaResumo>> => {
  const filtro = await filtroVendas(tx, query);
  return listVendasResumo(tx, {
    where: whereVendas(filtro),
    page: query.page,
    pageSize: query.pageSize,
    ordem: [desc(dataVenda), desc(vendas.numero)],
  });
};

const sumIf = (coluna: SQL | typeof vendas.valorLiquido, condicao: SQL) =>
  sql<string>`coalesce(sum(${coluna}) filter (where ${condicao}), 0)`;

/**
 * GET /vendas/resumo-venda: totals of the list's filters. Cancelled sales are left out of the
 * count and money (`quantidade`, valorBruto … valorEmAberto, porFormaPagamento) but counted in
 * `porStatus` (always the three statuses, in STATUS_VENDA order). ticketMedio = Σ valorLiquido
 * of the finalised sales ÷ their count (0 when none), rounded to the cent. porFormaPagamento:
 * Σ of the payments (cash net of change) of the non-cancelled sales per method, largest first.
 */
export const getResumoVendas = async (tx: Db, query: ListVendasQuery): Promise<ResumoVenda> => {
  const where = whereVendas(await filtroVendas(tx, query));
  const ativa = sql`${vendas.status} <> 'Cancelada'`;
  const finalizada = sql`${vendas.status} = 'Finalizada'`;
  const [t] = await tx
    .select({
      quantidade: sql<string>`count(*) filter (where ${ativa})`,
      valorBruto: sumIf(vendas.valorBruto, ativa),
      valorDescontos: sumIf(vendas.valorDescontos, ativa),
      valorLiquido: sumIf(vendas.valorLiquido, ativa),
      valorPago: sumIf(vendas.valorPago, ativa),
      valorEmAberto: sumIf(vendas.valorEmAberto, ativa),
      finalizadas: sql<string>`count(*) filter (where ${finalizada})`,
      liquidoFinalizadas: sumIf(vendas.valorLiquido, finalizada),
    })
    .from(vendas)
    .leftJoin(pessoas, eq(pessoas.id, vendas.clienteId))
    .where(where);
  const porStatusRows = await tx
    .select({
      status: vendas.status,
      quantidade: sql<string>`count(*)`,
      valorLiquido: sql<string>`coalesce(sum(${vendas.valorLiquido}), 0)`,
    })
    .from(vendas)
    .leftJoin(pessoas, eq(pessoas.id, vendas.clienteId))
    .where(where)
    .groupBy(vendas.status);
  const total = sql<string>`sum(${vendaFinanceiros.valor})`;
  const formas = await tx
    .select({ formaPagamentoId: formasPagamento.id, nome: formasPagamento.nome, tipo: formasPagamento.tipo, valor: total })
    .from(vendaFinanceiros)
    .innerJoin(formasPagamento, eq(formasPagamento.id, vendaFinanceiros.formaPagamentoId))
    .innerJoin(vendas, eq(vendas.id, vendaFinanceiros.vendaId))
    .leftJoin(pessoas, eq(pessoas.id, vendas.clienteId))
    .where(and(where, ne(vendas.status, 'Cancelada')))
    .groupBy(formasPagamento.id, formasPagamento.nome, formasPagamento.tipo)
    .orderBy(desc(total), asc(formasPagamento.nome));
  const finalizadas = Number(t?.finalizadas ?? 0);
  const liquidoFinalizadasCentavos = Math.round(Number(t?.liquidoFinalizadas ?? 0) * 100);
  const porStatus = new Map(porStatusRows.map((r) => [r.status, r]));
  return {
    quantidade: Number(t?.quantidade ?? 0),
    valorBruto: Number(t?.valorBruto ?? 0),
    valorDescontos: Number(t?.valorDescontos ?? 0),
    valorLiquido: Number(t?.valorLiquido ?? 0),
    valorPago: Number(t?.valorPago ?? 0),
    valorEmAberto: Number(t?.valorEmAberto ?? 0),
    ticketMedio: finalizadas === 0 ? 0 : Math.round(liquidoFinalizadasCentavos / finalizadas) / 100,
    porFormaPagamento: formas.map((f) => ({ ...f, valor: Number(f.valor) })),
    porStatus: STATUS_VENDA.map((status) => ({
      status,
      quantidade: Number(porStatus.get(status)?.quantidade ?? 0),
      valorLiquido: Number(porStatus.get(status)?.valorLiquido ?? 0),
    })),
  };
};

/** Most open sales listed for one customer (a shop leaves a handful open per customer). */
const MAX_VENDAS_EM_ABERTO = 500;

/**
 * A customer's open sales in the selected unit (issue #4 item 8; DOMAIN.md §6 "Deixar venda
 * aberta … shows on the customer's open sales until paid"): tipo Venda, status EmAberto, not
 * being served at a till; oldest first (the debt that has waited longest on top).
 */
export const listVendasEmAbertoDoCliente = async (tx: Db, clienteId: string): Promise<VendaResumo[]> => {
  const page = await listVendasResumo(tx, {
    where: and(
      eq(vendas.clienteId, clienteId),
      eq(vendas.tipo, 'Venda'),
      eq(vendas.status, 'EmAberto'),
      eq(vendas.emAtendimento, false),
    ),
    page: 1,
    pageSize: MAX_VENDAS_EM_ABERTO,
    ordem: [asc(vendas.createdAt), asc(vendas.numero)],
  });
  return page.items;
};

/* The sale's row locks and the reads of a draft write (gravar-venda.ts), shared by the use cases. */

export type VendaRow = typeof vendas.$inferSelect;
export type FinanceiroVendaRow = typeof vendaFinanceiros.$inferSelect;

/**
 * Locks sale `id` of the scope's unit for the rest of the transaction; null when absent.
 * A transaction-scoped advisory lock on the id comes first, so two first writes of the same
 * new id (double click, retry while the first still runs) are serialised too: the second one
 * finds the row the first created instead of racing it.
 */
export const findVendaForUpdate = async (tx: Db, id: string): Promise<VendaRow | null> => {
  // Sent together; PostgreSQL runs them in order, so the row is read once the lock is held.
  const [, [row]] = await runTogether(
    tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${id}, 0))`),
    selectVendaForUpdate(tx, { id }),
  );
  return row ?? null;
};

/** The sale's row, locked `for update` (built once: db/prepared-select.ts). */
const selectVendaForUpdate = preparedSelect((qb) =>
  qb
    .select()
    .from(vendas)
    .where(eq(vendas.id, sql.placeholder('id')))
    .for('update'),
);

/** Like `findVendaForUpdate`, 404 'Venda não encontrada' when absent. */
export const lockVenda = async (tx: Db, id: string): Promise<VendaRow> => {
  const row = await findVendaForUpdate(tx, id);
  if (!row) throw notFound(VENDA_NAO_ENCONTRADA);
  return row;
};

/** Items of a sale as stored. */
export const listItensVenda = (tx: Db, vendaId: string) => tx.select().from(vendaItens).where(eq(vendaItens.vendaId, vendaId));

/** Payments of a sale, oldest first. */
export const listFinanceirosVenda = (tx: Db, vendaId: string): Promise<FinanceiroVendaRow[]> =>
  tx
    .select()
    .from(vendaFinanceiros)
    .where(eq(vendaFinanceiros.vendaId, vendaId))
    .orderBy(vendaFinanceiros.createdAt, vendaFinanceiros.id);

/** Whether the customer and the pet exist in the tenant, the pet among the customer's (undefined: not asked). */
export type ClientePetLido = { cliente?: boolean; pet?: boolean };

const findClientePet = async (tx: Db, clienteId: string | undefined, petId: string | undefined): Promise<ClientePetLido> => {
  const [cliente, pet] = await runTogether(
    clienteId ? tx.select({ id: pessoas.id }).from(pessoas).where(eq(pessoas.id, clienteId)) : Promise.resolve(undefined),
    petId
      ? tx
          .select({ id: pets.id })
          .from(pets)
          .innerJoin(petTutores, and(eq(petTutores.petId, pets.id), eq(petTutores.pessoaId, clienteId ?? sql`null`)))
          .where(eq(pets.id, petId))
      : Promise.resolve(undefined),
  );
  return { cliente: cliente && cliente.length > 0, pet: pet && pet.length > 0 };
};

/** A sale line's product: what moving its stock needs, and its price, cost and whether active. */
export type ProdutoVenda = ProdutoEstoque & {
  ativo: boolean;
  precoVenda: string;
  precoCusto: string;
  pacoteSessoes: number | null;
};
const colunasProdutoVenda = {
  ativo: produtos.ativo,
  precoVenda: produtos.precoVenda,
  precoCusto: produtos.precoCusto,
  // Whether the product is a package (agenda/pacotes.ts `vendePacote`).
  pacoteSessoes: produtos.pacoteSessoes,
};
const listProdutosVenda = (tx: Db, ids: readonly string[]) => listProdutosEstoque<ProdutoVenda>(tx, ids, colunasProdutoVenda);

/**
 * What a draft write reads before deciding, independent of the stored record and of each
 * other: issued together (one round trip), by `gravarVenda` itself or by a caller that issues
 * them with its own lock of the sale (`salvarVenda`).
 */
export type LeituraGravacao = {
  unidade: UnidadeAtual;
  clientePet: ClientePetLido;
  catalogo: Map<string, ProdutoVenda>;
  formas: Map<string, FormaPagamentoRow>;
  caixa: CaixaParaVenda;
};

/** See `LeituraGravacao`: the unit, customer and pet, the items' products, the payments' methods, the register. */
export const findParaGravar = async (tx: Db, input: VendaInputParsed, usuarioId: string): Promise<LeituraGravacao> => {
  const [unidade, clientePet, catalogo, formas, caixa] = await runTogether(
    getUnidadeAtual(tx),
    findClientePet(tx, input.clienteId, input.petId),
    listProdutosVenda(
      tx,
      input.itens.map((i) => i.produtoId),
    ),
    listFormasPagamentoPorId(
      tx,
      input.financeiros.map((f) => f.formaPagamentoId),
    ),
    findCaixaParaVenda(tx, input.caixaId, usuarioId),
  );
  return { unidade, clientePet, catalogo, formas, caixa };
};
