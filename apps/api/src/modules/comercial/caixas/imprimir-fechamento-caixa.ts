/**
 * The register's closing report as PDF (issue #15 item 2; DOMAIN.md §6 "Caixa" and
 * "Printing"; GET /api/comercial/caixas/{id}/imprimir?formato=80mm|a4), in the sale receipt's
 * look (impressao-pdf.ts): 80 mm roll or A4.
 *
 * Content: the unit's header, "FECHAMENTO DE CAIXA" (or "CAIXA ABERTO — CONFERÊNCIA PARCIAL"
 * while open), register nº, operator, opened/closed at (and by), opening float; per payment
 * method expected / counted / difference and their totals; sales (count and amount received
 * in the register); withdrawals, supplies, expenses, transfers, customer deposits and
 * reversals, each listed with its time and subtotal; cash refunds of returns; remarks; lines
 * for the operator's and the checker's signatures; the footer.
 *
 * Blind closing (fechamento-cego.ts): the register given is already as the reader may see it;
 * when its expected amounts are withheld the report shows only what was counted, no expected
 * amounts, differences or sales amount, and says "Fechamento cego".
 */
import { asc, eq } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { TIPO_MOVIMENTACAO_CAIXA_LABEL, type Caixa, type TipoMovimentacaoCaixa } from '@petshop/shared/caixa';
import { formatDateTime, formatMoney, fromCents, toCents } from '@petshop/shared/format';
import type { Db } from '../../../db/client.ts';
import { devolucoes, vendas } from '../../../db/schema/index.ts';
import { num } from '../../../db/rows.ts';
import { notFound } from '../../../lib/errors.ts';
import { CAIXA_NAO_ENCONTRADO } from './caixa-ledger.ts';
import { getCaixa } from './caixas-repository.ts';
import { caixaParaLeitor, esperadoOculto } from './fechamento-cego.ts';
import {
  assinatura,
  cabecalhoUnidade,
  documentDefinition,
  DETALHE,
  renderPdf,
  larguraUtil,
  findUnidadeCupom,
  linha,
  rodape,
  separador,
  type FormatoCupom,
  type UnidadeCupom,
} from '../impressao-pdf.ts';

/** Movements listed one by one in the report, in this order. */
const TIPOS_LISTADOS: TipoMovimentacaoCaixa[] = [
  'sangria',
  'suprimento',
  'despesa',
  'transferencia',
  'credito_cliente',
  'estorno',
];

/** A return refunded in cash from the register. Reais. */
export type DevolucaoDoCaixa = { numero: number; vendaNumero: number; valorTotal: number; createdAt: string };

/** What the report shows, computed from the register (reais; null = withheld or not yet counted). */
export type DadosFechamento = {
  numero: number;
  aberto: boolean;
  /** Expected amounts withheld from the reader (blind closing). */
  cego: boolean;
  operador: string;
  dataAbertura: string;
  dataFechamento: string | null;
  fechadoPor: string | null;
  valorAbertura: number;
  formas: { nome: string; conferir: boolean; esperado: number | null; contado: number | null; diferenca: number | null }[];
  total: { esperado: number | null; contado: number | null; diferenca: number | null };
  vendas: { quantidade: number; total: number | null };
  movimentos: {
    tipo: TipoMovimentacaoCaixa;
    rotulo: string;
    itens: { createdAt: string; descricao: string; valor: number }[];
    total: number;
  }[];
  devolucoes: DevolucaoDoCaixa[];
  observacoes: string | null;
};

/** Σ of `valores` in reais, null when any is null (withheld) or there is none to add. */
const sumOrNull = (valores: (number | null)[]): number | null =>
  valores.length === 0 || valores.some((v) => v === null)
    ? null
    : fromCents(valores.reduce<number>((s, v) => s + toCents(v ?? 0), 0));

/**
 * The report's data from register `caixa` (as the reader may see it: `caixa.fechamentoCego`
 * withholds the expected amounts) and the returns refunded from it. Sales: distinct sales with
 * a payment received in the register; their amount is what the register received (cash net
 * of change), withheld under a blind closing.
 */
export const dadosFechamento = (caixa: Caixa, devolucoesDoCaixa: DevolucaoDoCaixa[]): DadosFechamento => {
  const cego = caixa.fechamentoCego;
  const formas = caixa.totaisPorForma.map((t) => ({
    nome: t.nome,
    conferir: t.conferir,
    esperado: cego ? null : t.esperado,
    contado: t.contado,
    diferenca: cego ? null : t.diferenca,
  }));
  const recebimentos = caixa.movimentacoes.filter((m) => m.tipo === 'recebimento');
  const vendasRecebidas = new Set(recebimentos.map((m) => m.venda?.id ?? m.id));
  return {
    numero: caixa.numero,
    aberto: caixa.status === 'Aberto',
    cego,
    operador: caixa.usuario.nome,
    dataAbertura: caixa.dataAbertura,
    dataFechamento: caixa.dataFechamento,
    fechadoPor: caixa.fechadoPor?.nome ?? null,
    valorAbertura: caixa.valorAbertura,
    formas,
    total: {
      esperado: cego ? null : sumOrNull(formas.map((f) => f.esperado)),
      // Blind: the methods not counted at the till carry no count (fechamento-cego.ts).
      contado:
        caixa.status === 'Aberto' ? null : sumOrNull(formas.flatMap((f) => (cego && f.contado === null ? [] : [f.contado]))),
      diferenca: cego || caixa.status === 'Aberto' ? null : sumOrNull(formas.map((f) => f.diferenca)),
    },
    vendas: {
      quantidade: vendasRecebidas.size,
      total: cego ? null : (sumOrNull(recebimentos.map((m) => m.valor)) ?? 0),
    },
    movimentos: TIPOS_LISTADOS.flatMap((tipo) => {
      const itens = caixa.movimentacoes
        .filter((m) => m.tipo === tipo)
        .map((m) => ({ createdAt: m.createdAt, descricao: m.descricao, valor: m.valor }));
      if (itens.length === 0) return [];
      return [{ tipo, rotulo: TIPO_MOVIMENTACAO_CAIXA_LABEL[tipo], itens, total: sumOrNull(itens.map((i) => i.valor)) ?? 0 }];
    }),
    devolucoes: devolucoesDoCaixa,
    observacoes: caixa.observacoes,
  };
};

const moneyOrDash = (valor: number | null): string => (valor === null ? '—' : formatMoney(valor));
const signedMoney = (valor: number | null): string =>
  valor === null ? '—' : valor > 0 ? `+${formatMoney(valor)}` : formatMoney(valor);

/** Per method on the roll: the name, then expected / counted / difference under it. */
const formasTermica = (d: DadosFechamento): Content[] =>
  d.formas.flatMap((f): Content[] => [
    { text: f.conferir ? f.nome : `${f.nome} (não conferido)`, bold: true },
    ...(d.cego ? [] : [linha('Esperado', moneyOrDash(f.esperado), DETALHE)]),
    linha('Contado', moneyOrDash(f.contado), DETALHE),
    ...(d.cego || d.aberto ? [] : [linha('Diferença', signedMoney(f.diferenca), DETALHE)]),
  ]);

/** Per method on A4: a table with the totals' row. */
const formasA4 = (d: DadosFechamento): Content => {
  const colunas = [
    'Forma de pagamento',
    ...(d.cego ? [] : ['Esperado']),
    'Contado',
    ...(d.cego || d.aberto ? [] : ['Diferença']),
  ];
  const celulas = (
    nome: string,
    f: { esperado: number | null; contado: number | null; diferenca: number | null },
    bold = false,
  ) => [
    { text: nome, bold },
    ...(d.cego ? [] : [{ text: moneyOrDash(f.esperado), alignment: 'right' as const, noWrap: true, bold }]),
    { text: moneyOrDash(f.contado), alignment: 'right' as const, noWrap: true, bold },
    ...(d.cego || d.aberto ? [] : [{ text: signedMoney(f.diferenca), alignment: 'right' as const, noWrap: true, bold }]),
  ];
  return {
    table: {
      headerRows: 1,
      widths: ['*', ...colunas.slice(1).map(() => 'auto' as const)],
      body: [
        colunas.map((t, i) => ({ text: t, bold: true, alignment: i > 0 ? ('right' as const) : ('left' as const) })),
        ...d.formas.map((f): TableCell[] => celulas(f.conferir ? f.nome : `${f.nome} (não conferido)`, f)),
        celulas('Total', d.total, true),
      ],
    },
    layout: 'lightHorizontalLines',
  };
};

/** The document definition of the report (exported for tests); dates in the unit's time zone. */
export const definicaoFechamento = (d: DadosFechamento, unidade: UnidadeCupom, formato: FormatoCupom, agora: Date) => {
  const termica = formato === '80mm';
  const largura = larguraUtil(formato);
  const tz = unidade.timeZone;
  const content: Content[] = [
    ...cabecalhoUnidade(unidade, d.aberto ? 'CAIXA ABERTO — CONFERÊNCIA PARCIAL' : 'FECHAMENTO DE CAIXA', largura),
    linha(`Caixa nº ${d.numero}`, d.aberto ? 'Aberto' : 'Fechado', { bold: true }),
    { text: `Operador: ${d.operador}` },
    { text: `Aberto em ${formatDateTime(d.dataAbertura, tz)}` },
  ];
  if (d.dataFechamento) {
    content.push({ text: `Fechado em ${formatDateTime(d.dataFechamento, tz)}${d.fechadoPor ? ` por ${d.fechadoPor}` : ''}` });
  }
  content.push(linha('Valor de abertura', formatMoney(d.valorAbertura)));
  if (d.cego) {
    content.push({
      text: 'Fechamento cego: valores esperados e diferenças somente para a gerência',
      italics: true,
      margin: [0, 2, 0, 0],
    });
  }

  content.push(separador(largura), { text: 'Conferência por forma de pagamento', style: 'secao' });
  if (termica) {
    content.push(...formasTermica(d), separador(largura));
    if (!d.cego) content.push(linha('Total esperado', moneyOrDash(d.total.esperado), { bold: true }));
    if (!d.aberto) content.push(linha('Total contado', moneyOrDash(d.total.contado), { bold: true }));
    if (!d.cego && !d.aberto) content.push(linha('Diferença total', signedMoney(d.total.diferenca), { bold: true }));
  } else {
    content.push(formasA4(d));
  }

  content.push(separador(largura), { text: 'Vendas', style: 'secao' });
  content.push(linha('Quantidade de vendas', String(d.vendas.quantidade)));
  if (d.vendas.total !== null) content.push(linha('Total recebido em vendas', formatMoney(d.vendas.total)));

  for (const grupo of d.movimentos) {
    content.push(separador(largura), linha(grupo.rotulo, formatMoney(grupo.total), { bold: true }));
    for (const item of grupo.itens) {
      content.push(linha(`${formatDateTime(item.createdAt, tz)} ${item.descricao}`, formatMoney(item.valor), DETALHE));
    }
  }
  if (d.devolucoes.length > 0) {
    const total = sumOrNull(d.devolucoes.map((r) => r.valorTotal)) ?? 0;
    content.push(separador(largura), linha('Devoluções (reembolso em dinheiro)', formatMoney(-total), { bold: true }));
    for (const r of d.devolucoes) {
      content.push(
        linha(
          `Devolução nº ${r.numero} (venda nº ${r.vendaNumero}) — ${formatDateTime(r.createdAt, tz)}`,
          formatMoney(-r.valorTotal),
          DETALHE,
        ),
      );
    }
  }
  if (d.observacoes) content.push(separador(largura), { text: `Obs.: ${d.observacoes}` });

  const assinaturas = [assinatura('Operador', d.operador), assinatura('Conferente')];
  content.push(
    termica ? { stack: assinaturas } : { columns: assinaturas.map((a) => ({ width: '*', stack: [a] })), margin: [0, 8, 0, 0] },
    separador(largura),
    rodape(agora, tz),
  );
  return documentDefinition(formato, `Fechamento do caixa nº ${d.numero}`, unidade.nomeFantasia, content);
};

/** The cash refunds of returns paid out of register `caixaId`, oldest first. */
const devolucoesDoCaixa = async (tx: Db, caixaId: string): Promise<DevolucaoDoCaixa[]> => {
  const rows = await tx
    .select({
      numero: devolucoes.numero,
      vendaNumero: vendas.numero,
      valorTotal: devolucoes.valorTotal,
      createdAt: devolucoes.createdAt,
    })
    .from(devolucoes)
    .innerJoin(vendas, eq(vendas.id, devolucoes.vendaId))
    .where(eq(devolucoes.caixaId, caixaId))
    .orderBy(asc(devolucoes.createdAt), asc(devolucoes.numero));
  return rows.map((r) => ({
    numero: r.numero,
    vendaNumero: r.vendaNumero,
    valorTotal: num(r.valorTotal),
    createdAt: r.createdAt.toISOString(),
  }));
};

/**
 * GET /caixas/{id}/imprimir: the closing report of a register of the selected unit (open:
 * a partial check) and its number (for the file name). `veEsperado`: the reader may see
 * expected amounts under a blind closing. 404 'Caixa não encontrado' outside the unit.
 */
export const imprimirFechamentoCaixa = async (
  tx: Db,
  id: string,
  formato: FormatoCupom,
  veEsperado: boolean,
  agora: Date = new Date(),
): Promise<{ numero: number; pdf: Buffer }> => {
  const caixa = await getCaixa(tx, id);
  const unidade = await findUnidadeCupom(tx);
  if (!unidade) throw notFound(CAIXA_NAO_ENCONTRADO);
  const visto = caixaParaLeitor(caixa, await esperadoOculto(tx, veEsperado));
  const dados = dadosFechamento(visto, await devolucoesDoCaixa(tx, id));
  return { numero: caixa.numero, pdf: await renderPdf(definicaoFechamento(dados, unidade, formato, agora)) };
};
