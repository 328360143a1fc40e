/**
 * The two steps of an import, generic over the importer: the preview (read the file, map the
 * columns, analyse every row) and the import (the same analysis, then every valid row written
 * in the caller's transaction — all or nothing for the valid rows; invalid rows are reported).
 */
import {
  mapeamentoSchema,
  sugerirMapeamento,
  type CampoImportacao,
  type Mapeamento,
  type PreviaImportacao,
  type ResultadoImportacao,
} from '@petshop/shared/importacao';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Importador, LinhaAnalisada, LinhaMapeada } from './importador.ts';
import type { Planilha } from './parse-planilha.ts';

type ComCampos = { campos: CampoImportacao[] };

/**
 * Reads the `mapeamento` part (JSON text: field → column or null). Absent → null (suggest
 * one). 400 on `mapeamento` for bad JSON or a column the file does not have.
 */
export const parseMapeamento = (texto: string | undefined, planilha: Planilha, importador: ComCampos): Mapeamento => {
  if (texto === undefined || texto.trim() === '') return sugerirMapeamento(planilha.colunas, importador.campos);
  let bruto: unknown;
  try {
    bruto = JSON.parse(texto);
  } catch {
    throw badRequest({ mapeamento: ['Mapeamento em formato inválido (JSON esperado)'] });
  }
  const parsed = mapeamentoSchema.safeParse(bruto);
  if (!parsed.success) {
    throw badRequest({ mapeamento: ['Mapeamento inválido: informe, para cada campo, o nome de uma coluna ou null'] });
  }
  const mapeamento: Mapeamento = {};
  const errors: Record<string, string[]> = {};
  for (const campo of importador.campos) {
    const coluna = parsed.data[campo.key] ?? null;
    if (coluna !== null && !planilha.colunas.includes(coluna)) {
      errors[`mapeamento.${campo.key}`] = [`A coluna "${coluna}" não existe na planilha`];
    }
    mapeamento[campo.key] = coluna;
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return mapeamento;
};

/** Each row as field → text through the mapping (unmapped fields are ''). */
export const mapRows = (planilha: Planilha, mapeamento: Mapeamento, importador: ComCampos): LinhaMapeada[] => {
  const indices = importador.campos.map((c) => {
    const coluna = mapeamento[c.key];
    return [c.key, coluna ? planilha.colunas.indexOf(coluna) : -1] as const;
  });
  return planilha.linhas.map((linha) => ({
    numero: linha.numero,
    valores: Object.fromEntries(indices.map(([key, i]) => [key, i >= 0 ? (linha.celulas[i] ?? '') : ''])),
  }));
};

const analisar = async <T>(tx: Db, importador: Importador<T>, planilha: Planilha, mapeamento: Mapeamento) => {
  const linhas = mapRows(planilha, mapeamento, importador);
  return importador.analisar(tx, linhas);
};

/** The row as the preview shows it; empty values are left out (a 5 000-row answer halves). */
const semDados = <T>({ numero, valores, erros, avisos }: LinhaAnalisada<T>) => ({
  numero,
  valores: Object.fromEntries(Object.entries(valores).filter(([, v]) => v !== '')),
  erros,
  avisos,
});

/** The preview: columns, the mapping used, and every row with its errors and notes. Writes nothing. */
export const gerarPrevia = async <T>(
  tx: Db,
  importador: Importador<T>,
  planilha: Planilha,
  mapeamento: Mapeamento,
): Promise<PreviaImportacao> => {
  const analisadas = await analisar(tx, importador, planilha, mapeamento);
  const validas = analisadas.filter((l) => l.erros.length === 0).length;
  return {
    colunas: planilha.colunas,
    mapeamento,
    campos: importador.campos,
    linhas: analisadas.map(semDados),
    total: analisadas.length,
    validas,
    invalidas: analisadas.length - validas,
  };
};

/** Analyses again (the data may have changed since the preview) and writes every valid row. */
export const importarPlanilha = async <T>(
  tx: Db,
  importador: Importador<T>,
  planilha: Planilha,
  mapeamento: Mapeamento,
): Promise<ResultadoImportacao> => {
  const analisadas = await analisar(tx, importador, planilha, mapeamento);
  const validas = analisadas.filter((l): l is LinhaAnalisada<T> & { dados: T } => l.erros.length === 0 && l.dados !== undefined);
  const invalidas = analisadas.filter((l) => l.erros.length > 0);
  const criados = validas.length > 0 ? await importador.gravar(tx, validas) : {};
  return {
    importadas: validas.length,
    ignoradas: invalidas.length,
    erros: invalidas.map((l) => ({ numero: l.numero, erros: l.erros })),
    criados,
  };
};
