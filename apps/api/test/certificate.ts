/** Builds a self-signed A1-like PKCS#12 certificate for tests (node-forge, 3DES like real A1 files). */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export const makePfx = (
  senha: string,
  {
    cn = 'PET SHOP TESTE LTDA:11222333000181',
    validDays = 365,
    notAfter,
  }: { cn?: string; validDays?: number; notAfter?: Date } = {},
): Buffer => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000 * 2);
  cert.validity.notAfter = notAfter ?? new Date(now.getTime() + 86_400_000 * validDays);
  const attrs = [{ name: 'commonName', value: cn }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, cert, senha, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
};
