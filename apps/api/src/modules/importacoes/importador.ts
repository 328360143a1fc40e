/**
 * What every importer provides, and the helpers they share. An importer analyses the mapped
 * rows against the tenant's data (read-only: errors and notes per row, plus the parsed data
 * of each valid row) and then writes the valid rows. Both run inside the request's tenant
 * scope; the import runs analysis and writing in one transaction, so it is all or nothing.
 */
import type { z } from 'zod';
import type { CampoImportacao, TipoImportacao } from '@petshop/shared/importacao';
import type { Permissao } from '@petshop/shared/permissoes';
import type { Db } from '../../db/client.ts';

/** A data row with the text of each field (field key → text, '' when empty or unmapped). */
export type LinhaMapeada = { numero: number; valores: Record<string, string> };

/** A row after analysis: `dados` is present exactly when `erros` is empty. */
export type LinhaAnalisada<T> = LinhaMapeada & { erros: string[]; avisos: string[]; dados?: T };

export type Importador<T> = {
  tipo: TipoImportacao;
  campos: CampoImportacao[];
  /** Permission the selected unit's profile must hold (preview and import alike). */
  permissao: Permissao;
  analisar(tx: Db, linhas: LinhaMapeada[]): Promise<LinhaAnalisada<T>[]>;
  /** Writes the valid rows; answers what was created by kind (see ResultadoImportacao.criados). */
  gravar(tx: Db, validas: (LinhaAnalisada<T> & { dados: T })[]): Promise<Record<string, number>>;
};

/**
 * A key for comparing names typed by people: no accents, lower case, single spaces.
 * 'Pastor  Alemão ' → 'pastor alemao'.
 */
export const nameKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The messages of a failed parse, without repeats. `prefixo` goes before each ('Pet: ...');
 * `renomear` replaces the first word of the message of a path instead ('Nome é obrigatório'
 * on `nome` → 'Nome do pet é obrigatório'), without the prefix.
 */
export const zodMessages = (
  error: z.ZodError,
  opcoes: { prefixo?: string; renomear?: Record<string, string> } = {},
): string[] => {
  const out: string[] = [];
  for (const issue of error.issues) {
    const campo = issue.path.map(String).join('.');
    const novoInicio = opcoes.renomear?.[campo];
    const texto = novoInicio ? issue.message.replace(/^\S+/, novoInicio) : `${opcoes.prefixo ?? ''}${issue.message}`;
    if (!out.includes(texto)) out.push(texto);
  }
  return out;
};

/** '' → undefined, so optional schemas see absence rather than an empty string. */
export const blankToUndefined = (text: string | undefined): string | undefined =>
  text === undefined || text.trim() === '' ? undefined : text.trim();

/**
 * Spreadsheets turn digit codes typed as numbers into numbers and drop their leading zeros
 * (CPF 012.345.678-90 becomes 1234567890): a digits-only value shorter than `tamanho` by at
 * most `folga` digits gets them back.
 */
export const restoreLeadingZeros = (text: string | undefined, tamanho: number, folga = 2): string | undefined => {
  if (!text || !/^\d+$/.test(text)) return text;
  return text.length < tamanho && text.length >= tamanho - folga ? text.padStart(tamanho, '0') : text;
};

/** Splits a list for multi-row inserts and `in (...)` lookups (PostgreSQL caps bind parameters at 65 535). */
export const inBatches = <T>(itens: T[], tamanho = 500): T[][] => {
  const lotes: T[][] = [];
  for (let i = 0; i < itens.length; i += tamanho) lotes.push(itens.slice(i, i + tamanho));
  return lotes;
};
