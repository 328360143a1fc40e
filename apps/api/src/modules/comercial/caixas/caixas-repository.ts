/**
 * Reads of cash registers and their movements (DOMAIN.md §6 "Caixa"; spec §7 "Cash
 * registers"), shaped as the contracts of @petshop/shared/caixa. Everything runs inside the
 * request's scoped transaction, so row-level security keeps other tenants and other units out.
 *
 * Dates: a register's "opening date" and a movement's "date" are the wall-clock day in the
 * unit's time zone; a day filter becomes a timestamp range so the (unit, created_at) indexes
 * serve it.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  NOME_DINHEIRO,
  TIPOS_FORMA_SEM_CONFERENCIA,
  type Caixa,
  type CaixaResumo,
  type ConferenciaCaixa,
  type ListCaixasQuery,
  type ListMovimentacoesCaixaQuery,
  type MovimentacaoCaixa,
  type MovimentacoesCaixaPage,
  type StatusCaixa,
  type TipoMovimentacaoCaixa,
  type TotalFormaCaixa,
} from '@petshop/shared/caixa';
import { fromCents, toCents } from '@petshop/shared/format';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import {
  caixas,
  categoriasFinanceiras,
  contas,
  devolucoes,
  formasPagamento,
  movimentacoesCaixa,
  pessoas,
  usuarios,
  vendas,
} from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { CAIXA_NAO_ENCONTRADO } from './caixa-ledger.ts';
import { getUnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';
import { num } from '../../../db/rows.ts';

const numOrNull = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** `column` (timestamptz) within the days dataInicio..dataFim of time zone `tz` (either bound optional). */
export const inPeriod = (column: AnyPgColumn, tz: string, dataInicio?: string, dataFim?: string): SQL[] => {
  const filters: SQL[] = [];
  if (dataInicio) filters.push(sql`${column} >= ((${dataInicio}::date)::timestamp at time zone ${tz})`);
  if (dataFim) filters.push(sql`${column} < ((${dataFim}::date + 1)::timestamp at time zone ${tz})`);
  return filters;
};

/** 400 when the period ends before it starts. */
const validatePeriod = (dataInicio?: string, dataFim?: string) => {
  if (dataInicio && dataFim && dataFim < dataInicio)
    throw badRequest({ dataFim: ['Data final deve ser igual ou posterior à data inicial'] });
};

// ---------------------------------------------------------------------------------------------
// Movements
// ---------------------------------------------------------------------------------------------

const operador = alias(usuarios, 'operador');

const movimentacaoColumns = {
  id: movimentacoesCaixa.id,
  caixaId: movimentacoesCaixa.caixaId,
  caixaNumero: caixas.numero,
  caixaStatus: caixas.status,
  tipo: movimentacoesCaixa.tipo,
  valor: movimentacoesCaixa.valor,
  descricao: movimentacoesCaixa.descricao,
  formaId: formasPagamento.id,
  formaNome: formasPagamento.nome,
  formaTipo: formasPagamento.tipo,
  usuarioId: operador.id,
  usuarioNome: operador.nome,
  vendaId: vendas.id,
  vendaNumero: vendas.numero,
  devolucaoId: devolucoes.id,
  devolucaoNumero: devolucoes.numero,
  contaId: contas.id,
  contaNome: contas.nome,
  categoriaId: categoriasFinanceiras.id,
  categoriaNome: categoriasFinanceiras.nome,
  pessoaId: pessoas.id,
  pessoaNome: pessoas.nome,
  createdAt: movimentacoesCaixa.createdAt,
};

type MovimentacaoRow = {
  id: string;
  caixaId: string;
  caixaNumero: number;
  caixaStatus: string;
  tipo: string;
  valor: string;
  descricao: string;
  formaId: string | null;
  formaNome: string | null;
  formaTipo: string | null;
  usuarioId: string | null;
  usuarioNome: string | null;
  vendaId: string | null;
  vendaNumero: number | null;
  devolucaoId: string | null;
  devolucaoNumero: number | null;
  contaId: string | null;
  contaNome: string | null;
  categoriaId: string | null;
  categoriaNome: string | null;
  pessoaId: string | null;
  pessoaNome: string | null;
  createdAt: Date;
};

const toMovimentacao = (r: MovimentacaoRow): MovimentacaoCaixa => ({
  id: r.id,
  caixaId: r.caixaId,
  caixaNumero: r.caixaNumero,
  caixaStatus: r.caixaStatus as StatusCaixa,
  tipo: r.tipo as TipoMovimentacaoCaixa,
  valor: num(r.valor),
  descricao: r.descricao,
  formaPagamento:
    r.formaId && r.formaNome && r.formaTipo
      ? { id: r.formaId, nome: r.formaNome, tipo: r.formaTipo as TipoFormaPagamento }
      : null,
  usuario: r.usuarioId && r.usuarioNome ? { id: r.usuarioId, nome: r.usuarioNome } : null,
  venda: r.vendaId && r.vendaNumero !== null ? { id: r.vendaId, numero: r.vendaNumero } : null,
  devolucao: r.devolucaoId && r.devolucaoNumero !== null ? { id: r.devolucaoId, numero: r.devolucaoNumero } : null,
  conta: r.contaId && r.contaNome ? { id: r.contaId, nome: r.contaNome } : null,
  categoriaFinanceira: r.categoriaId && r.categoriaNome ? { id: r.categoriaId, nome: r.categoriaNome } : null,
  pessoa: r.pessoaId && r.pessoaNome ? { id: r.pessoaId, nome: r.pessoaNome } : null,
  createdAt: r.createdAt.toISOString(),
});

/** The movement query with every name it shows joined in. */
const selectMovimentacoes = (tx: Db) =>
  tx
    .select(movimentacaoColumns)
    .from(movimentacoesCaixa)
    .innerJoin(caixas, eq(caixas.id, movimentacoesCaixa.caixaId))
    .leftJoin(formasPagamento, eq(formasPagamento.id, movimentacoesCaixa.formaPagamentoId))
    .leftJoin(operador, eq(operador.id, movimentacoesCaixa.usuarioId))
    .leftJoin(vendas, eq(vendas.id, movimentacoesCaixa.vendaId))
    .leftJoin(devolucoes, eq(devolucoes.id, movimentacoesCaixa.devolucaoId))
    .leftJoin(contas, eq(contas.id, movimentacoesCaixa.contaId))
    .leftJoin(categoriasFinanceiras, eq(categoriasFinanceiras.id, movimentacoesCaixa.categoriaFinanceiraId))
    .leftJoin(pessoas, eq(pessoas.id, movimentacoesCaixa.pessoaId));

/** One movement of the unit, or null. */
export const findMovimentacaoCaixa = async (tx: Db, id: string): Promise<MovimentacaoCaixa | null> => {
  const [row] = await selectMovimentacoes(tx).where(eq(movimentacoesCaixa.id, id));
  return row ? toMovimentacao(row) : null;
};

/** Like `findMovimentacaoCaixa`, 404 'Movimentação de caixa não encontrada' when absent. */
export const getMovimentacaoCaixa = async (tx: Db, id: string): Promise<MovimentacaoCaixa> => {
  const movimento = await findMovimentacaoCaixa(tx, id);
  if (!movimento) throw notFound('Movimentação de caixa não encontrada');
  return movimento;
};

/**
 * GET /movimentacoes-caixa: movements of the unit in dataInicio..dataFim (default: the
 * unit's today, spec §5), optionally of one register and one kind; newest first; with the
 * totals of the same filters (entradas, saidas ≥ 0; saldo = entradas − saidas).
 */
export const listMovimentacoesCaixa = async (tx: Db, query: ListMovimentacoesCaixaQuery): Promise<MovimentacoesCaixaPage> => {
  const unidade = await getUnidadeAtual(tx);
  const dataInicio = query.dataInicio ?? unidade.hoje;
  const dataFim = query.dataFim ?? unidade.hoje;
  validatePeriod(dataInicio, dataFim);
  const filters: (SQL | undefined)[] = inPeriod(movimentacoesCaixa.createdAt, unidade.timeZone, dataInicio, dataFim);
  if (query.caixaId) filters.push(eq(movimentacoesCaixa.caixaId, query.caixaId));
  if (query.tipo) filters.push(eq(movimentacoesCaixa.tipo, query.tipo));
  const where = and(...filters);
  const rows = await selectMovimentacoes(tx)
    .where(where)
    .orderBy(desc(movimentacoesCaixa.createdAt), desc(movimentacoesCaixa.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totais] = await tx
    .select({
      total: count(),
      entradas: sql<string>`coalesce(sum(${movimentacoesCaixa.valor}) filter (where ${movimentacoesCaixa.valor} > 0), 0)`,
      saidas: sql<string>`coalesce(-sum(${movimentacoesCaixa.valor}) filter (where ${movimentacoesCaixa.valor} < 0), 0)`,
    })
    .from(movimentacoesCaixa)
    .where(where);
  const entradas = toCents(num(totais?.entradas));
  const saidas = toCents(num(totais?.saidas));
  return {
    items: rows.map(toMovimentacao),
    total: totais?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    dataInicio,
    dataFim,
    resumo: { entradas: fromCents(entradas), saidas: fromCents(saidas), saldo: fromCents(entradas - saidas) },
  };
};

// ---------------------------------------------------------------------------------------------
// Registers
// ---------------------------------------------------------------------------------------------

const fechador = alias(usuarios, 'fechador');

const caixaColumns = {
  id: caixas.id,
  numero: caixas.numero,
  status: caixas.status,
  usuarioId: operador.id,
  usuarioNome: operador.nome,
  dataAbertura: caixas.dataAbertura,
  dataFechamento: caixas.dataFechamento,
  fechadoPorId: fechador.id,
  fechadoPorNome: fechador.nome,
  valorAbertura: caixas.valorAbertura,
  valorEsperado: caixas.valorEsperado,
  valorContado: caixas.valorContado,
  diferenca: caixas.diferenca,
  observacoes: caixas.observacoes,
  conferencia: caixas.conferencia,
  entradas: sql<string>`coalesce((select sum(m.valor) from movimentacoes_caixa m where m.caixa_id = caixas.id and m.valor > 0), 0)`,
  saidas: sql<string>`coalesce((select -sum(m.valor) from movimentacoes_caixa m where m.caixa_id = caixas.id and m.valor < 0), 0)`,
  saldoDinheiro: sql<string>`coalesce((select sum(m.valor) from movimentacoes_caixa m left join formas_pagamento f on f.id = m.forma_pagamento_id where m.caixa_id = caixas.id and (m.forma_pagamento_id is null or f.tipo = 'dinheiro')), 0)`,
};

type CaixaRow = {
  id: string;
  numero: number;
  status: string;
  usuarioId: string;
  usuarioNome: string;
  dataAbertura: Date;
  dataFechamento: Date | null;
  fechadoPorId: string | null;
  fechadoPorNome: string | null;
  valorAbertura: string;
  valorEsperado: string | null;
  valorContado: string | null;
  diferenca: string | null;
  observacoes: string | null;
  conferencia: ConferenciaCaixa[] | null;
  entradas: string;
  saidas: string;
  saldoDinheiro: string;
};

const toCaixaResumo = (r: CaixaRow): CaixaResumo => ({
  id: r.id,
  numero: r.numero,
  status: r.status as StatusCaixa,
  usuario: { id: r.usuarioId, nome: r.usuarioNome },
  dataAbertura: r.dataAbertura.toISOString(),
  dataFechamento: r.dataFechamento?.toISOString() ?? null,
  fechadoPor: r.fechadoPorId && r.fechadoPorNome ? { id: r.fechadoPorId, nome: r.fechadoPorNome } : null,
  valorAbertura: num(r.valorAbertura),
  entradas: num(r.entradas),
  saidas: num(r.saidas),
  saldoDinheiro: num(r.saldoDinheiro),
  valorEsperado: numOrNull(r.valorEsperado),
  valorContado: numOrNull(r.valorContado),
  diferenca: numOrNull(r.diferenca),
  fechamentoCego: false,
});

const selectCaixas = (tx: Db) =>
  tx
    .select(caixaColumns)
    .from(caixas)
    .innerJoin(operador, eq(operador.id, caixas.usuarioId))
    .leftJoin(fechador, eq(fechador.id, caixas.fechadoPorId));

/**
 * GET /caixas: registers of the unit, newest first, with totals (entradas/saidas over every
 * method, ≥ 0; saldoDinheiro = cash in the drawer now, or at closing). Filters: status,
 * opening day in dataInicio..dataFim (unit's time zone), operator.
 */
export const listCaixas = async (tx: Db, query: ListCaixasQuery): Promise<Page<CaixaResumo>> => {
  validatePeriod(query.dataInicio, query.dataFim);
  const filters: (SQL | undefined)[] = [];
  if (query.dataInicio || query.dataFim) {
    const unidade = await getUnidadeAtual(tx);
    filters.push(...inPeriod(caixas.dataAbertura, unidade.timeZone, query.dataInicio, query.dataFim));
  }
  if (query.status) filters.push(eq(caixas.status, query.status));
  if (query.usuarioId) filters.push(eq(caixas.usuarioId, query.usuarioId));
  const where = and(...filters);
  const rows = await selectCaixas(tx)
    .where(where)
    .orderBy(desc(caixas.dataAbertura), desc(caixas.numero))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx.select({ value: count() }).from(caixas).where(where);
  return { items: rows.map(toCaixaResumo), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
};

type LinhaForma = { formaPagamentoId: string | null; nome: string; tipo: string; entradas: number; saidas: number };

/**
 * Σ of the register's movements per payment method, in cents: one line for cash (movements
 * without a method or with a method of kind dinheiro), one per other method; cash first,
 * then by name.
 */
export const listSomasPorForma = async (tx: Db, caixaId: string): Promise<LinhaForma[]> => {
  const rows = await queryRows<{
    forma_id: string | null;
    nome: string | null;
    tipo: string | null;
    entradas: string;
    saidas: string;
  }>(
    tx,
    sql`select m.forma_pagamento_id as forma_id, f.nome, f.tipo,
               coalesce(sum(m.valor) filter (where m.valor > 0), 0) as entradas,
               coalesce(-sum(m.valor) filter (where m.valor < 0), 0) as saidas
          from movimentacoes_caixa m
          left join formas_pagamento f on f.id = m.forma_pagamento_id
         where m.caixa_id = ${caixaId}
         group by m.forma_pagamento_id, f.nome, f.tipo`,
  );
  const dinheiro: LinhaForma = { formaPagamentoId: null, nome: NOME_DINHEIRO, tipo: 'dinheiro', entradas: 0, saidas: 0 };
  const outras: LinhaForma[] = [];
  for (const r of rows) {
    const entradas = toCents(num(r.entradas));
    const saidas = toCents(num(r.saidas));
    if (r.forma_id === null || r.tipo === 'dinheiro') {
      dinheiro.entradas += entradas;
      dinheiro.saidas += saidas;
    } else {
      outras.push({ formaPagamentoId: r.forma_id, nome: r.nome ?? '', tipo: r.tipo ?? '', entradas, saidas });
    }
  }
  outras.sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  return [dinheiro, ...outras];
};

/** Whether a method of kind `tipo` is counted at closing. */
export const formaConferida = (tipo: string): boolean => !(TIPOS_FORMA_SEM_CONFERENCIA as readonly string[]).includes(tipo);

/** The per-method totals, with the closing's count when the register is closed. */
const totaisPorForma = (linhas: LinhaForma[], conferencia: ConferenciaCaixa[] | null): TotalFormaCaixa[] => {
  const totais: TotalFormaCaixa[] = linhas.map((l) => {
    const conferida = conferencia?.find((c) => c.formaPagamentoId === l.formaPagamentoId);
    return {
      formaPagamentoId: l.formaPagamentoId,
      nome: l.nome,
      tipo: l.tipo,
      conferir: formaConferida(l.tipo),
      entradas: fromCents(l.entradas),
      saidas: fromCents(l.saidas),
      esperado: fromCents(l.entradas - l.saidas),
      contado: conferida ? conferida.contado : null,
      diferenca: conferida ? conferida.diferenca : null,
    };
  });
  // A method counted at closing without movements (money nobody expected) shows too.
  for (const c of conferencia ?? []) {
    if (!totais.some((t) => t.formaPagamentoId === c.formaPagamentoId))
      totais.push({
        formaPagamentoId: c.formaPagamentoId,
        nome: c.nome,
        tipo: c.tipo,
        conferir: formaConferida(c.tipo),
        entradas: 0,
        saidas: 0,
        esperado: c.esperado,
        contado: c.contado,
        diferenca: c.diferenca,
      });
  }
  return totais;
};

/** GET /caixas/{id}: the register in full (movements oldest first), or null outside the unit. */
export const findCaixa = async (tx: Db, id: string): Promise<Caixa | null> => {
  const [row] = await selectCaixas(tx).where(eq(caixas.id, id));
  if (!row) return null;
  const linhas = await listSomasPorForma(tx, id);
  const movimentacoes = await selectMovimentacoes(tx)
    .where(eq(movimentacoesCaixa.caixaId, id))
    .orderBy(asc(movimentacoesCaixa.createdAt), asc(movimentacoesCaixa.id));
  return {
    ...toCaixaResumo(row),
    observacoes: row.observacoes,
    totaisPorForma: totaisPorForma(linhas, row.conferencia),
    conferencia: row.conferencia,
    movimentacoes: movimentacoes.map(toMovimentacao),
  };
};

/** Like `findCaixa`, 404 'Caixa não encontrado' when absent. */
export const getCaixa = async (tx: Db, id: string): Promise<Caixa> => {
  const caixa = await findCaixa(tx, id);
  if (!caixa) throw notFound(CAIXA_NAO_ENCONTRADO);
  return caixa;
};

/** The payment methods of `ids` in the tenant (id → nome, tipo, ativo). */
export const listFormasPorId = async (tx: Db, ids: string[]) => {
  if (ids.length === 0) return new Map<string, { nome: string; tipo: string; ativo: boolean }>();
  const rows = await tx
    .select({ id: formasPagamento.id, nome: formasPagamento.nome, tipo: formasPagamento.tipo, ativo: formasPagamento.ativo })
    .from(formasPagamento)
    .where(inArray(formasPagamento.id, ids));
  return new Map(rows.map((r) => [r.id, { nome: r.nome, tipo: r.tipo, ativo: r.ativo }]));
};
