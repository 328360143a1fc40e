/**
 * The unit's WhatsApp connection row (whatsapp_conexoes) and the gateway session it names.
 * Every function runs inside the unit's scope (request.scoped / withTenant): RLS keeps a unit
 * to its own row.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappConexoes } from '../../db/schema/index.ts';
import { decrypt } from '../../lib/crypto.ts';
import type { InstanciaWhatsapp } from './gateway/whatsapp-gateway.ts';

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
