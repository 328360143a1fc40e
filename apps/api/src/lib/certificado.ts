/**
 * Reads an ICP-Brasil A1 certificate (PKCS#12, .pfx/.p12) to check its password and learn its
 * holder, CNPJ and expiry before it is stored, and to sign fiscal XML and open TLS to SEFAZ.
 * node-forge reads the legacy RC2/3DES-encrypted files that many certificate authorities still
 * issue, which OpenSSL 3 refuses by default.
 */
import forge from 'node-forge';
import { fieldError } from './errors.ts';

export type CertificadoInfo = {
  titular: string;
  /** yyyy-MM-dd. */
  validade: string;
  /** The holder's CNPJ (14 digits), or null when the certificate does not carry one. */
  cnpj: string | null;
};

/** The opened certificate: what `assinarXml` and the SEFAZ client need. */
export type CertificadoA1 = CertificadoInfo & {
  /** The PKCS#12 as uploaded and its password (Node's TLS takes them as they are). */
  pfx: Buffer;
  senha: string;
  /** PEM of the RSA private key and of the certificate. */
  chavePrivadaPem: string;
  certificadoPem: string;
  /** The certificate's DER in base64, as `X509Certificate` of a signature carries it. */
  certificadoBase64: string;
};

/** ICP-Brasil otherName of a legal person's certificate: the CNPJ (DOC-ICP-04 §7.1.2.3 "2.16.76.1.3.3"). */
const OID_CNPJ = '2.16.76.1.3.3';

/**
 * The holder's CNPJ: ICP-Brasil puts it in the subjectAltName otherName 2.16.76.1.3.3 and, by
 * convention, after a colon at the end of the CN ("EMPRESA LTDA:11222333000181").
 */
const cnpjDoCertificado = (cert: forge.pki.Certificate, cn: string): string | null => {
  const doCn = /:(\d{14})$/.exec(cn)?.[1];
  if (doCn) return doCn;
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  const at = der.indexOf(forge.asn1.oidToDer(OID_CNPJ).getBytes());
  if (at < 0) return null;
  const digits = /\d{14}/.exec(der.slice(at, at + 40))?.[0];
  return digits ?? null;
};

/**
 * Opens the PKCS#12 file with `senha`. Answers the subject's common name, CNPJ, expiry date
 * (yyyy-MM-dd) and the key material. Throws a 400 on the `fiscal.certificado` field when the
 * file is not a PKCS#12 certificate, the password is wrong, it holds no private key or the
 * certificate has expired (`hoje` is the instant compared with its notAfter).
 */
export const lerCertificadoA1 = (arquivo: Buffer, senha: string, hoje = new Date()): CertificadoA1 => {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(arquivo.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, senha);
  } catch {
    throw fieldError('fiscal.certificado', 'Não foi possível abrir o certificado: arquivo inválido ou senha incorreta');
  }
  const certBag = forge.pki.oids.certBag as string;
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const bags = p12.getBags({ bagType: certBag })[certBag] ?? [];
  const keyBags = p12.getBags({ bagType: keyBag })[keyBag] ?? [];
  const key = keyBags.map((b) => b.key).find((k): k is forge.pki.rsa.PrivateKey => Boolean(k));
  if (!key) throw fieldError('fiscal.certificado', 'O arquivo não contém a chave privada (use um certificado A1)');
  // The holder's certificate is the one whose public key matches the private key (the file may carry the chain).
  const certs = bags.map((b) => b.cert).filter((c): c is forge.pki.Certificate => Boolean(c));
  if (certs.length === 0) throw fieldError('fiscal.certificado', 'O arquivo não contém um certificado');
  const cert = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n)) ?? certs[0]!;
  if (cert.validity.notAfter.getTime() < hoje.getTime()) {
    throw fieldError('fiscal.certificado', 'Certificado vencido');
  }
  const cn = (cert.subject.getField('CN') as { value?: string } | null)?.value ?? '';
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    titular: cn,
    validade: cert.validity.notAfter.toISOString().slice(0, 10),
    cnpj: cnpjDoCertificado(cert, cn),
    pfx: arquivo,
    senha,
    chavePrivadaPem: forge.pki.privateKeyToPem(key),
    certificadoPem: forge.pki.certificateToPem(cert),
    certificadoBase64: forge.util.encode64(der),
  };
};

/** The holder, CNPJ and expiry only (the unit's form); same errors as `lerCertificadoA1`. */
export const parseCertificadoA1 = (arquivo: Buffer, senha: string, hoje = new Date()): CertificadoInfo => {
  const { titular, validade, cnpj } = lerCertificadoA1(arquivo, senha, hoje);
  return { titular, validade, cnpj };
};
