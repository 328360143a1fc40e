/**
 * Reads payables (*despesas*, DOMAIN.md §7) of the scope's unit (row-level security keeps
 * other units and tenants out) as `despesaSchema`: the paged list of GET
 * /api/financeiro/despesas with its filtered totals, one payable with its settlements and
 * attachments, and every filtered row for the export. Money in reais.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Anexo, Baixa, Despesa, ListDespesasQuery } from '@petshop/shared/financeiro';
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
import { arquivoUrl } from '../../lib/arquivos.ts';
import { camposTitulo, titulosReader, tituloComum, type TituloRow } from './titulos-repository.ts';

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

const toDespesa = (r: Row, hoje: string, baixas: Baixa[], anexos: Anexo[] = []): Despesa => ({
  ...tituloComum(r, hoje, baixas),
  fornecedor: r.fornecedor ? { id: r.fornecedor.id, nome: r.fornecedor.nomeFantasia || r.fornecedor.razaoSocial } : null,
  compra: r.compraId ? { id: r.compraId, numero: r.compraNumero ?? 0 } : null,
  recorrenciaId: r.recorrenciaId,
  origem: r.compraId ? 'compra' : r.recorrenciaId ? 'recorrencia' : 'manual',
  anexos,
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

/**
 * The reads of payables (`titulosReader`): `listDespesas` (GET /api/financeiro/despesas: the
 * page with attachments, without settlements, and the totals of every filtered row: shared
 * filters + supplier, recurrence, `query` on description, document and supplier),
 * `listDespesasParaExportar` (every filtered row, at most `limite`), `findDespesa` (one payable with
 * its settlements, newest first, and attachments; null outside the unit) and `getDespesa`
 * (404 'Despesa não encontrada').
 */
export const {
  list: listDespesas,
  listForExport: listDespesasParaExportar,
  find: findDespesa,
  get: getDespesa,
} = titulosReader<ListDespesasQuery, Row, Despesa, Anexo[]>({
  tipo: 'despesa',
  tabela: despesas,
  consulta: (tx) => select(tx).$dynamic(),
  filtros: (query) => [
    ...(query.fornecedorId ? [eq(despesas.fornecedorId, query.fornecedorId)] : []),
    ...(query.recorrenciaId ? [eq(despesas.recorrenciaId, query.recorrenciaId)] : []),
  ],
  busca: { coluna: despesas.fornecedorId, tabela: 'fornecedores' },
  paraTitulo: toDespesa,
  carregarExtras: anexosDe,
});
