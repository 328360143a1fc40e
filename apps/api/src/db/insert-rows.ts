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
import { DeferredQuery } from './deferred-query.ts';
import type { Db } from './client.ts';
import { executeText } from './prepared-select.ts';

type Opcoes = {
  /** `on conflict (…) do nothing` on these columns. */
  onConflictDoNothing?: readonly Column[];
  /** Columns to answer, by the key each gets in the answered rows (`returning`). */
  returning?: Record<string, Column>;
};

const dialeto = new PgDialect();

/** Statement texts by shape (see `insertRows`). */
const textos = new Map<string, string>();
const colunasDe = new WeakMap<PgTable, [string, Column][]>();

/** A row's column in a shape: no value (left out, or the column's default) or a parameter; else an expression's text. */
const SEM_VALOR = '\u0000-';
const PARAMETRO = '\u0000$';

const aspas = (nome: string) => `"${nome.replaceAll('"', '""')}"`;

/** See the file's comment. Answers the `returning` columns of the inserted rows (none without it). */
export const insertRows = <T extends PgTable, R = Record<string, unknown>>(
  tx: Db,
  tabela: T,
  linhas: readonly PgInsertValue<T>[],
  opcoes: Opcoes = {},
): Promise<R[]> =>
  // Lazy, as Drizzle's builders (db/deferred-query.ts): issued when awaited, in order with its neighbours.
  new DeferredQuery(() => inserir<T, R>(tx, tabela, linhas, opcoes));

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
  // Per row and table column, its part of the shape; the parameters in statement order (row by
  // row, column by column). A column no row gives a value is left out of the statement.
  const formas: string[][] = [];
  const valores: unknown[] = [];
  const usadas = colunas.map(() => false);
  for (const linha of linhas) {
    const registro = linha as Record<string, unknown>;
    formas.push(
      colunas.map(([chave, coluna], i) => {
        let valor = registro[chave];
        if (valor === undefined) {
          if (coluna.defaultFn) valor = coluna.defaultFn();
          else if (!coluna.default && coluna.onUpdateFn) valor = coluna.onUpdateFn();
        }
        if (valor === undefined) return SEM_VALOR;
        usadas[i] = true;
        if (is(valor, SQL)) {
          // An expression (now(), a subquery) is part of the text and the shape; its parameters
          // are numbered after the ones before it.
          const { sql: texto, params } = dialeto.sqlToQuery(valor);
          valores.push(...params);
          return texto;
        }
        valores.push(valor === null ? null : coluna.mapToDriverValue(valor));
        return PARAMETRO;
      }),
    );
  }
  const formasLinhas = formas.map((f) => f.filter((_, i) => usadas[i]));
  const chave = [
    getTableName(tabela),
    formasLinhas.map((f) => f.join('\u0001')).join('\u0002'),
    (opcoes.onConflictDoNothing ?? []).map((c) => c.name).join(','),
    Object.entries(opcoes.returning ?? {})
      .map(([k, c]) => `${k}=${c.name}`)
      .join(','),
  ].join('|');
  let texto = textos.get(chave);
  if (!texto) {
    let n = 0;
    const numerar = (parte: string): string => {
      if (parte === SEM_VALOR) return 'default';
      if (parte === PARAMETRO) return `$${++n}`;
      let maior = 0;
      const expressao = parte.replace(/\$(\d+)/g, (_, d: string) => {
        maior = Math.max(maior, Number(d));
        return `$${n + Number(d)}`;
      });
      n += maior;
      return expressao;
    };
    const tuplas = formasLinhas.map((f) => `(${f.map(numerar).join(', ')})`);
    const incluidas = colunas.filter((_, i) => usadas[i]);
    const retornar = Object.entries(opcoes.returning ?? {});
    texto =
      `insert into ${aspas(getTableName(tabela))} (${incluidas.map(([, c]) => aspas(c.name)).join(', ')}) values ${tuplas.join(', ')}` +
      (opcoes.onConflictDoNothing
        ? ` on conflict (${opcoes.onConflictDoNothing.map((c) => aspas(c.name)).join(', ')}) do nothing`
        : '') +
      (retornar.length > 0 ? ` returning ${retornar.map(([k, c]) => `${aspas(c.name)} as ${aspas(k)}`).join(', ')}` : '');
    // Shapes are few (one per call site and row count); a bound all the same.
    if (textos.size >= 2_000) textos.clear();
    textos.set(chave, texto);
  }
  return executeText<R>(tx, texto, valores);
};
