/**
 * The pure part of the import wizard: which fields still lack a column, which columns a
 * field's select offers, the rows of the review table (filter and client-side pages), a
 * sample value per column and the Portuguese sentences of counts and results.
 */
import type { CampoImportacao, LinhaPrevia, Mapeamento, PreviaImportacao, TipoImportacao } from '@petshop/shared/importacao';

/** Rows per page of the review table. */
export const LINHAS_POR_PAGINA = 20;

/** '1 linha' / '3 linhas': `singular` and `plural` are the whole nouns. */
export const plural = (n: number, singular: string, pluralForm: string): string =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? singular : pluralForm}`;

/** Required fields that have no column in the mapping. */
export const camposObrigatoriosSemColuna = (campos: readonly CampoImportacao[], mapeamento: Mapeamento): CampoImportacao[] =>
  campos.filter((c) => c.obrigatorio && !mapeamento[c.key]);

/**
 * Options of a field's column select: every column of the file; one already taken by another
 * field stays listed (the user may move it) but says which field holds it.
 */
export const opcoesDeColuna = (
  colunas: readonly string[],
  campos: readonly CampoImportacao[],
  mapeamento: Mapeamento,
  campoKey: string,
): { value: string; label: string }[] => {
  const donoDe = new Map<string, string>();
  for (const c of campos) {
    const coluna = mapeamento[c.key];
    if (coluna && c.key !== campoKey) donoDe.set(coluna, c.label);
  }
  return colunas.map((coluna) => {
    const dono = donoDe.get(coluna);
    return { value: coluna, label: dono ? `${coluna} (usada em ${dono})` : coluna };
  });
};

/**
 * Sets `campoKey` to `coluna` (or none); a column serves one field, so another field that
 * held it is cleared.
 */
export const mapearCampo = (mapeamento: Mapeamento, campoKey: string, coluna: string | null): Mapeamento => {
  const proximo: Mapeamento = {};
  for (const [key, value] of Object.entries(mapeamento)) proximo[key] = coluna !== null && value === coluna ? null : value;
  proximo[campoKey] = coluna;
  return proximo;
};

/** The first non-empty value of a field in the preview rows, to show beside its select. */
export const exemploDoCampo = (linhas: readonly LinhaPrevia[], campoKey: string): string | undefined => {
  for (const linha of linhas) {
    const valor = linha.valores[campoKey];
    if (valor) return valor;
  }
  return undefined;
};

export type FiltroLinhas = { somenteErros: boolean; pagina: number; porPagina?: number };

/** The rows of the review table: optionally only those with errors, then one page. */
export const linhasDaPagina = (linhas: readonly LinhaPrevia[], filtro: FiltroLinhas) => {
  const porPagina = filtro.porPagina ?? LINHAS_POR_PAGINA;
  const filtradas = filtro.somenteErros ? linhas.filter((l) => l.erros.length > 0) : linhas;
  const totalPaginas = Math.max(1, Math.ceil(filtradas.length / porPagina));
  const pagina = Math.min(Math.max(1, filtro.pagina), totalPaginas);
  const inicio = (pagina - 1) * porPagina;
  return { linhas: filtradas.slice(inicio, inicio + porPagina), total: filtradas.length, pagina, totalPaginas };
};

/** 'Válida' / 'Com erro' of a row, with the badge colour. */
export const situacaoDaLinha = (linha: LinhaPrevia): { label: string; color: string } =>
  linha.erros.length > 0
    ? { label: 'Com erro', color: 'red' }
    : linha.avisos.length > 0
      ? { label: 'Válida, com aviso', color: 'yellow' }
      : { label: 'Válida', color: 'teal' };

/** The review table's value columns: the `preferidos` fields that have a column, in that order. */
export const camposDaConferencia = (previa: Pick<PreviaImportacao, 'campos' | 'mapeamento'>, preferidos: readonly string[]) =>
  preferidos.flatMap((key) => {
    const campo = previa.campos.find((c) => c.key === key);
    return campo && previa.mapeamento[key] ? [campo] : [];
  });

/** Label of the import button: 'Importar 12 linhas válidas'. */
export const rotuloImportar = (validas: number): string => `Importar ${plural(validas, 'linha válida', 'linhas válidas')}`;

/** The sentences of a finished import, by kind (see ResultadoImportacao.criados). */
export const resumoDoResultado = (tipo: TipoImportacao, criados: Record<string, number>): string[] => {
  const n = (key: string) => criados[key] ?? 0;
  if (tipo === 'clientes') {
    const linhas = [
      plural(n('pessoas'), 'cliente importado', 'clientes importados'),
      plural(n('pets'), 'pet importado', 'pets importados'),
    ];
    if (n('pessoasExistentes') > 0) {
      linhas.push(
        `${plural(n('pessoasExistentes'), 'cliente já cadastrado recebeu', 'clientes já cadastrados receberam')} pets da planilha`,
      );
    }
    return linhas;
  }
  const linhas = [plural(n('produtos'), 'produto ou serviço importado', 'produtos e serviços importados')];
  if (n('marcas') > 0) linhas.push(plural(n('marcas'), 'marca criada', 'marcas criadas'));
  if (n('categorias') > 0) linhas.push(plural(n('categorias'), 'categoria criada', 'categorias criadas'));
  return linhas;
};

/** Whether the file name has an extension the import accepts. */
export const extensaoAceita = (nome: string): boolean => /\.(xlsx|csv)$/i.test(nome.trim());

/** The file name of a download: from Content-Disposition, else `fallback`. */
export const nomeDoDownload = (contentDisposition: string | undefined | null, fallback: string): string => {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
};
