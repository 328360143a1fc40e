/**
 * processarFila — the WhatsApp outbox worker's run (issue #21 items 3 and 6; DOMAIN.md §12):
 * sends the due messages of every tenant, each unit from its own number.
 *
 * Claiming is one statement as the table owner (outside any tenant scope), like the NFC-e
 * contingency worker (fiscal/transmitir-pendentes-nfce.ts): messages 'Pendente' whose time has
 * come (`proxima_tentativa_em` and `agendada_para` ≤ now), or 'Enviando' whose lease ran out (the
 * process that claimed them died mid-send), `for update skip locked`, at most LOTE_FILA, moved to
 * 'Enviando' with `proxima_tentativa_em` = now + the lease and `tentativas` + 1. Two API instances
 * (or two ticks) never hold the same message, and everything is in PostgreSQL: a restart resumes
 * where it was.
 *
 * Per-number rate limit (config.whatsapp.mensagensPorMinuto): a unit's budget is that many minus
 * its messages sent in the last minute and those being sent now (another instance's live leases);
 * the claim takes at most the budget of each unit (row_number() partitioned by unit), the rest wait.
 * Claims are serialised by a transaction-level advisory lock, so two instances claiming at the same
 * moment cannot both spend the same budget.
 *
 * Sending: claimed messages grouped by unit; units in parallel, each unit's in order. Every gateway
 * call runs under config.whatsapp.timeoutMs; after a timeout the unit's remaining messages are
 * given back for a later run (its gateway hangs: the other units' messages go now, and the next
 * run is not held). A unit whose sequence would outlive its lease gives the rest back too (so
 * another instance never reclaims a message still being sent here).
 *
 * Per message: the unit's connection (whatsapp_conexoes) not 'Conectado' → back to 'Pendente' in
 * 1 minute, the attempt not counted; not sent 24 h after `agendada_para` → 'Falhou'. A reclaimed
 * 'Enviando' message is first looked up at the gateway (buscarEnviada, since the previous claim),
 * and so is a retry after a failed attempt (a timeout or a lost answer may hide a message that
 * went; since it was queued): found → 'Enviada' with that id, not sent again. Sent → 'Enviada' (`enviada_em`,
 * `gateway_mensagem_id`); a temporary error (ErroGateway temporario, a timeout) → 'Pendente' after
 * 1, 2, 5, 15, 60 minutes, 'Falhou' after the 6th attempt; a permanent one → 'Falhou'; the
 * gateway's message in `ultimo_erro`. Each message's write runs `withTenant` in its own tenant and
 * unit, fenced by the claim (status 'Enviando' and the claim's attempt count).
 */
import { modelosComPadrao, TIPOS_MODELO_WHATSAPP, variaveisDoTexto, type StatusMensagemWhatsapp } from '@petshop/shared/whatsapp';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/rows.ts';
import { withTenant } from '../../db/tenant-scope.ts';
import { getConexao, instanciaDe, type ConexaoRow } from './conexao-repository.ts';
import { ErroGateway, type EnvioWhatsapp, type InstanciaWhatsapp } from './gateway/whatsapp-gateway.ts';

/** What the worker needs of the app. */
export type FilaApp = Pick<FastifyInstance, 'db' | 'whatsapp' | 'appConfig' | 'log'>;

/** Messages claimed per run. */
export const LOTE_FILA = 50;
/**
 * A claim's lease, in gateway deadlines: 6 × config.whatsapp.timeoutMs (the default 10 s → 60 s).
 * A unit's messages are sent while at least 3 deadlines of it remain (buscarEnviada + enviar +
 * the write), the rest given back for the next run.
 */
export const LEASE_EM_PRAZOS = 6;
/** Waits after a failed attempt (1st, 2nd, …), minutes. */
export const ESPERAS_FILA_MINUTOS = [1, 2, 5, 15, 60] as const;
/** Attempts before a message that keeps failing temporarily is given up ('Falhou'). */
export const MAX_TENTATIVAS = 6;
/** A message not sent this long after `agendada_para` is given up (ms, 24 h). */
export const PRAZO_ENVIO_MS = 24 * 60 * 60_000;
/** A disconnected unit's messages are looked at again after this (ms). */
export const ESPERA_DESCONECTADA_MS = 60_000;

export const ERRO_PRAZO_DESCONECTADA = 'Não enviada em 24 h (WhatsApp desconectado)';
export const ERRO_PRAZO = 'Não enviada em 24 h';

/**
 * `tenantIds`: only these tenants' messages (tests, which share one PostgreSQL database across
 * files, keep their runs to their own tenants); absent: every tenant (the server).
 */
export type OpcoesFila = { tenantIds?: readonly string[] };

/** One message after a run: its id, unit and status now. */
export type ResultadoFila = { id: string; unidadeNegocioId: string; status: StatusMensagemWhatsapp };

/** A claimed message, with what it was before the claim. */
type Reivindicada = {
  id: string;
  tenantId: string;
  unidadeNegocioId: string;
  tipo: string;
  telefone: string;
  texto: string;
  valores: Record<string, string> | null;
  tentativas: number;
  agendadaPara: Date;
  criadaEm: Date;
  statusAnterior: string;
  leaseAnterior: Date;
};

type LinhaReivindicada = {
  id: string;
  tenant_id: string;
  unidade_negocio_id: string;
  tipo: string;
  telefone: string;
  texto: string;
  valores: Record<string, string> | string | null;
  tentativas: number;
  agendada_para: Date | string;
  created_at: Date | string;
  status_anterior: string;
  lease_anterior: Date | string;
};

const leaseMs = (app: FilaApp): number => LEASE_EM_PRAZOS * app.appConfig.whatsapp.timeoutMs;

const deLinha = (r: LinhaReivindicada): Reivindicada => ({
  id: r.id,
  tenantId: r.tenant_id,
  unidadeNegocioId: r.unidade_negocio_id,
  tipo: r.tipo,
  telefone: r.telefone,
  texto: r.texto,
  valores: typeof r.valores === 'string' ? (JSON.parse(r.valores) as Record<string, string>) : r.valores,
  tentativas: Number(r.tentativas),
  agendadaPara: new Date(r.agendada_para),
  criadaEm: new Date(r.created_at),
  statusAnterior: r.status_anterior,
  leaseAnterior: new Date(r.lease_anterior),
});

/**
 * Claims the due messages (see the file's docstring) at `agora`: at most LOTE_FILA, each unit at
 * most its remaining budget this minute. As the table owner: every tenant (or `opcoes.tenantIds`).
 */
export const reivindicarMensagens = async (app: FilaApp, agora: Date, opcoes: OpcoesFila = {}): Promise<Reivindicada[]> => {
  const agoraTs = sql`${agora.toISOString()}::timestamptz`;
  const lease = new Date(agora.getTime() + leaseMs(app));
  const doInquilino = opcoes.tenantIds
    ? sql`and m.tenant_id in (${sql.join(
        opcoes.tenantIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const porMinuto = app.appConfig.whatsapp.mensagensPorMinuto;
  return app.db.transaction(async (tx) => {
    // One claim at a time across instances: the budgets below are read and spent atomically.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('petshop.whatsapp_fila'))`);
    const linhas = await queryRows<LinhaReivindicada>(
      tx,
      sql`with devidas as (
            select m.id, m.unidade_negocio_id,
                   row_number() over (partition by m.unidade_negocio_id order by m.proxima_tentativa_em, m.created_at, m.id) as n
              from whatsapp_mensagens m
             where m.status in ('Pendente', 'Enviando') and m.proxima_tentativa_em <= ${agoraTs}
               and m.agendada_para <= ${agoraTs} ${doInquilino}
          ),
          usadas as (
            select m.unidade_negocio_id, count(*)::int as usadas
              from whatsapp_mensagens m
             where m.unidade_negocio_id in (select unidade_negocio_id from devidas)
               and ((m.enviada_em > ${agoraTs} - interval '1 minute' and m.enviada_em is not null)
                    or (m.status = 'Enviando' and m.proxima_tentativa_em > ${agoraTs}))
             group by m.unidade_negocio_id
          ),
          escolhidas as (
            select d.id from devidas d left join usadas u on u.unidade_negocio_id = d.unidade_negocio_id
             where d.n <= ${porMinuto} - coalesce(u.usadas, 0)
             order by d.n, d.id
             limit ${LOTE_FILA}
          ),
          travadas as (
            select m.id, m.status as status_anterior, m.proxima_tentativa_em as lease_anterior
              from whatsapp_mensagens m
             where m.id in (select id from escolhidas)
               and m.status in ('Pendente', 'Enviando') and m.proxima_tentativa_em <= ${agoraTs}
               for update skip locked
          )
          update whatsapp_mensagens w
             set status = 'Enviando', proxima_tentativa_em = ${lease.toISOString()}::timestamptz,
                 tentativas = w.tentativas + 1, updated_at = now()
            from travadas t
           where w.id = t.id
          returning w.id, w.tenant_id, w.unidade_negocio_id, w.tipo, w.telefone, w.texto, w.valores, w.tentativas,
                    w.agendada_para, w.created_at, t.status_anterior, t.lease_anterior`,
    );
    return linhas.map(deLinha);
  });
};

/** A gateway call that did not answer in time (temporary). */
class ErroPrazo extends ErroGateway {
  constructor(message: string) {
    super(message, true);
  }
}

/** `promessa`, or an ErroPrazo after `ms`. */
const comPrazo = <T>(promessa: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const prazo = new Promise<never>((_, rejeitar) => {
    timer = setTimeout(() => rejeitar(new ErroPrazo(`Sem resposta do gateway em ${ms / 1000} s`)), ms);
  });
  return Promise.race([promessa, prazo]).finally(() => clearTimeout(timer));
};

type Escopo = { tenantId: string; unidadeNegocioId: string };

/** What a message becomes; every write checks the claim still holds (status Enviando, same attempt count). */
type Desfecho =
  | { status: 'Enviada'; gatewayMensagemId: string; em: Date }
  | { status: 'Pendente'; proxima: Date; ultimoErro: string | null; descontarTentativa: boolean }
  | { status: 'Falhou'; ultimoErro: string };

const gravar = async (app: FilaApp, m: Reivindicada, d: Desfecho): Promise<StatusMensagemWhatsapp> => {
  const escopo: Escopo = { tenantId: m.tenantId, unidadeNegocioId: m.unidadeNegocioId };
  const set =
    d.status === 'Enviada'
      ? sql`status = 'Enviada', enviada_em = ${d.em.toISOString()}::timestamptz, gateway_mensagem_id = ${d.gatewayMensagemId}, ultimo_erro = null`
      : d.status === 'Pendente'
        ? sql`status = 'Pendente', proxima_tentativa_em = ${d.proxima.toISOString()}::timestamptz, ultimo_erro = coalesce(${d.ultimoErro}, ultimo_erro)${
            d.descontarTentativa ? sql`, tentativas = greatest(tentativas - 1, 0)` : sql``
          }`
        : sql`status = 'Falhou', ultimo_erro = ${d.ultimoErro}`;
  const linhas = await withTenant(app.db, escopo, (tx) =>
    queryRows<{ status: StatusMensagemWhatsapp }>(
      tx,
      sql`update whatsapp_mensagens set ${set}, updated_at = now()
           where id = ${m.id} and status = 'Enviando' and tentativas = ${m.tentativas}
          returning status`,
    ),
  );
  if (linhas[0]) return linhas[0].status;
  // The claim was lost (its lease ran out and another run took it): leave its row alone.
  app.log.warn({ mensagemId: m.id }, 'WhatsApp: mensagem reivindicada por outro processo durante o envio');
  const [atual] = await withTenant(app.db, escopo, (tx) =>
    queryRows<{ status: StatusMensagemWhatsapp }>(tx, sql`select status from whatsapp_mensagens where id = ${m.id}`),
  );
  return atual?.status ?? 'Pendente';
};

/** The wait after `tentativas` failed attempts (minutes). */
export const esperaAposFalha = (tentativas: number): number =>
  ESPERAS_FILA_MINUTOS[Math.min(Math.max(tentativas - 1, 0), ESPERAS_FILA_MINUTOS.length - 1)]!;

type Unidade = { conexao: ConexaoRow; modelos: ReturnType<typeof modelosComPadrao> };

/** The envelope of a message: text, and the approved template (its name set in the unit's template). */
const envioDe = (m: Reivindicada, unidade: Unidade): EnvioWhatsapp => {
  const modelo = m.tipo in TIPOS_MODELO_WHATSAPP ? unidade.modelos[m.tipo as keyof typeof TIPOS_MODELO_WHATSAPP] : null;
  const nomeCloud = modelo?.modeloCloud?.trim();
  return {
    para: m.telefone,
    texto: m.texto,
    ...(modelo && nomeCloud && m.valores
      ? {
          modelo: {
            nome: nomeCloud,
            idioma: 'pt_BR',
            parametros: variaveisDoTexto(modelo.texto).map((v) => m.valores?.[v] ?? ''),
          },
        }
      : {}),
  };
};

/** One message of a connected or disconnected unit: see the file's docstring. Never throws because of the gateway. */
const processarMensagem = async (
  app: FilaApp,
  m: Reivindicada,
  unidade: Unidade,
  instancia: InstanciaWhatsapp,
  agora: Date,
): Promise<{ status: StatusMensagemWhatsapp; prazoEsgotado: boolean }> => {
  const timeoutMs = app.appConfig.whatsapp.timeoutMs;
  const conectada = unidade.conexao.status === 'Conectado';
  const vencida = agora.getTime() - m.agendadaPara.getTime() > PRAZO_ENVIO_MS;
  const envio = envioDe(m, unidade);
  const falha = async (erro: unknown) => {
    const temporario = !(erro instanceof ErroGateway) || erro.temporario;
    const texto = erro instanceof Error ? erro.message : String(erro);
    if (!temporario || m.tentativas >= MAX_TENTATIVAS || vencida) return gravar(app, m, { status: 'Falhou', ultimoErro: texto });
    return gravar(app, m, {
      status: 'Pendente',
      proxima: new Date(agora.getTime() + esperaAposFalha(m.tentativas) * 60_000),
      ultimoErro: texto,
      descontarTentativa: false,
    });
  };
  if (!conectada) {
    if (vencida)
      return { status: await gravar(app, m, { status: 'Falhou', ultimoErro: ERRO_PRAZO_DESCONECTADA }), prazoEsgotado: false };
    return {
      status: await gravar(app, m, {
        status: 'Pendente',
        proxima: new Date(agora.getTime() + ESPERA_DESCONECTADA_MS),
        ultimoErro: null,
        descontarTentativa: true,
      }),
      prazoEsgotado: false,
    };
  }
  try {
    const reivindicada = m.statusAnterior === 'Enviando';
    if ((reivindicada || m.tentativas > 1) && app.whatsapp.podeConsultarEnviadas) {
      // A crash between sending and recording: was it sent since the previous claim (a minute of
      // slack)? A retry after a failure that may have sent it (a timeout, a dropped answer): since
      // the message was queued.
      const desde = new Date((reivindicada ? m.leaseAnterior.getTime() - leaseMs(app) : m.criadaEm.getTime()) - 60_000);
      const id = await comPrazo(app.whatsapp.buscarEnviada(instancia, envio, desde), timeoutMs);
      if (id)
        return { status: await gravar(app, m, { status: 'Enviada', gatewayMensagemId: id, em: agora }), prazoEsgotado: false };
    }
    if (vencida) return { status: await gravar(app, m, { status: 'Falhou', ultimoErro: ERRO_PRAZO }), prazoEsgotado: false };
    const t0 = Date.now();
    const { gatewayMensagemId } = await comPrazo(app.whatsapp.enviar(instancia, envio), timeoutMs);
    const em = new Date(agora.getTime() + (Date.now() - t0));
    return { status: await gravar(app, m, { status: 'Enviada', gatewayMensagemId, em }), prazoEsgotado: false };
  } catch (erro) {
    if (!(erro instanceof ErroGateway))
      app.log.error({ err: erro, mensagemId: m.id }, 'WhatsApp: erro inesperado ao enviar mensagem');
    return { status: await falha(erro), prazoEsgotado: erro instanceof ErroPrazo };
  }
};

/** The unit's connection and templates (its own scope). */
const lerUnidade = (app: FilaApp, escopo: Escopo): Promise<Unidade> =>
  withTenant(app.db, escopo, async (tx) => {
    const conexao = await getConexao(tx, escopo.unidadeNegocioId, app.whatsapp.id);
    const [u] = await queryRows<{ modelos: Record<string, Record<string, unknown>> | null }>(
      tx,
      sql`select whatsapp_mensagens as modelos from unidades_negocio where id = ${escopo.unidadeNegocioId}`,
    );
    return { conexao, modelos: modelosComPadrao(u?.modelos) };
  });

/** Gives a claimed message back (Pendente again after `esperaMs`), the attempt not counted. */
const devolver = (app: FilaApp, m: Reivindicada, agora: Date, esperaMs: number) =>
  gravar(app, m, {
    status: 'Pendente',
    proxima: new Date(agora.getTime() + esperaMs),
    ultimoErro: null,
    descontarTentativa: true,
  });

/** A unit's claimed messages, in order (see the file's docstring). */
const processarUnidade = async (
  app: FilaApp,
  mensagens: Reivindicada[],
  agora: Date,
  inicioMs: number,
): Promise<ResultadoFila[]> => {
  const escopo = { tenantId: mensagens[0]!.tenantId, unidadeNegocioId: mensagens[0]!.unidadeNegocioId };
  const resultado = (m: Reivindicada, status: StatusMensagemWhatsapp): ResultadoFila => ({
    id: m.id,
    unidadeNegocioId: m.unidadeNegocioId,
    status,
  });
  const resultados: ResultadoFila[] = [];
  let unidade: Unidade;
  try {
    unidade = await lerUnidade(app, escopo);
  } catch (erro) {
    app.log.error({ err: erro, unidadeNegocioId: escopo.unidadeNegocioId }, 'WhatsApp: falha ao ler a conexão da unidade');
    for (const m of mensagens) resultados.push(resultado(m, await devolver(app, m, agora, ESPERA_DESCONECTADA_MS)));
    return resultados;
  }
  const baseUrl = app.appConfig.appUrl ?? `http://localhost:${app.appConfig.port}`;
  const instancia = instanciaDe(unidade.conexao, baseUrl, app.appConfig.encryptionKey);
  const margem = 3 * app.appConfig.whatsapp.timeoutMs;
  let parar = false;
  for (const m of mensagens) {
    const decorrido = Date.now() - inicioMs;
    // The clock of this message: the run's `agora` plus the time spent so far.
    const agoraMensagem = new Date(agora.getTime() + decorrido);
    if (parar) {
      // The unit's gateway did not answer: its other messages wait a minute.
      resultados.push(resultado(m, await devolver(app, m, agoraMensagem, ESPERA_DESCONECTADA_MS)));
      continue;
    }
    if (decorrido + margem > leaseMs(app)) {
      // The lease would end mid-send: the next run takes the rest at once.
      resultados.push(resultado(m, await devolver(app, m, agoraMensagem, 0)));
      continue;
    }
    const r = await processarMensagem(app, m, unidade, instancia, agoraMensagem);
    resultados.push(resultado(m, r.status));
    // Its gateway hangs: the unit's other messages wait for a later run.
    if (r.prazoEsgotado) parar = true;
  }
  return resultados;
};

/** Groups claimed messages by unit, keeping their order. */
const porUnidade = (mensagens: Reivindicada[]): Reivindicada[][] => {
  const grupos = new Map<string, Reivindicada[]>();
  for (const m of mensagens) {
    const g = grupos.get(m.unidadeNegocioId);
    if (g) g.push(m);
    else grupos.set(m.unidadeNegocioId, [m]);
  }
  return [...grupos.values()];
};

/**
 * processarFila: one run of the worker at `agora` (tests call it directly, limited to their
 * tenants by `opcoes`): claims the due messages and sends them, units in parallel. Answers each
 * claimed message's status after the run ('Enviada', 'Pendente' to retry, 'Falhou').
 */
export const processarFila = async (app: FilaApp, agora = new Date(), opcoes: OpcoesFila = {}): Promise<ResultadoFila[]> => {
  const inicioMs = Date.now();
  const reivindicadas = await reivindicarMensagens(app, agora, opcoes);
  if (reivindicadas.length === 0) return [];
  const feitos = await Promise.allSettled(porUnidade(reivindicadas).map((g) => processarUnidade(app, g, agora, inicioMs)));
  return feitos.flatMap((f) => {
    if (f.status === 'fulfilled') return f.value;
    // A database failure mid-unit: its messages' leases run out and a later run takes them again.
    app.log.error({ err: f.reason }, 'WhatsApp: falha ao processar as mensagens de uma unidade');
    return [];
  });
};

/**
 * enviarMensagemAgora: one attempt now at one message of the scoped unit (the test-message route):
 * claimed as the worker would (only when 'Pendente', or 'Enviando' with its lease run out — so the
 * worker cannot send it too), whatever its scheduled time and the unit's rate limit, then sent.
 * Answers its status after the attempt (another process's claim: the status it has now; null: no such message).
 */
export const enviarMensagemAgora = async (
  app: FilaApp,
  escopo: Escopo,
  mensagemId: string,
  agora = new Date(),
): Promise<StatusMensagemWhatsapp | null> => {
  const inicioMs = Date.now();
  const lease = new Date(agora.getTime() + leaseMs(app));
  const agoraTs = sql`${agora.toISOString()}::timestamptz`;
  const { linha, atual } = await withTenant(app.db, escopo, async (tx) => {
    const [l] = await queryRows<LinhaReivindicada>(
      tx,
      sql`with travada as (
            select id, status as status_anterior, proxima_tentativa_em as lease_anterior
              from whatsapp_mensagens
             where id = ${mensagemId}
               and (status = 'Pendente' or (status = 'Enviando' and proxima_tentativa_em <= ${agoraTs}))
               for update
          )
          update whatsapp_mensagens w
             set status = 'Enviando', proxima_tentativa_em = ${lease.toISOString()}::timestamptz,
                 tentativas = w.tentativas + 1, updated_at = now()
            from travada t
           where w.id = t.id
          returning w.id, w.tenant_id, w.unidade_negocio_id, w.tipo, w.telefone, w.texto, w.valores, w.tentativas,
                    w.agendada_para, w.created_at, t.status_anterior, t.lease_anterior`,
    );
    if (l) return { linha: l, atual: null };
    const [a] = await queryRows<{ status: StatusMensagemWhatsapp }>(
      tx,
      sql`select status from whatsapp_mensagens where id = ${mensagemId}`,
    );
    return { linha: null, atual: a?.status ?? null };
  });
  if (!linha) return atual;
  const [r] = await processarUnidade(app, [deLinha(linha)], agora, inicioMs);
  return r?.status ?? null;
};
