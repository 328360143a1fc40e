/**
 * The non-fiscal receipt of a sale or quote as PDF (DOMAIN.md §6 "Printing: a non-fiscal
 * receipt sized for 80 mm thermal printers and A4, as PDF"; issue #4 item 6;
 * GET /api/comercial/vendas/{id}/imprimir).
 *
 * Built with pdfmake 0.3 on the server (`createPdf(doc).getBuffer()`), in the standard PDF font
 * Helvetica (no font file to embed; WinAnsi covers Portuguese). 80 mm: a page 226.77 pt wide
 * (80 mm) with 8 pt margins whose height pdfmake fits to the content (`height: 'auto'`), so a
 * thermal printer cuts right after the footer. A4: a normal page with a table of items.
 * Uncompressed (`compress: false`): a receipt is a few kilobytes either way, and its text stays
 * readable in the file (the tests read it).
 *
 * Content: the unit's header (nome fantasia, razão social, CNPJ, address, phone), "CUPOM NÃO
 * FISCAL" or "ORÇAMENTO — válido até dd/MM/yyyy", the cancelled banner, number, date-time in
 * the unit's time zone, operator, customer (name, CPF/CNPJ) and pet, items (description,
 * quantity with the unit's abbreviation, unit price, discount, total), subtotal, discounts,
 * freight, total, payments (installments "3x de R$ …", received and change *troco*), open
 * balance, returns, notes, and the footer "Documento sem valor fiscal" with the print time.
 * Money in reais, shown with `formatMoney`.
 */
import { createRequire } from 'node:module';
import { dirname, resolve, sep } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pdfmake from 'pdfmake';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { descreverCartao } from '@petshop/shared/cartao';
import { TIPO_FORMA_PAGAMENTO_LABEL } from '@petshop/shared/forma-pagamento';
import {
  formatCep,
  formatCnpj,
  formatCpfCnpj,
  formatDate,
  formatDateTime,
  formatMoney,
  formatQuantidade,
  formatTelefone,
} from '@petshop/shared/format';
import { parcelar, type Venda } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { unidadesNegocio } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { notFound } from '../../lib/errors.ts';
import { findVenda, VENDA_NAO_ENCONTRADA } from './venda-repository.ts';

/** Receipt layouts: thermal roll or A4 sheet. */
export const FORMATOS_CUPOM = ['80mm', 'a4'] as const;
export type FormatoCupom = (typeof FORMATOS_CUPOM)[number];

/** 80 mm in PDF points (1 pt = 1/72 in). */
export const LARGURA_80MM = 226.77;
const MARGEM_80MM = 8;
const MARGEM_A4 = 40;
/** A4 width in points (pdfmake's 'A4' = 595.28 × 841.89). */
const LARGURA_A4 = 595.28;
/** Width of the totals block at the right of an A4 receipt. */
const LARGURA_RESUMO_A4 = 260;

/** The unit as the receipt's header shows it. */
export type UnidadeCupom = {
  nomeFantasia: string;
  razaoSocial: string;
  cnpj: string;
  telefone: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
  timeZone: string;
};

const STANDARD_FONTS = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);
const PDFMAKE_DIR = dirname(createRequire(import.meta.url).resolve('pdfmake/package.json'));

pdfmake.addFonts({
  Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
});
// Documents are built from our own data: never fetch a URL; read local files only for the
// standard fonts and pdfmake's own bundled fonts (policies are process-wide in pdfmake).
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path) || resolve(path).startsWith(PDFMAKE_DIR + sep));

const REEMBOLSO_LABEL: Record<string, string> = { dinheiro: 'em dinheiro', credito_cliente: 'em crédito do cliente' };

/** "3x de R$ 33,33", or "1x de R$ 33,34 + 2x de R$ 33,33" when the first takes the odd cents. */
export const descreverParcelas = (valor: number, parcelas: number): string => {
  const valores = parcelar(valor, parcelas);
  const [primeira, ...resto] = valores;
  if (resto.length === 0 || resto.every((v) => v === primeira)) return `${valores.length}x de ${formatMoney(primeira)}`;
  return `1x de ${formatMoney(primeira)} + ${resto.length}x de ${formatMoney(resto[0])}`;
};

const enderecoDa = (u: UnidadeCupom): string => {
  const rua = [u.logradouro, u.numero].filter(Boolean).join(', ');
  const cidade = [u.cidade, u.uf].filter(Boolean).join('/');
  return [rua, u.complemento, u.bairro, cidade, u.cep ? `CEP\u00a0${formatCep(u.cep)}` : null].filter(Boolean).join(' - ');
};

type OpcoesLinha = { bold?: boolean; fontSize?: number; margin?: [number, number, number, number]; color?: string };

/** A label on the left and a value on the right (never wrapped), in one row. */
const linha = (rotulo: string, valor: string, opcoes: OpcoesLinha = {}): Content => ({
  columns: [
    { text: rotulo, width: '*' },
    { text: valor, width: 'auto', alignment: 'right', noWrap: true },
  ],
  columnGap: 4,
  ...opcoes,
});

/** Indentation of a detail under its line (installments, change, refund). */
const DETALHE: OpcoesLinha = { margin: [6, 0, 0, 0], color: '#333333' };

const separador = (largura: number): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: largura, y2: 0, lineWidth: 0.5, dash: { length: 2 } }],
  margin: [0, 3, 0, 3],
});

const itensTermica = (venda: Venda): Content => ({
  table: {
    widths: ['*', 'auto'],
    body: venda.itens.flatMap((item, i): TableCell[][] => {
      const qtd = `${formatQuantidade(item.quantidade, item.produto.unidadeMedida)} x ${formatMoney(item.valorUnitario)}`;
      const desconto = item.valorDesconto > 0 ? `  desc. ${formatMoney(item.valorDesconto)}` : '';
      return [
        [{ text: `${i + 1}. ${item.descricao}`, colSpan: 2 }, {}],
        [
          { text: qtd + desconto, color: '#333333' },
          { text: formatMoney(item.valorTotal), alignment: 'right', noWrap: true },
        ],
      ];
    }),
  },
  layout: {
    hLineWidth: () => 0,
    vLineWidth: () => 0,
    paddingLeft: () => 0,
    paddingRight: () => 0,
    paddingTop: () => 0.5,
    paddingBottom: () => 0.5,
  },
});

const itensA4 = (venda: Venda): Content => ({
  table: {
    headerRows: 1,
    widths: [16, '*', 'auto', 'auto', 'auto', 'auto'],
    body: [
      ['#', 'Descrição', 'Qtd.', 'Vl. unit.', 'Desconto', 'Total'].map((t, i) => ({
        text: t,
        bold: true,
        alignment: i >= 2 ? ('right' as const) : ('left' as const),
      })),
      ...venda.itens.map((item, i): TableCell[] => [
        String(i + 1),
        item.descricao,
        { text: formatQuantidade(item.quantidade, item.produto.unidadeMedida), alignment: 'right', noWrap: true },
        { text: formatMoney(item.valorUnitario), alignment: 'right', noWrap: true },
        { text: item.valorDesconto > 0 ? formatMoney(item.valorDesconto) : '—', alignment: 'right', noWrap: true },
        { text: formatMoney(item.valorTotal), alignment: 'right', noWrap: true },
      ]),
    ],
  },
  layout: 'lightHorizontalLines',
});

const pagamentos = (venda: Venda): Content[] =>
  venda.financeiros.flatMap((f): Content[] => {
    const nome = f.formaPagamento.nome || TIPO_FORMA_PAGAMENTO_LABEL[f.formaPagamento.tipo];
    const linhas: Content[] = [linha(nome, formatMoney(f.valor))];
    if (f.parcelas > 1) linhas.push({ text: descreverParcelas(f.valor, f.parcelas), ...DETALHE });
    // Card payments: 'Visa • NSU 123456' (issue #15 item 4).
    const cartao = descreverCartao(f);
    if (cartao) linhas.push({ text: cartao, ...DETALHE });
    if (f.formaPagamento.tipo === 'a_prazo' && f.dataVencimento) {
      linhas.push({ text: `1º vencimento ${formatDate(f.dataVencimento)}`, ...DETALHE });
    }
    if (f.valorRecebido > f.valor || f.troco > 0) {
      linhas.push(linha('Recebido', formatMoney(f.valorRecebido), DETALHE));
      linhas.push(linha('Troco', formatMoney(f.troco), DETALHE));
    }
    return linhas;
  });

/**
 * The document definition of the receipt (exported for tests). `agora` is the print time;
 * dates are shown in the unit's time zone.
 */
export const definicaoCupom = (venda: Venda, unidade: UnidadeCupom, formato: FormatoCupom, agora: Date) => {
  const termica = formato === '80mm';
  const largura = termica ? LARGURA_80MM - 2 * MARGEM_80MM : LARGURA_A4 - 2 * MARGEM_A4;
  const tz = unidade.timeZone;
  const orcamento = venda.tipo === 'Orcamento';
  const titulo = orcamento
    ? venda.validadeOrcamento
      ? `ORÇAMENTO — válido até ${formatDate(venda.validadeOrcamento)}`
      : 'ORÇAMENTO'
    : 'CUPOM NÃO FISCAL';
  const endereco = enderecoDa(unidade);

  const content: Content[] = [
    { text: unidade.nomeFantasia, style: 'empresa' },
    { text: unidade.razaoSocial, alignment: 'center' },
    { text: `CNPJ ${formatCnpj(unidade.cnpj)}`, alignment: 'center' },
    ...(endereco ? [{ text: endereco, alignment: 'center' as const }] : []),
    ...(unidade.telefone ? [{ text: `Tel. ${formatTelefone(unidade.telefone)}`, alignment: 'center' as const }] : []),
    separador(largura),
    { text: titulo, style: 'titulo' },
  ];
  if (venda.status === 'Cancelada') {
    content.push({
      table: {
        widths: ['*'],
        body: [
          [
            {
              stack: [
                { text: orcamento ? 'ORÇAMENTO CANCELADO' : 'VENDA CANCELADA', bold: true, alignment: 'center' },
                ...(venda.dataCancelamento
                  ? [{ text: `em ${formatDateTime(venda.dataCancelamento, tz)}`, alignment: 'center' as const }]
                  : []),
                ...(venda.motivoCancelamento
                  ? [{ text: `Motivo: ${venda.motivoCancelamento}`, alignment: 'center' as const }]
                  : []),
              ],
            },
          ],
        ],
      },
      margin: [0, 2, 0, 2],
    });
  }
  content.push(
    linha(
      `${orcamento ? 'Orçamento' : 'Venda'} nº ${venda.numero}`,
      formatDateTime(venda.dataFinalizacao ?? venda.createdAt, tz),
      {
        bold: true,
      },
    ),
    { text: `Operador: ${venda.usuario.nome}` },
  );
  if (venda.cliente) {
    const doc = venda.cliente.cpfCnpj
      ? ` — ${venda.cliente.cpfCnpj.length > 11 ? 'CNPJ' : 'CPF'} ${formatCpfCnpj(venda.cliente.cpfCnpj)}`
      : '';
    content.push({ text: `Cliente: ${venda.cliente.nome}${doc}` });
  }
  if (venda.pet) content.push({ text: `Pet: ${venda.pet.nome}` });
  content.push(separador(largura), termica ? itensTermica(venda) : itensA4(venda), separador(largura));

  // Totals, payments and returns: the whole roll on 80 mm, a right-hand block on A4.
  const larguraResumo = termica ? largura : LARGURA_RESUMO_A4;
  const resumo: Content[] = [linha('Subtotal', formatMoney(venda.valorBruto))];
  if (venda.valorDescontos > 0) resumo.push(linha('Descontos', `- ${formatMoney(venda.valorDescontos)}`));
  if (venda.valorEntregaFrete > 0) resumo.push(linha('Entrega/frete', formatMoney(venda.valorEntregaFrete)));
  resumo.push(linha('TOTAL', formatMoney(venda.valorLiquido), { bold: true, fontSize: termica ? 10 : 12 }));
  if (venda.financeiros.length > 0) {
    resumo.push(separador(larguraResumo), { text: 'Pagamentos', bold: true }, ...pagamentos(venda));
    resumo.push(linha('Total pago', formatMoney(venda.valorPago)));
  }
  if (venda.valorEmAberto > 0 && !orcamento && venda.status !== 'Cancelada') {
    resumo.push(linha('Saldo em aberto', formatMoney(venda.valorEmAberto), { bold: true }));
  }
  if (venda.devolucoes.length > 0) {
    resumo.push(separador(larguraResumo), { text: 'Devoluções', bold: true });
    for (const d of venda.devolucoes) {
      resumo.push(linha(`Devolução nº ${d.numero} — ${formatDateTime(d.createdAt, tz)}`, formatMoney(d.valorTotal)), {
        text: `Reembolso ${REEMBOLSO_LABEL[d.reembolso] ?? d.reembolso}`,
        ...DETALHE,
      });
    }
  }
  content.push(
    termica
      ? { stack: resumo }
      : {
          columns: [
            { width: '*', text: '' },
            { width: larguraResumo, stack: resumo },
          ],
        },
  );
  if (venda.observacoes) content.push(separador(largura), { text: `Obs.: ${venda.observacoes}` });
  content.push(separador(largura), {
    stack: [{ text: 'Documento sem valor fiscal', bold: true }, { text: `Impresso em ${formatDateTime(agora, tz)}` }],
    alignment: 'center',
    margin: [0, 2, 0, 0],
  });

  return {
    pageSize: termica ? { width: LARGURA_80MM, height: 'auto' as const } : ('A4' as const),
    pageMargins: termica ? MARGEM_80MM : MARGEM_A4,
    compress: false,
    info: { title: `${orcamento ? 'Orçamento' : 'Venda'} nº ${venda.numero}`, author: unidade.nomeFantasia },
    defaultStyle: { font: 'Helvetica', fontSize: termica ? 7.5 : 10, lineHeight: 1.1 },
    styles: {
      empresa: { fontSize: termica ? 10 : 14, bold: true, alignment: 'center' as const },
      titulo: {
        fontSize: termica ? 9 : 12,
        bold: true,
        alignment: 'center' as const,
        margin: [0, 0, 0, 3] as [number, number, number, number],
      },
    },
    content,
  };
};

/** The receipt PDF (bytes). */
export const gerarCupomPdf = async (
  venda: Venda,
  unidade: UnidadeCupom,
  formato: FormatoCupom,
  agora: Date = new Date(),
): Promise<Buffer> => pdfmake.createPdf(definicaoCupom(venda, unidade, formato, agora)).getBuffer();

/**
 * GET /vendas/{id}/imprimir: the sale of the selected unit as a receipt PDF and its number
 * (for the file name). 404 'Venda não encontrada' for a sale of another unit or tenant.
 */
export const imprimirVenda = async (tx: Db, id: string, formato: FormatoCupom): Promise<{ numero: number; pdf: Buffer }> => {
  const venda = await findVenda(tx, id);
  if (!venda) throw notFound(VENDA_NAO_ENCONTRADA);
  const [unidade] = await tx
    .select({
      nomeFantasia: unidadesNegocio.nomeFantasia,
      razaoSocial: unidadesNegocio.razaoSocial,
      cnpj: unidadesNegocio.cnpj,
      telefone: unidadesNegocio.telefone,
      logradouro: unidadesNegocio.logradouro,
      numero: unidadesNegocio.numero,
      complemento: unidadesNegocio.complemento,
      bairro: unidadesNegocio.bairro,
      cidade: unidadesNegocio.cidade,
      uf: unidadesNegocio.uf,
      cep: unidadesNegocio.cep,
      timeZone: unidadesNegocio.timeZone,
    })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  if (!unidade) throw notFound(VENDA_NAO_ENCONTRADA);
  return { numero: venda.numero, pdf: await gerarCupomPdf(venda, unidade, formato) };
};
