/**
 * Leitura de NF-e (modelo 55, layouts 3.10 e 4.00) para importação de compras (issue #5).
 * Contrato estável: o importador de compras depende exatamente destes tipos.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { roundDecimal } from '@petshop/shared/format';
import { verifyNfeSignature } from './signature.ts';
import { digitoChaveConfere, digitoVerificadorChave } from './chave-acesso.ts';
import { decodeXml } from './decode-xml.ts';

export type AvisoNfe = {
  codigo:
    | 'assinatura_invalida'
    | 'assinatura_ausente'
    | 'chave_digito_invalido'
    | 'chave_divergente'
    | 'sem_protocolo'
    | 'nao_autorizada';
  mensagem: string;
};
export type EnderecoNfe = {
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  codigoIbge: string | null;
};
export type LoteNfe = { numero: string; quantidade: number; dataFabricacao: string | null; dataValidade: string | null };
export type ItemNfe = {
  /** det/@nItem (1…990). */
  numeroItem: number;
  /** cProd: the supplier's own code, as text (leading zeros kept). */
  codigo: string;
  /** cEAN (or cEANTrib) when it is 8/12/13/14 digits; 'SEM GTIN'/empty → null. */
  gtin: string | null;
  /** xProd. */
  descricao: string;
  ncm: string | null;
  cest: string | null;
  cfop: string | null;
  /** uCom, upper case, trimmed. */
  unidade: string;
  /** qCom, 4 decimals. */
  quantidade: number;
  /** vUnCom in reais (up to 10 decimals in the XML; 4 kept). */
  valorUnitario: number;
  /** vProd in reais. */
  valorTotal: number;
  /** vDesc vFrete vSeg vOutro of the item, 0 when absent. */
  valorDesconto: number;
  valorFrete: number;
  valorSeguro: number;
  valorOutros: number;
  /** prod/rastro (4.00) and prod/med with nLote (3.10). */
  lotes: LoteNfe[];
};
export type DuplicataNfe = { numero: string | null; dataVencimento: string; valor: number };
export type NfeLida = {
  versao: '3.10' | '4.00';
  modelo: '55';
  /** 44 digits, from infNFe/@Id without 'NFe' (protNFe's chNFe when different → aviso chave_divergente). */
  chaveAcesso: string;
  numero: string;
  serie: string;
  /** 'yyyy-MM-dd' from dhEmi (dEmi in old files), the date as written (no time-zone shift). */
  dataEmissao: string;
  naturezaOperacao: string | null;
  emitente: {
    cnpj: string | null;
    cpf: string | null;
    razaoSocial: string;
    nomeFantasia: string | null;
    inscricaoEstadual: string | null;
    telefone: string | null;
    endereco: EnderecoNfe;
  };
  destinatario: { cnpj: string | null; cpf: string | null; nome: string | null } | null;
  itens: ItemNfe[];
  totais: {
    valorProdutos: number;
    valorFrete: number;
    valorSeguro: number;
    valorDesconto: number;
    valorOutros: number;
    valorIpi: number;
    valorIcmsSt: number;
    valorNota: number;
  };
  /** cobr/dup; dataVencimento = dVenc, or dataEmissao when the duplicata has none. */
  duplicatas: DuplicataNfe[];
  /** protNFe/infProt (nProt, cStat, xMotivo, dhRecbto as written); null for a bare NFe. */
  protocolo: { numero: string | null; status: string | null; motivo: string | null; dataRecebimento: string | null } | null;
  avisos: AvisoNfe[];
};

/** 400-style error: the file is not an NF-e we can import; `message` in pt-BR, shown to the user. */
export class NfeInvalidaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NfeInvalidaError';
  }
}

/** Largest file accepted (bytes). The largest real NF-e (990 items, the layout's maximum) is about 2 MB. */
export const TAMANHO_MAXIMO_NFE = 5 * 1024 * 1024;

const VERSOES = new Set(['3.10', '4.00']);

/** What other fiscal XMLs are, to tell the user what they sent instead of an NF-e. */
const OUTROS_DOCUMENTOS: Record<string, string> = {
  enviNFe: 'é um lote de envio à SEFAZ (enviNFe); importe o XML de cada NF-e autorizada',
  retEnviNFe: 'é uma resposta da SEFAZ a um lote (retEnviNFe)',
  retConsReciNFe: 'é uma resposta da SEFAZ a uma consulta de recibo (retConsReciNFe)',
  retConsSitNFe: 'é uma resposta da SEFAZ a uma consulta de situação (retConsSitNFe)',
  Envelope: 'é uma mensagem SOAP de comunicação com a SEFAZ',
  procEventoNFe: 'é um evento da NF-e (cancelamento, carta de correção…), não a nota',
  evento: 'é um evento da NF-e (cancelamento, carta de correção…), não a nota',
  envEvento: 'é um evento da NF-e (cancelamento, carta de correção…), não a nota',
  procInutNFe: 'é uma inutilização de numeração, não uma nota',
  inutNFe: 'é uma inutilização de numeração, não uma nota',
  cteProc: 'é um CT-e (conhecimento de transporte)',
  CTe: 'é um CT-e (conhecimento de transporte)',
  mdfeProc: 'é um MDF-e (manifesto de documentos fiscais)',
  MDFe: 'é um MDF-e (manifesto de documentos fiscais)',
  CFe: 'é um CF-e SAT (cupom fiscal eletrônico)',
  nfeResultMsg: 'é uma mensagem de resposta da SEFAZ',
};

const MENSAGENS = {
  vazio: 'O arquivo está vazio',
  grande: 'O arquivo é grande demais para uma NF-e (máximo de 5 MB)',
  naoXml: 'O arquivo não é um XML válido',
  nfce: 'Este XML é de uma NFC-e (modelo 65), nota de venda ao consumidor; importe a NF-e (modelo 55) do fornecedor',
} as const;

// ---------------------------------------------------------------- generic readers of the parse

type No = Record<string, unknown>;

/** The element `x` as an object (the first one when repeated); undefined for text or absence. */
const obj = (x: unknown): No | undefined => {
  const v = Array.isArray(x) ? x[0] : x;
  return v !== null && typeof v === 'object' ? (v as No) : undefined;
};

/** Always an array of elements (one, many or none). */
const lista = (x: unknown): No[] => (Array.isArray(x) ? x : x === undefined ? [] : [x]).map((v) => obj(v) ?? {});

/** Decodes the predefined XML entities and character references (one pass, no expansion). */
const decodeEntities = (s: string): string =>
  s.includes('&')
    ? s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (todo, e: string) => {
        if (e[0] !== '#') return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e]!;
        const cp = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : todo;
      })
    : s;

/** The text of element `x` (trimmed, entities decoded); null when absent or blank. */
const txt = (x: unknown): string | null => {
  let v = Array.isArray(x) ? x[0] : x;
  if (v !== null && typeof v === 'object') v = (v as No)['#text'];
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const t = decodeEntities(String(v)).trim();
  return t === '' ? null : t;
};

const atributo = (no: No | undefined, nome: string): string | null => txt(no?.[`@_${nome}`]);

/** Only the digits of a code (CNPJ, CPF, CEP, GTIN…); null when there are none. */
const digitos = (x: unknown): string | null => {
  const t = txt(x)?.replace(/\D/g, '');
  return t ? t : null;
};

/** NF-e decimals (XSD TDec_*): never negative, '.' as separator, no exponent. */
const NUMERO = /^\d+(\.\d+)?$/;

/** A decimal number of the XML, rounded to `casas`; `padrao` when absent (refused when malformed). */
const numero = (x: unknown, casas: number, campo: string, padrao?: number): number => {
  const t = txt(x);
  if (t === null && padrao !== undefined) return padrao;
  if (t === null || !NUMERO.test(t)) {
    throw new NfeInvalidaError(
      t === null ? `A NF-e não informa ${campo}` : `Valor inválido na NF-e para ${campo}: "${t.slice(0, 30)}"`,
    );
  }
  return roundDecimal(t, casas);
};
const dinheiro = (x: unknown, campo: string, padrao?: number) => numero(x, 2, campo, padrao);

/** 'yyyy-MM-dd' from a date or date-time as written (no time-zone shift); null when not a date. */
const data = (x: unknown): string | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(txt(x) ?? '');
  if (!m) return null;
  const [, a, mes, d] = m;
  const dt = new Date(Date.UTC(Number(a), Number(mes) - 1, Number(d)));
  return dt.getUTCMonth() === Number(mes) - 1 && dt.getUTCDate() === Number(d) ? `${a}-${mes}-${d}` : null;
};

const gtin = (x: unknown): string | null => {
  const t = txt(x);
  return t && /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(t) ? t : null;
};

// ---------------------------------------------------------------- parsing

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // Entities are decoded by `txt` (predefined and character references only); DOCTYPEs are
  // refused before parsing, so no entity is ever declared, let alone expanded.
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (nome) => ['det', 'dup', 'rastro', 'med'].includes(nome.replace(/^.*:/, '')),
});

const analisarXml = (xml: string): No => {
  if (/<!DOCTYPE/i.test(xml)) throw new NfeInvalidaError('O arquivo não é uma NF-e: declarações DOCTYPE não são aceitas');
  if (XMLValidator.validate(xml) !== true) throw new NfeInvalidaError(MENSAGENS.naoXml);
  const raiz = parser.parse(xml) as unknown;
  return obj(raiz) ?? {};
};

const endereco = (e: No | undefined): EnderecoNfe => ({
  cep: digitos(e?.CEP),
  logradouro: txt(e?.xLgr),
  numero: txt(e?.nro),
  complemento: txt(e?.xCpl),
  bairro: txt(e?.xBairro),
  cidade: txt(e?.xMun),
  uf: txt(e?.UF)?.toUpperCase() ?? null,
  codigoIbge: digitos(e?.cMun),
});

const parseItem = (det: No, indice: number, versao: string): ItemNfe => {
  const nItem = atributo(det, 'nItem');
  const numeroItem = nItem && /^\d{1,3}$/.test(nItem) ? Number(nItem) : indice + 1;
  const prod = obj(det.prod);
  const rotulo = `item ${numeroItem}`;
  if (!prod) throw new NfeInvalidaError(`A NF-e não informa o produto do ${rotulo}`);
  const codigo = txt(prod.cProd);
  const descricao = txt(prod.xProd);
  const unidade = txt(prod.uCom)?.toUpperCase();
  if (!codigo) throw new NfeInvalidaError(`A NF-e não informa o código do produto do ${rotulo} (cProd)`);
  if (!descricao) throw new NfeInvalidaError(`A NF-e não informa a descrição do ${rotulo} (xProd)`);
  if (!unidade) throw new NfeInvalidaError(`A NF-e não informa a unidade do ${rotulo} (uCom)`);

  const lotes: LoteNfe[] = [];
  // 4.00: prod/rastro (nLote, qLote, dFab, dVal); 3.10: prod/med with the same fields.
  const gruposLote =
    versao === '3.10' ? [...lista(prod.med), ...lista(prod.rastro)] : [...lista(prod.rastro), ...lista(prod.med)];
  for (const r of gruposLote) {
    const nLote = txt(r.nLote);
    if (!nLote) continue;
    lotes.push({
      numero: nLote,
      quantidade: numero(r.qLote, 4, `a quantidade do lote ${nLote} do ${rotulo} (qLote)`),
      dataFabricacao: data(r.dFab),
      dataValidade: data(r.dVal),
    });
  }

  return {
    numeroItem,
    codigo,
    gtin: gtin(prod.cEAN) ?? gtin(prod.cEANTrib),
    descricao,
    ncm: txt(prod.NCM),
    cest: txt(prod.CEST),
    cfop: txt(prod.CFOP),
    unidade,
    quantidade: numero(prod.qCom, 4, `a quantidade do ${rotulo} (qCom)`),
    valorUnitario: numero(prod.vUnCom, 4, `o valor unitário do ${rotulo} (vUnCom)`),
    valorTotal: dinheiro(prod.vProd, `o valor do ${rotulo} (vProd)`),
    valorDesconto: dinheiro(prod.vDesc, `o desconto do ${rotulo} (vDesc)`, 0),
    valorFrete: dinheiro(prod.vFrete, `o frete do ${rotulo} (vFrete)`, 0),
    valorSeguro: dinheiro(prod.vSeg, `o seguro do ${rotulo} (vSeg)`, 0),
    valorOutros: dinheiro(prod.vOutro, `outras despesas do ${rotulo} (vOutro)`, 0),
    lotes,
  };
};

const parseDocumento = (xml: string): NfeLida => {
  const raiz = analisarXml(xml);
  const nomesRaiz = Object.keys(raiz).filter((k) => !k.startsWith('#') && !k.startsWith('?'));
  if (nomesRaiz.length !== 1) throw new NfeInvalidaError(MENSAGENS.naoXml);
  const nomeRaiz = nomesRaiz[0]!;

  let nfe: No | undefined;
  let protNFe: No | undefined;
  if (nomeRaiz === 'nfeProc') {
    const proc = obj(raiz.nfeProc);
    nfe = obj(proc?.NFe);
    protNFe = obj(proc?.protNFe);
  } else if (nomeRaiz === 'NFe') {
    nfe = obj(raiz.NFe);
  } else {
    const explicacao =
      OUTROS_DOCUMENTOS[nomeRaiz] ?? `o elemento principal é <${nomeRaiz}>, e uma NF-e começa por <nfeProc> ou <NFe>`;
    throw new NfeInvalidaError(`O arquivo não é uma NF-e: ${explicacao}`);
  }
  const infNFe = obj(nfe?.infNFe);
  const ide = obj(infNFe?.ide);
  if (!infNFe || !ide) throw new NfeInvalidaError('O arquivo não é uma NF-e: falta o grupo de informações da nota (infNFe/ide)');

  const modelo = txt(ide.mod);
  if (modelo === '65') throw new NfeInvalidaError(MENSAGENS.nfce);
  if (modelo !== '55')
    throw new NfeInvalidaError(
      `O arquivo não é uma NF-e: o modelo do documento é ${modelo ?? 'não informado'}, e a NF-e é o modelo 55`,
    );

  const versao = atributo(infNFe, 'versao');
  if (!versao || !VERSOES.has(versao)) {
    throw new NfeInvalidaError(
      `Versão de leiaute da NF-e não suportada: ${versao ?? 'não informada'} (são aceitas as versões 3.10 e 4.00)`,
    );
  }

  const avisos: AvisoNfe[] = [];
  const id = atributo(infNFe, 'Id');
  const chaveAcesso = /^NFe(\d{44})$/.exec(id ?? '')?.[1];
  if (!chaveAcesso)
    throw new NfeInvalidaError(`A NF-e não tem uma chave de acesso válida (Id de infNFe: "${(id ?? '').slice(0, 50)}")`);
  if (!digitoChaveConfere(chaveAcesso)) {
    avisos.push({
      codigo: 'chave_digito_invalido',
      mensagem: `O dígito verificador da chave de acesso ${chaveAcesso} não confere (esperado ${digitoVerificadorChave(chaveAcesso.slice(0, 43))}): a chave pode ter sido digitada ou alterada`,
    });
  }

  const numeroNota = txt(ide.nNF);
  const serie = txt(ide.serie);
  if (!numeroNota || !/^\d{1,9}$/.test(numeroNota)) throw new NfeInvalidaError('A NF-e não informa um número válido (nNF)');
  if (!serie || !/^\d{1,3}$/.test(serie)) throw new NfeInvalidaError('A NF-e não informa uma série válida (serie)');
  const dataEmissao = data(ide.dhEmi) ?? data(ide.dEmi);
  if (!dataEmissao) throw new NfeInvalidaError('A NF-e não informa uma data de emissão válida (dhEmi)');

  const emit = obj(infNFe.emit);
  const cnpjEmit = digitos(emit?.CNPJ);
  const cpfEmit = digitos(emit?.CPF);
  if (!cnpjEmit && !cpfEmit) throw new NfeInvalidaError('A NF-e não informa o CNPJ ou CPF do emitente');
  const razaoSocial = txt(emit?.xNome);
  if (!razaoSocial) throw new NfeInvalidaError('A NF-e não informa a razão social do emitente (xNome)');
  const enderEmit = obj(emit?.enderEmit);

  const dest = obj(infNFe.dest);
  const dets = lista(infNFe.det);
  if (dets.length === 0) throw new NfeInvalidaError('A NF-e não tem itens (det)');
  const itens = dets.map((d, i) => parseItem(d, i, versao));

  const icmsTot = obj(obj(infNFe.total)?.ICMSTot);
  if (!icmsTot) throw new NfeInvalidaError('A NF-e não informa os totais (total/ICMSTot)');
  const totais = {
    valorProdutos: dinheiro(icmsTot.vProd, 'o total dos produtos (vProd)', 0),
    valorFrete: dinheiro(icmsTot.vFrete, 'o total do frete (vFrete)', 0),
    valorSeguro: dinheiro(icmsTot.vSeg, 'o total do seguro (vSeg)', 0),
    valorDesconto: dinheiro(icmsTot.vDesc, 'o total do desconto (vDesc)', 0),
    valorOutros: dinheiro(icmsTot.vOutro, 'o total de outras despesas (vOutro)', 0),
    valorIpi: dinheiro(icmsTot.vIPI, 'o total do IPI (vIPI)', 0),
    valorIcmsSt: dinheiro(icmsTot.vST, 'o total do ICMS ST (vST)', 0),
    valorNota: dinheiro(icmsTot.vNF, 'o valor total da nota (vNF)'),
  };

  const duplicatas: DuplicataNfe[] = lista(obj(infNFe.cobr)?.dup).map((d, i) => ({
    numero: txt(d.nDup),
    // dVenc is optional in the XSD; a duplicata without it is due on the issue date.
    dataVencimento: data(d.dVenc) ?? dataEmissao,
    valor: dinheiro(d.vDup, `o valor da duplicata ${txt(d.nDup) ?? i + 1} (vDup)`),
  }));

  const infProt = obj(protNFe?.infProt);
  const protocolo = infProt
    ? {
        numero: txt(infProt.nProt),
        status: txt(infProt.cStat),
        motivo: txt(infProt.xMotivo),
        dataRecebimento: txt(infProt.dhRecbto),
      }
    : null;

  const assinatura = verifyNfeSignature(xml);
  if (assinatura === 'invalida') {
    avisos.push({
      codigo: 'assinatura_invalida',
      mensagem: 'A assinatura digital da NF-e não confere: o arquivo pode ter sido alterado',
    });
  } else if (assinatura === 'ausente') {
    avisos.push({
      codigo: 'assinatura_ausente',
      mensagem: 'A NF-e não tem assinatura digital: confira os dados com o fornecedor',
    });
  }
  if (!protocolo) {
    avisos.push({
      codigo: 'sem_protocolo',
      mensagem: 'O XML não traz o protocolo de autorização da SEFAZ: confira se a nota foi autorizada antes de dar entrada',
    });
  } else {
    const chaveProtocolo = txt(infProt?.chNFe);
    if (chaveProtocolo && chaveProtocolo !== chaveAcesso) {
      avisos.push({
        codigo: 'chave_divergente',
        mensagem: `A chave de acesso do protocolo (${chaveProtocolo.slice(0, 44)}) é diferente da chave da nota (${chaveAcesso})`,
      });
    }
    if (protocolo.status !== '100' && protocolo.status !== '150') {
      avisos.push({
        codigo: 'nao_autorizada',
        mensagem: `O protocolo da SEFAZ não autoriza o uso desta NF-e (${protocolo.status ?? 'sem código'}${protocolo.motivo ? ` - ${protocolo.motivo}` : ''})`,
      });
    }
  }

  return {
    versao: versao as NfeLida['versao'],
    modelo: '55',
    chaveAcesso,
    numero: numeroNota,
    serie,
    dataEmissao,
    naturezaOperacao: txt(ide.natOp),
    emitente: {
      cnpj: cnpjEmit,
      cpf: cnpjEmit ? null : cpfEmit,
      razaoSocial,
      nomeFantasia: txt(emit?.xFant),
      inscricaoEstadual: txt(emit?.IE),
      telefone: digitos(enderEmit?.fone),
      endereco: endereco(enderEmit),
    },
    destinatario: dest ? { cnpj: digitos(dest.CNPJ), cpf: digitos(dest.CPF), nome: txt(dest.xNome) } : null,
    itens,
    totais,
    duplicatas,
    protocolo,
    avisos,
  };
};

/**
 * Reads an NF-e (nfeProc or bare NFe; layouts 3.10 and 4.00) for the purchase import.
 *
 * `conteudo`: the uploaded file (Buffer in UTF-8 with or without BOM, UTF-16 with BOM, or the
 * encoding declared in the prolog such as ISO-8859-1) or an already decoded string.
 * Returns the note's data (money in reais rounded to 2 decimals, unit values and quantities
 * to 4, dates 'yyyy-MM-dd' as written, codes as text with their leading zeros) plus warnings
 * that never block the import: signature that does not verify or is missing, wrong key check
 * digit, protocol missing/different key/not authorised (cStat other than 100 and 150).
 *
 * Throws NfeInvalidaError (message in pt-BR, for a 400) when the file is empty, larger than
 * 5 MB, not XML, has a DOCTYPE, is another document (batch, SEFAZ answer, event, CT-e…), an
 * NFC-e (model 65), an unsupported layout, or misses mandatory parts (key, number, series,
 * issue date, emitter CNPJ/CPF and name, items, totals, malformed numbers). Never throws
 * anything else for any input. Source: MOC 7.0 (layout 4.00, NT 2016.002 …) and 6.0 (3.10).
 */
export function parseNfe(conteudo: Buffer | string): NfeLida {
  try {
    const tamanho = typeof conteudo === 'string' ? Buffer.byteLength(conteudo, 'utf8') : conteudo?.length;
    if (typeof tamanho !== 'number') throw new NfeInvalidaError(MENSAGENS.naoXml);
    if (tamanho > TAMANHO_MAXIMO_NFE) throw new NfeInvalidaError(MENSAGENS.grande);
    const xml = decodeXml(conteudo);
    if (xml.trim() === '') throw new NfeInvalidaError(MENSAGENS.vazio);
    return parseDocumento(xml);
  } catch (erro) {
    if (erro instanceof NfeInvalidaError) throw erro;
    throw new NfeInvalidaError(MENSAGENS.naoXml);
  }
}
