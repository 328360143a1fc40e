/**
 * The return receipt (*comprovante de devolução*) as PDF (issue #15 item 3; DOMAIN.md §6
 * "Printing"; GET /api/comercial/devolucoes/{id}/imprimir?formato=80mm|a4), in the sale
 * receipt's look (impressao-pdf.ts): 80 mm roll or A4.
 *
 * Content: the unit's header, "COMPROVANTE DE DEVOLUÇÃO", return nº and date-time (unit's time
 * zone), the sale nº, operator, customer (name, CPF/CNPJ) or "Consumidor", the items returned
 * (description, quantity with the unit's abbreviation × unit value refunded, total), the total,
 * how it was refunded (cash from the register, customer credit), the reason, a line for the
 * customer's signature and the footer. Money in reais.
 */
import { eq } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import type { Devolucao, TipoReembolso } from '@petshop/shared/devolucao';
import { formatCpfCnpj, formatDateTime, formatMoney, formatQuantidade } from '@petshop/shared/format';
import type { Db } from '../../../db/client.ts';
import { pessoas } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { DEVOLUCAO_NAO_ENCONTRADA, getDevolucao } from './devolucoes-repository.ts';
import {
  assinatura,
  cabecalhoUnidade,
  documentDefinition,
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

/** How the refund was paid, as the receipt says it. */
export const REEMBOLSO_COMPROVANTE: Record<TipoReembolso, string> = {
  dinheiro: 'Dinheiro (devolvido do caixa)',
  credito_cliente: 'Crédito do cliente (para usar em compras)',
};

/** The return and its customer's document (CPF/CNPJ digits, or null). */
export type DevolucaoComprovante = Devolucao & { clienteCpfCnpj: string | null };

const quantidade = (item: Devolucao['itens'][number]) =>
  formatQuantidade(item.quantidade, { sigla: item.unidadeSigla, permiteVendaFracionada: true });

/** The document definition of the receipt (exported for tests); dates in the unit's time zone. */
export const definicaoComprovanteDevolucao = (
  d: DevolucaoComprovante,
  unidade: UnidadeCupom,
  formato: FormatoCupom,
  agora: Date,
) => {
  const termica = formato === '80mm';
  const largura = larguraUtil(formato);
  const tz = unidade.timeZone;
  const documento = d.clienteCpfCnpj
    ? ` — ${d.clienteCpfCnpj.length > 11 ? 'CNPJ' : 'CPF'} ${formatCpfCnpj(d.clienteCpfCnpj)}`
    : '';
  const content: Content[] = [
    ...cabecalhoUnidade(unidade, 'COMPROVANTE DE DEVOLUÇÃO', largura),
    linha(`Devolução nº ${d.numero}`, formatDateTime(d.createdAt, tz), { bold: true }),
    { text: `Venda nº ${d.venda.numero}` },
    { text: `Operador: ${d.usuario.nome}` },
    { text: d.cliente ? `Cliente: ${d.cliente.nome}${documento}` : 'Cliente: Consumidor' },
    separador(largura),
    tabelaItens(
      formato,
      d.itens.map((item) => ({
        descricao: item.descricao,
        quantidade: quantidade(item),
        valorUnitario: item.valorUnitario,
        valorTotal: item.valorTotal,
      })),
      { rotuloDescricao: 'Produto', colunaDesconto: false },
    ),
    separador(largura),
  ];
  const resumo: Content[] = [
    linha('TOTAL DEVOLVIDO', formatMoney(d.valorTotal), { bold: true, fontSize: termica ? 10 : 12 }),
    linha('Reembolso', REEMBOLSO_COMPROVANTE[d.reembolso]),
  ];
  content.push(
    termica
      ? { stack: resumo }
      : {
          columns: [
            { width: '*', text: '' },
            { width: 260, stack: resumo },
          ],
        },
  );
  if (d.motivo) content.push({ text: `Motivo: ${d.motivo}`, margin: [0, 3, 0, 0] });
  content.push(assinatura('Cliente', d.cliente?.nome), separador(largura), rodape(agora, tz));
  return documentDefinition(formato, `Devolução nº ${d.numero}`, unidade.nomeFantasia, content);
};

/**
 * GET /devolucoes/{id}/imprimir: the return of the selected unit as a receipt PDF and its
 * number (for the file name). 404 'Devolução não encontrada' for another unit or tenant.
 */
export const imprimirDevolucao = async (
  tx: Db,
  id: string,
  formato: FormatoCupom,
  agora: Date = new Date(),
): Promise<{ numero: number; pdf: Buffer }> => {
  const devolucao = await getDevolucao(tx, id);
  const unidade = await findUnidadeCupom(tx);
  if (!unidade) throw notFound(DEVOLUCAO_NAO_ENCONTRADA);
  let clienteCpfCnpj: string | null = null;
  if (devolucao.cliente) {
    const [pessoa] = await tx.select({ cpfCnpj: pessoas.cpfCnpj }).from(pessoas).where(eq(pessoas.id, devolucao.cliente.id));
    clienteCpfCnpj = pessoa?.cpfCnpj ?? null;
  }
  const pdf = await renderPdf(definicaoComprovanteDevolucao({ ...devolucao, clienteCpfCnpj }, unidade, formato, agora));
  return { numero: devolucao.numero, pdf };
};
