/**
 * The SEFAZ client over HTTPS: SOAP 1.2 as sped-nfe's `Tools` + sped-common's `SoapCurl` send it,
 * TLS with the issuer's A1 certificate as client certificate.
 *
 * - Request: `<soap12:Envelope><soap12:Body><nfeDadosMsg xmlns="…/wsdl/{operação}">{message}`,
 *   Content-Type `application/soap+xml; charset=utf-8; action="…/wsdl/{operação}/{método}"`.
 *   The messages: enviNFe (indSinc 1, one NFC-e), consSitNFe, consStatServ (versao 4.00), envEvento
 *   (versao 1.00, the signed cancellation of eventos-xml.ts) and inutNFe (versao 4.00, signed).
 * - Where: the authoriser's URLs of urls-sefaz.ts, or `{baseUrl}/{service}` when `baseUrl`
 *   (SEFAZ_URL) is set: the fake SEFAZ of the tests, e2e and development.
 * - TLS: one keep-alive `https.Agent` per certificate holding its key and certificate (the PEM
 *   node-forge read from the .pfx: OpenSSL 3 refuses the RC2 PKCS#12 many A1 files still are,
 *   so the agent is not given the .pfx itself; sped-common likewise hands cURL the PEM files). The
 *   trusted CAs are Node's roots plus `ca` (SEFAZ_CA_FILE). Production SEFAZ servers present
 *   ICP-Brasil chains, which are not among Node's roots: operators set SEFAZ_CA_FILE to the
 *   ICP-Brasil chain (Autoridade Certificadora Raiz Brasileira v5/v10 and the intermediates).
 * - Unavailable: no answer within the deadline (connection + answer: `destino.timeoutMs`, else
 *   `timeoutMs`, default 3000 ms), connection refused or reset, TLS failure, any HTTP status other
 *   than 200, an answer that is not XML or has no result message → `SefazIndisponivelError`: the
 *   caller goes into contingency. An answer of SEFAZ, even a rejection, is returned as such.
 * - The cancellation event and the inutilização are validated against their XSD before sending
 *   (validarXml of nfce/validar-xsd.ts, as sped-nfe's `isValid`): one that breaks it is not sent
 *   and comes back as cStat 215 with libxml2's messages (e.g. a justificativa under 15
 *   characters), the same shape as SEFAZ's own 215.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { DOMParser, XMLSerializer, type Element as XmlElement } from '@xmldom/xmldom';
import type { CertificadoA1 } from '../../../lib/certificado.ts';
import { codigoUf } from '../nfce/chave-acesso.ts';
import { validarXml, XmlForaDoSchemaError } from '../nfce/validar-xsd.ts';
import {
  buildEnvEvento,
  buildEventoCancelamento,
  buildInutilizacao,
  buildProcEvento,
  buildProcInutilizacao,
  NS_NFE,
  tpAmb,
} from './eventos-xml.ts';
import {
  SefazIndisponivelError,
  type DestinoSefaz,
  type PedidoCancelamento,
  type PedidoInutilizacao,
  type ProtocoloNfe,
  type RetornoAutorizacao,
  type RetornoConsulta,
  type RetornoEvento,
  type RetornoInutilizacao,
  type SefazClient,
} from './sefaz.ts';
import { enderecoServico, type EnderecoServico, type ServicoSefaz } from './urls-sefaz.ts';

export type SefazClientOptions = {
  /** SEFAZ_URL: every service at `{baseUrl}/{NOME_SERVICO}` instead of the official URLs. */
  baseUrl?: string | undefined;
  /** SEFAZ_TIMEOUT_MS: deadline of a call when `destino.timeoutMs` is not given (default 3000 ms). */
  timeoutMs?: number | undefined;
  /** SEFAZ_CA_FILE's PEM: CAs trusted besides Node's roots. */
  ca?: string | undefined;
};

const NS_WSDL = 'http://www.portalfiscal.inf.br/nfe/wsdl';
const DEFAULT_TIMEOUT_MS = 3000;
/** An answer larger than this is not SEFAZ's (a protocol is a few KB). */
const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
/** Agents kept (one per certificate in use); the oldest is closed beyond this. */
const MAX_AGENTS = 50;
/** Idle keep-alive connections are closed after this (SEFAZ servers drop them anyway). */
const IDLE_SOCKET_MS = 10_000;

/** The SOAP 1.2 envelope around one `nfeDadosMsg` (sped-common SoapBase::makeEnvelopeSoap). */
export const soapEnvelope = (operacao: string, mensagem: string): string =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">' +
  `<soap12:Body><nfeDadosMsg xmlns="${NS_WSDL}/${operacao}">${mensagem}</nfeDadosMsg></soap12:Body>` +
  '</soap12:Envelope>';

/** The `enviNFe` of one signed NFC-e, synchronous (indSinc 1); the NFe's XML declaration is dropped. */
export const buildEnviNfe = (xmlNfe: string, idLote: string): string =>
  `<enviNFe xmlns="${NS_NFE}" versao="4.00"><idLote>${idLote}</idLote><indSinc>1</indSinc>` +
  `${xmlNfe.replace(/^\s*<\?xml[^>]*\?>\s*/, '').trim()}</enviNFe>`;

const directChild = (el: XmlElement | null | undefined, nome: string): XmlElement | null => {
  if (!el) return null;
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as XmlElement).localName === nome) return n as XmlElement;
  }
  return null;
};

const childText = (el: XmlElement | null | undefined, nome: string): string | null => {
  const c = directChild(el, nome);
  return c ? (c.textContent ?? '').trim() : null;
};

const parseDate = (text: string | null): Date | null => {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * The element `el` of the answer `resposta` as text: the first unprefixed `<name …>…</name>` of
 * the answer, verbatim (what SEFAZ signed stays byte for byte); when the answer prefixes it
 * (`<ns2:protNFe>`), the element serialised with its namespace declaration.
 */
const elementXml = (resposta: string, el: XmlElement | null): string | null => {
  if (!el) return null;
  const nome = el.localName;
  const verbatim = new RegExp(`<${nome}[\\s>][\\s\\S]*?</${nome}>`).exec(resposta)?.[0];
  return verbatim ?? new XMLSerializer().serializeToString(el);
};

/**
 * The result element (`retEnviNFe`, `retConsSitNFe`, …) of a SOAP answer, in the NF-e namespace.
 * Throws SefazIndisponivelError when the answer is not XML or does not carry it (a SOAP fault).
 */
const resultElement = (resposta: string, nome: string): XmlElement => {
  let doc;
  try {
    doc = new DOMParser({
      onError: (nivel, msg) => {
        if (nivel !== 'warning') throw new Error(msg);
      },
    }).parseFromString(resposta, 'text/xml');
  } catch (error) {
    throw new SefazIndisponivelError('A SEFAZ respondeu algo que não é XML', { cause: error });
  }
  const el = doc.getElementsByTagNameNS(NS_NFE, nome)[0];
  if (!el) {
    const motivo = /<(?:\w+:)?Text[^>]*>([^<]*)</.exec(resposta)?.[1];
    throw new SefazIndisponivelError(`A SEFAZ não respondeu ${nome}${motivo ? `: ${motivo}` : ''}`);
  }
  return el;
};

/** The `protNFe` of an answer: its infProt's fields and the element verbatim. */
const protocoloDe = (resposta: string, ret: XmlElement): ProtocoloNfe | null => {
  const protNFe = directChild(ret, 'protNFe');
  const infProt = directChild(protNFe, 'infProt');
  const xml = elementXml(resposta, protNFe);
  if (!infProt || !xml) return null;
  return {
    cStat: childText(infProt, 'cStat') ?? '',
    xMotivo: childText(infProt, 'xMotivo') ?? '',
    protocolo: childText(infProt, 'nProt') || null,
    recebidoEm: parseDate(childText(infProt, 'dhRecbto')),
    chave: childText(infProt, 'chNFe') ?? '',
    xml,
  };
};

type Transport = { agentFor: (certificado: CertificadoA1) => https.Agent; close: () => void };

const createTransport = (ca: string | undefined): Transport => {
  const agents = new Map<string, https.Agent>();
  const trusted = ca ? [...rootCertificates, ca] : undefined;
  return {
    agentFor: (certificado) => {
      const id = createHash('sha256').update(certificado.certificadoBase64).update(certificado.chavePrivadaPem).digest('hex');
      const existing = agents.get(id);
      if (existing) {
        // Most recently used last: the Map's order is the eviction order.
        agents.delete(id);
        agents.set(id, existing);
        return existing;
      }
      const agent = new https.Agent({
        keepAlive: true,
        timeout: IDLE_SOCKET_MS,
        key: certificado.chavePrivadaPem,
        cert: certificado.certificadoPem,
        ...(trusted ? { ca: trusted } : {}),
      });
      agents.set(id, agent);
      if (agents.size > MAX_AGENTS) {
        const [oldestId, oldest] = agents.entries().next().value as [string, https.Agent];
        agents.delete(oldestId);
        oldest.destroy();
      }
      return agent;
    },
    close: () => {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
};

const describeError = (error: unknown): string => {
  const e = error as NodeJS.ErrnoException;
  return e.code ? `${e.code}${e.message ? ` (${e.message})` : ''}` : String(e.message ?? error);
};

/**
 * POSTs `envelope` to `endereco` and answers the body of a 200. Rejects with
 * SefazIndisponivelError on timeout (the whole exchange within `timeoutMs`), network or TLS
 * errors and non-200 statuses. A reset on a reused keep-alive connection (closed by the server
 * while idle) is retried once on a new one.
 */
const postSoap = (endereco: EnderecoServico, envelope: string, agent: https.Agent, timeoutMs: number): Promise<string> => {
  const url = new URL(endereco.url);
  const body = Buffer.from(envelope, 'utf8');
  const deadline = Date.now() + timeoutMs;
  const attempt = (retry: boolean): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      const options: https.RequestOptions = {
        method: 'POST',
        hostname: url.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: {
          'Content-Type': `application/soap+xml; charset=utf-8; action="${NS_WSDL}/${endereco.operacao}/${endereco.metodo}"`,
          'Content-Length': body.length,
        },
      };
      const req = url.protocol === 'http:' ? http.request(options) : https.request({ ...options, agent });
      const timer = setTimeout(
        () => req.destroy(new SefazIndisponivelError(`A SEFAZ não respondeu em ${timeoutMs} ms (${endereco.operacao})`)),
        Math.max(0, deadline - Date.now()),
      );
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const code = (error as NodeJS.ErrnoException).code;
        if (retry && req.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE') && Date.now() < deadline) {
          attempt(false).then(resolve, reject);
          return;
        }
        reject(
          error instanceof SefazIndisponivelError
            ? error
            : new SefazIndisponivelError(`Falha de comunicação com a SEFAZ: ${describeError(error)}`, { cause: error }),
        );
      };
      req.on('error', fail);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) req.destroy(new SefazIndisponivelError('Resposta da SEFAZ grande demais'));
          else chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) {
            fail(new SefazIndisponivelError(`A SEFAZ respondeu HTTP ${res.statusCode} (${endereco.operacao})`));
            return;
          }
          settled = true;
          clearTimeout(timer);
          resolve(text);
        });
      });
      req.end(body);
    });
  return attempt(true);
};

/**
 * The libxml2 messages when `xml` breaks `schemaFile` (validated locally before sending, as
 * sped-nfe's `isValid` does), else null (valid, or validation skipped without the schemas).
 */
const localSchemaErrors = (xml: string, schemaFile: string): string | null => {
  try {
    validarXml(xml, schemaFile);
    return null;
  } catch (error) {
    if (error instanceof XmlForaDoSchemaError) return error.erros.join('; ');
    throw error;
  }
};

/** The cStat/xMotivo of a request refused by the local schema check (as SEFAZ's 215 would be); nothing was sent. */
const REJEICAO_LOCAL = '215';
const motivoLocal = (erros: string) =>
  `Rejeição: Falha no schema XML (validação local, não enviado à SEFAZ): ${erros}`.slice(0, 255);

/** A client whose agents can be closed (tests, shutdown). */
export type SefazHttpsClient = SefazClient & { close: () => void };

/**
 * The SEFAZ client. `options` come from the config (`sefazUrl`, `sefazTimeoutMs`, `sefazCa`);
 * see the module's docstring for the protocol, TLS and errors.
 */
export const createSefazClient = (options: SefazClientOptions = {}): SefazHttpsClient => {
  const transport = createTransport(options.ca);
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const call = async (destino: DestinoSefaz, servico: ServicoSefaz, mensagem: string, resultado: string) => {
    const endereco = enderecoServico(destino.uf, destino.ambiente, servico, options.baseUrl);
    const resposta = await postSoap(
      endereco,
      soapEnvelope(endereco.operacao, mensagem),
      transport.agentFor(destino.certificado),
      destino.timeoutMs ?? defaultTimeout,
    );
    return { resposta, ret: resultElement(resposta, resultado) };
  };

  return {
    async autorizar(destino, xmlNfe, idLote): Promise<RetornoAutorizacao> {
      const { resposta, ret } = await call(destino, 'autorizacao', buildEnviNfe(xmlNfe, idLote), 'retEnviNFe');
      const cStat = childText(ret, 'cStat') ?? '';
      return { cStat, xMotivo: childText(ret, 'xMotivo') ?? '', protocolo: protocoloDe(resposta, ret) };
    },

    async consultarProtocolo(destino, chave): Promise<RetornoConsulta> {
      if (!/^\d{44}$/.test(chave)) throw new Error(`Chave de acesso inválida: ${chave}`);
      const mensagem =
        `<consSitNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb(destino.ambiente)}</tpAmb>` +
        `<xServ>CONSULTAR</xServ><chNFe>${chave}</chNFe></consSitNFe>`;
      const { resposta, ret } = await call(destino, 'consultaProtocolo', mensagem, 'retConsSitNFe');
      return {
        cStat: childText(ret, 'cStat') ?? '',
        xMotivo: childText(ret, 'xMotivo') ?? '',
        protocolo: protocoloDe(resposta, ret),
      };
    },

    async cancelar(destino, pedido: PedidoCancelamento): Promise<RetornoEvento> {
      const evento = buildEventoCancelamento(pedido, destino.ambiente, destino.certificado);
      const envEvento = buildEnvEvento(String(Date.now()), [evento]);
      const erros = localSchemaErrors(envEvento, 'envEventoCancNFe_v1.00.xsd');
      if (erros)
        return { cStat: REJEICAO_LOCAL, xMotivo: motivoLocal(erros), protocolo: null, registradoEm: null, xmlProcEvento: null };
      const { resposta, ret } = await call(destino, 'recepcaoEvento', envEvento, 'retEnvEvento');
      const cStatLote = childText(ret, 'cStat') ?? '';
      const retEventoEl = directChild(ret, 'retEvento');
      const infEvento = directChild(retEventoEl, 'infEvento');
      if (!infEvento) {
        return {
          cStat: cStatLote,
          xMotivo: childText(ret, 'xMotivo') ?? '',
          protocolo: null,
          registradoEm: null,
          xmlProcEvento: null,
        };
      }
      const cStat = childText(infEvento, 'cStat') ?? '';
      const registrado = cStat === '135' || cStat === '136' || cStat === '155';
      const retEvento = elementXml(resposta, retEventoEl);
      return {
        cStat,
        xMotivo: childText(infEvento, 'xMotivo') ?? '',
        protocolo: childText(infEvento, 'nProt') || null,
        registradoEm: parseDate(childText(infEvento, 'dhRegEvento')),
        xmlProcEvento: registrado && retEvento ? buildProcEvento(evento, retEvento) : null,
      };
    },

    async inutilizar(destino, pedido: PedidoInutilizacao): Promise<RetornoInutilizacao> {
      const inut = buildInutilizacao(pedido, codigoUf(destino.uf), destino.ambiente, destino.certificado);
      const erros = localSchemaErrors(inut, 'inutNFe_v4.00.xsd');
      if (erros) return { cStat: REJEICAO_LOCAL, xMotivo: motivoLocal(erros), protocolo: null, xml: '' };
      const { resposta, ret } = await call(destino, 'inutilizacao', inut, 'retInutNFe');
      const infInut = directChild(ret, 'infInut');
      const retInut = elementXml(resposta, ret) ?? '';
      return {
        cStat: childText(infInut, 'cStat') ?? '',
        xMotivo: childText(infInut, 'xMotivo') ?? '',
        protocolo: childText(infInut, 'nProt') || null,
        xml: buildProcInutilizacao(inut, retInut),
      };
    },

    async statusServico(destino) {
      const mensagem =
        `<consStatServ xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb(destino.ambiente)}</tpAmb>` +
        `<cUF>${codigoUf(destino.uf)}</cUF><xServ>STATUS</xServ></consStatServ>`;
      const { ret } = await call(destino, 'statusServico', mensagem, 'retConsStatServ');
      return { cStat: childText(ret, 'cStat') ?? '', xMotivo: childText(ret, 'xMotivo') ?? '' };
    },

    close: transport.close,
  };
};
