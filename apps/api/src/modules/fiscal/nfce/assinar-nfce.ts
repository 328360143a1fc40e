/**
 * Fast XMLDSig signature of the NFC-e's infNFe, byte-for-byte the signature `assinarXml` of
 * ../assinatura.ts (xml-crypto) makes — RSA-SHA1 (PKCS#1 v1.5 is deterministic), C14N 1.0,
 * enveloped, one Reference to `#NFe{chave}` — without parsing the document: montar-xml-nfce.ts
 * writes infNFe already canonical (no whitespace between tags, text escaped as C14N escapes it,
 * no empty elements, no comments), so its canonical form only differs in the start tag, where
 * C14N renders the inherited default namespace and sorts the attributes (Id before versao).
 * xml-crypto took about 100 ms of a loaded core per 20-item document (parse, XPath, C14N of a
 * DOM); this takes well under 5 ms, almost all of it the RSA operation.
 * test/fiscal-nfce-xml.test.ts checks the result is identical to `assinarXml`'s and verifies.
 */
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { CertificadoA1 } from '../../../lib/certificado.ts';

const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

const chaves = new WeakMap<CertificadoA1, KeyObject>();
const chavePrivada = (c: CertificadoA1): KeyObject => {
  let k = chaves.get(c);
  if (!k) {
    k = createPrivateKey(c.chavePrivadaPem);
    chaves.set(c, k);
  }
  return k;
};

/** SignedInfo in canonical form (with the xmldsig namespace, empty elements expanded). */
const signedInfoCanonico = (id: string, digest: string): string =>
  `<SignedInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>` +
  `<SignatureMethod Algorithm="${RSA_SHA1}"></SignatureMethod><Reference URI="#${id}"><Transforms>` +
  `<Transform Algorithm="${ENVELOPED}"></Transform><Transform Algorithm="${C14N}"></Transform></Transforms>` +
  `<DigestMethod Algorithm="${SHA1}"></DigestMethod><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;

/**
 * Signs the `<NFe xmlns=…><infNFe versao="4.00" Id="NFe…">…</infNFe></NFe>` that
 * montarXmlNfce wrote and answers it with the `Signature` after infNFe, plus the DigestValue.
 * Throws when the document does not have that exact shape (anything else must go through
 * `assinarXml`).
 */
export const assinarInfNfe = (xml: string, certificado: CertificadoA1): { xml: string; digestValue: string } => {
  const m = /^<NFe xmlns="http:\/\/www\.portalfiscal\.inf\.br\/nfe"><infNFe versao="4\.00" Id="(NFe\d{44})">/.exec(xml);
  const fim = xml.lastIndexOf('</infNFe>');
  if (!m || fim < 0 || !xml.endsWith('</infNFe></NFe>')) throw new Error('NFC-e fora do formato montado por montarXmlNfce');
  const id = m[1]!;
  const corpo = xml.slice(m[0].length, fim + '</infNFe>'.length);
  const canonico = `<infNFe xmlns="${NS_NFE}" Id="${id}" versao="4.00">${corpo}`;
  const digest = createHash('sha1').update(canonico, 'utf8').digest('base64');
  const si = signedInfoCanonico(id, digest);
  const valor = sign('sha1', Buffer.from(si, 'utf8'), chavePrivada(certificado)).toString('base64');
  const assinatura =
    `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">${si.replace(' xmlns="http://www.w3.org/2000/09/xmldsig#"', '')}` +
    `<SignatureValue>${valor}</SignatureValue><KeyInfo><X509Data><X509Certificate>${certificado.certificadoBase64}` +
    `</X509Certificate></X509Data></KeyInfo></Signature>`;
  return { xml: `${xml.slice(0, fim + '</infNFe>'.length)}${assinatura}</NFe>`, digestValue: digest };
};
