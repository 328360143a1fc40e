/**
 * The DANFE NFC-e (issue #18 item 5): the consumer's receipt of an NFC-e on an 80 mm roll, as PDF
 * (GET /api/fiscal/documentos/{id}/pdf).
 *
 * Everything printed comes from the stored XML (`documentos_fiscais.xml`: the signed `NFe`, or the
 * `nfeProc` once authorised) and, when cancelled, the cancellation's `procEventoNFe`: the
 * document prints the same forever, whatever the sale, the products or the unit become. Only the
 * unit's time zone is read at print time (instants are shown on the unit's clock).
 *
 * Layout: "Manual de Especificações Técnicas do DANFE NFC-e e QR Code" (NT 2015.002, Manual
 * DANFE NFC-e v5), its divisions in order:
 * I   issuer: nome fantasia (else razão social), razão social, CNPJ and IE, address;
 * II  "Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica";
 * III items: Código, Descrição, Qtde, UN, Vl Unit, Vl Total;
 * IV  "Qtde. total de itens", "Valor total R$", "Desconto R$" / "Frete R$" / "Outras despesas R$"
 *     (when not zero), "Valor a Pagar R$", FORMA PAGAMENTO / VALOR PAGO R$ (tPag's name), "Troco R$";
 * V   fiscal message: "EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL" (tpAmb 2),
 *     "EMITIDA EM CONTINGÊNCIA" (tpEmis 9) and "Pendente de autorização" (no protocol yet),
 *     "Consulte pela Chave de Acesso em" urlChave, the key in groups of 4 digits;
 * VI  CONSUMIDOR: CPF/CNPJ formatted (and name), or "CONSUMIDOR NÃO IDENTIFICADO";
 * VII "NFC-e nº {n} Série {s} {dd/MM/yyyy HH:mm:ss}", "Protocolo de autorização: {nProt}",
 *     "Data de autorização: {dd/MM/yyyy HH:mm:ss}";
 * VIII the QR code (pdfmake's `qr`, error correction M, the stored infNFeSupl/qrCode text);
 * IX  "Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ …" and infCpl.
 * A cancelled NFC-e carries a boxed "NFC-e CANCELADA" under the title (with the cancellation's
 * protocol and date). Money pt-BR ('1.234,56'; with 'R$' where the label has none).
 *
 * Printing is refused (400) for an NFC-e that is neither authorised, cancelled nor issued in
 * offline contingency (rejected, denied, or sent normally and still waiting for SEFAZ): a DANFE
 * of a normal emission may only be printed after its authorisation.
 */
import { XMLParser } from 'fast-xml-parser';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { formatCnpj, formatCpf, formatDecimal, formatMoney, zonedParts } from '@petshop/shared/format';
import { STATUS_DOCUMENTO_FISCAL, type StatusDocumentoFiscal } from '@petshop/shared/fiscal';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { documentDefinition, larguraUtil, linha, renderPdf, separador } from '../comercial/impressao-pdf.ts';
import { getDocumentoArquivo, type DocumentoArquivo } from './documentos-arquivos.ts';

/** tPag → the name printed under FORMA PAGAMENTO (NT 2020.006 / NT 2023.004 table of tPag). */
export const NOME_TPAG: Record<string, string> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de Crédito',
  '04': 'Cartão de Débito',
  '05': 'Crédito Loja',
  '10': 'Vale Alimentação',
  '11': 'Vale Refeição',
  '12': 'Vale Presente',
  '13': 'Vale Combustível',
  '15': 'Boleto Bancário',
  '16': 'Depósito Bancário',
  '17': 'Pagamento Instantâneo (PIX)',
  '18': 'Transferência bancária, Carteira Digital',
  '19': 'Programa de fidelidade, Cashback, Crédito Virtual',
  '20': 'Pagamento Instantâneo (PIX) – Estático',
  '21': 'Crédito em Loja',
  '22': 'Pagamento Eletrônico não Informado',
  '90': 'Sem pagamento',
  '99': 'Outros',
};

export const TITULO_DANFE_NFCE = 'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica';
export const MENSAGEM_HOMOLOGACAO = 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL';
export const MENSAGEM_CONTINGENCIA = 'EMITIDA EM CONTINGÊNCIA';
export const MENSAGEM_PENDENTE = 'Pendente de autorização';

/** An instant as written in the XML ('2018-10-01T07:28:14-04:00'). */
type InstanteXml = string;

/** What the DANFE shows, read from the XML. Money and quantities as the XML writes them ('150.00', '1.0000'). */
export type NfceImpressa = {
  chave: string;
  emitente: {
    nomeFantasia: string | null;
    razaoSocial: string;
    cnpj: string;
    inscricaoEstadual: string | null;
    endereco: string;
  };
  /** tpAmb: '1' produção, '2' homologação. */
  ambiente: string;
  /** tpEmis: '1' normal, '9' offline contingency. */
  tipoEmissao: string;
  serie: string;
  numero: string;
  emitidoEm: InstanteXml;
  itens: { codigo: string; descricao: string; quantidade: string; unidade: string; valorUnitario: string; valorTotal: string }[];
  totais: { produtos: string; desconto: string; frete: string; outros: string; aPagar: string; tributos: string };
  pagamentos: { nome: string; valor: string }[];
  troco: string;
  /** null: not identified. */
  consumidor: { documento: string; nome: string | null } | null;
  qrCode: string | null;
  urlChave: string | null;
  /** protNFe's infProt (authorised), null before. */
  autorizacao: { protocolo: string; data: InstanteXml } | null;
  informacoesComplementares: string | null;
};

/** The cancellation as printed: from the procEventoNFe's retEvento (else the row's columns). */
export type CancelamentoImpresso = { protocolo: string | null; data: InstanteXml | Date | null };

type No = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // Stored XMLs are our own (no DOCTYPE): the five predefined entities are decoded.
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  isArray: (nome) => nome === 'det' || nome === 'detPag',
});

const obj = (x: unknown): No | undefined => (x && typeof x === 'object' && !Array.isArray(x) ? (x as No) : undefined);
const txt = (x: unknown): string | null => {
  if (typeof x === 'string') return x.trim() || null;
  if (typeof x === 'number') return String(x);
  const o = obj(x);
  return o && typeof o['#text'] === 'string' ? o['#text'].trim() || null : null;
};
const lista = (x: unknown): No[] => (Array.isArray(x) ? x.map(obj).filter((o): o is No => !!o) : []);
const soma = (...valores: (string | null)[]): string =>
  (valores.reduce((s, v) => s + Math.round(Number(v ?? 0) * 100), 0) / 100).toFixed(2);

/**
 * Reads an NFC-e (`<NFe>` or `<nfeProc>`) for printing. Throws an Error when the XML is not an
 * NFC-e (no infNFe): stored documents always are.
 */
export const lerNfce = (xml: string): NfceImpressa => {
  const raiz = obj(parser.parse(xml)) ?? {};
  const proc = obj(raiz.nfeProc);
  const nfe = obj(proc ? proc.NFe : raiz.NFe);
  const inf = obj(nfe?.infNFe);
  if (!nfe || !inf) throw new Error('XML sem infNFe: não é uma NFC-e');
  const ide = obj(inf.ide) ?? {};
  const emit = obj(inf.emit) ?? {};
  const ender = obj(emit.enderEmit) ?? {};
  const tot = obj(obj(inf.total)?.ICMSTot) ?? {};
  const dest = obj(inf.dest);
  const pag = obj(inf.pag) ?? {};
  const supl = obj(nfe.infNFeSupl) ?? {};
  const infProt = obj(obj(proc?.protNFe)?.infProt);
  const cStatProt = txt(infProt?.cStat);

  const rua = [txt(ender.xLgr), txt(ender.nro)].filter(Boolean).join(', ');
  const cidade = [txt(ender.xMun), txt(ender.UF)].filter(Boolean).join(' - ');
  const documento = txt(dest?.CPF)
    ? `CPF ${formatCpf(txt(dest?.CPF))}`
    : txt(dest?.CNPJ)
      ? `CNPJ ${formatCnpj(txt(dest?.CNPJ))}`
      : txt(dest?.idEstrangeiro)
        ? `Id. Estrangeiro ${txt(dest?.idEstrangeiro)}`
        : null;

  return {
    chave: (txt(inf['@_Id']) ?? '').replace(/^NFe/, ''),
    emitente: {
      nomeFantasia: txt(emit.xFant),
      razaoSocial: txt(emit.xNome) ?? '',
      cnpj: txt(emit.CNPJ) ?? txt(emit.CPF) ?? '',
      inscricaoEstadual: txt(emit.IE),
      endereco: [rua, txt(ender.xCpl), txt(ender.xBairro), cidade].filter(Boolean).join(', '),
    },
    ambiente: txt(ide.tpAmb) ?? '1',
    tipoEmissao: txt(ide.tpEmis) ?? '1',
    serie: txt(ide.serie) ?? '',
    numero: txt(ide.nNF) ?? '',
    emitidoEm: txt(ide.dhEmi) ?? '',
    itens: lista(inf.det).map((det) => {
      const prod = obj(det.prod) ?? {};
      return {
        codigo: txt(prod.cProd) ?? '',
        descricao: txt(prod.xProd) ?? '',
        quantidade: txt(prod.qCom) ?? '0',
        unidade: txt(prod.uCom) ?? '',
        valorUnitario: txt(prod.vUnCom) ?? '0',
        valorTotal: txt(prod.vProd) ?? '0',
      };
    }),
    totais: {
      produtos: txt(tot.vProd) ?? '0.00',
      desconto: txt(tot.vDesc) ?? '0.00',
      frete: txt(tot.vFrete) ?? '0.00',
      outros: soma(txt(tot.vSeg), txt(tot.vOutro)),
      aPagar: txt(tot.vNF) ?? '0.00',
      tributos: txt(tot.vTotTrib) ?? '0.00',
    },
    pagamentos: lista(pag.detPag).map((d) => {
      const tPag = txt(d.tPag) ?? '99';
      return { nome: (tPag === '99' && txt(d.xPag)) || NOME_TPAG[tPag] || `Forma ${tPag}`, valor: txt(d.vPag) ?? '0.00' };
    }),
    troco: txt(pag.vTroco) ?? '0.00',
    consumidor: documento ? { documento, nome: txt(dest?.xNome) } : null,
    qrCode: txt(supl.qrCode),
    urlChave: txt(supl.urlChave),
    autorizacao:
      infProt && (cStatProt === '100' || cStatProt === '150')
        ? { protocolo: txt(infProt.nProt) ?? '', data: txt(infProt.dhRecbto) ?? '' }
        : null,
    // The approximate taxes have their own line (Lei 12.741/2012): not printed twice.
    informacoesComplementares:
      txt(obj(inf.infAdic)?.infCpl)
        ?.split(' | ')
        .filter((parte) => !parte.startsWith('Tributos aproximados'))
        .join(' | ') || null,
  };
};

/** The cancellation's protocol and instant from its `procEventoNFe` (retEvento/infEvento), or null. */
export const lerCancelamento = (xml: string | null): CancelamentoImpresso | null => {
  if (!xml) return null;
  const raiz = obj(parser.parse(xml)) ?? {};
  const ret = obj(obj(obj(raiz.procEventoNFe)?.retEvento)?.infEvento);
  return ret ? { protocolo: txt(ret.nProt), data: txt(ret.dhRegEvento) } : null;
};

/** An instant as 'dd/MM/yyyy HH:mm:ss' on `timeZone`'s clock ('' when it is no date). */
export const formatDataHoraSegundos = (valor: InstanteXml | Date | null, timeZone: string): string => {
  if (!valor) return '';
  const instante = valor instanceof Date ? valor : new Date(valor);
  if (Number.isNaN(instante.getTime())) return '';
  const p = zonedParts(instante, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
};

/** The access key in groups of 4 digits, as the DANFE prints it. */
export const chaveEmGrupos = (chave: string): string => chave.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A quantity from the XML ('1.2500') in pt-BR without trailing zeros ('1,25'; '2.0000' → '2'). */
const quantidade = (q: string): string => {
  const [inteiro = '0', fracao = ''] = q.split('.');
  const casas = fracao.replace(/0+$/, '').length;
  return formatDecimal(`${inteiro}.${fracao || '0'}`, casas);
};

const valor = (v: string): string => formatDecimal(v, 2);
const naoZero = (v: string): boolean => Math.round(Number(v) * 100) !== 0;

/** Size of the QR code's side, in points (≈ 42 mm: the manual asks at least 25 mm). */
const LADO_QR = 120;

/**
 * The document definition of the DANFE NFC-e of `nota` (exported for tests). `cancelamento`:
 * the cancellation to show (null when not cancelled). Instants on `timeZone`'s clock.
 */
export const definicaoDanfeNfce = (nota: NfceImpressa, cancelamento: CancelamentoImpresso | null, timeZone: string) => {
  const largura = larguraUtil('80mm');
  const centro = (text: string, extra: Partial<{ bold: boolean; fontSize: number }> = {}): Content => ({
    text,
    alignment: 'center',
    ...extra,
  });
  const e = nota.emitente;
  const content: Content[] = [
    { text: e.nomeFantasia ?? e.razaoSocial, style: 'empresa' },
    ...(e.nomeFantasia && e.nomeFantasia !== e.razaoSocial ? [centro(e.razaoSocial)] : []),
    centro(`CNPJ: ${formatCnpj(e.cnpj)}${e.inscricaoEstadual ? `  IE: ${e.inscricaoEstadual}` : ''}`),
    ...(e.endereco ? [centro(e.endereco)] : []),
    separador(largura),
    { text: TITULO_DANFE_NFCE, style: 'titulo' },
  ];

  if (cancelamento) {
    const detalhe = [
      cancelamento.data ? `em ${formatDataHoraSegundos(cancelamento.data, timeZone)}` : null,
      cancelamento.protocolo ? `Protocolo ${cancelamento.protocolo}` : null,
    ]
      .filter(Boolean)
      .join(' – ');
    content.push({
      table: {
        widths: ['*'],
        body: [[{ stack: [centro('NFC-e CANCELADA', { bold: true, fontSize: 12 }), ...(detalhe ? [centro(detalhe)] : [])] }]],
      },
      margin: [0, 0, 0, 3],
    });
  }

  // III: items.
  const direita = (text: string, bold = false): TableCell => ({ text, alignment: 'right', noWrap: true, bold });
  content.push({
    table: {
      headerRows: 1,
      widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto'],
      body: [
        [
          { text: 'Código', bold: true },
          { text: 'Descrição', bold: true },
          direita('Qtde', true),
          { text: 'UN', bold: true },
          direita('Vl Unit', true),
          direita('Vl Total', true),
        ],
        ...nota.itens.map((item): TableCell[] => [
          item.codigo,
          item.descricao,
          direita(quantidade(item.quantidade)),
          item.unidade,
          direita(valor(item.valorUnitario)),
          direita(valor(item.valorTotal)),
        ]),
      ],
    },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: () => 0,
      paddingLeft: (i) => (i === 0 ? 0 : 1.5),
      paddingRight: (i, node) => (i === (node.table.widths?.length ?? 1) - 1 ? 0 : 1.5),
      paddingTop: () => 0.5,
      paddingBottom: () => 0.5,
    },
    fontSize: 6.5,
  });

  // IV: totals and payments.
  const t = nota.totais;
  content.push(
    separador(largura),
    linha('Qtde. total de itens', String(nota.itens.length)),
    linha('Valor total R$', valor(t.produtos)),
    ...(naoZero(t.desconto) ? [linha('Desconto R$', valor(t.desconto))] : []),
    ...(naoZero(t.frete) ? [linha('Frete R$', valor(t.frete))] : []),
    ...(naoZero(t.outros) ? [linha('Outras despesas R$', valor(t.outros))] : []),
    linha('Valor a Pagar R$', valor(t.aPagar), { bold: true }),
    linha('FORMA PAGAMENTO', 'VALOR PAGO R$', { bold: true, margin: [0, 2, 0, 0] }),
    ...nota.pagamentos.map((p) => linha(p.nome, valor(p.valor))),
    linha('Troco R$', valor(nota.troco)),
    separador(largura),
  );

  // V: fiscal message.
  if (nota.ambiente === '2') content.push(centro(MENSAGEM_HOMOLOGACAO, { bold: true }));
  if (nota.tipoEmissao === '9') {
    content.push(centro(MENSAGEM_CONTINGENCIA, { bold: true }));
    if (!nota.autorizacao) content.push(centro(MENSAGEM_PENDENTE, { bold: true }));
  }
  content.push(
    centro('Consulte pela Chave de Acesso em', { bold: true }),
    ...(nota.urlChave ? [centro(nota.urlChave)] : []),
    centro(chaveEmGrupos(nota.chave)),
    separador(largura),
  );

  // VI: consumer.
  content.push(
    nota.consumidor
      ? centro(`CONSUMIDOR - ${nota.consumidor.documento}${nota.consumidor.nome ? ` - ${nota.consumidor.nome}` : ''}`, {
          bold: true,
        })
      : centro('CONSUMIDOR NÃO IDENTIFICADO', { bold: true }),
    separador(largura),
  );

  // VII: identification and authorisation.
  content.push(
    centro(`NFC-e nº ${nota.numero} Série ${nota.serie} ${formatDataHoraSegundos(nota.emitidoEm, timeZone)}`, { bold: true }),
  );
  if (nota.autorizacao) {
    content.push(
      centro(`Protocolo de autorização: ${nota.autorizacao.protocolo}`),
      centro(`Data de autorização: ${formatDataHoraSegundos(nota.autorizacao.data, timeZone)}`),
    );
  }

  // VIII: QR code.
  if (nota.qrCode) content.push({ qr: nota.qrCode, fit: LADO_QR, eccLevel: 'M', alignment: 'center', margin: [0, 4, 0, 4] });

  // IX: taxes and the issuer's notes.
  content.push(
    separador(largura),
    centro(`Tributos Totais Incidentes (Lei Federal 12.741/2012): ${formatMoney(t.tributos)}`),
    ...(nota.informacoesComplementares ? [centro(nota.informacoesComplementares)] : []),
  );

  return documentDefinition('80mm', `NFC-e nº ${nota.numero} Série ${nota.serie}`, e.nomeFantasia ?? e.razaoSocial, content);
};

/** Statuses whose DANFE may be printed whatever the emission type. */
const IMPRIMIVEIS: readonly string[] = ['autorizada', 'cancelada'];

/** 400 unless the document may be printed (authorised, cancelled, or issued in offline contingency). */
export const assertDanfeImprimivel = (doc: Pick<DocumentoArquivo, 'status' | 'tipoEmissao' | 'numero'>): void => {
  if (IMPRIMIVEIS.includes(doc.status)) return;
  if (doc.tipoEmissao === '9' && (doc.status === 'contingencia' || doc.status === 'pendente')) return;
  const rotulo = STATUS_DOCUMENTO_FISCAL[doc.status as StatusDocumentoFiscal] ?? doc.status;
  throw badRequest(
    `A NFC-e nº ${doc.numero} não pode ser impressa (${rotulo}): o DANFE é impresso só de NFC-e autorizada ou emitida em contingência`,
  );
};

/** The DANFE of a stored document (its row as `getDocumentoArquivo` reads it), as PDF bytes. */
export const gerarDanfeNfcePdf = (doc: DocumentoArquivo): Promise<Buffer> => {
  const nota = lerNfce(doc.xml);
  const cancelamento =
    doc.status === 'cancelada'
      ? (lerCancelamento(doc.xmlCancelamento) ?? { protocolo: doc.protocoloCancelamento, data: doc.dataCancelamento })
      : null;
  return renderPdf(definicaoDanfeNfce(nota, cancelamento, doc.timeZone));
};

/**
 * GET /documentos/{id}/pdf: the DANFE NFC-e (80 mm) of a document of the scope's unit, and its
 * key (for the file name). 404 'Documento fiscal não encontrado'; 400 when it may not be printed
 * (`assertDanfeImprimivel`). `scoped` is the request's tenant-scoped transaction runner: the row
 * is read in it, the PDF is laid out after it ended (no connection held while rendering).
 */
export const imprimirDanfeNfce = async (
  scoped: FastifyRequest['scoped'],
  id: string,
): Promise<{ chave: string; pdf: Buffer }> => {
  const doc = await scoped((tx) => getDocumentoArquivo(tx, id));
  assertDanfeImprimivel(doc);
  return { chave: doc.chave, pdf: await gerarDanfeNfcePdf(doc) };
};
