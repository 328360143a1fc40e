/**
 * The signed requests of the NFC-e's events and inutilização and the documents kept afterwards,
 * built as sped-nfe's `Tools::sefazEvento` / `sefazCancela` / `sefazInutiliza` build them
 * (schemas PL_009_V4: envEventoCancNFe_v1.00.xsd, e110111_v1.00 inside leiauteEventoCancNFe,
 * inutNFe_v4.00.xsd; the stored ones procEventoCancNFe_v1.00.xsd and procInutNFe_v4.00.xsd).
 * No XML declaration and no whitespace between tags (SEFAZ rejects both). Free texts go through
 * the NFC-e's `texto` (TString: Latin-1, escaped as C14N escapes) and dates through
 * `dataHoraComFuso` (nfce/formatos.ts).
 *
 * Signed over `infEvento` / `infInut` by `assinarCanonico`: the same bytes as `assinarXml`
 * (xml-crypto: RSA-SHA1, C14N 1.0, enveloped) without parsing, since these documents are written
 * already canonical; xml-crypto took 17–47 ms of a loaded core per event (the event loop's budget
 * is 20 ms), this takes the RSA operation's ~2 ms. The test compares both outputs.
 */
import type { CertificadoA1 } from '../../../lib/certificado.ts';
import { assinarCanonico } from '../assinatura.ts';
import { dataHoraComFuso, texto } from '../nfce/formatos.ts';
import type { PedidoCancelamento, PedidoInutilizacao } from './sefaz.ts';

export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';

/** tpAmb: 1 produção, 2 homologação. */
export const tpAmb = (ambiente: 'homologacao' | 'producao'): '1' | '2' => (ambiente === 'producao' ? '1' : '2');

/** The event's Id: 'ID' + tpEvento + chave + nSeqEvento in 2 digits (MOC 7.0 §5.8, leiauteEvento). */
export const idEvento = (tpEvento: string, chave: string, nSeqEvento: number): string =>
  `ID${tpEvento}${chave}${String(nSeqEvento).padStart(2, '0')}`;

/**
 * The signed `<evento>` of a cancellation (tpEvento 110111, nSeqEvento 1, verEvento 1.00):
 * cOrgao is the key's state (its first two digits), dhEvento `pedido.em` in `pedido.timeZone`,
 * detEvento with descEvento 'Cancelamento', the authorisation's nProt and xJust (15 to 255
 * characters after cleaning; the caller checks the length for the user's message).
 */
export const buildEventoCancelamento = (
  pedido: PedidoCancelamento,
  ambiente: 'homologacao' | 'producao',
  certificado: CertificadoA1,
): string => assinarCanonico(xmlEventoCancelamento(pedido, ambiente), 'infEvento', certificado).xml;

/** The cancellation `<evento>` before its signature (see `buildEventoCancelamento`). */
export const xmlEventoCancelamento = (pedido: PedidoCancelamento, ambiente: 'homologacao' | 'producao'): string => {
  const id = idEvento('110111', pedido.chave, 1);
  return (
    `<evento xmlns="${NS_NFE}" versao="1.00"><infEvento Id="${id}">` +
    `<cOrgao>${pedido.chave.slice(0, 2)}</cOrgao><tpAmb>${tpAmb(ambiente)}</tpAmb>` +
    `<CNPJ>${pedido.cnpj}</CNPJ><chNFe>${pedido.chave}</chNFe>` +
    `<dhEvento>${dataHoraComFuso(pedido.em, pedido.timeZone)}</dhEvento>` +
    `<tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento>` +
    `<detEvento versao="1.00"><descEvento>Cancelamento</descEvento>` +
    `<nProt>${pedido.protocolo}</nProt><xJust>${texto(pedido.justificativa, 255)}</xJust>` +
    `</detEvento></infEvento></evento>`
  );
};

/** The batch `envEvento` (versao 1.00) around signed `<evento>`s; idLote up to 15 digits. */
export const buildEnvEvento = (idLote: string, eventosAssinados: string[]): string =>
  `<envEvento xmlns="${NS_NFE}" versao="1.00"><idLote>${idLote}</idLote>${eventosAssinados.join('')}</envEvento>`;

/**
 * The inutilização's Id: 'ID' + cUF + ano (2) + CNPJ + modelo + série (3) + nNFIni (9) + nNFFin (9)
 * (leiauteInutNFe_v4.00.xsd, pattern ID[0-9]{41}).
 */
export const idInutilizacao = (cUF: string, pedido: PedidoInutilizacao, modelo = '65'): string =>
  `ID${cUF}${pedido.ano}${pedido.cnpj}${modelo}${String(pedido.serie).padStart(3, '0')}` +
  `${String(pedido.numeroInicial).padStart(9, '0')}${String(pedido.numeroFinal).padStart(9, '0')}`;

/** The signed `<inutNFe versao="4.00">` of numbers `numeroInicial`..`numeroFinal` of a series of modelo 65. */
export const buildInutilizacao = (
  pedido: PedidoInutilizacao,
  cUF: string,
  ambiente: 'homologacao' | 'producao',
  certificado: CertificadoA1,
): string => assinarCanonico(xmlInutilizacao(pedido, cUF, ambiente), 'infInut', certificado).xml;

/** The `<inutNFe>` before its signature (see `buildInutilizacao`). */
export const xmlInutilizacao = (pedido: PedidoInutilizacao, cUF: string, ambiente: 'homologacao' | 'producao'): string =>
  `<inutNFe xmlns="${NS_NFE}" versao="4.00"><infInut Id="${idInutilizacao(cUF, pedido)}">` +
  `<tpAmb>${tpAmb(ambiente)}</tpAmb><xServ>INUTILIZAR</xServ><cUF>${cUF}</cUF><ano>${pedido.ano}</ano>` +
  `<CNPJ>${pedido.cnpj}</CNPJ><mod>65</mod><serie>${pedido.serie}</serie>` +
  `<nNFIni>${pedido.numeroInicial}</nNFIni><nNFFin>${pedido.numeroFinal}</nNFFin>` +
  `<xJust>${texto(pedido.justificativa, 255)}</xJust></infInut></inutNFe>`;

/**
 * The `procEventoNFe` (versao 1.00) kept for a registered event: the signed evento and SEFAZ's
 * `<retEvento>` as it came (it inherits the namespace declared here).
 */
export const buildProcEvento = (eventoAssinado: string, retEvento: string): string =>
  `<procEventoNFe xmlns="${NS_NFE}" versao="1.00">${eventoAssinado}${retEvento}</procEventoNFe>`;

/** The `ProcInutNFe` (versao 4.00) kept for an inutilização: the signed inutNFe and SEFAZ's retInutNFe. */
export const buildProcInutilizacao = (inutAssinado: string, retInut: string): string =>
  `<ProcInutNFe xmlns="${NS_NFE}" versao="4.00">${inutAssinado}${retInut}</ProcInutNFe>`;
