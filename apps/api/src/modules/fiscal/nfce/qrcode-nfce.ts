/**
 * The NFC-e QR code text (`infNFeSupl/qrCode`).
 *
 * Version 2 (NT 2015.002 v1.50, Manual do DANFE NFC-e e QR Code 5.0; as nfephp's sped-nfe
 * `QRCode::get200`):
 * - online (tpEmis ≠ 9): `{url}?p={chave}|2|{tpAmb}|{cIdToken as integer}|{hash}`;
 * - offline (tpEmis 9): `{url}?p={chave}|2|{tpAmb}|{day of dhEmi}|{vNF}|{hex of DigestValue}|{cIdToken}|{hash}`;
 * where hash = SHA-1, upper-case hex, of the text between `p=` and the last `|` followed by the CSC.
 *
 * Version 3 (NT 2025.001, Manual do DANFE NFC-e 6.0; the states' homologação already asks for it):
 * - online: `{url}?p={chave}|3|{tpAmb}` (no CSC);
 * - offline: `{url}?p={chave}|3|{tpAmb}|{day}|{vNF}|{tpDest}|{cDest}|{assinatura}` where tpDest is
 *   1 CNPJ / 2 CPF / 3 foreigner (empty without a consumer), and `assinatura` the base64 RSA-SHA1
 *   signature, with the issuer's A1 key, of the text `{chave}|3|{tpAmb}|{day}|{vNF}|{tpDest}|{cDest}`
 *   (the NT: "a autenticidade do conteúdo do QR-Code ... assinatura de campos específicos").
 *   sped-nfe's get300 puts the document's SignatureValue there instead; the NT's wording is
 *   followed here.
 */
import { createHash, createSign } from 'node:crypto';
import type { VersaoQrCode } from './urls-consulta-nfce.ts';

export type DadosQrCode = {
  /** NfeConsultaQR of the state (without `?p=`). */
  url: string;
  versao: VersaoQrCode;
  chave: string;
  tpAmb: '1' | '2';
  tpEmis: '1' | '9';
  /** Day of the month of dhEmi in the issuer's time zone ('01'..'31'). */
  diaEmissao: string;
  /** vNF, '150.00'. */
  valorTotal: string;
  /** DigestValue of the signed infNFe (base64): v2 offline. */
  digestValue: string;
  /** CSC id and token: v2. */
  csc: { id: string; token: string };
  /** CPF (11) or CNPJ (14) of the consumer: v3 offline. */
  destinatarioDocumento?: string | null;
  /** PEM of the issuer's private key: v3 offline. */
  chavePrivadaPem?: string;
};

/** ASCII text → lower-case hex (sped-nfe's str2Hex): 'm9Z' → '6d395a'. */
export const textoParaHex = (s: string): string => Buffer.from(s, 'latin1').toString('hex');

const sha1Hex = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex').toUpperCase();

/**
 * The text after `?p=` of a v2 QR code and its hash: exported so tests can recompute the hash
 * of any QR code (samples included) from its fields.
 */
export const hashQrCodeV2 = (parametros: string, csc: string): string => sha1Hex(parametros + csc);

const comInterrogacao = (url: string): string => (url.includes('?p=') ? url : `${url}?p=`);

/** The full QR code text for the NFC-e; see the module's docstring for the layouts. */
export const montarQrCode = (d: DadosQrCode): string => {
  const url = comInterrogacao(d.url);
  if (d.versao === 2) {
    const idToken = String(Number.parseInt(d.csc.id, 10));
    if (!d.csc.token || idToken === 'NaN') throw new Error('CSC da unidade não configurado');
    const seq =
      d.tpEmis === '9'
        ? `${d.chave}|2|${d.tpAmb}|${d.diaEmissao}|${d.valorTotal}|${textoParaHex(d.digestValue)}|${idToken}`
        : `${d.chave}|2|${d.tpAmb}|${idToken}`;
    return `${url}${seq}|${hashQrCodeV2(seq, d.csc.token)}`;
  }
  if (d.tpEmis !== '9') return `${url}${d.chave}|3|${d.tpAmb}`;
  const doc = d.destinatarioDocumento ?? '';
  const tpDest = doc.length === 14 ? '1' : doc.length === 11 ? '2' : '';
  const seq = `${d.chave}|3|${d.tpAmb}|${d.diaEmissao}|${d.valorTotal}|${tpDest}|${doc}`;
  if (!d.chavePrivadaPem) throw new Error('QR code v3 em contingência requer a chave do certificado');
  const assinatura = createSign('RSA-SHA1').update(seq, 'utf8').sign(d.chavePrivadaPem, 'base64');
  return `${url}${seq}|${assinatura}`;
};
