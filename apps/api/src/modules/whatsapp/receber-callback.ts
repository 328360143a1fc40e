/**
 * The gateway's callbacks (issue #21 item 5; spec §7 "Agenda" notificacao-webhook): what
 * POST /api/agenda/atendimentos/notificacao-webhook?unidade={id}&token={secret} does once the
 * caller is authenticated (`autenticarWebhook`), and what the fake gateway's "simulate a reply"
 * development route calls directly (`receberCallback`).
 *
 * The body is the gateway's own format: `app.whatsapp.interpretarCallback` turns it into events
 * (a body it cannot read → 400), applied in the unit's scope (withTenant), so a callback for unit A
 * never touches unit B's messages or appointments:
 * - `status` (a receipt): the outbox row with that `gateway_mensagem_id` moves forward only —
 *   Enviada → Entregue → Lida, Falhou only from Enviando/Enviada — stamping enviada/entregue/lida_em
 *   (first time wins); a late 'Entregue' after 'Lida' changes nothing;
 * - `conexao`: the unit's whatsapp_conexoes row takes the reported status and number (and, while
 *   pairing, a renewed QR the gateway pushed);
 * - `mensagemRecebida`: the owner's reply, normalised (lower case, no accents, first word):
 *   "1", "sim", "s", "confirmo", "confirma", "confirmado", "confirmar" → the appointment of the
 *   latest confirmation message sent to that phone in this unit, if not yet started: Agendado goes
 *   Confirmado through the agenda's status use case (history user null); Agendado or Confirmado
 *   (the reception confirmed first, or the owner said "2" before) gets respostaConfirmacao
 *   'Confirmou'; "2", "nao", "n" → respostaConfirmacao 'NaoPodeComparecer'
 *   (status unchanged; Agendado or Confirmado, not yet started); "sair", "parar", "pare", "stop",
 *   "descadastrar" → every customer of the tenant with that phone loses marketing consent (LGPD)
 *   and their pending birthday messages are cancelled. Anything else is ignored.
 * The same callback twice gives the same result (receipts never go backwards; a reply acts on
 * the latest confirmation's appointment, which the first call already moved).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { withTenant } from '../../db/tenant-scope.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { lockAtendimento } from '../agenda/atendimentos-repository.ts';
import { aplicarStatusAtendimento } from '../agenda/alterar-status-atendimento.ts';
import { ErroGateway, type EventoGateway } from './gateway/whatsapp-gateway.ts';

/** What receberCallback needs of the app: the plain handle (table owner) and the gateway. */
export type CallbackApp = Pick<FastifyInstance, 'db' | 'whatsapp'>;

export type EscopoUnidade = { tenantId: string; unidadeNegocioId: string };

/** Compares two secrets in constant time (whatever their lengths). */
const mesmoSegredo = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * The unit's scope when `token` is its webhook secret (whatsapp_conexoes.webhook_secret, read
 * as the table owner: the call has no user); 401 otherwise, also for a unit without a connection
 * row or unknown. Never call it inside a scoped transaction (PGlite: one query at a time).
 */
export const autenticarWebhook = async (app: Pick<FastifyInstance, 'db'>, unidadeNegocioId: string, token: string) => {
  const [row] = await queryRows<{ tenantId: string; segredo: string }>(
    app.db,
    sql`select tenant_id as "tenantId", webhook_secret as segredo from whatsapp_conexoes where unidade_negocio_id = ${unidadeNegocioId}`,
  );
  // Compared even when the unit is unknown, so the answer's timing does not tell units apart.
  const ok = mesmoSegredo(token, row?.segredo ?? '\u0000sem-conexao');
  if (!row || !ok) throw unauthorized();
  return { tenantId: row.tenantId, unidadeNegocioId } satisfies EscopoUnidade;
};

/** The first word of a reply, lower case, without accents or punctuation ("Sim!" → "sim", "Não." → "nao"). */
export const normalizarResposta = (texto: string): string =>
  texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .find((p) => p.length > 0) ?? '';

const CONFIRMA = new Set(['1', 'sim', 's', 'confirmo', 'confirma', 'confirmado', 'confirmar', 'confirmada']);
const RECUSA = new Set(['2', 'nao', 'n']);
const SAIR = new Set(['sair', 'parar', 'pare', 'stop', 'descadastrar']);

export type AcaoResposta = 'confirmar' | 'recusar' | 'sair' | null;

/** What a reply asks for (see the file's comment). */
export const acaoDaResposta = (texto: string): AcaoResposta => {
  const palavra = normalizarResposta(texto);
  if (CONFIRMA.has(palavra)) return 'confirmar';
  if (RECUSA.has(palavra)) return 'recusar';
  if (SAIR.has(palavra)) return 'sair';
  return null;
};

/**
 * Whether a stored phone (`coluna`, digits with 55 and DDD) is the sender `de`: equal, or the same
 * DDD and last 8 digits (WhatsApp may report a mobile without its leading 9).
 */
const mesmoTelefoneSql = (coluna: SQL, de: string): SQL => {
  const digitos = de.replace(/\D/g, '');
  const com55 = digitos.length <= 11 ? `55${digitos}` : digitos;
  return sql`(${coluna} = ${com55} or (length(${coluna}) >= 12 and substr(${coluna}, 3, 2) = ${com55.slice(2, 4)} and right(${coluna}, 8) = ${com55.slice(-8)}))`;
};

const ORDEM_STATUS: Record<string, number> = { Pendente: 0, Enviando: 0, Enviada: 1, Entregue: 2, Lida: 3 };

/** A receipt: the message moves forward only (see the file's comment). */
const aplicarRecibo = async (tx: Db, e: Extract<EventoGateway, { tipo: 'status' }>): Promise<void> => {
  const em = e.em.toISOString();
  if (e.status === 'Falhou') {
    await tx.execute(
      sql`update whatsapp_mensagens set status = 'Falhou', ultimo_erro = ${e.erro ?? 'Falha informada pelo gateway'}, updated_at = now()
           where gateway_mensagem_id = ${e.gatewayMensagemId} and status in ('Enviando', 'Enviada')`,
    );
    return;
  }
  const anteriores = Object.entries(ORDEM_STATUS)
    .filter(([, ordem]) => ordem < ORDEM_STATUS[e.status]!)
    .map(([s]) => sql`${s}`);
  await tx.execute(
    sql`update whatsapp_mensagens
           set status = ${e.status},
               enviada_em = coalesce(enviada_em, ${em}::timestamptz),
               entregue_em = ${e.status === 'Enviada' ? sql`entregue_em` : sql`coalesce(entregue_em, ${em}::timestamptz)`},
               lida_em = ${e.status === 'Lida' ? sql`coalesce(lida_em, ${em}::timestamptz)` : sql`lida_em`},
               updated_at = now()
         where gateway_mensagem_id = ${e.gatewayMensagemId} and status in (${sql.join(anteriores, sql`, `)})`,
  );
};

/** The connection's state as the gateway reported it. */
const aplicarConexao = async (tx: Db, e: Extract<EventoGateway, { tipo: 'conexao' }>, unidadeNegocioId: string) => {
  const { status, numero, qrcode } = e.estado;
  await tx.execute(
    sql`update whatsapp_conexoes
           set status = ${status},
               numero = ${status === 'Conectado' ? sql`coalesce(${numero}, numero)` : status === 'Desconectado' ? sql`null` : sql`numero`},
               conectado_em = ${status === 'Conectado' ? sql`case when status = 'Conectado' then conectado_em else now() end` : sql`null`},
               qrcode = ${status === 'AguardandoLeitura' ? sql`coalesce(${qrcode ?? null}, qrcode)` : sql`null`},
               qrcode_em = ${status === 'AguardandoLeitura' ? (qrcode ? sql`now()` : sql`qrcode_em`) : sql`null`},
               updated_at = now()
         where unidade_negocio_id = ${unidadeNegocioId}`,
  );
};

/**
 * The appointment a reply answers: that of the latest confirmation message sent (Enviada,
 * Entregue or Lida) to the sender's phone in this unit; null when none.
 */
const atendimentoDaResposta = async (tx: Db, de: string) => {
  const [row] = await queryRows<{ id: string; status: string; futuro: boolean }>(
    tx,
    sql`select a.id, a.status, a.inicio > now() as futuro
          from whatsapp_mensagens m join atendimentos a on a.id = m.atendimento_id
         where m.tipo = 'confirmacaoAgendamento' and m.status in ('Enviada', 'Entregue', 'Lida')
           and ${mesmoTelefoneSql(sql`m.telefone`, de)}
         order by m.enviada_em desc nulls last, m.created_at desc
         limit 1`,
  );
  return row ?? null;
};

const aplicarResposta = async (tx: Db, e: Extract<EventoGateway, { tipo: 'mensagemRecebida' }>): Promise<void> => {
  const acao = acaoDaResposta(e.texto);
  if (!acao) return;
  const em = e.em.toISOString();
  if (acao === 'sair') {
    const pessoas = await queryRows<{ id: string }>(
      tx,
      sql`update pessoas set consentimento_marketing = false, consentimento_marketing_em = null, updated_at = now()
           where consentimento_marketing and exists (
             select 1 from jsonb_array_elements(telefones) t
              where ${mesmoTelefoneSql(sql`(case when length(regexp_replace(t->>'numero', '\\D', '', 'g')) <= 11 then '55' else '' end || regexp_replace(t->>'numero', '\\D', '', 'g'))`, e.de)})
          returning id`,
    );
    await tx.execute(
      sql`update whatsapp_mensagens set status = 'Cancelada', ultimo_erro = 'O cliente pediu para não receber mensagens', updated_at = now()
           where tipo = 'aniversario' and status = 'Pendente'
             and (${mesmoTelefoneSql(sql`telefone`, e.de)}${
               pessoas.length > 0
                 ? sql` or pessoa_id in (${sql.join(
                     pessoas.map((p) => sql`${p.id}::uuid`),
                     sql`, `,
                   )})`
                 : sql``
             })`,
    );
    return;
  }
  const alvo = await atendimentoDaResposta(tx, e.de);
  if (!alvo || !alvo.futuro) return;
  if (acao === 'confirmar') {
    if (alvo.status !== 'Agendado' && alvo.status !== 'Confirmado') return;
    const atual = await lockAtendimento(tx, alvo.id);
    if (atual.status === 'Agendado') await aplicarStatusAtendimento(tx, atual, 'Confirmado', null);
    else if (atual.status !== 'Confirmado') return;
    await tx.execute(
      sql`update atendimentos set resposta_confirmacao = 'Confirmou', resposta_confirmacao_em = ${em}::timestamptz, updated_at = now()
           where id = ${alvo.id} and resposta_confirmacao is distinct from 'Confirmou'`,
    );
    return;
  }
  await tx.execute(
    sql`update atendimentos set resposta_confirmacao = 'NaoPodeComparecer', resposta_confirmacao_em = ${em}::timestamptz, updated_at = now()
         where id = ${alvo.id} and status in ('Agendado', 'Confirmado')
           and resposta_confirmacao is distinct from 'NaoPodeComparecer'`,
  );
};

/**
 * Applies one callback of the gateway for the unit `unidadeNegocioId` (already authenticated by
 * the caller): the body read by `app.whatsapp.interpretarCallback` (ErroGateway → 400 'Corpo do
 * retorno inválido'), every event applied in one transaction of the unit's scope. Answers how many
 * events the body carried. Must not be called inside an open scoped transaction (it opens its
 * own; PGlite runs one at a time). `escopo`: the unit's tenant when known; else read as the owner.
 */
export const receberCallback = async (
  app: CallbackApp,
  unidadeNegocioId: string,
  corpo: unknown,
  headers: Record<string, string | string[] | undefined>,
  corpoBruto?: string,
  escopo?: EscopoUnidade,
): Promise<{ eventos: number }> => {
  let eventos: EventoGateway[];
  try {
    eventos = app.whatsapp.interpretarCallback(corpo, headers, corpoBruto);
  } catch (error) {
    if (error instanceof ErroGateway) throw badRequest(error.message);
    throw error;
  }
  if (eventos.length === 0) return { eventos: 0 };
  let tenantId = escopo?.tenantId;
  if (!tenantId) {
    const [u] = await queryRows<{ tenantId: string }>(
      app.db,
      sql`select tenant_id as "tenantId" from unidades_negocio where id = ${unidadeNegocioId}`,
    );
    if (!u) throw unauthorized();
    tenantId = u.tenantId;
  }
  await withTenant(app.db, { tenantId, unidadeNegocioId }, async (tx) => {
    for (const e of eventos) {
      if (e.tipo === 'status') await aplicarRecibo(tx, e);
      else if (e.tipo === 'conexao') await aplicarConexao(tx, e, unidadeNegocioId);
      else await aplicarResposta(tx, e);
    }
  });
  return { eventos: eventos.length };
};
