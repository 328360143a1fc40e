/**
 * The screen's editing state of one product's fiscal data: strings as typed ('' = empty,
 * digits only for NCM/CEST/CFOP), compared with what the server has, turned into the POST's
 * input, and the POST's 400 map (`produtos.{i}.fiscal.{campo}`) turned back into errors per
 * product and field.
 */
import type { ProdutoSituacao, SalvarProdutosSituacaoInput } from '@petshop/shared/fiscal';
import type { ProdutoFiscal } from '@petshop/shared/situacao-fiscal';

export const CAMPOS_FISCAIS = ['ncm', 'cest', 'cfop', 'origem', 'csosn', 'cst', 'pisCst', 'cofinsCst'] as const;
export type CampoFiscal = (typeof CAMPOS_FISCAIS)[number];
export type FiscalDraft = Record<CampoFiscal, string>;

/** Short names of the fields, as the table's headers and the bulk bar show them. */
export const ROTULO_CAMPO: Record<CampoFiscal, string> = {
  ncm: 'NCM',
  cest: 'CEST',
  cfop: 'CFOP',
  origem: 'Origem',
  csosn: 'CSOSN',
  cst: 'CST',
  pisCst: 'CST do PIS',
  cofinsCst: 'CST da COFINS',
};

export const draftOf = (p: ProdutoSituacao): FiscalDraft => ({
  ncm: p.fiscal.ncm ?? '',
  cest: p.fiscal.cest ?? '',
  cfop: p.fiscal.cfop ?? '',
  origem: p.fiscal.origem ?? '',
  csosn: p.fiscal.csosn ?? '',
  cst: p.fiscal.cst ?? '',
  pisCst: p.fiscal.pisCst ?? '',
  cofinsCst: p.fiscal.cofinsCst ?? '',
});

export const sameDraft = (a: FiscalDraft, b: FiscalDraft): boolean => CAMPOS_FISCAIS.every((c) => a[c] === b[c]);

/** The rules' view of a draft (blank → null). */
export const produtoFiscalOf = (tipo: string, d: FiscalDraft): ProdutoFiscal => ({
  tipo,
  ncm: d.ncm || null,
  cest: d.cest || null,
  cfop: d.cfop || null,
  origem: d.origem || null,
  csosn: d.csosn || null,
  cst: d.cst || null,
  pisCst: d.pisCst || null,
  cofinsCst: d.cofinsCst || null,
});

/** One product of the POST (its whole fiscal data; blank fields omitted). */
export const inputOf = (id: string, d: FiscalDraft): SalvarProdutosSituacaoInput['produtos'][number] => ({
  id,
  fiscal: Object.fromEntries(
    CAMPOS_FISCAIS.filter((c) => d[c] !== '').map((c) => [c, d[c]]),
  ) as SalvarProdutosSituacaoInput['produtos'][number]['fiscal'],
});

/**
 * The 400's field errors of a POST of `ids` (in the order sent): per product id and field
 * (`id` for the product itself); keys that name no product are answered in `gerais`.
 */
export const errorsByProduto = (
  fieldErrors: Readonly<Record<string, string>>,
  ids: readonly string[],
): { porProduto: Record<string, Partial<Record<CampoFiscal | 'id', string>>>; gerais: string[] } => {
  const porProduto: Record<string, Partial<Record<CampoFiscal | 'id', string>>> = {};
  const gerais: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors)) {
    const match = /^produtos\.(\d+)\.(?:fiscal\.)?(\w+)$/.exec(key);
    const id = match ? ids[Number(match[1])] : undefined;
    const campo = match?.[2];
    if (id && campo && (campo === 'id' || (CAMPOS_FISCAIS as readonly string[]).includes(campo)))
      (porProduto[id] ??= {})[campo as CampoFiscal | 'id'] = message;
    else gerais.push(message);
  }
  return { porProduto, gerais };
};

/** Only a path of this site ('/vendas/pdv/…'), never another origin ('//evil.com', '/\\evil.com', 'https://…'). */
export const safeReturnTo = (returnTo: string | undefined): string | undefined =>
  returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.startsWith('/\\') ? returnTo : undefined;
