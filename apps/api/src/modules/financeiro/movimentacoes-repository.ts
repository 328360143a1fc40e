/**
 * The accounts' ledger (*movimentações*, DOMAIN.md §7 "Contas"; spec §7 GET
 * /api/financeiro/movimentacoes; issue #6 item 1): every entry of `movimentacoes_financeiras`
 * of the selected unit (row-level security keeps other units and tenants out), newest first.
 *
 * With `contaId` each entry carries the account's balance right after it (`saldoApos`:
 * saldo_inicial + the running sum of the account's whole ledger in entry order — day, then
 * creation time, then id — whatever the other filters), and the page carries the balance at
 * the end of the day before the period (`saldoAnterior`) and at the end of its last day
 * (`saldoFinal`). `entradas` / `saidas` are the sums of the positive / negative entries that
 * match every filter (both positive reais).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ORIGEM_MOVIMENTACAO_LABEL,
  type FormatoExportacao,
  type ListMovimentacoesQuery,
  type MovimentacaoFinanceira,
  type MovimentacoesPage,
  type OrigemMovimentacao,
  type SaldoContas,
} from '@petshop/shared/financeiro';
import type { TipoConta } from '@petshop/shared/conta';
import { fromCents, toCents } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { containsText } from '../../db/search.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { writeSpreadsheet, MAX_EXPORT_ROWS, type Spreadsheet } from '../../lib/spreadsheet-export.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';

/** Days of the default period (up to today in the unit). */
export const DIAS_MOVIMENTACOES_PADRAO = 30;

type Row = {
  id: string;
  data: string;
  conta_id: string;
  conta_nome: string;
  valor: string;
  descricao: string;
  origem: string;
  origem_id: string | null;
  categoria_id: string | null;
  categoria_nome: string | null;
  usuario_nome: string | null;
  created_at: string | Date;
  saldo_apos: string | null;
};

const toMovimentacao = (r: Row): MovimentacaoFinanceira => ({
  id: r.id,
  data: r.data,
  conta: { id: r.conta_id, nome: r.conta_nome },
  valor: Number(r.valor),
  descricao: r.descricao,
  origem: r.origem,
  origemId: r.origem_id,
  categoriaFinanceira: r.categoria_id ? { id: r.categoria_id, nome: r.categoria_nome ?? '' } : null,
  usuario: r.usuario_nome,
  criadaEm: new Date(r.created_at).toISOString(),
  saldoApos: r.saldo_apos === null ? null : Number(r.saldo_apos),
});

type Periodo = { dataInicio: string; dataFim: string };

/** The period of the query: default the last 30 days up to the unit's today; 400 `dataFim` when it ends before it starts. */
const periodoDe = async (tx: Db, query: ListMovimentacoesQuery): Promise<Periodo> => {
  const { hoje } = await getUnidadeAtual(tx);
  const dataFim = query.dataFim ?? hoje;
  const dataInicio = query.dataInicio ?? addDays(dataFim, -(DIAS_MOVIMENTACOES_PADRAO - 1));
  if (dataFim < dataInicio) throw fieldError('dataFim', 'A data final deve ser igual ou posterior à data inicial');
  return { dataInicio, dataFim };
};

/** Every filter but the account, on alias `b` (a row of the ledger). */
const filtros = (query: ListMovimentacoesQuery, p: Periodo): SQL => {
  const partes: SQL[] = [sql`b.data between ${p.dataInicio}::date and ${p.dataFim}::date`];
  if (query.origem.length > 0)
    partes.push(
      sql`b.origem in (${sql.join(
        query.origem.map((o) => sql`${o}`),
        sql`, `,
      )})`,
    );
  if (query.query) partes.push(containsText(sql`b.descricao`, query.query));
  return sql.join(partes, sql` and `);
};

/** The unit's ledger (one account's when `contaId`), with the running balance of that account. */
const base = (contaId: string | undefined): SQL => sql`
  select m.id, m.data, m.conta_id, m.valor, m.descricao, m.origem, m.origem_id, m.categoria_financeira_id,
    m.usuario_id, m.created_at,
    ${contaId ? sql`c.saldo_inicial + sum(m.valor) over (order by m.data, m.created_at, m.id)` : sql`null::numeric`} as saldo_apos
  from movimentacoes_financeiras m
  join contas c on c.id = m.conta_id
  ${contaId ? sql`where m.conta_id = ${contaId}` : sql``}`;

const linhas = (tx: Db, query: ListMovimentacoesQuery, p: Periodo, limit: number, offset: number) =>
  queryRows<Row>(
    tx,
    sql`with b as (${base(query.contaId)})
      select b.id, b.data::text as data, b.conta_id, c.nome as conta_nome, b.valor, b.descricao, b.origem, b.origem_id,
        cf.id as categoria_id, cf.nome as categoria_nome, u.nome as usuario_nome, b.created_at, b.saldo_apos
      from b
      join contas c on c.id = b.conta_id
      left join categorias_financeiras cf on cf.id = b.categoria_financeira_id
      left join usuarios u on u.id = b.usuario_id
      where ${filtros(query, p)}
      order by b.data desc, b.created_at desc, b.id desc
      limit ${limit} offset ${offset}`,
  );

/**
 * GET /api/financeiro/contas/saldo: every active account of the unit with its balance
 * (saldo_inicial + Σ ledger, reais), alphabetical, and their sum. One query.
 */
export const getSaldoContas = async (tx: Db): Promise<SaldoContas> => {
  const rows = await queryRows<{ id: string; nome: string; tipo: string; saldo: string }>(
    tx,
    sql`select c.id, c.nome, c.tipo,
        c.saldo_inicial + coalesce((select sum(m.valor) from movimentacoes_financeiras m where m.conta_id = c.id), 0) as saldo
      from contas c where c.ativo
      order by f_busca(c.nome) collate "C", c.nome, c.id`,
  );
  const contas = rows.map((r) => ({ id: r.id, nome: r.nome, tipo: r.tipo as TipoConta, saldo: Number(r.saldo) }));
  return { contas, total: fromCents(contas.reduce((s, c) => s + toCents(c.saldo), 0)) };
};

/** 404 'Conta não encontrada' unless `contaId` is an account of the unit. */
const assertConta = async (tx: Db, contaId: string): Promise<void> => {
  const [conta] = await queryRows<{ id: string }>(tx, sql`select id from contas where id = ${contaId}`);
  if (!conta) throw notFound('Conta não encontrada');
};

/**
 * GET /api/financeiro/movimentacoes: one page of the ledger (see the module comment).
 * 404 when `contaId` is not an account of the unit; 400 `dataFim` for a period that ends
 * before it starts.
 */
export const listMovimentacoes = async (tx: Db, query: ListMovimentacoesQuery): Promise<MovimentacoesPage> => {
  if (query.contaId) await assertConta(tx, query.contaId);
  const p = await periodoDe(tx, query);
  const offset = (query.page - 1) * query.pageSize;
  const rows = await linhas(tx, query, p, query.pageSize, offset);
  const [totais] = await queryRows<{ total: string | number; entradas: string; saidas: string }>(
    tx,
    sql`select count(*) as total,
        coalesce(sum(b.valor) filter (where b.valor > 0), 0) as entradas,
        coalesce(-sum(b.valor) filter (where b.valor < 0), 0) as saidas
      from movimentacoes_financeiras b
      where ${filtros(query, p)} ${query.contaId ? sql`and b.conta_id = ${query.contaId}` : sql``}`,
  );
  let saldoAnterior: number | null = null;
  let saldoFinal: number | null = null;
  if (query.contaId) {
    const [saldos] = await queryRows<{ anterior: string; final: string }>(
      tx,
      sql`select c.saldo_inicial + coalesce((select sum(m.valor) from movimentacoes_financeiras m
                where m.conta_id = c.id and m.data < ${p.dataInicio}::date), 0) as anterior,
              c.saldo_inicial + coalesce((select sum(m.valor) from movimentacoes_financeiras m
                where m.conta_id = c.id and m.data <= ${p.dataFim}::date), 0) as final
         from contas c where c.id = ${query.contaId}`,
    );
    saldoAnterior = Number(saldos!.anterior);
    saldoFinal = Number(saldos!.final);
  }
  return {
    items: rows.map(toMovimentacao),
    total: Number(totais?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    entradas: Number(totais?.entradas ?? 0),
    saidas: Number(totais?.saidas ?? 0),
    saldoAnterior,
    saldoFinal,
  };
};

/**
 * GET /api/financeiro/movimentacoes/exportar: the filtered ledger (every page, at most
 * MAX_EXPORT_ROWS rows, newest first) as CSV or XLSX, with the balance after each
 * entry when the list is of one account.
 */
export const exportarMovimentacoes = async (
  tx: Db,
  query: ListMovimentacoesQuery,
  formato: FormatoExportacao,
): Promise<Spreadsheet> => {
  if (query.contaId) await assertConta(tx, query.contaId);
  const p = await periodoDe(tx, query);
  const itens = (await linhas(tx, query, p, MAX_EXPORT_ROWS, 0)).map(toMovimentacao);
  return writeSpreadsheet<MovimentacaoFinanceira>(formato, {
    nome: `movimentacoes-${p.dataInicio}-a-${p.dataFim}`,
    titulo: 'Movimentações',
    colunas: [
      { titulo: 'Data', tipo: 'data', valor: (m) => m.data },
      { titulo: 'Conta', largura: 24, valor: (m) => m.conta.nome },
      { titulo: 'Descrição', largura: 48, valor: (m) => m.descricao },
      {
        titulo: 'Origem',
        largura: 22,
        valor: (m) => ORIGEM_MOVIMENTACAO_LABEL[m.origem as OrigemMovimentacao] ?? m.origem,
      },
      { titulo: 'Categoria', largura: 24, valor: (m) => m.categoriaFinanceira?.nome },
      { titulo: 'Entrada', tipo: 'dinheiro', valor: (m) => (m.valor > 0 ? m.valor : null) },
      { titulo: 'Saída', tipo: 'dinheiro', valor: (m) => (m.valor < 0 ? -m.valor : null) },
      ...(query.contaId
        ? [{ titulo: 'Saldo após', tipo: 'dinheiro' as const, valor: (m: MovimentacaoFinanceira) => m.saldoApos }]
        : []),
      { titulo: 'Usuário', largura: 24, valor: (m) => m.usuario },
    ],
    linhas: itens,
  });
};
