/**
 * Reads receivables (*receitas*, DOMAIN.md §7; spec §7 GET /api/financeiro/receitas) of the
 * scope's unit (row-level security keeps other units and tenants out) as `receitaSchema`:
 * sales' card, PIX, boleto and *a prazo* installments and manual ones. The paged list with
 * its filtered totals, one receivable with its settlements, and every filtered row for the
 * export. Money in reais; `valorTaxa` is the method's fee, `valorLiquido` = valor − valorTaxa.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { fromCents, toCents } from '@petshop/shared/format';
import type { ListReceitasQuery, Receita, TotaisTitulos } from '@petshop/shared/financeiro';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { categoriasFinanceiras, contas, formasPagamento, pessoas, receitas, vendas } from '../../db/schema/index.ts';
import { contemTexto } from '../../db/search.ts';
import { notFound } from '../../lib/errors.ts';
import { unidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { pageWindow } from '../inventario/shared.ts';
import { tituloNaoEncontrado } from './baixar-titulo.ts';
import {
  baixasDoTitulo,
  camposTitulo,
  filtrosTitulos,
  refContem,
  totaisTitulos,
  tituloComum,
  type TituloRow,
} from './titulos-repository.ts';

const select = (tx: Db) =>
  tx
    .select({
      ...camposTitulo(receitas),
      valorTaxa: receitas.valorTaxa,
      vendaId: receitas.vendaId,
      vendaNumero: vendas.numero,
      pessoa: { id: pessoas.id, nome: pessoas.nome },
    })
    .from(receitas)
    .leftJoin(categoriasFinanceiras, eq(categoriasFinanceiras.id, receitas.categoriaFinanceiraId))
    .leftJoin(formasPagamento, eq(formasPagamento.id, receitas.formaPagamentoId))
    .leftJoin(contas, eq(contas.id, receitas.contaId))
    .leftJoin(pessoas, eq(pessoas.id, receitas.pessoaId))
    .leftJoin(vendas, eq(vendas.id, receitas.vendaId));

type Row = TituloRow & {
  valorTaxa: string;
  vendaId: string | null;
  vendaNumero: number | null;
  pessoa: { id: string; nome: string } | null;
};

const toReceita = (r: Row, hoje: string, baixas: Receita['baixas'] = []): Receita => {
  const valorTaxa = num(r.valorTaxa);
  return {
    ...tituloComum(r, hoje, baixas),
    pessoa: r.pessoa,
    venda: r.vendaId ? { id: r.vendaId, numero: r.vendaNumero ?? 0 } : null,
    origem: r.vendaId ? 'venda' : 'manual',
    valorTaxa,
    valorLiquido: fromCents(toCents(num(r.valor)) - toCents(valorTaxa)),
  };
};

/** The where of the list: shared filters + customer, method kinds and the text search. */
const whereReceitas = (query: ListReceitasQuery, hoje: string): SQL | undefined => {
  const filtros = filtrosTitulos(receitas, query, hoje);
  if (query.pessoaId) filtros.push(eq(receitas.pessoaId, query.pessoaId));
  if (query.tipoForma.length > 0)
    filtros.push(
      sql`${receitas.formaPagamentoId} in (select fp.id from formas_pagamento fp where ${inArray(sql`fp.tipo`, query.tipoForma)})`,
    );
  if (query.query)
    filtros.push(
      or(
        contemTexto(receitas.descricao, query.query),
        contemTexto(receitas.documento, query.query),
        refContem(receitas.pessoaId, 'pessoas', query.query),
      )!,
    );
  return and(...filtros);
};

const ordem = [asc(receitas.dataVencimento), asc(receitas.descricao), asc(receitas.parcela), asc(receitas.id)];

/**
 * GET /api/financeiro/receitas: the page (without settlements) and the totals of every
 * filtered row. Ordered by due (settlement) date, then description and installment.
 */
export const listReceitas = async (
  tx: Db,
  query: ListReceitasQuery,
): Promise<{ items: Receita[]; total: number; page: number; pageSize: number; totais: TotaisTitulos }> => {
  const { hoje } = await unidadeAtual(tx);
  const where = whereReceitas(query, hoje);
  const { limit, offset } = pageWindow(query);
  const rows = await select(tx)
    .where(where)
    .orderBy(...ordem)
    .limit(limit)
    .offset(offset);
  const totais = await totaisTitulos(tx, receitas, where, hoje);
  return {
    items: rows.map((r) => toReceita(r, hoje)),
    total: totais.quantidade,
    page: query.page,
    pageSize: query.pageSize,
    totais,
  };
};

/** Every filtered receivable (no paging, at most `limite`), for the export. */
export const receitasParaExportar = async (tx: Db, query: ListReceitasQuery, limite: number): Promise<Receita[]> => {
  const { hoje } = await unidadeAtual(tx);
  const rows = await select(tx)
    .where(whereReceitas(query, hoje))
    .orderBy(...ordem)
    .limit(limite);
  return rows.map((r) => toReceita(r, hoje));
};

/** One receivable with its settlements (newest first), or null outside the unit. */
export const findReceita = async (tx: Db, id: string): Promise<Receita | null> => {
  const [row] = await select(tx).where(eq(receitas.id, id));
  if (!row) return null;
  const { hoje } = await unidadeAtual(tx);
  return toReceita(row, hoje, await baixasDoTitulo(tx, 'receita', id));
};

/** As `findReceita`, 404 'Receita não encontrada' when absent. */
export const obterReceita = async (tx: Db, id: string): Promise<Receita> => {
  const receita = await findReceita(tx, id);
  if (!receita) throw notFound(tituloNaoEncontrado('receita'));
  return receita;
};
