/**
 * A local fake of SEFAZ's NFC-e web services (layout 4.00), for the API tests, the e2e harness
 * and development (SEFAZ_URL + SEFAZ_CA_FILE point the server at it): HTTPS on 127.0.0.1 with a
 * server certificate made at start (node-forge; its PEM in `ca`), asking for the client's
 * certificate (`requestCert`) and recording whether one was presented. It speaks SOAP 1.2 at
 * `/{service}` (the NOME_SERVICO of urls-sefaz.ts) and answers as SEFAZ does:
 *
 * - NFeAutorizacao4 (`enviNFe`, indSinc 1): the batch is checked against the official
 *   enviNFe_v4.00.xsd (../shared/fixtures/nfe/schemas, validarXml: libxml2-wasm) → 225; the
 *   NFe's signature (verifyNfeSignature) → protNFe 297; a key already authorised → 204
 *   "Duplicidade de NF-e [nProt:…][dhAut:…]"; the same emitter/model/series/number with another
 *   key → 539 "…[chNFe:<the authorised key>]"; a number inutilizado → 206; else 104 + protNFe 100
 *   with nProt and digVal (the signature's DigestValue).
 * - NFeConsultaProtocolo4 (`consSitNFe`): 100 + protNFe for an authorised key, 101 when cancelled,
 *   217 unknown.
 * - NFeRecepcaoEvento4 (`envEvento`, cancellation 110111): schema envEventoCancNFe_v1.00.xsd → 215,
 *   signature → 297, unknown key → 494, other nProt → 222, already cancelled → 218, later than
 *   `prazoCancelamentoMin` (30) after the authorisation → 220; else 128 + retEvento 135.
 * - NFeInutilizacao4 (`inutNFe`): schema → 215, signature → 297, a number of the range already
 *   authorised → 241, the same range again → 563, overlapping one inutilizada → 256; else 102.
 * - NFeStatusServico4: 107.
 *
 * All state is per fake (authorised keys and numbers, cancellations, inutilizações): two units
 * with the same CNPJ, series and number meet 539 here as they would at SEFAZ.
 *
 * Modes, by `definirModo` or by HTTP for code in another process (the e2e specs):
 * `POST {controleUrl} {"modo": "rejeitar", "rejeitar": "539", "vezes": 1}` (plain HTTP on its own
 * port; also at `{url}/__controle` on the HTTPS port). `GET {controleUrl}` answers the state.
 * - 'normal';
 * - 'rejeitar': the next `vezes` (default 1) authorisations that pass schema and signature answer
 *   `rejeitar` (225 and 215 for the whole batch, any other inside protNFe), then back to normal;
 * - 'silencio': every SOAP request is accepted and never answered (the client's timeout);
 * - 'fora': every SOAP request's connection is destroyed at once (SEFAZ down);
 * - 'lento': every SOAP request is processed at once (an NFC-e IS authorised) but answered only
 *   after `atrasoMs`: a client that gave up meanwhile finds 204 when it sends the NFC-e again.
 * `requisicoes` records each SOAP request (service, body, the client certificate's subject).
 *
 * Wiring: API tests pass `createSefazClient({ baseUrl: fake.url, ca: fake.ca })` (or a config with
 * `sefazUrl`/`sefazCa`); a server in another process (e2e, development) gets `SEFAZ_URL=fake.url`
 * and `SEFAZ_CA_FILE=<a file holding fake.ca>`, and its specs switch modes at `fake.controleUrl`.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { verifyNfeSignature } from '../../src/modules/compras/nfe/signature.ts';
import { validarXml, XmlForaDoSchemaError } from '../../src/modules/fiscal/nfce/validar-xsd.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/nfe');
const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const VER_APLIC = 'FAKE-SEFAZ-1.0';

export type ModoSefaz = 'normal' | 'rejeitar' | 'silencio' | 'fora' | 'lento';

export type ControleSefaz = {
  modo: ModoSefaz;
  /** cStat answered in mode 'rejeitar' (e.g. '539', '778', '225'). */
  rejeitar?: string | undefined;
  /** How many authorisations are rejected before going back to 'normal' (default 1). */
  vezes?: number | undefined;
  /** xMotivo of the rejection; default the official text of the cStat table. */
  xMotivo?: string | undefined;
  /** Mode 'lento': how long the answer is held after processing (default 10 000 ms). */
  atrasoMs?: number | undefined;
};

export type RequisicaoSefaz = {
  /** The path's service name: 'NFeAutorizacao4', 'NFeConsultaProtocolo4', … */
  servico: string;
  /** The SOAP envelope as received. */
  corpo: string;
  /** SOAPAction of the Content-Type (`action="…"`). */
  acao: string | null;
  /** Subject CN of the client certificate presented in the TLS handshake, or null when none. */
  certificadoCliente: string | null;
  em: Date;
};

/** An NFC-e the fake authorised. */
export type AutorizadaSefaz = {
  chave: string;
  numero: number;
  serie: number;
  cnpj: string;
  protocolo: string;
  /** dhRecbto as answered. */
  recebidoEm: string;
  /** `<protNFe>` as answered. */
  protNFe: string;
  /** The `<NFe>` received. */
  nfe: string;
  cancelamento: { protocolo: string; registradoEm: string } | null;
};

export type FakeSefazOptions = {
  /** Minutes after the authorisation within which a cancellation is accepted (220 beyond). */
  prazoCancelamentoMin?: number;
  /** 213 when the CNPJ in the client certificate's CN ('NOME:CNPJ') has another base than the emitter's. */
  exigirCnpjDoCertificado?: boolean;
};

export type FakeSefaz = {
  /** https://127.0.0.1:<port>: SEFAZ_URL / the client's baseUrl. */
  url: string;
  /** PEM of the server certificate (self-signed): SEFAZ_CA_FILE / the client's `ca`. */
  ca: string;
  /** http://127.0.0.1:<port>/__controle: POST a ControleSefaz, GET the state. */
  controleUrl: string;
  requisicoes: RequisicaoSefaz[];
  /** By key. */
  autorizadas: Map<string, AutorizadaSefaz>;
  definirModo: (controle: ControleSefaz | ModoSefaz) => void;
  readonly modo: ModoSefaz;
  /** Forgets requests, authorisations, inutilizações; back to 'normal'. */
  limpar: () => void;
  close: () => Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// XSD (compiled once per process) and signatures

/**
 * null when `xml` is valid against `schemaFile` of PL_009_V4 (validarXml of nfce/validar-xsd.ts:
 * libxml2-wasm, each schema compiled once per process), else libxml2's messages.
 */
export const schemaError = (xml: string, schemaFile: string): string | null => {
  try {
    if (!validarXml(xml, schemaFile)) throw new Error('Schemas XSD da NF-e não encontrados: o SEFAZ falso não valida sem eles');
    return null;
  } catch (error) {
    if (error instanceof XmlForaDoSchemaError) return error.erros.join('; ');
    throw error;
  }
};

/** True when the one xmldsig Signature of `xml` signs `#Id` of `elemento` and verifies. */
const signatureValid = (xml: string, elemento: string): boolean => {
  try {
    const doc = new DOMParser({
      onError: (nivel, msg) => {
        if (nivel !== 'warning') throw new Error(msg);
      },
    }).parseFromString(xml, 'text/xml');
    const signatures = Array.from(doc.getElementsByTagNameNS(NS_DSIG, 'Signature'));
    const alvos = Array.from(doc.getElementsByTagNameNS(NS_NFE, elemento));
    if (signatures.length !== 1 || alvos.length !== 1) return false;
    const reference = signatures[0]!.getElementsByTagNameNS(NS_DSIG, 'Reference')[0];
    if (!reference || reference.getAttribute('URI') !== `#${alvos[0]!.getAttribute('Id')}`) return false;
    const verifier = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
    verifier.idAttributes = ['Id'];
    verifier.loadSignature(signatures[0] as unknown as Node);
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------------------------------------
// Small XML helpers

const slice = (xml: string, nome: string): string | null =>
  new RegExp(`<${nome}[\\s>][\\s\\S]*?</${nome}>`).exec(xml)?.[0] ?? null;

const tag = (xml: string, nome: string): string | null =>
  new RegExp(`<${nome}(?:\\s[^>]*)?>([^<]*)</${nome}>`).exec(xml)?.[1]?.trim() ?? null;

const parse = (xml: string): XmlElement | null => {
  try {
    return new DOMParser({
      onError: (nivel, msg) => {
        if (nivel !== 'warning') throw new Error(msg);
      },
    }).parseFromString(xml, 'text/xml').documentElement as XmlElement | null;
  } catch {
    return null;
  }
};

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** 'yyyy-MM-ddTHH:mm:ss-03:00' (Brasília; SEFAZ's answers use the authoriser's local time). */
const agoraSefaz = (instante = new Date()): string => {
  const local = new Date(instante.getTime() - 3 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
};

let mensagensCStat: Map<string, string> | undefined;
/** The official text of a cStat (fixture ws/sped-nfe__cstat.json). */
const motivo = (cStat: string): string => {
  mensagensCStat ??= new Map(
    (
      JSON.parse(readFileSync(path.join(FIXTURES, 'ws', 'sped-nfe__cstat.json'), 'utf8')) as {
        cod: string;
        msg: string;
      }[]
    ).map((c) => [c.cod, c.msg]),
  );
  return mensagensCStat.get(cStat) ?? `Rejeição: código ${cStat}`;
};

const soapResposta = (operacao: string, corpo: string): string =>
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
  `<nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${operacao}">${corpo}</nfeResultMsg>` +
  '</soap:Body></soap:Envelope>';

// ---------------------------------------------------------------------------------------------
// The server certificate

const serverCertificate = (): { key: string; cert: string } => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(keyPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = Date.now().toString(16);
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [{ name: 'commonName', value: 'sefaz-falsa.local' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 2, value: 'localhost' },
      ],
    },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return { key: keyPem, cert: forge.pki.certificateToPem(cert) };
};

// ---------------------------------------------------------------------------------------------

const SERVICOS: Record<string, string> = {
  NFeAutorizacao4: 'enviNFe',
  NFeConsultaProtocolo4: 'consSitNFe',
  NFeRecepcaoEvento4: 'envEvento',
  NFeInutilizacao4: 'inutNFe',
  NFeStatusServico4: 'consStatServ',
};

/** Starts the fake on 127.0.0.1 (random ports). */
export const startFakeSefaz = async (options: FakeSefazOptions = {}): Promise<FakeSefaz> => {
  const prazoCancelamentoMs = (options.prazoCancelamentoMin ?? 30) * 60_000;
  const requisicoes: RequisicaoSefaz[] = [];
  const autorizadas = new Map<string, AutorizadaSefaz>();
  /** `${cnpj}|${serie}|${numero}` → chave. */
  const numerosUsados = new Map<string, string>();
  /** Inutilizações: cnpj, serie, range, protocol. */
  const inutilizacoes: { cnpj: string; serie: number; inicio: number; fim: number }[] = [];
  let controle: ControleSefaz = { modo: 'normal' };
  let rejeicoesRestantes = 0;
  let sequencia = 0;
  const pendentes = new Set<ServerResponse>();

  const definirModo = (c: ControleSefaz | ModoSefaz) => {
    controle = typeof c === 'string' ? { modo: c } : { ...c };
    rejeicoesRestantes = controle.modo === 'rejeitar' ? (controle.vezes ?? 1) : 0;
  };

  const novoProtocolo = (cUF: string) => {
    sequencia += 1;
    return `1${cUF}${new Date().getFullYear() % 100}${String(Date.now() % 1e6).padStart(6, '0')}${String(sequencia).padStart(4, '0')}`.slice(
      0,
      15,
    );
  };

  // ---- NFeAutorizacao4
  const autorizar = (corpo: string, certCnpj: string | null): string => {
    const op = 'NFeAutorizacao4';
    const enviNFe = slice(corpo, 'enviNFe');
    const tpAmb = (enviNFe && tag(enviNFe, 'tpAmb')) ?? '2';
    const cUF = (enviNFe && tag(enviNFe, 'cUF')) ?? '35';
    const dhRecbto = agoraSefaz();
    const lote = (cStat: string, xMotivo: string, prot = '') =>
      soapResposta(
        op,
        `<retEnviNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
          `<cStat>${cStat}</cStat><xMotivo>${esc(xMotivo)}</xMotivo><cUF>${cUF}</cUF><dhRecbto>${dhRecbto}</dhRecbto>${prot}</retEnviNFe>`,
      );
    if (!enviNFe) return lote('225', motivo('225'));
    const erro = schemaError(enviNFe, 'enviNFe_v4.00.xsd');
    if (erro) return lote('225', `${motivo('225')} [${erro}]`.slice(0, 255));

    const nfe = slice(enviNFe, 'NFe')!;
    const chave = /<infNFe[^>]*\sId="NFe(\d{44})"/.exec(nfe)?.[1] ?? '';
    const digVal = tag(nfe, 'DigestValue') ?? '';
    const emit = slice(nfe, 'emit') ?? '';
    const cnpj = tag(emit, 'CNPJ') ?? '';
    const serie = Number(tag(nfe, 'serie'));
    const numero = Number(tag(nfe, 'nNF'));
    const protocolo = (cStat: string, xMotivo: string, nProt?: string) =>
      `<protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
      `<chNFe>${chave}</chNFe><dhRecbto>${dhRecbto}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ''}` +
      `<digVal>${digVal}</digVal><cStat>${cStat}</cStat><xMotivo>${esc(xMotivo).slice(0, 255)}</xMotivo></infProt></protNFe>`;
    const rejeicao = (cStat: string, xMotivo = motivo(cStat)) => lote('104', motivo('104'), protocolo(cStat, xMotivo));

    if (verifyNfeSignature(enviNFe) !== 'valida') return rejeicao('297');
    if (options.exigirCnpjDoCertificado && certCnpj && certCnpj.slice(0, 8) !== cnpj.slice(0, 8)) return rejeicao('213');
    if (controle.modo === 'rejeitar' && rejeicoesRestantes > 0) {
      const cStat = controle.rejeitar ?? '999';
      rejeicoesRestantes -= 1;
      const xMotivo = controle.xMotivo;
      if (rejeicoesRestantes === 0) definirModo('normal');
      if (cStat === '225' || cStat === '215') return lote(cStat, xMotivo ?? motivo(cStat));
      const outraChave = `${chave.slice(0, 35)}${String((Number(chave.slice(35, 43)) + 1) % 1e8).padStart(8, '0')}${chave[43]}`;
      const texto =
        xMotivo ??
        (cStat === '539'
          ? `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${outraChave}]`
          : cStat === '204'
            ? `Rejeição: Duplicidade de NF-e [nProt:${novoProtocolo(cUF)}][dhAut:${dhRecbto}]`
            : motivo(cStat));
      return rejeicao(cStat, texto);
    }
    const existente = autorizadas.get(chave);
    if (existente) {
      return rejeicao('204', `Rejeição: Duplicidade de NF-e [nProt:${existente.protocolo}][dhAut:${existente.recebidoEm}]`);
    }
    const chaveDoNumero = numerosUsados.get(`${cnpj}|${serie}|${numero}`);
    if (chaveDoNumero) {
      return rejeicao('539', `Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${chaveDoNumero}]`);
    }
    if (inutilizacoes.some((i) => i.cnpj === cnpj && i.serie === serie && numero >= i.inicio && numero <= i.fim)) {
      return rejeicao('206');
    }
    const nProt = novoProtocolo(cUF);
    const protNFe = protocolo('100', motivo('100'), nProt);
    autorizadas.set(chave, {
      chave,
      numero,
      serie,
      cnpj,
      protocolo: nProt,
      recebidoEm: dhRecbto,
      protNFe,
      nfe,
      cancelamento: null,
    });
    numerosUsados.set(`${cnpj}|${serie}|${numero}`, chave);
    return lote('104', motivo('104'), protNFe);
  };

  // ---- NFeConsultaProtocolo4
  const consultar = (corpo: string): string => {
    const cons = slice(corpo, 'consSitNFe') ?? '';
    const chave = tag(cons, 'chNFe') ?? '';
    const tpAmb = tag(cons, 'tpAmb') ?? '2';
    const a = autorizadas.get(chave);
    const [cStat, extra] = !a ? ['217', ''] : a.cancelamento ? ['101', a.protNFe] : ['100', a.protNFe];
    return soapResposta(
      'NFeConsultaProtocolo4',
      `<retConsSitNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
        `<cStat>${cStat}</cStat><xMotivo>${esc(motivo(cStat))}</xMotivo><cUF>${chave.slice(0, 2) || '35'}</cUF>` +
        `<dhRecbto>${agoraSefaz()}</dhRecbto><chNFe>${chave}</chNFe>${extra}</retConsSitNFe>`,
    );
  };

  // ---- NFeRecepcaoEvento4
  const registrarEvento = (corpo: string): string => {
    const op = 'NFeRecepcaoEvento4';
    const env = slice(corpo, 'envEvento') ?? '';
    const idLote = tag(env, 'idLote') ?? '0';
    const tpAmb = tag(env, 'tpAmb') ?? '2';
    const cOrgao = tag(env, 'cOrgao') ?? '35';
    const lote = (cStat: string, xMotivo: string, retEvento = '') =>
      soapResposta(
        op,
        `<retEnvEvento xmlns="${NS_NFE}" versao="1.00"><idLote>${idLote}</idLote><tpAmb>${tpAmb}</tpAmb>` +
          `<verAplic>${VER_APLIC}</verAplic><cOrgao>${cOrgao}</cOrgao><cStat>${cStat}</cStat>` +
          `<xMotivo>${esc(xMotivo).slice(0, 255)}</xMotivo>${retEvento}</retEnvEvento>`,
      );
    if (!env) return lote('215', motivo('215'));
    const erro = schemaError(env, 'envEventoCancNFe_v1.00.xsd');
    if (erro) return lote('215', `${motivo('215')} [${erro}]`);
    const chave = tag(env, 'chNFe') ?? '';
    const dhRegEvento = agoraSefaz();
    const retEvento = (cStat: string, xMotivo = motivo(cStat), nProt?: string) =>
      `<retEvento versao="1.00"><infEvento><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
      `<cOrgao>${cOrgao}</cOrgao><cStat>${cStat}</cStat><xMotivo>${esc(xMotivo).slice(0, 255)}</xMotivo>` +
      `<chNFe>${chave}</chNFe><tpEvento>110111</tpEvento><xEvento>Cancelamento registrado</xEvento>` +
      `<nSeqEvento>1</nSeqEvento><dhRegEvento>${dhRegEvento}</dhRegEvento>` +
      `${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEvento>`;
    const processado = (cStat: string, xMotivo?: string, nProt?: string) =>
      lote('128', motivo('128'), retEvento(cStat, xMotivo, nProt));
    if (!signatureValid(env, 'infEvento')) return processado('297');
    const a = autorizadas.get(chave);
    if (!a) return processado('494');
    if (a.cancelamento) {
      return processado(
        '218',
        `Rejeição: NF-e já está cancelada na base de dados da SEFAZ [nProt:${a.cancelamento.protocolo}][dhCanc:${a.cancelamento.registradoEm}]`,
      );
    }
    if (tag(env, 'nProt') !== a.protocolo) return processado('222');
    const dhEvento = new Date(tag(env, 'dhEvento') ?? '');
    if (dhEvento.getTime() - new Date(a.recebidoEm).getTime() > prazoCancelamentoMs) return processado('220');
    const nProt = novoProtocolo(cOrgao);
    a.cancelamento = { protocolo: nProt, registradoEm: dhRegEvento };
    return processado('135', motivo('135'), nProt);
  };

  // ---- NFeInutilizacao4
  const inutilizar = (corpo: string): string => {
    const inut = slice(corpo, 'inutNFe') ?? '';
    const tpAmb = tag(inut, 'tpAmb') ?? '2';
    const cUF = tag(inut, 'cUF') ?? '35';
    const resposta = (cStat: string, xMotivo = motivo(cStat), nProt?: string) => {
      const campos = inut
        ? `<ano>${tag(inut, 'ano')}</ano><CNPJ>${tag(inut, 'CNPJ')}</CNPJ><mod>${tag(inut, 'mod')}</mod>` +
          `<serie>${tag(inut, 'serie')}</serie><nNFIni>${tag(inut, 'nNFIni')}</nNFIni><nNFFin>${tag(inut, 'nNFFin')}</nNFFin>`
        : '';
      return soapResposta(
        'NFeInutilizacao4',
        `<retInutNFe xmlns="${NS_NFE}" versao="4.00"><infInut><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
          `<cStat>${cStat}</cStat><xMotivo>${esc(xMotivo).slice(0, 255)}</xMotivo><cUF>${cUF}</cUF>${cStat === '102' ? campos : ''}` +
          `<dhRecbto>${agoraSefaz()}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infInut></retInutNFe>`,
      );
    };
    if (!inut) return resposta('215');
    const erro = schemaError(inut, 'inutNFe_v4.00.xsd');
    if (erro) return resposta('215', `${motivo('215')} [${erro}]`);
    if (!signatureValid(inut, 'infInut')) return resposta('297');
    const cnpj = tag(inut, 'CNPJ') ?? '';
    const serie = Number(tag(inut, 'serie'));
    const inicio = Number(tag(inut, 'nNFIni'));
    const fim = Number(tag(inut, 'nNFFin'));
    for (const a of autorizadas.values()) {
      if (a.cnpj === cnpj && a.serie === serie && a.numero >= inicio && a.numero <= fim) return resposta('241');
    }
    const mesmas = inutilizacoes.filter((i) => i.cnpj === cnpj && i.serie === serie);
    if (mesmas.some((i) => i.inicio === inicio && i.fim === fim)) return resposta('563');
    if (mesmas.some((i) => i.inicio <= fim && inicio <= i.fim)) return resposta('256');
    inutilizacoes.push({ cnpj, serie, inicio, fim });
    return resposta('102', motivo('102'), novoProtocolo(cUF));
  };

  // ---- NFeStatusServico4
  const status = (corpo: string): string => {
    const cons = slice(corpo, 'consStatServ') ?? '';
    return soapResposta(
      'NFeStatusServico4',
      `<retConsStatServ xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tag(cons, 'tpAmb') ?? '2'}</tpAmb>` +
        `<verAplic>${VER_APLIC}</verAplic><cStat>107</cStat><xMotivo>${motivo('107')}</xMotivo>` +
        `<cUF>${tag(cons, 'cUF') ?? '35'}</cUF><dhRecbto>${agoraSefaz()}</dhRecbto><tMed>1</tMed></retConsStatServ>`,
    );
  };

  const estado = () => ({
    modo: controle.modo,
    rejeitar: controle.rejeitar ?? null,
    atrasoMs: controle.atrasoMs ?? null,
    rejeicoesRestantes,
    autorizadas: [...autorizadas.values()].map((a) => ({
      chave: a.chave,
      numero: a.numero,
      serie: a.serie,
      protocolo: a.protocolo,
      cancelada: a.cancelamento !== null,
    })),
    requisicoes: requisicoes.map((r) => ({ servico: r.servico, em: r.em.toISOString() })),
  });

  /** POST a ControleSefaz (or {"limpar": true}); GET the state. */
  const controlar = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(estado()));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ControleSefaz & { limpar?: boolean };
        if (body.limpar) limpar();
        if (body.modo) {
          if (!['normal', 'rejeitar', 'silencio', 'fora', 'lento'].includes(body.modo))
            throw new Error(`modo desconhecido: ${body.modo}`);
          definirModo(body);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(estado()));
      } catch (error) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ erro: (error as Error).message }));
      }
    });
  };

  const { key, cert } = serverCertificate();
  const server = createHttpsServer({ key, cert, requestCert: true, rejectUnauthorized: false }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://localhost');
    if (url.pathname === '/__controle') {
      controlar(req, res);
      return;
    }
    const servico = url.pathname.split('/').filter(Boolean).pop() ?? '';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const corpo = Buffer.concat(chunks).toString('utf8');
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      const cn = peer && Object.keys(peer).length > 0 ? (peer.subject?.CN ?? '') : null;
      const certificadoCliente = Array.isArray(cn) ? cn.join(',') : cn;
      const contentType = req.headers['content-type'] ?? '';
      requisicoes.push({
        servico,
        corpo,
        acao: /action="([^"]*)"/.exec(contentType)?.[1] ?? null,
        certificadoCliente,
        em: new Date(),
      });
      if (controle.modo === 'fora') {
        req.socket.destroy();
        return;
      }
      if (controle.modo === 'silencio') {
        pendentes.add(res);
        res.on('close', () => pendentes.delete(res));
        return;
      }
      const raiz = SERVICOS[servico];
      if (req.method !== 'POST' || !raiz) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404 - Not Found</h1>');
        return;
      }
      if (!contentType.startsWith('application/soap+xml')) {
        res.writeHead(415, { 'content-type': 'text/html' }).end('<h1>415 - Unsupported Media Type</h1>');
        return;
      }
      const el = parse(corpo);
      if (!el || !slice(corpo, raiz)) {
        res
          .writeHead(500, { 'content-type': 'application/soap+xml; charset=utf-8' })
          .end(
            '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>' +
              '<soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt">' +
              `Mensagem sem ${raiz}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`,
          );
        return;
      }
      const certCnpj = certificadoCliente ? (/:(\d{14})$/.exec(certificadoCliente)?.[1] ?? null) : null;
      const resposta =
        raiz === 'enviNFe'
          ? autorizar(corpo, certCnpj)
          : raiz === 'consSitNFe'
            ? consultar(corpo)
            : raiz === 'envEvento'
              ? registrarEvento(corpo)
              : raiz === 'inutNFe'
                ? inutilizar(corpo)
                : status(corpo);
      const responder = () => res.writeHead(200, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(resposta);
      if (controle.modo === 'lento') {
        pendentes.add(res);
        const timer = setTimeout(responder, controle.atrasoMs ?? 10_000);
        res.on('close', () => {
          clearTimeout(timer);
          pendentes.delete(res);
        });
        return;
      }
      responder();
    });
  });
  const sockets = new Set<Socket>();
  server.on('secureConnection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // A client that gives up during the handshake (timeouts) must not print errors.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const controleServer = createHttpServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/__controle') {
      res.writeHead(404).end();
      return;
    }
    controlar(req, res);
  });
  await new Promise<void>((resolve) => controleServer.listen(0, '127.0.0.1', resolve));
  const controlePort = (controleServer.address() as AddressInfo).port;

  const limpar = () => {
    requisicoes.length = 0;
    autorizadas.clear();
    numerosUsados.clear();
    inutilizacoes.length = 0;
    definirModo('normal');
  };

  return {
    url: `https://127.0.0.1:${port}`,
    ca: cert,
    controleUrl: `http://127.0.0.1:${controlePort}/__controle`,
    requisicoes,
    autorizadas,
    definirModo,
    get modo() {
      return controle.modo;
    },
    limpar,
    close: async () => {
      for (const res of pendentes) res.destroy();
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      controleServer.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise<void>((resolve) => controleServer.close(() => resolve())),
      ]);
    },
  };
};
