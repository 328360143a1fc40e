/**
 * Reading the unit's recurring payables (*recorrências*, DOMAIN.md §7; spec §7; issue #6
 * item 3) in the `recorrenciaSchema` shape: each with its references' names, the payables it
 * generated that are not cancelled (`geradas`) and the next due date (`proximoVencimento`:
 * its earliest open payable due today or later; else, while Ativa, the next occurrence still
 * to be generated; else null). Row-level security keeps other units and tenants out.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  datasOcorrencias,
  FREQUENCIA_RECORRENCIA_LABEL,
  TERMINO_RECORRENCIA_LABEL,
  type FormatoExportacao,
  type FrequenciaRecorrencia,
  type ListRecorrenciasQuery,
  type Recorrencia,
  type StatusRecorrencia,
  type TerminoRecorrencia,
} from '@petshop/shared/financeiro';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { containsText } from '../../db/search.ts';
import { writeSpreadsheet, MAX_EXPORT_ROWS, type Spreadsheet } from '../../lib/spreadsheet-export.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';

type Row = {
  id: string;
  descricao: string;
  fornecedor_id: string | null;
  fornecedor_nome: string | null;
  categoria_id: string | null;
  categoria_nome: string | null;
  forma_id: string | null;
  forma_nome: string | null;
  conta_id: string | null;
  conta_nome: string | null;
  valor: string;
  frequencia: string;
  intervalo: number;
  data_inicio: string;
  termino: string;
  data_fim: string | null;
  total_ocorrencias: number | null;
  status: string;
  observacoes: string | null;
  proxima_ocorrencia: number;
  geradas: number | string;
  proximo_aberto: string | null;
};

const ref = (id: string | null, nome: string | null) => (id ? { id, nome: nome ?? '' } : null);

const toRecorrencia = (r: Row): Recorrencia => {
  const agenda = {
    dataInicio: r.data_inicio,
    frequencia: r.frequencia as FrequenciaRecorrencia,
    intervalo: r.intervalo,
    termino: r.termino as TerminoRecorrencia,
    dataFim: r.data_fim,
    totalOcorrencias: r.total_ocorrencias,
  };
  const aGerar = r.status === 'Ativa' ? datasOcorrencias(agenda, r.proxima_ocorrencia, '9999-12-31', 1)[0] : undefined;
  return {
    id: r.id,
    descricao: r.descricao,
    fornecedor: ref(r.fornecedor_id, r.fornecedor_nome),
    categoriaFinanceira: ref(r.categoria_id, r.categoria_nome),
    formaPagamento: ref(r.forma_id, r.forma_nome),
    conta: ref(r.conta_id, r.conta_nome),
    valor: Number(r.valor),
    ...agenda,
    status: r.status as StatusRecorrencia,
    observacoes: r.observacoes,
    geradas: Number(r.geradas),
    proximoVencimento: r.proximo_aberto ?? aGerar?.dataVencimento ?? null,
  };
};

const select = (hoje: string, where: SQL) => sql`
  select r.id, r.descricao, r.fornecedor_id, coalesce(f.nome_fantasia, f.razao_social) as fornecedor_nome,
    r.categoria_financeira_id as categoria_id, cf.nome as categoria_nome,
    r.forma_pagamento_id as forma_id, fp.nome as forma_nome, r.conta_id, c.nome as conta_nome,
    r.valor, r.frequencia, r.intervalo, r.data_inicio::text as data_inicio, r.termino, r.data_fim::text as data_fim,
    r.total_ocorrencias, r.status, r.observacoes, r.proxima_ocorrencia,
    (select count(*) from despesas d where d.recorrencia_id = r.id and d.status <> 'Cancelada')::int as geradas,
    (select min(d.data_vencimento)::text from despesas d
      where d.recorrencia_id = r.id and d.status in ('EmAberto', 'BaixaParcial') and d.data_vencimento >= ${hoje}::date) as proximo_aberto
  from recorrencias r
  left join fornecedores f on f.id = r.fornecedor_id
  left join categorias_financeiras cf on cf.id = r.categoria_financeira_id
  left join formas_pagamento fp on fp.id = r.forma_pagamento_id
  left join contas c on c.id = r.conta_id
  where ${where}`;

/** Status (one or several) and text (description or supplier) filters, on alias r/f. */
const filtros = (query: ListRecorrenciasQuery): SQL => {
  const partes: SQL[] = [sql`true`];
  if (query.status.length > 0)
    partes.push(
      sql`r.status in (${sql.join(
        query.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (query.query)
    partes.push(
      sql`(${containsText(sql`r.descricao`, query.query)} or ${containsText(sql`coalesce(f.nome_fantasia, '') || ' ' || coalesce(f.razao_social, '')`, query.query)})`,
    );
  return sql.join(partes, sql` and `);
};

const ordem = sql`order by f_busca(r.descricao) collate "C", r.descricao, r.id`;

/** GET /api/financeiro/recorrencias: one page, alphabetical by description. */
export const listRecorrencias = async (tx: Db, query: ListRecorrenciasQuery): Promise<Page<Recorrencia>> => {
  const { hoje } = await getUnidadeAtual(tx);
  const where = filtros(query);
  const rows = await queryRows<Row>(
    tx,
    sql`${select(hoje, where)} ${ordem} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const [total] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from recorrencias r left join fornecedores f on f.id = r.fornecedor_id where ${where}`,
  );
  return { items: rows.map(toRecorrencia), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
};

/** One recurrence of the unit, or null. */
export const findRecorrencia = async (tx: Db, id: string): Promise<Recorrencia | null> => {
  const { hoje } = await getUnidadeAtual(tx);
  const [row] = await queryRows<Row>(tx, select(hoje, sql`r.id = ${id}`));
  return row ? toRecorrencia(row) : null;
};

/** GET /api/financeiro/recorrencias/exportar: the filtered list (every page) as CSV or XLSX. */
export const exportarRecorrencias = async (
  tx: Db,
  query: ListRecorrenciasQuery,
  formato: FormatoExportacao,
): Promise<Spreadsheet> => {
  const { hoje } = await getUnidadeAtual(tx);
  const rows = await queryRows<Row>(tx, sql`${select(hoje, filtros(query))} ${ordem} limit ${MAX_EXPORT_ROWS}`);
  return writeSpreadsheet<Recorrencia>(formato, {
    nome: 'recorrencias',
    titulo: 'Recorrências',
    colunas: [
      { titulo: 'Descrição', largura: 36, valor: (r) => r.descricao },
      { titulo: 'Fornecedor', largura: 30, valor: (r) => r.fornecedor?.nome },
      { titulo: 'Categoria', largura: 24, valor: (r) => r.categoriaFinanceira?.nome },
      { titulo: 'Valor', tipo: 'dinheiro', valor: (r) => r.valor },
      {
        titulo: 'Frequência',
        largura: 18,
        valor: (r) =>
          r.intervalo > 1
            ? `${FREQUENCIA_RECORRENCIA_LABEL[r.frequencia]} (a cada ${r.intervalo})`
            : FREQUENCIA_RECORRENCIA_LABEL[r.frequencia],
      },
      { titulo: 'Primeiro vencimento', tipo: 'data', valor: (r) => r.dataInicio },
      { titulo: 'Término', largura: 24, valor: (r) => TERMINO_RECORRENCIA_LABEL[r.termino] },
      { titulo: 'Data final', tipo: 'data', valor: (r) => r.dataFim },
      { titulo: 'Número de vezes', tipo: 'inteiro', valor: (r) => r.totalOcorrencias },
      { titulo: 'Status', valor: (r) => r.status },
      { titulo: 'Geradas', tipo: 'inteiro', valor: (r) => r.geradas },
      { titulo: 'Próximo vencimento', tipo: 'data', valor: (r) => r.proximoVencimento },
      { titulo: 'Conta', largura: 20, valor: (r) => r.conta?.nome },
      { titulo: 'Forma de pagamento', largura: 20, valor: (r) => r.formaPagamento?.nome },
    ],
    linhas: rows.map(toRecorrencia),
  });
};
