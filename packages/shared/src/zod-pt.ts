/**
 * Portuguese (pt-BR) messages for every zod schema of the product, server and browser alike.
 * Imported for its side effect by http.ts, which every contract imports, so no schema can be
 * used without it. A missing required field reads 'Campo obrigatório'.
 *
 * Also the messages built from a field's label, which must agree with its gender
 * ('Nome é obrigatório', 'Descrição é obrigatória'): `obrigatorio(label)` (issue #15).
 */
import { z } from 'zod';

z.config(z.locales.pt());
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Campo obrigatório' : undefined),
});
// In the browser the server's CSP forbids eval (docs/security.md): zod's compiled parsers could not
// run there anyway, and without `jitless` zod probes `Function('')`, a CSP violation on every load.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Head nouns (first word of a label, lower case, no accents) that are feminine though not ending in -a. */
const FEMININOS = new Set(['cor', 'especie', 'chave', 'razao', 'origem', 'imagem', 'foto', 'dose']);
/** Head nouns ending in -a that are masculine. */
const MASCULINOS_EM_A = new Set(['dia', 'sistema', 'programa', 'problema', 'tema', 'mapa', 'clima']);
/** Feminine endings: descrição, razão social, quantidade, pelagem, referência, natureza… */
const TERMINACOES_FEMININAS = /(cao|sao|dade|agem|encia|ancia|eza|tude)$/;

/**
 * The grammatical gender of a field by its label's head noun, which in Portuguese comes first
 * ('Data de vencimento' → f, 'Nome do pet' → m, 'Primeiro vencimento' → m by its adjective).
 */
export const generoDoCampo = (label: string): 'f' | 'm' => {
  const primeira = (label.trim().split(/[\s/]+/)[0] ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  if (FEMININOS.has(primeira) || TERMINACOES_FEMININAS.test(primeira)) return 'f';
  if (primeira.endsWith('a') && !MASCULINOS_EM_A.has(primeira)) return 'f';
  return 'm';
};

/** 'Nome é obrigatório', 'Descrição é obrigatória': the required message of a field by its label. */
export const obrigatorio = (label: string): string =>
  `${label} é ${generoDoCampo(label) === 'f' ? 'obrigatória' : 'obrigatório'}`;
