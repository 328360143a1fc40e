/**
 * XMLDSig verification of an NF-e's digital signature (MOC 7.0 §4 "Padrão de assinatura
 * digital"): an enveloped `Signature` (namespace xmldsig), sibling of `infNFe` inside `NFe`,
 * with one `Reference` whose URI is `#` + infNFe's `Id`, transforms enveloped-signature +
 * C14N 1.0, digest SHA-1 and signature RSA-SHA1 (SHA-256 also accepted), the signer's
 * certificate in `KeyInfo/X509Data/X509Certificate`.
 *
 * What this proves: `infNFe` is byte-for-byte (after C14N) what the holder of the embedded
 * certificate's key signed. What it does NOT prove: that the certificate is an ICP-Brasil one,
 * was valid on the issue date, or belongs to the emitter's CNPJ (no chain/CRL check).
 */
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';

const ALGORITMOS_ASSINATURA = new Set([
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
]);
const ALGORITMOS_C14N = new Set([
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments',
]);
const TRANSFORMACOES = new Set([...ALGORITMOS_C14N, 'http://www.w3.org/2000/09/xmldsig#enveloped-signature']);

export type ResultadoAssinatura = 'valida' | 'invalida' | 'ausente';

const filhos = (el: XmlElement, ns: string, nome: string): XmlElement[] => {
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1) {
      const e = n as XmlElement;
      if (e.localName === nome && e.namespaceURI === ns) out.push(e);
    }
  }
  return out;
};

/**
 * Verifies the NF-e signature over `infNFe` on the ORIGINAL text `xml` (the document as
 * received, already decoded to a string; never a re-serialised parse, since any change of
 * whitespace inside infNFe changes its digest).
 *
 * Returns 'ausente' when the `NFe` element has no xmldsig `Signature`; 'invalida' when there is
 * one but it does not verify (digest or RSA value wrong, reference not `#<infNFe Id>`,
 * unexpected algorithms, no certificate, several infNFe, unparsable XML…); 'valida' otherwise.
 * Never throws.
 */
export function verifyNfeSignature(xml: string): ResultadoAssinatura {
  let doc;
  try {
    if (/<!DOCTYPE/i.test(xml)) return 'invalida';
    doc = new DOMParser({
      onError: (nivel, msg) => {
        if (nivel !== 'warning') throw new Error(msg);
      },
    }).parseFromString(xml, 'text/xml');
  } catch {
    return 'invalida';
  }
  try {
    const infs = Array.from(doc.getElementsByTagNameNS(NS_NFE, 'infNFe'));
    const infNFe = infs[0];
    const nfe = infNFe?.parentNode as XmlElement | null | undefined;
    if (!infNFe || !nfe || nfe.nodeType !== 1) return 'ausente';
    const assinaturas = filhos(nfe, NS_DSIG, 'Signature');
    if (assinaturas.length === 0) return 'ausente';
    // One infNFe and one signature: anything else is a wrapping attempt or a broken file.
    if (infs.length !== 1 || assinaturas.length !== 1) return 'invalida';
    const assinatura = assinaturas[0]!;
    const id = infNFe.getAttribute('Id');
    if (!id) return 'invalida';

    const signedInfo = filhos(assinatura, NS_DSIG, 'SignedInfo');
    if (signedInfo.length !== 1) return 'invalida';
    const si = signedInfo[0]!;
    const c14n = filhos(si, NS_DSIG, 'CanonicalizationMethod')[0]?.getAttribute('Algorithm');
    const metodo = filhos(si, NS_DSIG, 'SignatureMethod')[0]?.getAttribute('Algorithm');
    const referencias = filhos(si, NS_DSIG, 'Reference');
    if (!c14n || !ALGORITMOS_C14N.has(c14n) || !metodo || !ALGORITMOS_ASSINATURA.has(metodo)) return 'invalida';
    if (referencias.length !== 1 || referencias[0]!.getAttribute('URI') !== `#${id}`) return 'invalida';
    const transformacoes = filhos(referencias[0]!, NS_DSIG, 'Transforms').flatMap((t) => filhos(t, NS_DSIG, 'Transform'));
    if (transformacoes.some((t) => !TRANSFORMACOES.has(t.getAttribute('Algorithm') ?? ''))) return 'invalida';

    const verificador = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
    // NF-e references only `Id` (not ID/id): one XPath scan of the document instead of three.
    verificador.idAttributes = ['Id'];
    verificador.loadSignature(assinatura as unknown as Node);
    // Throws on a wrong RSA value or a missing certificate; returns false on a wrong digest.
    return verificador.checkSignature(xml) ? 'valida' : 'invalida';
  } catch {
    return 'invalida';
  }
}
