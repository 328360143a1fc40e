/**
 * Reads receivables (*receitas*, DOMAIN.md §7; spec §7 GET /api/financeiro/receitas) of the
 * scope's unit (row-level security keeps other units and tenants out) as `receitaSchema`:
 * sales' card, PIX, boleto and *a prazo* installments and manual ones. The paged list with
 * its filtered totals, one receivable with its settlements, and every filtered row for the
 * export. Money in reais; `valorTaxa` is the method's fee, `valorLiquido` = valor − valorTaxa.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { fromCents, toCents } from '@petshop/shared/format';
import type { ListReceitasQuery, Receita } from '@petshop/shared/financeiro';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { categoriasFinanceiras, contas, formasPagamento, pessoas, receitas, vendas } from '../../db/schema/index.ts';
import { camposTitulo, titulosReader, tituloComum, type TituloRow } from './titulos-repository.ts';

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

const toReceita = (r: Row, hoje: string, baixas: Receita['baixas']): Receita => {
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

/**
 * The reads of receivables (`titulosReader`): `listReceitas` (GET /api/financeiro/receitas: the
 * page without settlements and the totals of every filtered row: shared filters + customer,
 * method kinds, `query` on description, document and customer), `listReceitasParaExportar` (every
 * filtered row, at most `limite`), `findReceita` (one receivable with its settlements, newest
 * first; null outside the unit) and `getReceita` (404 'Receita não encontrada').
 */
export const {
  list: listReceitas,
  listForExport: listReceitasParaExportar,
  find: findReceita,
  get: getReceita,
} = titulosReader<ListReceitasQuery, Row, Receita>({
  tipo: 'receita',
  tabela: receitas,
  consulta: (tx) => select(tx).$dynamic(),
  filtros: (query) => [
    ...(query.pessoaId ? [eq(receitas.pessoaId, query.pessoaId)] : []),
    ...(query.tipoForma.length > 0
      ? [
          sql`${receitas.formaPagamentoId} in (select fp.id from formas_pagamento fp where ${inArray(sql`fp.tipo`, query.tipoForma)})`,
        ]
      : []),
  ],
  busca: { coluna: receitas.pessoaId, tabela: 'pessoas' },
  paraTitulo: toReceita,
});
