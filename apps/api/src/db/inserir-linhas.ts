/**
 * Multi-row INSERT for the till's hot path, without Drizzle's per-call statement building.
 *
 * Drizzle builds a statement's text from scratch on every call: for an INSERT it walks every
 * column of the table for every row, about 0.1–0.3 ms of CPU for a sale's rows (measured with
 * `bench/carga-pdv.ts`, 2 cores), more than PostgreSQL spends running it. Here the text is built
 * once per shape (table, which columns each row has, conflict target, returning) and kept; a
 * call only lists the values. The statement is then prepared once per connection like any other
 * (db/pg-client.ts).
 *
 * Same semantics as `tx.insert(table).values(linhas)`: a column a row leaves undefined takes its
 * `$defaultFn`/`$onUpdate` value when it has one, else the column's default; values go through
 * the column's `mapToDriverValue`. An SQL expression as a value (`now()`, a subquery) goes into the
 * text, its parameters numbered in place; expressions whose text varies make as many shapes.
 */
import { getTableColumns, getTableName, is, SQL, type Column } from 'drizzle-orm';
import { PgDialect, type PgInsertValue, type PgTable } from 'drizzle-orm/pg-core';
import { Adiada } from './adiada.ts';
import type { Db } from './client.ts';

type Opcoes = {
  /** `on conflict (…) do nothing` on these columns. */
  conflitoNada?: readonly Column[];
  /** Columns to answer, by the key each gets in the answered rows (`returning`). */
  retornar?: Record<string, Column>;
};

/** An SQL expression's text among a row's values. */
class Expressao {
  constructor(
    readonly texto: string,
    readonly params: unknown[],
  ) {}
}
const dialeto = new PgDialect();

/** Statement texts by shape (see `inserirLinhas`). */
const textos = new Map<string, string>();
const colunasDe = new WeakMap<PgTable, [string, Column][]>();

const aspas = (nome: string) => `"${nome.replaceAll('"', '""')}"`;

/**
 * Runs `text` with `params` in the caller's transaction, through Drizzle's session (so on both
 * drivers, with its type parsers), without building an SQL object. Answers the rows, keyed by
 * the column names PostgreSQL answers.
 */
const executarTexto = async <R>(tx: Db, texto: string, params: unknown[]): Promise<R[]> => {
  // `session` is Drizzle's (marked internal, present on every PgDatabase and transaction);
  // prepareQuery takes a built query, which is what tx.execute() makes before calling it.
  const session = (tx as unknown as { session: { prepareQuery: (...args: unknown[]) => { execute: () => Promise<unknown> } } })
    .session;
  const resultado = (await session.prepareQuery({ sql: texto, params }, undefined, undefined, false).execute()) as { rows: R[] };
  return resultado.rows;
};

/** See the file's comment. Answers the `retornar` columns of the inserted rows (none without it). */
export const inserirLinhas = <T extends PgTable, R = Record<string, unknown>>(
  tx: Db,
  tabela: T,
  linhas: readonly PgInsertValue<T>[],
  opcoes: Opcoes = {},
): Promise<R[]> =>
  // Lazy, as Drizzle's builders (db/adiada.ts): issued when awaited, in order with its neighbours.
  new Adiada(() => inserir<T, R>(tx, tabela, linhas, opcoes));

const inserir = async <T extends PgTable, R>(
  tx: Db,
  tabela: T,
  linhas: readonly PgInsertValue<T>[],
  opcoes: Opcoes,
): Promise<R[]> => {
  if (linhas.length === 0) return [];
  let colunas = colunasDe.get(tabela);
  if (!colunas) {
    colunas = Object.entries(getTableColumns(tabela)) as [string, Column][];
    colunasDe.set(tabela, colunas);
  }
  // Per row and column: a value (true) or the column's default (false); a column no row gives a
  // value (and without a default function) is left out of the statement.
  const valores: unknown[] = [];
  const presencas: boolean[][] = [];
  const usadas = colunas.map(() => false);
  const linhasValores: unknown[][] = [];
  for (const linha of linhas) {
    const registro = linha as Record<string, unknown>;
    const presenca: boolean[] = [];
    const deLinha: unknown[] = [];
    colunas.forEach(([chave, coluna], i) => {
      let valor = registro[chave];
      if (valor === undefined) {
        if (coluna.defaultFn) valor = coluna.defaultFn();
        else if (!coluna.default && coluna.onUpdateFn) valor = coluna.onUpdateFn();
      }
      const tem = valor !== undefined;
      presenca.push(tem);
      if (!tem) return;
      usadas[i] = true;
      if (is(valor, SQL)) {
        // An expression (now(), a subquery) is part of the statement's text and shape; its
        // parameters are numbered after the ones before it.
        const { sql: texto, params } = dialeto.sqlToQuery(valor);
        deLinha.push(new Expressao(texto, params));
      } else deLinha.push(valor === null ? null : coluna.mapToDriverValue(valor));
    });
    presencas.push(presenca);
    linhasValores.push(deLinha);
  }
  // Per row and used column: '0' default, '1' a parameter, or an expression's text.
  const formaLinha = (presenca: boolean[], deLinha: unknown[]) => {
    let v = 0;
    return presenca
      .map((tem, i) => {
        if (!usadas[i]) return null;
        if (!tem) return '0';
        const valor = deLinha[v++];
        return valor instanceof Expressao ? valor.texto : '1';
      })
      .filter((x): x is string => x !== null);
  };
  const formasLinhas = presencas.map((p, n) => formaLinha(p, linhasValores[n]!));
  const chave = [
    getTableName(tabela),
    formasLinhas.map((f) => f.join('\u0001')).join('\u0002'),
    (opcoes.conflitoNada ?? []).map((c) => c.name).join(','),
    Object.entries(opcoes.retornar ?? {})
      .map(([k, c]) => `${k}=${c.name}`)
      .join(','),
  ].join('|');
  let texto = textos.get(chave);
  if (!texto) {
    const incluidas = colunas.filter((_, i) => usadas[i]);
    let n = 0;
    const numerar = (x: string): string => {
      if (x === '0') return 'default';
      if (x === '1') return `$${++n}`;
      let maior = 0;
      const texto = x.replace(/\$(\d+)/g, (_, d: string) => {
        maior = Math.max(maior, Number(d));
        return `$${n + Number(d)}`;
      });
      n += maior;
      return texto;
    };
    const tuplas = formasLinhas.map((f) => `(${f.map(numerar).join(', ')})`);
    const retornar = Object.entries(opcoes.retornar ?? {});
    texto =
      `insert into ${aspas(getTableName(tabela))} (${incluidas.map(([, c]) => aspas(c.name)).join(', ')}) values ${tuplas.join(', ')}` +
      (opcoes.conflitoNada ? ` on conflict (${opcoes.conflitoNada.map((c) => aspas(c.name)).join(', ')}) do nothing` : '') +
      (retornar.length > 0 ? ` returning ${retornar.map(([k, c]) => `${aspas(c.name)} as ${aspas(k)}`).join(', ')}` : '');
    // Shapes are few (one per call site and row count); a bound all the same.
    if (textos.size >= 2_000) textos.clear();
    textos.set(chave, texto);
  }
  for (const deLinha of linhasValores)
    for (const v of deLinha) {
      if (v instanceof Expressao) valores.push(...v.params);
      else valores.push(v);
    }
  return executarTexto<R>(tx, texto, valores);
};
