/**
 * The working lines of a stock adjustment (DOMAIN.md §4 "Ajuste de estoque"; issue #5 item 5):
 * what the scanner and the product search add, the difference each line makes in each mode,
 * and the body of POST /estoque/ajuste. Pure functions only.
 *
 * Modes: 'contagem' sets the counted quantity (difference = counted − balance), 'entrada' adds
 * and 'saida' removes the quantity typed. Quantities follow the unit's fraction rule
 * (`roundQuantidade`): a whole unit never carries a fraction.
 */
import type { AjusteEstoqueInput, ModoAjusteEstoque, PosicaoEstoque } from '@petshop/shared/estoque';
import { roundQuantidade, type UnidadeQuantidade } from '@petshop/shared/format';

export type LoteLinha = { numero: string; dataValidade: string | null };

export type LinhaAjuste = {
  produtoId: string;
  nome: string;
  codigo: string | null;
  codigoBarras: string | null;
  unidade: UnidadeQuantidade;
  controlaLote: boolean;
  /** The balance when the product was added (the API reads it again under lock). */
  saldo: number;
  /** Counted (contagem) or moved (entrada/saída) quantity; '' while the field is empty. */
  quantidade: number | '';
  /** entrada of a lot-controlled product: the lot the units go to (optional). */
  lote: LoteLinha;
};

export const novaLinha = (p: PosicaoEstoque, quantidade: number): LinhaAjuste => ({
  produtoId: p.produtoId,
  nome: p.nome,
  codigo: p.codigo,
  codigoBarras: p.codigoBarras,
  unidade: { sigla: p.unidadeSigla, permiteVendaFracionada: p.permiteVendaFracionada },
  controlaLote: p.controlaLote,
  saldo: p.quantidade,
  quantidade: roundQuantidade(quantidade, p.permiteVendaFracionada),
  lote: { numero: '', dataValidade: null },
});

/**
 * A product read by the scanner or picked in the search: a new line with `quantidade`, or
 * `quantidade` more on its line (each scan of a counted item adds one). Returns the lines and
 * the index of the line touched.
 */
export const somarProduto = (
  linhas: readonly LinhaAjuste[],
  p: PosicaoEstoque,
  quantidade = 1,
): { linhas: LinhaAjuste[]; indice: number } => {
  const indice = linhas.findIndex((l) => l.produtoId === p.produtoId);
  if (indice < 0) return { linhas: [...linhas, novaLinha(p, quantidade)], indice: linhas.length };
  const atual = linhas[indice]!;
  const soma = roundQuantidade(
    (atual.quantidade === '' ? 0 : atual.quantidade) + quantidade,
    atual.unidade.permiteVendaFracionada,
  );
  return { linhas: linhas.map((l, i) => (i === indice ? { ...l, quantidade: soma } : l)), indice };
};

/** What the line does to the balance: + in, − out; null while the quantity is empty. */
export const diferencaDaLinha = (linha: LinhaAjuste, modo: ModoAjusteEstoque): number | null => {
  if (linha.quantidade === '') return null;
  const q = linha.quantidade;
  const d = modo === 'contagem' ? q - linha.saldo : modo === 'entrada' ? q : -q;
  return roundQuantidade(d, linha.unidade.permiteVendaFracionada);
};

/** The balance after the line (on the balance seen when it was added). */
export const saldoNovo = (linha: LinhaAjuste, modo: ModoAjusteEstoque): number | null => {
  const d = diferencaDaLinha(linha, modo);
  return d === null ? null : roundQuantidade(linha.saldo + d, linha.unidade.permiteVendaFracionada);
};

/** The line's problem before sending (the API checks the same and more), or null. */
export const erroDaLinha = (linha: LinhaAjuste, modo: ModoAjusteEstoque): string | null => {
  if (linha.quantidade === '') return 'Informe a quantidade';
  if (linha.quantidade < 0) return 'Quantidade não pode ser negativa';
  if (modo !== 'contagem' && linha.quantidade === 0) return 'Quantidade deve ser maior que zero';
  if (!linha.unidade.permiteVendaFracionada && !Number.isInteger(linha.quantidade))
    return `${linha.unidade.sigla} não aceita quantidade fracionada`;
  return null;
};

export const MOTIVO_MIN = 3;
export const MOTIVO_MAX = 200;

/** The reason's problem, or null (3 to 200 characters, as the API). */
export const erroDoMotivo = (motivo: string): string | null => {
  const m = motivo.trim();
  if (m.length === 0) return 'Informe o motivo do ajuste';
  if (m.length < MOTIVO_MIN) return `Motivo deve ter ao menos ${MOTIVO_MIN} caracteres`;
  if (m.length > MOTIVO_MAX) return `Motivo deve ter no máximo ${MOTIVO_MAX} caracteres`;
  return null;
};

/**
 * The body of POST /estoque/ajuste. A lot goes only on an entrada of a lot product whose lot
 * number was typed. `chave` makes a resend answer the adjustment already made.
 */
export const corpoDoAjuste = (
  linhas: readonly LinhaAjuste[],
  modo: ModoAjusteEstoque,
  motivo: string,
  chave: string,
): AjusteEstoqueInput => ({
  modo,
  motivo: motivo.trim(),
  chave,
  itens: linhas.map((l) => ({
    produtoId: l.produtoId,
    quantidade: l.quantidade === '' ? 0 : l.quantidade,
    ...(modo === 'entrada' && l.controlaLote && l.lote.numero.trim() !== ''
      ? { lote: { numero: l.lote.numero.trim(), dataValidade: l.lote.dataValidade } }
      : {}),
  })),
});

/**
 * What the scanner field read: '3*7891234567895' is 3 of that code, '7891234567895' one, a
 * name is searched. A quantity uses the comma or the point ('1,5*…' for a fractional unit).
 */
export const lerLeitura = (texto: string): { termo: string; quantidade: number } | { erro: string } => {
  const t = texto.trim();
  const m = /^(\d+(?:[.,]\d{1,3})?)\s*\*\s*(.*)$/.exec(t);
  if (!m) return { termo: t, quantidade: 1 };
  const quantidade = Number(m[1]!.replace(',', '.'));
  if (!(quantidade > 0)) return { erro: 'Quantidade deve ser maior que zero' };
  return { termo: m[2]!.trim(), quantidade };
};
