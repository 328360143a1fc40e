/**
 * How the audit drawer shows an event's `antes`/`depois` (issue #22 item 4): one row per field
 * either side names, a Portuguese label for the field, and the value formatted by what the key
 * says — money (preço, valor, total, custo, saldo, diferença) as R$, percentages with %, yes/no,
 * lists joined; null or absent → '—'.
 */
import { formatMoney } from '@petshop/shared/format';

const ROTULOS: Record<string, string> = {
  numero: 'Número',
  serie: 'Série',
  chave: 'Chave de acesso',
  status: 'Situação',
  total: 'Total',
  motivo: 'Motivo',
  justificativa: 'Justificativa',
  protocolo: 'Protocolo',
  precoVenda: 'Preço de venda',
  precoCusto: 'Preço de custo',
  quantidade: 'Quantidade',
  saldo: 'Saldo',
  valor: 'Valor',
  diferenca: 'Diferença',
  desconto: 'Desconto',
  descontoMaximo: 'Desconto máximo',
  descontoPercentual: 'Desconto (%)',
  nome: 'Nome',
  email: 'E-mail',
  ativo: 'Ativo',
  perfis: 'Perfis',
  unidades: 'Unidades',
  formato: 'Formato',
  linhas: 'Linhas',
};

/** 'precoVenda' → 'Preço de venda' (known keys) or 'Valor esperado' from 'valorEsperado'. */
export const rotuloCampo = (chave: string): string => {
  const conhecido = ROTULOS[chave];
  if (conhecido) return conhecido;
  const palavras = chave
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return palavras.charAt(0).toUpperCase() + palavras.slice(1);
};

const DINHEIRO = /(preco|valor|total|custo|saldo|diferenca|troco|pago)/i;
const PERCENTUAL = /(percent|maximo|aliquota)/i;

/** `valor` of field `chave` as text (see the file's comment). */
export const formatarValor = (chave: string, valor: unknown): string => {
  if (valor === null || valor === undefined || valor === '') return '—';
  if (typeof valor === 'boolean') return valor ? 'Sim' : 'Não';
  if (typeof valor === 'number') {
    if (PERCENTUAL.test(chave)) return `${valor.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
    if (DINHEIRO.test(chave)) return formatMoney(valor);
    return valor.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
  }
  if (Array.isArray(valor)) return valor.length === 0 ? '—' : valor.map((v) => formatarValor(chave, v)).join(', ');
  if (typeof valor === 'object') return JSON.stringify(valor);
  return String(valor);
};

export type LinhaAlteracao = { chave: string; campo: string; antes: string; depois: string; mudou: boolean };

/**
 * The rows of the "Antes → Depois" table: the fields of `antes` then the new ones of `depois`.
 * A field recorded only in `antes` is context the act did not change (a cancelled sale's number
 * and total): shown the same on both sides. One only in `depois` is new (the reason): '—' before.
 */
export const linhasAlteracao = (
  antes: Record<string, unknown> | null,
  depois: Record<string, unknown> | null,
): LinhaAlteracao[] => {
  const chaves = [...new Set([...Object.keys(antes ?? {}), ...Object.keys(depois ?? {})])];
  return chaves.map((chave) => {
    const a = formatarValor(chave, antes?.[chave]);
    const d = depois && chave in depois ? formatarValor(chave, depois[chave]) : a;
    return { chave, campo: rotuloCampo(chave), antes: a, depois: d, mudou: a !== d };
  });
};

/** The kind of record as a word: 'documento_fiscal' → 'Documento fiscal'. */
export const rotuloEntidade = (entidade: string): string => {
  const texto = entidade.replace(/[_-]+/g, ' ').trim();
  return texto.charAt(0).toUpperCase() + texto.slice(1);
};
