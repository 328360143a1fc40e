/**
 * The contract of the SEFAZ web services the NFC-e needs (MOC 7.0, layout 4.00, SOAP 1.2 over
 * TLS with the A1 certificate): authorisation (NFeAutorizacao4, synchronous), protocol query
 * (NFeConsultaProtocolo4), events (NFeRecepcaoEvento4: cancellation 110111), inutilização
 * (NFeInutilizacao4) and service status (NFeStatusServico4). `sefaz-client.ts` implements it
 * over HTTPS; the tests talk to the fake of test/fakes/sefaz.ts through the same client.
 */
import type { CertificadoA1 } from '../../../lib/certificado.ts';

/** Where and as whom to call. */
export type DestinoSefaz = {
  /** The issuer's state ('SP'): picks the authoriser (SP, SVRS, …) from the URL table. */
  uf: string;
  ambiente: 'homologacao' | 'producao';
  certificado: CertificadoA1;
  /** Give up after this many ms (the till's emission passes what is left of its 5 s). */
  timeoutMs?: number;
};

/** A `protNFe`, as SEFAZ answered it for one NFC-e. */
export type ProtocoloNfe = {
  cStat: string;
  xMotivo: string;
  /** nProt: present when authorised (100, 150) or denied. */
  protocolo: string | null;
  /** dhRecbto. */
  recebidoEm: Date | null;
  chave: string;
  /** The `<protNFe …>…</protNFe>` element, verbatim, to build the `nfeProc`. */
  xml: string;
};

export type RetornoAutorizacao = {
  /** The batch's status (104 processed, or a rejection of the whole batch such as 225). */
  cStat: string;
  xMotivo: string;
  /** The NFC-e's protocol when the batch was processed (cStat 104). */
  protocolo: ProtocoloNfe | null;
};

export type RetornoEvento = {
  /** The event's cStat (135/136 registered, 155 registered out of time) or the batch's rejection. */
  cStat: string;
  xMotivo: string;
  protocolo: string | null;
  registradoEm: Date | null;
  /** The `procEventoNFe` (signed evento + retEvento) to keep, when registered. */
  xmlProcEvento: string | null;
};

export type RetornoInutilizacao = {
  /** 102 inutilização homologada, or a rejection (e.g. 241 a number already used, 256 already inutilizada, 563 the same range again). */
  cStat: string;
  xMotivo: string;
  protocolo: string | null;
  /** The `procInutNFe` (signed inutNFe + retInutNFe). */
  xml: string;
};

export type RetornoConsulta = {
  /** 100/150 authorised, 101/151/155 cancelled, 217 unknown to SEFAZ, … */
  cStat: string;
  xMotivo: string;
  protocolo: ProtocoloNfe | null;
};

export type PedidoCancelamento = {
  chave: string;
  /** The authorisation protocol being cancelled. */
  protocolo: string;
  justificativa: string;
  cnpj: string;
  /** dhEvento, in the unit's time zone. */
  em: Date;
  timeZone: string;
};

export type PedidoInutilizacao = {
  cnpj: string;
  /** Two-digit year of the numbers ('26'). */
  ano: string;
  serie: number;
  numeroInicial: number;
  numeroFinal: number;
  justificativa: string;
};

/** Thrown when SEFAZ does not answer in time or cannot be reached: the caller goes into contingency. */
export class SefazIndisponivelError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SefazIndisponivelError';
  }
}

export type SefazClient = {
  /** Sends one signed NFC-e (`<NFe>…</NFe>`) in an `enviNFe` with indSinc 1. */
  autorizar(destino: DestinoSefaz, xmlNfe: string, idLote: string): Promise<RetornoAutorizacao>;
  consultarProtocolo(destino: DestinoSefaz, chave: string): Promise<RetornoConsulta>;
  cancelar(destino: DestinoSefaz, pedido: PedidoCancelamento): Promise<RetornoEvento>;
  inutilizar(destino: DestinoSefaz, pedido: PedidoInutilizacao): Promise<RetornoInutilizacao>;
  /** 107 = em operação. */
  statusServico(destino: DestinoSefaz): Promise<{ cStat: string; xMotivo: string }>;
};
