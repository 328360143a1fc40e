/**
 * The unit's WhatsApp connection (issue #21 item 1; DOMAIN.md §12): start pairing (the gateway
 * shows a QR), follow the pairing (the gateway's state stored in whatsapp_conexoes), disconnect,
 * the fake gateway's development action "the phone read the QR", and the Cloud API's credentials.
 *
 * The gateway is called between two short transactions, never inside one: a gateway that hangs
 * (up to WHATSAPP_TIMEOUT_MS) holds no database connection or row lock.
 */
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import { GENERAL_ERRORS } from '@petshop/shared/http';
import { NUMERO_DEMONSTRACAO_WHATSAPP, type CredenciaisWhatsapp, type WhatsappQrcode } from '@petshop/shared/whatsapp';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import {
  getConexao,
  gravarCredenciais,
  gravarEstadoConexao,
  instanciaDe,
  toWhatsappStatus,
  type ConexaoRow,
} from './conexao-repository.ts';
import { GatewayFake } from './gateway/gateway-fake.ts';
import { ErroGateway, type EstadoConexao, type WhatsappGateway } from './gateway/whatsapp-gateway.ts';

/** Runs `fn` in one transaction of the request's unit scope (`request.scoped`). */
export type Escopo = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

/** What the connection's use cases need from the server. */
export type ContextoConexao = {
  unidadeNegocioId: string;
  gateway: WhatsappGateway;
  /** The base of the webhook URL (APP_URL, else the request's origin). */
  baseUrl: string;
  encryptionKey: Buffer;
  log: FastifyBaseLogger;
};

/** 503 with the gateway's message: the gateway could not do what was asked (nothing was changed). */
const gatewayIndisponivel = (acao: string, error: unknown): AppError =>
  new AppError(503, {
    [GENERAL_ERRORS]: [
      `Não foi possível ${acao}: ${error instanceof ErroGateway ? error.message : 'o gateway do WhatsApp não respondeu'}`,
    ],
  });

const lerConexao = (escopo: Escopo, ctx: ContextoConexao) => escopo((tx) => getConexao(tx, ctx.unidadeNegocioId, ctx.gateway.id));

const gravar = (escopo: Escopo, ctx: ContextoConexao, estado: EstadoConexao) =>
  escopo((tx) => gravarEstadoConexao(tx, ctx.unidadeNegocioId, estado));

/**
 * The connection's state now: asks the gateway and stores what it says (status, number, QR).
 * A gateway that fails or hangs → the stored state, logged (never an error to the screen that
 * polls it). A unit stored Desconectado is not asked: only conectar starts a session (a gateway
 * that knows no session for it would only answer "not found" on every poll).
 */
export const atualizarEstadoWhatsapp = async (escopo: Escopo, ctx: ContextoConexao): Promise<ConexaoRow> => {
  const row = await lerConexao(escopo, ctx);
  if (row.status === 'Desconectado') return row;
  let estado: EstadoConexao;
  try {
    estado = await ctx.gateway.estado(instanciaDe(row, ctx.baseUrl, ctx.encryptionKey));
  } catch (error) {
    ctx.log.warn({ err: error, unidadeNegocioId: ctx.unidadeNegocioId }, 'WhatsApp: estado da conexão indisponível no gateway');
    return row;
  }
  if (estado.status === row.status && estado.numero === row.numero && estado.qrcode === row.qrcode) return row;
  return gravar(escopo, ctx, estado);
};

/**
 * Starts pairing: the gateway creates the session when needed, registers the unit's webhook and
 * answers its state (AguardandoLeitura with a QR; Conectado when already paired, or with the
 * Cloud API, which has no QR). Cloud API without credentials → 400; gateway failure → 503.
 */
export const conectarWhatsapp = async (escopo: Escopo, ctx: ContextoConexao): Promise<ConexaoRow> => {
  const row = await lerConexao(escopo, ctx);
  if (ctx.gateway.id === 'cloud' && !row.credenciaisEnc)
    throw badRequest('Informe as credenciais da WhatsApp Cloud API antes de conectar');
  let estado: EstadoConexao;
  try {
    estado = await ctx.gateway.conectar(instanciaDe(row, ctx.baseUrl, ctx.encryptionKey));
  } catch (error) {
    ctx.log.warn({ err: error, unidadeNegocioId: ctx.unidadeNegocioId }, 'WhatsApp: falha ao conectar');
    throw gatewayIndisponivel('iniciar a conexão', error);
  }
  return gravar(escopo, ctx, estado);
};

/** Logs the number out at the gateway and stores Desconectado. Gateway failure → 503 (still connected there). */
export const desconectarWhatsapp = async (escopo: Escopo, ctx: ContextoConexao): Promise<ConexaoRow> => {
  const row = await lerConexao(escopo, ctx);
  try {
    await ctx.gateway.desconectar(instanciaDe(row, ctx.baseUrl, ctx.encryptionKey));
  } catch (error) {
    ctx.log.warn({ err: error, unidadeNegocioId: ctx.unidadeNegocioId }, 'WhatsApp: falha ao desconectar');
    throw gatewayIndisponivel('desconectar', error);
  }
  return gravar(escopo, ctx, { status: 'Desconectado', numero: null, qrcode: null });
};

/**
 * The development action "the phone read the QR" (fake gateway only, 404 otherwise): the unit's
 * fake session connects with `numero` (digits with 55; default NUMERO_DEMONSTRACAO_WHATSAPP) and the
 * state is stored. 400 when no QR is waiting to be read.
 */
export const simularLeituraQrcode = async (escopo: Escopo, ctx: ContextoConexao, numero?: string): Promise<ConexaoRow> => {
  if (!(ctx.gateway instanceof GatewayFake)) throw notFound();
  const row = await lerConexao(escopo, ctx);
  if (!ctx.gateway.lerQrcode(row.instancia, numero ?? NUMERO_DEMONSTRACAO_WHATSAPP))
    throw badRequest('Nenhum QR code aguardando leitura: clique em Conectar primeiro');
  return atualizarEstadoWhatsapp(escopo, ctx);
};

/** The Cloud API's credentials of the unit, stored encrypted. Other gateways → 400. */
export const salvarCredenciaisWhatsapp = async (
  escopo: Escopo,
  ctx: ContextoConexao,
  credenciais: CredenciaisWhatsapp,
): Promise<void> => {
  if (ctx.gateway.id !== 'cloud') throw badRequest('Credenciais só são usadas com a WhatsApp Cloud API');
  await escopo(async (tx) => {
    await getConexao(tx, ctx.unidadeNegocioId, ctx.gateway.id);
    await gravarCredenciais(tx, ctx.unidadeNegocioId, { ...credenciais }, ctx.encryptionKey);
  });
};

/**
 * The QR answer: while AguardandoLeitura, the stored QR as a PNG data URL (a gateway that already
 * answers an image data URL is passed through); null in the other states.
 */
export const toWhatsappQrcode = async (row: ConexaoRow): Promise<WhatsappQrcode> => {
  const { status } = toWhatsappStatus(row);
  if (status !== 'AguardandoLeitura' || !row.qrcode) return { status, qrcode: null, geradoEm: null };
  const qrcode = row.qrcode.startsWith('data:image/')
    ? row.qrcode
    : await QRCode.toDataURL(row.qrcode, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return { status, qrcode, geradoEm: row.qrcodeEm?.toISOString() ?? null };
};
