/**
 * The NFC-e ready to send (issue #18): `gerarNfce(dados, certificado)` builds the XML of layout
 * 4.00 (montar-xml-nfce.ts), signs infNFe (RSA-SHA1, C14N, enveloped: assinatura.ts assinarCanonico, the same
 * bytes as assinatura.ts's xml-crypto signer, without a DOM), adds
 * `infNFeSupl` with the QR code and the consultation URL between infNFe and Signature (the
 * schema's order; sped-nfe's QRCode::putQRTag does the same after signing, since the signature
 * covers infNFe only) and validates the whole `<NFe>` against nfe_v4.00.xsd (validar-xsd.ts).
 *
 * Errors: throws `Error` with a Portuguese message on data that cannot make a valid NFC-e
 * (unknown CSOSN/CST, payments below the total, bad CPF, unknown UF, missing CSC…), and
 * `XmlForaDoSchemaError` (with libxml2's messages) when the document breaks the schema. The
 * caller (emitir-nfce.ts) turns both into a refusal of the emission.
 */
import type { CertificadoA1 } from '../../../lib/certificado.ts';
import { assinarCanonico } from '../assinatura.ts';
import type { DadosNfce, NfceGerada } from './dados-nfce.ts';
import { montarXmlNfce } from './montar-xml-nfce.ts';
import { montarQrCode } from './qrcode-nfce.ts';
import { urlsConsultaNfce } from './urls-consulta-nfce.ts';
import { validarXmlNfe } from './validar-xsd.ts';

export { gerarCodigoNumerico } from './chave-acesso.ts';

/** Puts `infNFeSupl` right after `</infNFe>` (before `<Signature`). */
export const inserirInfNfeSupl = (xmlAssinado: string, qrCode: string, urlChave: string): string => {
  const fim = xmlAssinado.indexOf('</infNFe>');
  if (fim < 0) throw new Error('XML sem infNFe');
  const at = fim + '</infNFe>'.length;
  // The QR code goes in CDATA as sped-nfe's documentation shows; it holds no ']]>'.
  const supl = `<infNFeSupl><qrCode><![CDATA[${qrCode}]]></qrCode><urlChave>${urlChave}</urlChave></infNFeSupl>`;
  return xmlAssinado.slice(0, at) + supl + xmlAssinado.slice(at);
};

/** Builds, signs, adds the QR code and validates one NFC-e; see the module's docstring. */
export const gerarNfce = (dados: DadosNfce, certificado: CertificadoA1): NfceGerada => {
  const montada = montarXmlNfce(dados);
  const { xml: assinado, digestValue } = assinarCanonico(montada.xml, 'infNFe', certificado);
  const urls = urlsConsultaNfce(dados.emitente.uf, dados.ambiente);
  const qrCode = montarQrCode({
    url: urls.qrCode,
    versao: urls.versaoQrCode,
    chave: montada.chave,
    tpAmb: dados.ambiente,
    tpEmis: dados.tipoEmissao,
    diaEmissao: montada.dhEmi.slice(8, 10),
    valorTotal: montada.valorTotal,
    digestValue,
    csc: dados.csc,
    destinatarioDocumento: dados.destinatarioDocumento?.replace(/\D/g, '') ?? null,
    chavePrivadaPem: certificado.chavePrivadaPem,
  });
  const xml = inserirInfNfeSupl(assinado, qrCode, urls.urlChave);
  validarXmlNfe(xml);
  return {
    xml,
    chave: montada.chave,
    qrCode,
    urlChave: urls.urlChave,
    valorTotal: montada.valorTotal,
    valorTributos: montada.valorTributos,
  };
};
