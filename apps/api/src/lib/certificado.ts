/**
 * Reads an ICP-Brasil A1 certificate (PKCS#12, .pfx/.p12) to check its password and learn its
 * holder and expiry before it is stored. node-forge reads the legacy RC2/3DES-encrypted
 * files that many certificate authorities still issue, which OpenSSL 3 refuses by default.
 */
import forge from 'node-forge';
import { fieldError } from './errors.ts';

export type CertificadoInfo = { titular: string; validade: string };

/**
 * Opens the PKCS#12 file with `senha`. Answers the subject's common name and the
 * expiry date (yyyy-MM-dd). Throws a 400 on the `fiscal.certificado` field when the file
 * is not a PKCS#12 certificate, the password is wrong or the certificate has expired.
 */
export const parseCertificadoA1 = (arquivo: Buffer, senha: string, hoje = new Date()): CertificadoInfo => {
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
  const cert = bags.map((b) => b.cert).find((c): c is forge.pki.Certificate => Boolean(c));
  if (!cert) throw fieldError('fiscal.certificado', 'O arquivo não contém um certificado');
  const keyBags = p12.getBags({ bagType: keyBag })[keyBag] ?? [];
  if (keyBags.length === 0)
    throw fieldError('fiscal.certificado', 'O arquivo não contém a chave privada (use um certificado A1)');
  if (cert.validity.notAfter.getTime() < hoje.getTime()) {
    throw fieldError('fiscal.certificado', 'Certificado vencido');
  }
  const cn = cert.subject.getField('CN') as { value?: string } | null;
  return { titular: cn?.value ?? '', validade: cert.validity.notAfter.toISOString().slice(0, 10) };
};
