/**
 * The unsigned `<NFe><infNFe>` of an NFC-e (modelo 65, layout 4.00, leiauteNFe_v4.00.xsd of
 * PL_009_V4) built from `DadosNfce` by string concatenation in the schema's element order
 * (a DOM would cost several ms per document; see bench/nfce.ts).
 *
 * Choices, with their source:
 * - ide: natOp 'VENDA', tpNF 1, idDest 1 (internal), tpImp 4 (DANFE NFC-e), finNFe 1,
 *   indFinal 1, indPres 1 (at the counter) or 4 (delivery, when freight is charged; NT 2016.002
 *   allowed "entrega a domicílio" in the NFC-e) with indIntermed 0 (NT 2020.006: required when
 *   indPres is 2, 3, 4 or 9; no marketplace), procEmi 0; dhCont/xJust with tpEmis 9.
 * - homologação: the first item's xProd is 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM
 *   VALOR FISCAL' (rule 373 of the NFC-e).
 * - dest only with the consumer's CPF/CNPJ, without a name, indIEDest 9 (non-contributor).
 * - cEAN/cEANTrib: the product's GTIN when it has 8, 12, 13 or 14 digits and a right check digit
 *   (rule 611 rejects a wrong one), else 'SEM GTIN'.
 * - vProd = qCom × vUnCom rounded half up to the cent (rule 629 tolerates ±0,01).
 * - vDesc of an item: its own discount + its share of the sale's; vFrete: its share of the
 *   freight (rateio.ts); the sums equal the totals exactly.
 * - ICMS, CRT 1/2/4 by CSOSN: 101 → ICMSSN101 (credit 0), 102/103/300/400 → ICMSSN102,
 *   201 → ICMSSN201, 202/203 → ICMSSN202 (ST base and value 0), 500 → ICMSSN500 (the retained-ST
 *   groups are optional in the NFC-e and left out), 900 → ICMSSN900.
 *   CRT 3 by CST: 00 → ICMS00 and 20 → ICMS20 with vBC = vProd − vDesc + vFrete and pICMS 0
 *   (GAP: the product has no ICMS rate column, so the tax is written as 0), 40/41/50 → ICMS40,
 *   60 → ICMS60, 90 → ICMS90. Other codes throw (the products' fiscal status flags them first).
 * - PIS/COFINS by CST (no rate columns either): 01/02 → PISAliq/COFINSAliq with the item's base
 *   and rate 0; 03 → PISQtde/COFINSQtde with the quantity and rate 0; 04–09 → PISNT/COFINSNT;
 *   49–99 → PISOutr/COFINSOutr with zeros (what Simples Nacional issuers send); no CST → 99.
 * - totals: vNF = vProd − vDesc + vFrete (no ST, IPI, insurance or other charges in a till sale).
 * - transp/modFrete 9 without freight; with freight 0 (CIF, the seller contracts the delivery).
 * - pag: one detPag per payment (xPag for tPag 99; card group with tpIntegra 2, the acquirer's
 *   CNPJ and tBand when known, cAut); vTroco = Σ vPag − vNF (rules 865/869); a sum of payments
 *   below vNF throws.
 * - infCpl: the caller's text, the Simples Nacional notice for CRT 1/4 and "Tributos aproximados:
 *   R$ …" (Lei 12.741/2012, tributos-aproximados.ts).
 */
import { onlyDigits } from '@petshop/shared/validators';
import type { DadosNfce, ItemNfce, PagamentoNfce } from './dados-nfce.ts';
import { codigoUf, montarChaveAcesso } from './chave-acesso.ts';
import { centavos, ratear, reais } from './rateio.ts';
import { tributosAproximadosItem } from './tributos-aproximados.ts';
import { dataHoraComFuso, decimalEscalado, formatarEscalado, formatarValorUnitario, reaisPtBr, texto } from './formatos.ts';

/** verProc: the issuing application and its version (max 20 characters). */
export const VERSAO_APLICATIVO = 'PetShop Gestao 1.0';

const XPROD_HOMOLOGACAO = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/** What the builder answers besides the XML, for the QR code and the caller. */
export type NfceMontada = {
  /** `<NFe xmlns=…><infNFe …>…</infNFe></NFe>`, unsigned. */
  xml: string;
  chave: string;
  /** dhEmi as written. */
  dhEmi: string;
  /** vNF, reais. */
  valorTotal: string;
  /** vTotTrib, reais. */
  valorTributos: string;
};

const gtinValido = (g: string): boolean => {
  if (!/^(\d{8}|\d{12,14})$/.test(g)) return false;
  let soma = 0;
  for (let i = g.length - 2, peso = 3; i >= 0; i--, peso = peso === 3 ? 1 : 3) soma += (g.charCodeAt(i) - 48) * peso;
  return (10 - (soma % 10)) % 10 === g.charCodeAt(g.length - 1) - 48;
};

const el = (tag: string, valor: string): string => `<${tag}>${valor}</${tag}>`;
const opt = (tag: string, valor: string | null | undefined): string => (valor ? `<${tag}>${valor}</${tag}>` : '');

/** ICMS group of an item; `baseIcms` in cents (vProd − vDesc + vFrete). */
const icms = (crt: string, item: ItemNfce, baseIcms: number): string => {
  const orig = el('orig', /^[0-8]$/.test(item.origem) ? item.origem : '0');
  if (crt !== '3') {
    const csosn = item.csosn ?? '';
    const c = el('CSOSN', csosn);
    switch (csosn) {
      case '101':
        return `<ICMSSN101>${orig}${c}<pCredSN>0.00</pCredSN><vCredICMSSN>0.00</vCredICMSSN></ICMSSN101>`;
      case '102':
      case '103':
      case '300':
      case '400':
        return `<ICMSSN102>${orig}${c}</ICMSSN102>`;
      case '201':
        return `<ICMSSN201>${orig}${c}<modBCST>4</modBCST><vBCST>0.00</vBCST><pICMSST>0.00</pICMSST><vICMSST>0.00</vICMSST><pCredSN>0.00</pCredSN><vCredICMSSN>0.00</vCredICMSSN></ICMSSN201>`;
      case '202':
      case '203':
        return `<ICMSSN202>${orig}${c}<modBCST>4</modBCST><vBCST>0.00</vBCST><pICMSST>0.00</pICMSST><vICMSST>0.00</vICMSST></ICMSSN202>`;
      case '500':
        return `<ICMSSN500>${orig}${c}</ICMSSN500>`;
      case '900':
        return `<ICMSSN900>${orig}${c}</ICMSSN900>`;
      default:
        throw new Error(`CSOSN ${csosn || '(vazio)'} não suportado na NFC-e (produto ${item.codigo})`);
    }
  }
  const cst = item.cst ?? '';
  const c = el('CST', cst);
  switch (cst) {
    case '00':
      return `<ICMS00>${orig}${c}<modBC>3</modBC><vBC>${reais(baseIcms)}</vBC><pICMS>0.00</pICMS><vICMS>0.00</vICMS></ICMS00>`;
    case '20':
      return `<ICMS20>${orig}${c}<modBC>3</modBC><pRedBC>0.00</pRedBC><vBC>${reais(baseIcms)}</vBC><pICMS>0.00</pICMS><vICMS>0.00</vICMS></ICMS20>`;
    case '40':
    case '41':
    case '50':
      return `<ICMS40>${orig}${c}</ICMS40>`;
    case '60':
      return `<ICMS60>${orig}${c}</ICMS60>`;
    case '90':
      return `<ICMS90>${orig}${c}</ICMS90>`;
    default:
      throw new Error(`CST de ICMS ${cst || '(vazio)'} não suportado na NFC-e (produto ${item.codigo})`);
  }
};

/** PIS or COFINS group ('PIS'/'COFINS'); `base` in cents, `quantidade` the item's qCom text. */
const pisCofins = (tributo: 'PIS' | 'COFINS', cstInformado: string | null, base: number, quantidade: string): string => {
  const cst = cstInformado && /^\d{2}$/.test(cstInformado) ? cstInformado : '99';
  const n = Number(cst);
  const p = tributo === 'PIS' ? 'pPIS' : 'pCOFINS';
  const v = tributo === 'PIS' ? 'vPIS' : 'vCOFINS';
  if (n === 1 || n === 2) {
    return `<${tributo}Aliq><CST>${cst}</CST><vBC>${reais(base)}</vBC><${p}>0.00</${p}><${v}>0.00</${v}></${tributo}Aliq>`;
  }
  if (n === 3) {
    return `<${tributo}Qtde><CST>${cst}</CST><qBCProd>${quantidade}</qBCProd><vAliqProd>0.0000</vAliqProd><${v}>0.00</${v}></${tributo}Qtde>`;
  }
  if (n >= 4 && n <= 9) return `<${tributo}NT><CST>${cst}</CST></${tributo}NT>`;
  return `<${tributo}Outr><CST>${cst}</CST><vBC>0.00</vBC><${p}>0.00</${p}><${v}>0.00</${v}></${tributo}Outr>`;
};

/** tBand codes of the NF-e (NT 2020.006 table) by the brand's usual name. */
const BANDEIRAS: Record<string, string> = {
  visa: '01',
  mastercard: '02',
  master: '02',
  'american express': '03',
  amex: '03',
  sorocred: '04',
  diners: '05',
  'diners club': '05',
  elo: '06',
  hipercard: '07',
  aura: '08',
  cabal: '09',
  alelo: '10',
  'banes card': '11',
  calcard: '12',
  credz: '13',
  discover: '14',
  goodcard: '15',
  greencard: '16',
  hiper: '17',
  jcb: '18',
  mais: '19',
  maxvan: '20',
  policard: '21',
  redecompras: '22',
  sodexo: '23',
  valecard: '24',
  verocheque: '25',
  vr: '26',
  ticket: '27',
};

const bandeira = (b: string | null | undefined): string | null => {
  if (!b) return null;
  const t = b.trim();
  if (/^\d{2}$/.test(t)) return t;
  return BANDEIRAS[t.toLowerCase()] ?? '99';
};

const detPag = (p: PagamentoNfce): string => {
  const valor = reais(centavos(p.valor));
  const xPag = p.tPag === '99' ? el('xPag', texto(p.descricao || 'Outros', 60).padEnd(2, '.')) : '';
  let card = '';
  // Card payments carry the card group (rule 391 when missing): not integrated with the till.
  if (p.tPag === '03' || p.tPag === '04') {
    const cnpj = onlyDigits(p.cartao?.cnpjCredenciadora ?? '');
    const aut = p.cartao?.autorizacao ? texto(p.cartao.autorizacao, 128) : '';
    card = `<card><tpIntegra>2</tpIntegra>${cnpj.length === 14 ? el('CNPJ', cnpj) : ''}${opt('tBand', bandeira(p.cartao?.bandeira))}${opt('cAut', aut)}</card>`;
  }
  return `<detPag><tPag>${p.tPag}</tPag>${xPag}<vPag>${valor}</vPag>${card}</detPag>`;
};

/** Builds the unsigned NFC-e; throws an Error (Portuguese message) on data it cannot write. */
export const montarXmlNfce = (d: DadosNfce): NfceMontada => {
  const e = d.emitente;
  if (d.itens.length === 0) throw new Error('A NFC-e precisa de ao menos um item');
  if (d.itens.length > 990) throw new Error('A NFC-e aceita no máximo 990 itens');
  const cnpj = onlyDigits(e.cnpj);
  const cUF = codigoUf(e.uf);
  // NT 2019.001: cNF must differ from nNF (gerarCodigoNumerico never answers it).
  if (d.codigoNumerico === String(d.numero).padStart(8, '0').slice(-8)) throw new Error('cNF igual ao número da NFC-e');
  const dhEmi = dataHoraComFuso(d.emitidoEm, d.timeZone);
  const chave = montarChaveAcesso({
    uf: e.uf,
    anoMes: dhEmi.slice(2, 4) + dhEmi.slice(5, 7),
    cnpj,
    modelo: '65',
    serie: d.serie,
    numero: d.numero,
    tipoEmissao: d.tipoEmissao,
    codigoNumerico: d.codigoNumerico,
  });

  // Values of each line, in cents.
  const linhas = d.itens.map((it) => {
    const q = decimalEscalado(it.quantidade, 4);
    if (q <= 0n) throw new Error(`Quantidade inválida no item ${it.codigo}`);
    const vUn = decimalEscalado(it.valorUnitario, 10);
    // q (4 dec) × vUn (10 dec) = 14 decimals → cents, half up.
    const vProd = Number((q * vUn + 5n * 10n ** 11n) / 10n ** 12n);
    const descItem = centavos(it.descontoItem);
    if (descItem < 0 || descItem > vProd) throw new Error(`Desconto do item ${it.codigo} inválido`);
    return { it, qCom: formatarEscalado(q, 4), vUnCom: formatarValorUnitario(it.valorUnitario), vProd, descItem };
  });
  const descVenda = centavos(d.descontoVenda);
  const frete = centavos(d.frete);
  const pesos = linhas.map((l) => l.vProd - l.descItem);
  const somaPesos = pesos.reduce((a, b) => a + b, 0);
  if (descVenda < 0 || descVenda > somaPesos) throw new Error('Desconto da venda maior que o valor dos itens');
  if (frete < 0) throw new Error('Frete inválido');
  const partesDesc = ratear(descVenda, pesos);
  const partesFrete = ratear(frete, pesos);

  let tProd = 0;
  let tDesc = 0;
  let tFrete = 0;
  let tBc = 0;
  let tTrib = 0;
  const dets: string[] = [];
  linhas.forEach((l, i) => {
    const it = l.it;
    const vDesc = l.descItem + partesDesc[i]!;
    const vFrete = partesFrete[i]!;
    const liquido = l.vProd - vDesc + vFrete;
    const trib = tributosAproximadosItem(it.ncm, liquido);
    tProd += l.vProd;
    tDesc += vDesc;
    tFrete += vFrete;
    tTrib += trib;
    if (e.crt === '3' && (it.cst === '00' || it.cst === '20')) tBc += liquido;
    const codigoBarras = onlyDigits(it.codigoBarras ?? '');
    const gtin = gtinValido(codigoBarras) ? codigoBarras : 'SEM GTIN';
    const xProd = i === 0 && d.ambiente === '2' ? XPROD_HOMOLOGACAO : texto(it.descricao, 120) || 'PRODUTO';
    const unidade = texto(it.unidade, 6) || 'UN';
    const cest = onlyDigits(it.cest ?? '');
    dets.push(
      `<det nItem="${i + 1}"><prod>${el('cProd', texto(it.codigo, 60) || String(i + 1))}${el('cEAN', gtin)}${el('xProd', xProd)}` +
        `${el('NCM', onlyDigits(it.ncm))}${cest.length === 7 ? el('CEST', cest) : ''}${el('CFOP', onlyDigits(it.cfop))}` +
        `${el('uCom', unidade)}${el('qCom', l.qCom)}${el('vUnCom', l.vUnCom)}${el('vProd', reais(l.vProd))}` +
        `${el('cEANTrib', gtin)}${el('uTrib', unidade)}${el('qTrib', l.qCom)}${el('vUnTrib', l.vUnCom)}` +
        `${vFrete > 0 ? el('vFrete', reais(vFrete)) : ''}${vDesc > 0 ? el('vDesc', reais(vDesc)) : ''}<indTot>1</indTot></prod>` +
        `<imposto>${el('vTotTrib', reais(trib))}<ICMS>${icms(e.crt, it, liquido)}</ICMS>` +
        `<PIS>${pisCofins('PIS', it.pisCst, l.vProd - vDesc, l.qCom)}</PIS>` +
        `<COFINS>${pisCofins('COFINS', it.cofinsCst, l.vProd - vDesc, l.qCom)}</COFINS></imposto></det>`,
    );
  });
  const vNF = tProd - tDesc + tFrete;
  const somaPag = d.pagamentos.reduce((a, p) => a + centavos(p.valor), 0);
  if (d.pagamentos.length === 0 || d.pagamentos.length > 100) throw new Error('Informe de 1 a 100 pagamentos');
  if (somaPag < vNF) {
    throw new Error(`Pagamentos (${reaisPtBr(somaPag)}) menores que o total da nota (${reaisPtBr(vNF)})`);
  }
  const troco = somaPag - vNF;

  const cpfCnpj = onlyDigits(d.destinatarioDocumento ?? '');
  let dest = '';
  if (cpfCnpj.length === 11) dest = `<dest><CPF>${cpfCnpj}</CPF><indIEDest>9</indIEDest></dest>`;
  else if (cpfCnpj.length === 14) dest = `<dest><CNPJ>${cpfCnpj}</CNPJ><indIEDest>9</indIEDest></dest>`;
  else if (cpfCnpj.length > 0) throw new Error('CPF/CNPJ do consumidor inválido');

  let contingencia = '';
  if (d.tipoEmissao === '9') {
    if (!d.contingencia) throw new Error('Contingência sem data e justificativa');
    const just = texto(d.contingencia.justificativa, 256);
    if (just.length < 15) throw new Error('Justificativa da contingência deve ter ao menos 15 caracteres');
    contingencia = el('dhCont', dataHoraComFuso(d.contingencia.desde, d.timeZone)) + el('xJust', just);
  }

  const ie = /isento/i.test(e.inscricaoEstadual) ? 'ISENTO' : onlyDigits(e.inscricaoEstadual);
  const fone = onlyDigits(e.telefone ?? '');
  const cpl: string[] = [];
  if (d.informacoesComplementares) cpl.push(texto(d.informacoesComplementares, 2000));
  if (e.crt === '1' || e.crt === '4') {
    cpl.push('Documento emitido por ME ou EPP optante pelo Simples Nacional. Não gera direito a crédito fiscal de IPI.');
  }
  cpl.push(`Tributos aproximados: ${reaisPtBr(tTrib)} (Lei 12.741/2012; estimativa por médias nacionais do capítulo NCM).`);

  const xml =
    `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="NFe${chave}"><ide>` +
    `<cUF>${cUF}</cUF><cNF>${d.codigoNumerico}</cNF><natOp>VENDA</natOp><mod>65</mod><serie>${d.serie}</serie>` +
    `<nNF>${d.numero}</nNF><dhEmi>${dhEmi}</dhEmi><tpNF>1</tpNF><idDest>1</idDest>` +
    `<cMunFG>${onlyDigits(e.codigoMunicipio)}</cMunFG><tpImp>4</tpImp><tpEmis>${d.tipoEmissao}</tpEmis>` +
    `<cDV>${chave[43]}</cDV><tpAmb>${d.ambiente}</tpAmb><finNFe>1</finNFe><indFinal>1</indFinal>` +
    `${frete > 0 ? '<indPres>4</indPres><indIntermed>0</indIntermed>' : '<indPres>1</indPres>'}<procEmi>0</procEmi><verProc>${VERSAO_APLICATIVO}</verProc>${contingencia}</ide>` +
    `<emit><CNPJ>${cnpj}</CNPJ>${el('xNome', texto(e.razaoSocial, 60))}${opt('xFant', e.nomeFantasia ? texto(e.nomeFantasia, 60) : '')}` +
    `<enderEmit>${el('xLgr', texto(e.logradouro, 60))}${el('nro', texto(e.numero, 60) || 'S/N')}` +
    `${opt('xCpl', e.complemento ? texto(e.complemento, 60) : '')}${el('xBairro', texto(e.bairro, 60))}` +
    `${el('cMun', onlyDigits(e.codigoMunicipio))}${el('xMun', texto(e.municipio, 60))}${el('UF', e.uf.toUpperCase())}` +
    `${el('CEP', onlyDigits(e.cep))}<cPais>1058</cPais><xPais>BRASIL</xPais>${fone.length >= 6 && fone.length <= 14 ? el('fone', fone) : ''}</enderEmit>` +
    `${el('IE', ie)}<CRT>${e.crt}</CRT></emit>${dest}${dets.join('')}` +
    `<total><ICMSTot><vBC>${reais(tBc)}</vBC><vICMS>0.00</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP>` +
    `<vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>${reais(tProd)}</vProd>` +
    `<vFrete>${reais(tFrete)}</vFrete><vSeg>0.00</vSeg><vDesc>${reais(tDesc)}</vDesc><vII>0.00</vII><vIPI>0.00</vIPI>` +
    `<vIPIDevol>0.00</vIPIDevol><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>0.00</vOutro><vNF>${reais(vNF)}</vNF>` +
    `<vTotTrib>${reais(tTrib)}</vTotTrib></ICMSTot></total>` +
    `<transp><modFrete>${frete > 0 ? '0' : '9'}</modFrete></transp>` +
    `<pag>${d.pagamentos.map(detPag).join('')}${troco > 0 ? el('vTroco', reais(troco)) : ''}</pag>` +
    `<infAdic>${el('infCpl', cpl.join(' | '))}</infAdic></infNFe></NFe>`;

  return { xml, chave, dhEmi, valorTotal: reais(vNF), valorTributos: reais(tTrib) };
};
