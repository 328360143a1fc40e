/**
 * Reads payables (*despesas*, DOMAIN.md §7) of the scope's unit (row-level security keeps
 * other units and tenants out) as `despesaSchema`: the paged list of GET
 * /api/financeiro/despesas with its filtered totals, one payable with its settlements and
 * attachments, and every filtered row for the export. Money in reais.
 */
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Anexo, Despesa, ListDespesasQuery, TotaisTitulos } from '@petshop/shared/financeiro';
import type { Db } from '../../db/client.ts';
import {
  categoriasFinanceiras,
  compras,
  contas,
  despesaAnexos,
  despesas,
  formasPagamento,
  fornecedores,
} from '../../db/schema/index.ts';
import { contemTexto } from '../../db/search.ts';
import { notFound } from '../../lib/errors.ts';
import { arquivoUrl } from '../../lib/arquivos.ts';
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
      ...camposTitulo(despesas),
      compraId: despesas.compraId,
      recorrenciaId: despesas.recorrenciaId,
      fornecedor: { id: fornecedores.id, razaoSocial: fornecedores.razaoSocial, nomeFantasia: fornecedores.nomeFantasia },
      compraNumero: compras.numero,
    })
    .from(despesas)
    .leftJoin(categoriasFinanceiras, eq(categoriasFinanceiras.id, despesas.categoriaFinanceiraId))
    .leftJoin(formasPagamento, eq(formasPagamento.id, despesas.formaPagamentoId))
    .leftJoin(contas, eq(contas.id, despesas.contaId))
    .leftJoin(fornecedores, eq(fornecedores.id, despesas.fornecedorId))
    .leftJoin(compras, eq(compras.id, despesas.compraId));

type Row = TituloRow & {
  compraId: string | null;
  recorrenciaId: string | null;
  fornecedor: { id: string; razaoSocial: string; nomeFantasia: string | null } | null;
  compraNumero: number | null;
};

const toDespesa = (r: Row, hoje: string, extra: Partial<Pick<Despesa, 'baixas' | 'anexos'>> = {}): Despesa => ({
  ...tituloComum(r, hoje, extra.baixas),
  fornecedor: r.fornecedor ? { id: r.fornecedor.id, nome: r.fornecedor.nomeFantasia || r.fornecedor.razaoSocial } : null,
  compra: r.compraId ? { id: r.compraId, numero: r.compraNumero ?? 0 } : null,
  recorrenciaId: r.recorrenciaId,
  origem: r.compraId ? 'compra' : r.recorrenciaId ? 'recorrencia' : 'manual',
  anexos: extra.anexos ?? [],
});

/** The attachments of payables `ids`, by payable, oldest first. */
const anexosDe = async (tx: Db, ids: readonly string[]): Promise<Map<string, Anexo[]>> => {
  const mapa = new Map<string, Anexo[]>();
  if (ids.length === 0) return mapa;
  const rows = await tx
    .select({
      id: despesaAnexos.id,
      despesaId: despesaAnexos.despesaId,
      arquivoId: despesaAnexos.arquivoId,
      nome: despesaAnexos.nome,
      tamanho: despesaAnexos.tamanho,
    })
    .from(despesaAnexos)
    .where(inArray(despesaAnexos.despesaId, [...ids]))
    .orderBy(asc(despesaAnexos.createdAt), asc(despesaAnexos.id));
  for (const r of rows) {
    const lista = mapa.get(r.despesaId) ?? [];
    lista.push({ id: r.id, nome: r.nome, tamanho: r.tamanho, url: arquivoUrl(r.arquivoId)! });
    mapa.set(r.despesaId, lista);
  }
  return mapa;
};

/** The where of the list: shared filters + supplier, recurrence and the text search. */
const whereDespesas = (query: ListDespesasQuery, hoje: string): SQL | undefined => {
  const filtros = filtrosTitulos(despesas, query, hoje);
  if (query.fornecedorId) filtros.push(eq(despesas.fornecedorId, query.fornecedorId));
  if (query.recorrenciaId) filtros.push(eq(despesas.recorrenciaId, query.recorrenciaId));
  if (query.query)
    filtros.push(
      or(
        contemTexto(despesas.descricao, query.query),
        contemTexto(despesas.documento, query.query),
        refContem(despesas.fornecedorId, 'fornecedores', query.query),
      )!,
    );
  return and(...filtros);
};

const ordem = [asc(despesas.dataVencimento), asc(despesas.descricao), asc(despesas.parcela), asc(despesas.id)];

/**
 * GET /api/financeiro/despesas: the page (with attachments, without settlements) and the
 * totals of every filtered row. Ordered by due date, then description and installment.
 */
export const listDespesas = async (
  tx: Db,
  query: ListDespesasQuery,
): Promise<{ items: Despesa[]; total: number; page: number; pageSize: number; totais: TotaisTitulos }> => {
  const { hoje } = await unidadeAtual(tx);
  const where = whereDespesas(query, hoje);
  const { limit, offset } = pageWindow(query);
  const rows = await select(tx)
    .where(where)
    .orderBy(...ordem)
    .limit(limit)
    .offset(offset);
  const totais = await totaisTitulos(tx, despesas, where, hoje);
  const anexos = await anexosDe(
    tx,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toDespesa(r, hoje, { anexos: anexos.get(r.id) ?? [] })),
    total: totais.quantidade,
    page: query.page,
    pageSize: query.pageSize,
    totais,
  };
};

/** Every filtered payable (no paging, at most `limite`), for the export. */
export const despesasParaExportar = async (tx: Db, query: ListDespesasQuery, limite: number): Promise<Despesa[]> => {
  const { hoje } = await unidadeAtual(tx);
  const rows = await select(tx)
    .where(whereDespesas(query, hoje))
    .orderBy(...ordem)
    .limit(limite);
  return rows.map((r) => toDespesa(r, hoje));
};

/** One payable with its settlements (newest first) and attachments, or null outside the unit. */
export const findDespesa = async (tx: Db, id: string): Promise<Despesa | null> => {
  const [row] = await select(tx).where(eq(despesas.id, id));
  if (!row) return null;
  const { hoje } = await unidadeAtual(tx);
  const anexos = await anexosDe(tx, [id]);
  return toDespesa(row, hoje, { baixas: await baixasDoTitulo(tx, 'despesa', id), anexos: anexos.get(id) ?? [] });
};

/** As `findDespesa`, 404 'Despesa não encontrada' when absent. */
export const obterDespesa = async (tx: Db, id: string): Promise<Despesa> => {
  const despesa = await findDespesa(tx, id);
  if (!despesa) throw notFound(tituloNaoEncontrado('despesa'));
  return despesa;
};
