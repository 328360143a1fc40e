/**
 * Reads an ICP-Brasil A1 certificate (PKCS#12, .pfx/.p12) to check its password and learn its
 * holder, CNPJ and expiry before it is stored, and to sign fiscal XML and open TLS to SEFAZ.
 * node-forge reads the legacy RC2/3DES-encrypted files that many certificate authorities still
 * issue, which OpenSSL 3 refuses by default.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { todayISO } from '@petshop/shared/format';
import forge from 'node-forge';
import { fieldError } from './errors.ts';

export type CertificadoInfo = {
  titular: string;
  /** yyyy-MM-dd: the day of its notAfter in Brasília time (DEFAULT_TIME_ZONE), the day a shop sees it end. */
  validade: string;
  /** The holder's CNPJ (14 digits), or null when the certificate does not carry one. */
  cnpj: string | null;
  /** The certificate's serial number (hex, as the certificate authority lists it). */
  serial: string;
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

const ERRO_ABRIR = 'Não foi possível abrir o certificado: arquivo inválido ou senha incorreta';
const ERRO_FORMATO = 'O arquivo não é um certificado A1 (PKCS#12, .pfx ou .p12)';
const ERRO_SENHA = 'Não foi possível abrir o certificado: senha incorreta';
const ERRO_SEM_CHAVE = 'O arquivo não contém a chave privada (use um certificado A1)';
const ERRO_SEM_CERTIFICADO = 'O arquivo não contém um certificado';

/**
 * What the PKCS#12 holds, as PEM: the expensive part of opening it (PBKDF + 3DES/RC2 in JS); or why
 * it could not be opened: `formato` not DER or not a PKCS#12 PFX, `senha` its MAC does not verify
 * with the password, `abrir` anything else.
 */
type ConteudoPfx = { chavesPem: string[]; certificadosPem: string[] } | { erro: 'abrir' | 'formato' | 'senha' };

/** node-forge's CommonJS entry, loaded by path in the worker (an `eval` worker resolves nothing else). */
const FORGE_CJS = createRequire(import.meta.url).resolve('node-forge');

/**
 * The worker's code: decodes the PKCS#12 (`workerData.pfx`, `workerData.senha`) with node-forge and
 * answers its keys and certificates as PEM. The same steps as `decodificarPfx` below, which tests
 * and callers without a worker use.
 */
const CODIGO_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const forge = require(workerData.forge);
let resposta;
let asn1;
try {
  asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(workerData.pfx).toString('binary')));
} catch (e) {
  asn1 = null;
}
try {
  if (!asn1) throw new Error('Cannot read PKCS#12 PFX.');
  const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, workerData.senha);
  const certBag = forge.pki.oids.certBag, keyBag = forge.pki.oids.pkcs8ShroudedKeyBag;
  resposta = {
    chavesPem: (p12.getBags({ bagType: keyBag })[keyBag] || []).filter((b) => b.key).map((b) => forge.pki.privateKeyToPem(b.key)),
    certificadosPem: (p12.getBags({ bagType: certBag })[certBag] || []).filter((b) => b.cert).map((b) => forge.pki.certificateToPem(b.cert)),
  };
} catch (e) {
  const m = String(e && e.message);
  resposta = { erro: /^Cannot read PKCS#12 PFX/.test(m) ? 'formato' : /MAC could not be verified/.test(m) ? 'senha' : 'abrir' };
}
parentPort.postMessage(resposta);
`;

/** node-forge's error → why the file did not open (the worker's code does the same). */
const motivoDoErro = (e: unknown): 'abrir' | 'formato' | 'senha' => {
  const m = e instanceof Error ? e.message : String(e);
  if (/^Cannot read PKCS#12 PFX/.test(m)) return 'formato';
  if (/MAC could not be verified/.test(m)) return 'senha';
  return 'abrir';
};

/** The PKCS#12 decoded on this thread (about 100–250 ms of CPU for a real A1). */
const decodificarPfx = (arquivo: Buffer, senha: string): ConteudoPfx => {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(arquivo.toString('binary')));
  } catch {
    return { erro: 'formato' };
  }
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, senha);
    const certBag = forge.pki.oids.certBag as string;
    const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
    return {
      chavesPem: (p12.getBags({ bagType: keyBag })[keyBag] ?? [])
        .map((b) => b.key)
        .filter((k): k is forge.pki.rsa.PrivateKey => Boolean(k))
        .map((k) => forge.pki.privateKeyToPem(k)),
      certificadosPem: (p12.getBags({ bagType: certBag })[certBag] ?? [])
        .map((b) => b.cert)
        .filter((c): c is forge.pki.Certificate => Boolean(c))
        .map((c) => forge.pki.certificateToPem(c)),
    };
  } catch (e) {
    return { erro: motivoDoErro(e) };
  }
};

/** The PKCS#12 decoded in a worker thread, so the server's event loop never waits for it. */
const decodificarPfxEmWorker = (arquivo: Buffer, senha: string): Promise<ConteudoPfx> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(CODIGO_WORKER, {
      eval: true,
      // Plain CommonJS: no loader of the parent (tsx) to start in the worker.
      execArgv: [],
      workerData: { forge: FORGE_CJS, pfx: new Uint8Array(arquivo), senha },
    });
    worker.once('message', (m: ConteudoPfx) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });

/** From the decoded contents to the certificate: checks, holder, CNPJ, expiry (a few ms). */
const concluirCertificado = (arquivo: Buffer, senha: string, conteudo: ConteudoPfx, hoje: Date): CertificadoA1 => {
  if ('erro' in conteudo) {
    const mensagem = { formato: ERRO_FORMATO, senha: ERRO_SENHA, abrir: ERRO_ABRIR }[conteudo.erro];
    throw fieldError('fiscal.certificado', mensagem);
  }
  const key = conteudo.chavesPem.map((pem) => forge.pki.privateKeyFromPem(pem))[0];
  if (!key) throw fieldError('fiscal.certificado', ERRO_SEM_CHAVE);
  const certs = conteudo.certificadosPem.map((pem) => forge.pki.certificateFromPem(pem));
  if (certs.length === 0) throw fieldError('fiscal.certificado', ERRO_SEM_CERTIFICADO);
  // The holder's certificate is the one whose public key matches the private key (the file may carry the chain).
  const cert = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n)) ?? certs[0]!;
  if (cert.validity.notAfter.getTime() < hoje.getTime()) {
    throw fieldError('fiscal.certificado', 'Certificado vencido');
  }
  const cn = (cert.subject.getField('CN') as { value?: string } | null)?.value ?? '';
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    titular: cn,
    // The day in Brasília time, not UTC: a certificate ending at 01:00 UTC ends the evening before
    // for a shop, and its 'vence em N dias' counts from the unit's today.
    validade: todayISO(undefined, cert.validity.notAfter),
    cnpj: cnpjDoCertificado(cert, cn),
    serial: cert.serialNumber,
    pfx: arquivo,
    senha,
    chavePrivadaPem: forge.pki.privateKeyToPem(key),
    certificadoPem: forge.pki.certificateToPem(cert),
    certificadoBase64: forge.util.encode64(der),
  };
};

/**
 * Opens the PKCS#12 file with `senha` on this thread (tests, scripts). Answers the subject's
 * common name, CNPJ, expiry date (yyyy-MM-dd) and the key material. Throws a 400 on the
 * `fiscal.certificado` field, each with its message: the file is not a PKCS#12 (not DER, or DER of
 * something else: 'O arquivo não é um certificado A1 …'), the password is wrong ('… senha
 * incorreta'), it holds no private key or the certificate has expired (`hoje` is compared with
 * its notAfter).
 */
export const lerCertificadoA1 = (arquivo: Buffer, senha: string, hoje = new Date()): CertificadoA1 =>
  concluirCertificado(arquivo, senha, decodificarPfx(arquivo, senha), hoje);

/**
 * `lerCertificadoA1` with the expensive decoding (100–250 ms of CPU) in a worker thread: what the
 * server uses (the unit's upload, the first NFC-e of a unit after a start), so no till waits for
 * it (issue #18 "no step blocks the event loop for more than 20 ms"). Same answers and errors.
 */
export const abrirCertificadoA1 = async (arquivo: Buffer, senha: string, hoje = new Date()): Promise<CertificadoA1> =>
  concluirCertificado(arquivo, senha, await decodificarPfxEmWorker(arquivo, senha), hoje);

/** The holder, CNPJ, expiry and serial only (the unit's form), decoded in a worker; same errors as `lerCertificadoA1`. */
export const parseCertificadoA1 = async (arquivo: Buffer, senha: string, hoje = new Date()): Promise<CertificadoInfo> => {
  const { titular, validade, cnpj, serial } = await abrirCertificadoA1(arquivo, senha, hoje);
  return { titular, validade, cnpj, serial };
};
