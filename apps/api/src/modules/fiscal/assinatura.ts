/**
 * XMLDSig signature of the documents sent to SEFAZ, as the Manual de Orientação do
 * Contribuinte 7.0 §4 and nfephp's sped-common `Signer::sign` do it: an enveloped `Signature`
 * after the signed element (`infNFe`, `infEvento`, `infInut`), one `Reference` to its `Id`,
 * transforms enveloped-signature + C14N 1.0, digest SHA-1, signature RSA-SHA1, the signer's
 * certificate in `KeyInfo/X509Data/X509Certificate`. The counterpart that verifies is
 * compras/nfe/signature.ts.
 *
 * Two signers, one result: `assinarXml` is xml-crypto (the library: any document, through a
 * DOM, XPath and C14N) and `assinarCanonico` writes the same bytes without parsing, for the
 * documents this module writes already canonical (nfce/montar-xml-nfce.ts, sefaz/eventos-xml.ts).
 * xml-crypto took 17–100 ms of a loaded core per document, over the 20 ms an event-loop step may
 * take (issue #18 "Performance"); `assinarCanonico` takes the RSA operation's 1–3 ms. The tests
 * (fiscal-nfce-xml, fiscal-sefaz-client) check byte for byte that both give the same document,
 * so the library stays the reference.
 */
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { CertificadoA1 } from '../../lib/certificado.ts';

const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** The elements SEFAZ documents sign: NFe/infNFe, evento/infEvento, inutNFe/infInut. */
export type ElementoAssinado = 'infNFe' | 'infEvento' | 'infInut';

/**
 * Signs the one `elemento` of `xml` (which must carry an `Id` attribute) with the A1
 * certificate and answers the document with the `Signature` appended to its parent, right after
 * it. `xml` has no XML declaration and no whitespace between tags (SEFAZ rejects both: 215, 588).
 */
export const assinarXml = (xml: string, elemento: ElementoAssinado, certificado: CertificadoA1): string => {
  const xpath = `//*[local-name(.)='${elemento}']`;
  const sig = new SignedXml({
    privateKey: certificado.chavePrivadaPem,
    publicCert: certificado.certificadoPem,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    canonicalizationAlgorithm: C14N,
  });
  sig.addReference({ xpath, transforms: [ENVELOPED, C14N], digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1' });
  sig.getKeyInfoContent = () => `<X509Data><X509Certificate>${certificado.certificadoBase64}</X509Certificate></X509Data>`;
  sig.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
  return sig.getSignedXml();
};

const chaves = new WeakMap<CertificadoA1, KeyObject>();
const chavePrivada = (c: CertificadoA1): KeyObject => {
  let k = chaves.get(c);
  if (!k) {
    k = createPrivateKey(c.chavePrivadaPem);
    chaves.set(c, k);
  }
  return k;
};

/**
 * Signs `<raiz xmlns="http://www.portalfiscal.inf.br/nfe" …><{elemento} …attributes with Id…>…
 * </{elemento}></raiz>` written canonical (no XML declaration, no whitespace between tags, text
 * escaped `&amp; &lt; &gt;` only, no empty-element tags) and answers the document with the
 * `Signature` right after the element — byte for byte what `assinarXml` gives — and its
 * DigestValue (the offline QR code carries it). C14N of the element differs from the text only in
 * its start tag: the inherited default namespace comes onto it and the attributes are sorted
 * (`Id` before `versao`). Throws when the document does not have that shape.
 */
export const assinarCanonico = (
  xml: string,
  elemento: ElementoAssinado,
  certificado: CertificadoA1,
): { xml: string; digestValue: string } => {
  const raiz = /^<(\w+) xmlns="([^"]+)"[^>]*>/.exec(xml);
  const abertura = new RegExp(`<${elemento}((?: \\w+="[^"<>&]*")+)>`).exec(xml);
  const fechamento = `</${elemento}>`;
  const fim = xml.lastIndexOf(fechamento);
  const atributos = abertura ? [...abertura[1]!.matchAll(/ (\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const) : [];
  const id = atributos.find(([nome]) => nome === 'Id')?.[1];
  if (!raiz || raiz[2] !== NS_NFE || !abertura || !id || fim < abertura.index || !xml.endsWith(`${fechamento}</${raiz[1]}>`)) {
    throw new Error(`Documento fora do formato canônico esperado para ${elemento}`);
  }
  const ordenados = [...atributos].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const inicioCanonico = `<${elemento} xmlns="${NS_NFE}"${ordenados.map(([n, v]) => ` ${n}="${v}"`).join('')}>`;
  const canonico = inicioCanonico + xml.slice(abertura.index + abertura[0].length, fim + fechamento.length);
  const digest = createHash('sha1').update(canonico, 'utf8').digest('base64');
  const signedInfo =
    `<SignedInfo xmlns="${NS_DSIG}"><CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${NS_DSIG}rsa-sha1"></SignatureMethod><Reference URI="#${id}"><Transforms>` +
    `<Transform Algorithm="${ENVELOPED}"></Transform><Transform Algorithm="${C14N}"></Transform></Transforms>` +
    `<DigestMethod Algorithm="${NS_DSIG}sha1"></DigestMethod><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
  const valor = sign('sha1', Buffer.from(signedInfo, 'utf8'), chavePrivada(certificado)).toString('base64');
  // Written as xml-crypto writes it: the namespace on Signature, empty elements self-closed.
  const assinatura =
    `<Signature xmlns="${NS_DSIG}">${signedInfo
      .replace(` xmlns="${NS_DSIG}"`, '')
      .replace(/><\/(CanonicalizationMethod|SignatureMethod|Transform|DigestMethod)>/g, '/>')}` +
    `<SignatureValue>${valor}</SignatureValue><KeyInfo><X509Data><X509Certificate>${certificado.certificadoBase64}` +
    `</X509Certificate></X509Data></KeyInfo></Signature>`;
  const corte = fim + fechamento.length;
  return { xml: `${xml.slice(0, corte)}${assinatura}${xml.slice(corte)}`, digestValue: digest };
};

/** The `DigestValue` of a signed document (base64): the offline QR code and `protNFe/digVal` carry it. */
export const digestValue = (xmlAssinado: string): string => {
  const m = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xmlAssinado);
  if (!m) throw new Error('Documento sem assinatura');
  return m[1]!;
};
