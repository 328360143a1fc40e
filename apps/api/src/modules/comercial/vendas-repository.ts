/**
 * The sales list and its totals (spec §5 "Sales list", §7 GET /api/comercial/vendas and
 * /vendas/resumo-venda; issue #4 item 5), and the open sales of a customer (issue #4 item 8).
 *
 * Only sales (tipo Venda) that left the till (em_atendimento false) are listed. The period is
 * on coalesce(data_finalizacao, created_at) — when the sale was finalised, or created while it
 * is open or was cancelled before finalising — between dataInicio 00:00 and dataFim 24:00 on
 * the unit's wall clock (DOMAIN.md §2: "today" is the unit's today). Row-level security keeps
 * every query inside the selected unit. Money in reais.
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@petshop/shared/http';
import { STATUS_VENDA, type ListVendasQuery, type ResumoVenda, type StatusVenda, type VendaResumo } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { formasPagamento, pessoas, vendaFinanceiros, vendas } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/errors.ts';
import { unidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { listVendasResumo, vendaNumeroOuCliente } from './venda-repository.ts';

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
  const unidade = await unidadeAtual(tx);
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

const somaSe = (coluna: SQL | typeof vendas.valorLiquido, condicao: SQL) =>
  sql<string>`coalesce(sum(${coluna}) filter (where ${condicao}), 0)`;

/**
 * GET /vendas/resumo-venda: totals of the list's filters. Cancelled sales are left out of the
 * count and money (`quantidade`, valorBruto … valorEmAberto, porFormaPagamento) but counted in
 * `porStatus` (always the three statuses, in STATUS_VENDA order). ticketMedio = Σ valorLiquido
 * of the finalised sales ÷ their count (0 when none), rounded to the cent. porFormaPagamento:
 * Σ of the payments (cash net of change) of the non-cancelled sales per method, largest first.
 */
export const resumoVendas = async (tx: Db, query: ListVendasQuery): Promise<ResumoVenda> => {
  const where = whereVendas(await filtroVendas(tx, query));
  const ativa = sql`${vendas.status} <> 'Cancelada'`;
  const finalizada = sql`${vendas.status} = 'Finalizada'`;
  const [t] = await tx
    .select({
      quantidade: sql<string>`count(*) filter (where ${ativa})`,
      valorBruto: somaSe(vendas.valorBruto, ativa),
      valorDescontos: somaSe(vendas.valorDescontos, ativa),
      valorLiquido: somaSe(vendas.valorLiquido, ativa),
      valorPago: somaSe(vendas.valorPago, ativa),
      valorEmAberto: somaSe(vendas.valorEmAberto, ativa),
      finalizadas: sql<string>`count(*) filter (where ${finalizada})`,
      liquidoFinalizadas: somaSe(vendas.valorLiquido, finalizada),
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
export const vendasEmAbertoDoCliente = async (tx: Db, clienteId: string): Promise<VendaResumo[]> => {
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
