/**
 * The WhatsApp gateway seen by the product (issue #21 "Design"): connect a unit's number by QR,
 * read its state, send a text, and turn the gateway's callbacks into our events. One
 * implementation per gateway, chosen by WHATSAPP_GATEWAY (criar-gateway.ts):
 * - `fake` (gateway-fake.ts): in-process; shows a QR and "connects" when a development action
 *   says it was read; records what it sends. The demo's and the tests' default.
 * - `evolution` (gateway-evolution.ts): the Evolution API v2 HTTP server a shop self-hosts.
 * - `cloud` (gateway-cloud.ts): the official WhatsApp Cloud API (no QR; templates for messages
 *   the shop starts).
 *
 * Errors: a call that fails throws `ErroGateway` with a Portuguese message for the log and
 * `temporario` (true: worth retrying — timeout, 5xx, 429, disconnected; false: the message can
 * never go — invalid number, template rejected).
 */
import type { StatusConexaoWhatsapp } from '@petshop/shared/whatsapp';

/** Which unit's session a call is about, with the unit's gateway credentials (decrypted). */
export type InstanciaWhatsapp = {
  unidadeNegocioId: string;
  /** The gateway's name of the session ('petshop-{unidadeNegocioId}'). */
  nome: string;
  /** The URL the gateway must call back (notificacao-webhook with the unit's secret). */
  webhookUrl: string;
  /** Per-unit credentials the gateway needs (Cloud API: phoneNumberId, accessToken). */
  credenciais: Record<string, string>;
};

/** The session's state as the gateway reports it; `qrcode`: the raw QR payload while pairing. */
export type EstadoConexao = {
  status: StatusConexaoWhatsapp;
  /** Digits with 55 and DDD, once connected. */
  numero: string | null;
  qrcode: string | null;
};

/**
 * A message to send. `para`: digits with 55 and DDD. `modelo`: for gateways that need an
 * approved template for a message the shop starts (Cloud API): its name, language and the
 * body's parameters in order; others send `texto`.
 */
export type EnvioWhatsapp = {
  para: string;
  texto: string;
  modelo?: { nome: string; idioma: string; parametros: string[] } | undefined;
};

/** What the gateway told us through its callback. `gatewayMensagemId`: the id `enviarTexto` answered. */
export type EventoGateway =
  | { tipo: 'status'; gatewayMensagemId: string; status: 'Enviada' | 'Entregue' | 'Lida' | 'Falhou'; erro?: string; em: Date }
  | { tipo: 'mensagemRecebida'; de: string; texto: string; gatewayMensagemId: string; em: Date }
  | { tipo: 'conexao'; estado: EstadoConexao };

export class ErroGateway extends Error {
  constructor(
    message: string,
    readonly temporario: boolean,
  ) {
    super(message);
    this.name = 'ErroGateway';
  }
}

export type WhatsappGateway = {
  readonly id: 'fake' | 'evolution' | 'cloud';
  /** Starts pairing (creates the session when needed, registers the webhook) and answers the state with the QR. */
  conectar(instancia: InstanciaWhatsapp): Promise<EstadoConexao>;
  /** The session's state now (the QR renewed while pairing). */
  estado(instancia: InstanciaWhatsapp): Promise<EstadoConexao>;
  /** Logs the number out and forgets the session. */
  desconectar(instancia: InstanciaWhatsapp): Promise<void>;
  /** Sends one message; answers the gateway's message id (its receipts carry it). */
  enviar(instancia: InstanciaWhatsapp, envio: EnvioWhatsapp): Promise<{ gatewayMensagemId: string }>;
  /**
   * After a crash between sending and recording it: the id of a message with this text sent to
   * `para` since `desde`, or null when none was (the worker then sends it). Null when the gateway
   * cannot tell (`podeConsultarEnviadas` false: the message may go twice in that window).
   */
  buscarEnviada(instancia: InstanciaWhatsapp, envio: EnvioWhatsapp, desde: Date): Promise<string | null>;
  readonly podeConsultarEnviadas: boolean;
  /**
   * The callback's body (already parsed JSON) and headers as our events; throws ErroGateway
   * (temporario false) when the body is not this gateway's format. Unknown event kinds → [].
   */
  interpretarCallback(
    corpo: unknown,
    headers: Record<string, string | string[] | undefined>,
    corpoBruto?: string,
  ): EventoGateway[];
};
