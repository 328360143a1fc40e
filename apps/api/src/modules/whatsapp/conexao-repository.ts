/**
 * The unit's WhatsApp connection row (whatsapp_conexoes) and the gateway session it names.
 * Every function runs inside the unit's scope (request.scoped / withTenant): RLS keeps a unit
 * to its own row.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  STATUS_CONEXAO_IDS,
  modelosComPadrao,
  type GatewayWhatsapp,
  type StatusConexaoWhatsapp,
  type Whatsapp,
  type WhatsappStatus,
} from '@petshop/shared/whatsapp';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { unidadesNegocio, whatsappConexoes, whatsappMensagens } from '../../db/schema/index.ts';
import { decrypt, encrypt } from '../../lib/crypto.ts';
import type { EstadoConexao, InstanciaWhatsapp } from './gateway/whatsapp-gateway.ts';

export type ConexaoRow = typeof whatsappConexoes.$inferSelect;

/** The gateway's session name of a unit. */
export const nomeInstancia = (unidadeNegocioId: string): string => `petshop-${unidadeNegocioId}`;

/**
 * The scoped unit's connection row, created Desconectado (with a new webhook secret) on first
 * use. `gateway`: the server's gateway (a row made under another gateway is moved to this one).
 */
export const getConexao = async (tx: Db, unidadeNegocioId: string, gateway: string): Promise<ConexaoRow> => {
  await tx
    .insert(whatsappConexoes)
    .values({
      unidadeNegocioId,
      gateway,
      instancia: nomeInstancia(unidadeNegocioId),
      webhookSecret: randomBytes(24).toString('base64url'),
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(whatsappConexoes)
    .where(sql`${whatsappConexoes.unidadeNegocioId} = ${unidadeNegocioId}`);
  if (!row) throw new Error('whatsapp_conexoes: linha não encontrada após inserir');
  if (row.gateway === gateway) return row;
  const [movida] = await tx
    .update(whatsappConexoes)
    .set({ gateway, status: 'Desconectado', numero: null, qrcode: null, qrcodeEm: null, conectadoEm: null })
    .where(sql`${whatsappConexoes.unidadeNegocioId} = ${unidadeNegocioId}`)
    .returning();
  return movida!;
};

/**
 * The URL the gateway calls back for this unit: POST {base}/api/agenda/atendimentos/notificacao-webhook
 * ?unidade={id}&token={secret}. `baseUrl`: APP_URL, else the request's origin (the worker: APP_URL
 * or http://localhost:{PORT}).
 */
export const webhookUrlDe = (baseUrl: string, row: Pick<ConexaoRow, 'unidadeNegocioId' | 'webhookSecret'>): string =>
  `${baseUrl.replace(/\/+$/, '')}/api/agenda/atendimentos/notificacao-webhook?unidade=${row.unidadeNegocioId}&token=${encodeURIComponent(row.webhookSecret)}`;

/** The gateway's view of a unit: session name, callback URL and decrypted credentials. */
export const instanciaDe = (row: ConexaoRow, baseUrl: string, encryptionKey: Buffer): InstanciaWhatsapp => ({
  unidadeNegocioId: row.unidadeNegocioId,
  nome: row.instancia,
  webhookUrl: webhookUrlDe(baseUrl, row),
  credenciais: row.credenciaisEnc
    ? (JSON.parse(decrypt(encryptionKey, row.credenciaisEnc).toString('utf8')) as Record<string, string>)
    : {},
});

/** The row as GET /api/whatsapp/status answers it. */
export const toWhatsappStatus = (row: ConexaoRow): WhatsappStatus => ({
  status: STATUS_CONEXAO_IDS.includes(row.status as StatusConexaoWhatsapp)
    ? (row.status as StatusConexaoWhatsapp)
    : 'Desconectado',
  numero: row.numero,
  conectadoEm: row.conectadoEm?.toISOString() ?? null,
});

/**
 * Stores what the gateway said about the scoped unit's session: status and number; `conectadoEm`
 * kept while it stays Conectado (set now when it becomes so, null otherwise); the QR and
 * `qrcodeEm` (now when the QR changed) only while AguardandoLeitura. Answers the updated row.
 */
export const gravarEstadoConexao = async (
  tx: Db,
  unidadeNegocioId: string,
  estado: EstadoConexao,
  agora: Date = new Date(),
): Promise<ConexaoRow> => {
  const [atual] = await tx
    .select()
    .from(whatsappConexoes)
    .where(sql`${whatsappConexoes.unidadeNegocioId} = ${unidadeNegocioId}`)
    .for('update');
  if (!atual) throw new Error('whatsapp_conexoes: linha não encontrada');
  const conectado = estado.status === 'Conectado';
  const qrcode = estado.status === 'AguardandoLeitura' ? estado.qrcode : null;
  const [row] = await tx
    .update(whatsappConexoes)
    .set({
      status: estado.status,
      numero: conectado ? (estado.numero ?? atual.numero) : null,
      conectadoEm: conectado ? (atual.status === 'Conectado' && atual.conectadoEm ? atual.conectadoEm : agora) : null,
      qrcode,
      qrcodeEm: qrcode == null ? null : qrcode === atual.qrcode ? atual.qrcodeEm : agora,
    })
    .where(sql`${whatsappConexoes.unidadeNegocioId} = ${unidadeNegocioId}`)
    .returning();
  return row!;
};

/** Stores the unit's gateway credentials encrypted (JSON inside); they are never answered. */
export const gravarCredenciais = async (
  tx: Db,
  unidadeNegocioId: string,
  credenciais: Record<string, string>,
  encryptionKey: Buffer,
): Promise<void> => {
  await tx
    .update(whatsappConexoes)
    .set({ credenciaisEnc: encrypt(encryptionKey, JSON.stringify(credenciais)) })
    .where(sql`${whatsappConexoes.unidadeNegocioId} = ${unidadeNegocioId}`);
};

/**
 * GET /api/whatsapp: the scoped unit's connection as stored (the status route asks the gateway),
 * its templates over the defaults, and its outbox counts (waiting: Pendente or Enviando; failed in
 * the last 7 days by the time of the failure). With the Cloud API also whether credentials are
 * set and the webhook URL to register at Meta.
 */
export const getWhatsapp = async (
  tx: Db,
  opcoes: { unidadeNegocioId: string; gateway: GatewayWhatsapp; baseUrl: string },
): Promise<Whatsapp> => {
  const row = await getConexao(tx, opcoes.unidadeNegocioId, opcoes.gateway);
  const [unidade] = await tx
    .select({ mensagens: unidadesNegocio.whatsappMensagens })
    .from(unidadesNegocio)
    .where(sql`${unidadesNegocio.id} = ${opcoes.unidadeNegocioId}`);
  const [contagem] = await queryRows<{ pendentes: number | string; falhas: number | string }>(
    tx,
    sql`select count(*) filter (where status in ('Pendente', 'Enviando')) as pendentes,
               count(*) filter (where status = 'Falhou' and updated_at >= now() - interval '7 days') as falhas
          from ${whatsappMensagens}
         where unidade_negocio_id = ${opcoes.unidadeNegocioId} and status in ('Pendente', 'Enviando', 'Falhou')`,
  );
  return {
    ...toWhatsappStatus(row),
    unidadeNegocioId: row.unidadeNegocioId,
    gateway: opcoes.gateway,
    mensagens: modelosComPadrao(unidade?.mensagens),
    pendentes: Number(contagem?.pendentes ?? 0),
    falhas7Dias: Number(contagem?.falhas ?? 0),
    ...(opcoes.gateway === 'cloud'
      ? { credenciaisDefinidas: row.credenciaisEnc != null, webhookUrl: webhookUrlDe(opcoes.baseUrl, row) }
      : {}),
  };
};
