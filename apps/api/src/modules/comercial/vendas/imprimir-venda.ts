/**
 * The non-fiscal receipt of a sale or quote as PDF (DOMAIN.md §6 "Printing: a non-fiscal
 * receipt sized for 80 mm thermal printers and A4, as PDF"; issue #4 item 6;
 * GET /api/comercial/vendas/{id}/imprimir).
 *
 * Laid out by the building blocks of impressao-pdf.ts (pdfmake, Helvetica, 80 mm roll or A4):
 * on 80 mm the items as lines, on A4 a table of items with the totals in a block at the right.
 *
 * Content: the unit's header (nome fantasia, razão social, CNPJ, address, phone), "CUPOM NÃO
 * FISCAL" or "ORÇAMENTO — válido até dd/MM/yyyy", the cancelled banner, number, date-time in
 * the unit's time zone, operator, customer (name, CPF/CNPJ) and pet, items (description,
 * quantity with the unit's abbreviation, unit price, discount, total), subtotal, discounts,
 * freight, total, payments (installments "3x de R$ …", received and change *troco*), open
 * balance, returns, notes, and the footer "Documento sem valor fiscal" with the print time.
 * A sale left open, when the unit has a PIX key, also carries the open amount's PIX BR Code as a
 * QR and its "PIX copia e cola" text (issue #18 item 9, pix-venda.ts).
 * Money in reais, shown with `formatMoney`.
 */
import type { Content } from 'pdfmake/interfaces';
import { descreverCartao } from '@petshop/shared/cartao';
import { TIPO_FORMA_PAGAMENTO_LABEL } from '@petshop/shared/forma-pagamento';
import { formatCpfCnpj, formatDate, formatDateTime, formatMoney, formatQuantidade } from '@petshop/shared/format';
import { parcelar, type Venda } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import {
  cabecalhoUnidade,
  documentDefinition,
  DETALHE,
  renderPdf,
  larguraUtil,
  findUnidadeCupom,
  linha,
  rodape,
  separador,
  tabelaItens,
  type FormatoCupom,
  type UnidadeCupom,
} from '../impressao-pdf.ts';
import { brCodeDaVenda, findUnidadePix } from './pix-venda.ts';
import { getVenda, VENDA_NAO_ENCONTRADA } from './vendas-repository.ts';

/** Width of the totals block at the right of an A4 receipt. */
const LARGURA_RESUMO_A4 = 260;

const REEMBOLSO_LABEL: Record<string, string> = { dinheiro: 'em dinheiro', credito_cliente: 'em crédito do cliente' };

/** "3x de R$ 33,33", or "1x de R$ 33,34 + 2x de R$ 33,33" when the first takes the odd cents. */
export const descreverParcelas = (valor: number, parcelas: number): string => {
  const valores = parcelar(valor, parcelas);
  const [primeira, ...resto] = valores;
  if (resto.length === 0 || resto.every((v) => v === primeira)) return `${valores.length}x de ${formatMoney(primeira)}`;
  return `1x de ${formatMoney(primeira)} + ${resto.length}x de ${formatMoney(resto[0])}`;
};

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
 * dates are shown in the unit's time zone. `pix`: the BR Code of the open amount (a sale left
 * open of a unit with a PIX key), printed as a QR with its text.
 */
export const definicaoCupom = (venda: Venda, unidade: UnidadeCupom, formato: FormatoCupom, agora: Date, pix?: string) => {
  const termica = formato === '80mm';
  const largura = larguraUtil(formato);
  const tz = unidade.timeZone;
  const orcamento = venda.tipo === 'Orcamento';
  const titulo = orcamento
    ? venda.validadeOrcamento
      ? `ORÇAMENTO — válido até ${formatDate(venda.validadeOrcamento)}`
      : 'ORÇAMENTO'
    : 'CUPOM NÃO FISCAL';

  const content: Content[] = cabecalhoUnidade(unidade, titulo, largura);
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
  content.push(
    separador(largura),
    tabelaItens(
      formato,
      venda.itens.map((item) => ({
        descricao: item.descricao,
        quantidade: formatQuantidade(item.quantidade, item.produto.unidadeMedida),
        valorUnitario: item.valorUnitario,
        valorDesconto: item.valorDesconto,
        valorTotal: item.valorTotal,
      })),
      { rotuloDescricao: 'Descrição', colunaDesconto: true },
    ),
    separador(largura),
  );

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
  if (pix) {
    content.push(
      separador(largura),
      { text: `Pague ${formatMoney(venda.valorEmAberto)} com PIX`, bold: true, alignment: 'center' },
      { qr: pix, fit: termica ? 150 : 170, alignment: 'center', margin: [0, 4, 0, 4] },
      { text: 'PIX copia e cola', bold: true },
      { text: pix, fontSize: 6 },
    );
  }
  if (venda.observacoes) content.push(separador(largura), { text: `Obs.: ${venda.observacoes}` });
  content.push(separador(largura), rodape(agora, tz));

  return documentDefinition(formato, `${orcamento ? 'Orçamento' : 'Venda'} nº ${venda.numero}`, unidade.nomeFantasia, content);
};

/** The receipt PDF (bytes). */
export const gerarCupomPdf = async (
  venda: Venda,
  unidade: UnidadeCupom,
  formato: FormatoCupom,
  agora: Date = new Date(),
  pix?: string,
): Promise<Buffer> => renderPdf(definicaoCupom(venda, unidade, formato, agora, pix));

/**
 * GET /vendas/{id}/imprimir: the sale of the selected unit as a receipt PDF and its number
 * (for the file name). 404 'Venda não encontrada' for a sale of another unit or tenant. A sale
 * left open with something to pay carries the PIX QR of the open amount when the unit has a key.
 */
export const imprimirVenda = async (tx: Db, id: string, formato: FormatoCupom): Promise<{ numero: number; pdf: Buffer }> => {
  const venda = await getVenda(tx, id);
  const unidade = await findUnidadeCupom(tx);
  if (!unidade) throw notFound(VENDA_NAO_ENCONTRADA);
  const deixadaEmAberto = venda.tipo === 'Venda' && venda.status === 'EmAberto' && !venda.emAtendimento;
  const unidadePix = deixadaEmAberto && venda.valorEmAberto > 0 ? await findUnidadePix(tx) : null;
  let pix: string | undefined;
  try {
    if (unidadePix?.chave) pix = brCodeDaVenda(unidadePix, venda.numero, venda.valorEmAberto).payload;
  } catch {
    // A unit without a city or with an unusable key still prints its receipt, without the QR.
  }
  return { numero: venda.numero, pdf: await gerarCupomPdf(venda, unidade, formato, new Date(), pix) };
};
