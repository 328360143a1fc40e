/**
 * XMLDSig signature of the documents sent to SEFAZ, as the Manual de Orientação do
 * Contribuinte 7.0 §4 and nfephp's sped-common `Signer::sign` do it: an enveloped `Signature`
 * after the signed element (`infNFe`, `infEvento`, `infInut`), one `Reference` to its `Id`,
 * transforms enveloped-signature + C14N 1.0, digest SHA-1, signature RSA-SHA1, the signer's
 * certificate in `KeyInfo/X509Data/X509Certificate`. The counterpart that verifies is
 * compras/nfe/signature.ts.
 */
import { SignedXml } from 'xml-crypto';
import type { CertificadoA1 } from '../../lib/certificado.ts';

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

/** The `DigestValue` of a signed document (base64): the offline QR code and `protNFe/digVal` carry it. */
export const digestValue = (xmlAssinado: string): string => {
  const m = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xmlAssinado);
  if (!m) throw new Error('Documento sem assinatura');
  return m[1]!;
};
