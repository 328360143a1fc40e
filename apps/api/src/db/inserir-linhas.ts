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
 * the column's `mapToDriverValue`. SQL expressions as values are not supported (use Drizzle).
 */
import { getTableColumns, getTableName, is, SQL, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Adiada } from './adiada.ts';
import type { Db } from './client.ts';

type Opcoes = {
  /** `on conflict (…) do nothing` on these columns. */
  conflitoNada?: readonly Column[];
  /** Columns to answer, by the key each gets in the answered rows (`returning`). */
  retornar?: Record<string, Column>;
};

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
  linhas: readonly T['$inferInsert'][],
  opcoes: Opcoes = {},
): Promise<R[]> =>
  // Lazy, as Drizzle's builders (db/adiada.ts): issued when awaited, in order with its neighbours.
  new Adiada(() => inserir<T, R>(tx, tabela, linhas, opcoes));

const inserir = async <T extends PgTable, R>(
  tx: Db,
  tabela: T,
  linhas: readonly T['$inferInsert'][],
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
      if (is(valor, SQL)) throw new Error(`inserirLinhas: ${getTableName(tabela)}.${chave} é uma expressão SQL; use o Drizzle`);
      const tem = valor !== undefined;
      presenca.push(tem);
      if (tem) {
        usadas[i] = true;
        deLinha.push(valor === null ? null : coluna.mapToDriverValue(valor));
      }
    });
    presencas.push(presenca);
    linhasValores.push(deLinha);
  }
  const chave = [
    getTableName(tabela),
    presencas.map((p) => p.map((t, i) => (usadas[i] ? (t ? '1' : '0') : '')).join('')).join(','),
    (opcoes.conflitoNada ?? []).map((c) => c.name).join(','),
    Object.entries(opcoes.retornar ?? {})
      .map(([k, c]) => `${k}=${c.name}`)
      .join(','),
  ].join('|');
  let texto = textos.get(chave);
  if (!texto) {
    const incluidas = colunas.filter((_, i) => usadas[i]);
    let n = 0;
    const tuplas = presencas.map(
      (presenca) =>
        `(${colunas
          .map((_, i) => i)
          .filter((i) => usadas[i])
          .map((i) => (presenca[i] ? `$${++n}` : 'default'))
          .join(', ')})`,
    );
    const retornar = Object.entries(opcoes.retornar ?? {});
    texto =
      `insert into ${aspas(getTableName(tabela))} (${incluidas.map(([, c]) => aspas(c.name)).join(', ')}) values ${tuplas.join(', ')}` +
      (opcoes.conflitoNada ? ` on conflict (${opcoes.conflitoNada.map((c) => aspas(c.name)).join(', ')}) do nothing` : '') +
      (retornar.length > 0 ? ` returning ${retornar.map(([k, c]) => `${aspas(c.name)} as ${aspas(k)}`).join(', ')}` : '');
    // Shapes are few (one per call site and row count); a bound all the same.
    if (textos.size >= 2_000) textos.clear();
    textos.set(chave, texto);
  }
  for (const deLinha of linhasValores) valores.push(...deLinha);
  return executarTexto<R>(tx, texto, valores);
};
