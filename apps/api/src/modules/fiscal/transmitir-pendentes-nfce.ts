/**
 * transmitirPendentesNfce — the contingency worker's work (issue #18 item 3; DOMAIN.md §8):
 * transmits the NFC-e issued offline ('contingencia') and those whose outcome is unknown
 * ('pendente': the API stopped while sending), across every tenant, until SEFAZ answers.
 *
 * Claiming is one statement as the table owner (outside any tenant scope):
 *   update documentos_fiscais set proxima_tentativa_em = now + 2 min
 *   where id in (select id … where status in ('contingencia','pendente') and proxima_tentativa_em <= now
 *                order by proxima_tentativa_em limit 10 for update skip locked) returning …
 * so two API instances (or two ticks) never take the same document, and everything is in
 * PostgreSQL: a restart resumes where it was. Each document's writes then run `withTenant` in its
 * own tenant and unit.
 *
 * Per document: a 'pendente' one is first looked up at SEFAZ (consultarProtocolo: 100/150 → stored
 * as authorised; 217 "not found" → sent); a 'contingencia' one first has its tpEmis 1 version looked
 * up (SEFAZ may have authorised it after the till gave up: then that version, its key and XML, is
 * the NFC-e kept); then sent (NFeAutorizacao4) and the answer stored as
 * emitir-nfce.ts does (a 539 here is a rejection for a person to look at: the consumer already
 * holds the offline receipt with this number). When SEFAZ is still unreachable the next attempt
 * waits 1, 2, 5, 10, then every 30 minutes; a contingency NFC-e older than 24 h (the legal
 * deadline to transmit it) is warned about in the log at every attempt.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentosFiscais, eventosFiscais } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant-scope.ts';
import { findDocumentoFiscalRow } from './documentos-repository.ts';
import {
  assertSefazEmOperacao,
  gravarDesfecho,
  idLote,
  interpretarAutorizacao,
  LEASE_MS,
  nfeDoDocumento,
  sefazTimeoutMs,
  type Desfecho,
  type EscopoFiscal,
  type FiscalApp,
} from './emitir-nfce.ts';
import { registrarEventoFiscal } from './eventos-fiscais.ts';
import { destinoDe, getUnidadeFiscal } from './unidade-fiscal.ts';

/** Documents claimed per run. */
export const LOTE_WORKER = 10;
/** Waits after a failed attempt (1st, 2nd, …, then the last forever), minutes. */
export const ESPERAS_MINUTOS = [1, 2, 5, 10, 30] as const;
/** The legal deadline to transmit a contingency NFC-e, ms (24 h). */
export const PRAZO_TRANSMISSAO_CONTINGENCIA_MS = 24 * 60 * 60_000;

/**
 * `tenantIds`: only these tenants' documents (tests, which share one PostgreSQL database across
 * files, keep their runs to their own tenants); absent: every tenant (the server).
 */
export type OpcoesWorker = { tenantIds?: readonly string[] };

/** A claimed document: which one, and whose. */
export type DocumentoReivindicado = { id: string; tenantId: string; unidadeNegocioId: string };

/**
 * Claims up to LOTE_WORKER due documents (proxima_tentativa_em ≤ `agora`) by moving their next
 * attempt to `agora` + 2 min (the lease). As the table owner: every tenant.
 */
export const reivindicarPendentes = async (
  app: Pick<FiscalApp, 'db'>,
  agora: Date,
  opcoes: OpcoesWorker = {},
): Promise<DocumentoReivindicado[]> => {
  const lease = new Date(agora.getTime() + LEASE_MS);
  const doInquilino = opcoes.tenantIds
    ? sql`and d.tenant_id in (${sql.join(
        opcoes.tenantIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return app.db
    .update(documentosFiscais)
    .set({ proximaTentativaEm: lease })
    .where(
      sql`${documentosFiscais.id} in (select d.id from documentos_fiscais d where d.status in ('contingencia', 'pendente') and d.proxima_tentativa_em <= ${agora.toISOString()}::timestamptz ${doInquilino} order by d.proxima_tentativa_em limit ${LOTE_WORKER} for update skip locked)`,
    )
    .returning({
      id: documentosFiscais.id,
      tenantId: documentosFiscais.tenantId,
      unidadeNegocioId: documentosFiscais.unidadeNegocioId,
    });
};

/** The tpEmis 1 version of a contingency document (key and signed XML), kept in its 'contingencia' log line. */
const findVersaoNormal = async (tx: Db, documentoId: string): Promise<{ chave: string; xml: string } | null> => {
  const [e] = await tx
    .select({ detalhes: eventosFiscais.detalhes })
    .from(eventosFiscais)
    .where(and(eq(eventosFiscais.documentoFiscalId, documentoId), eq(eventosFiscais.tipo, 'contingencia')))
    .orderBy(desc(eventosFiscais.createdAt))
    .limit(1);
  const d = e?.detalhes as { chaveNormal?: unknown; xmlNormal?: unknown } | null | undefined;
  return typeof d?.chaveNormal === 'string' && typeof d.xmlNormal === 'string'
    ? { chave: d.chaveNormal, xml: d.xmlNormal }
    : null;
};

/** What happened to one document: its new status, or 'adiado' (SEFAZ still unreachable). */
export type ResultadoTransmissao = { documentoId: string; resultado: string };

const esperaApos = (tentativas: number): number =>
  ESPERAS_MINUTOS[Math.min(Math.max(tentativas - 2, 0), ESPERAS_MINUTOS.length - 1)]!;

/**
 * Transmits one document now (the worker, and POST /documentos/{id}/retransmitir of a
 * contingencia/pendente one): see the file's docstring. Never throws because of SEFAZ.
 */
export const transmitirDocumento = async (
  app: FiscalApp,
  escopo: EscopoFiscal,
  documentoId: string,
  agora = new Date(),
): Promise<ResultadoTransmissao> => {
  const { doc, unidade, normal } = await withTenant(app.db, escopo, async (tx) => ({
    doc: await findDocumentoFiscalRow(tx, documentoId),
    unidade: await getUnidadeFiscal(tx, app.appConfig.encryptionKey),
    normal: await findVersaoNormal(tx, documentoId),
  }));
  if (!doc || (doc.status !== 'contingencia' && doc.status !== 'pendente'))
    return { documentoId, resultado: doc?.status ?? 'inexistente' };
  const xmlNfe = nfeDoDocumento(doc);
  const destino = destinoDe(unidade, sefazTimeoutMs(app));
  const t0 = Date.now();
  try {
    let desfecho: Desfecho | null = null;
    let versao: { chave: string; xml: string; tipoEmissao: '1' | '9' } | null = null;
    if (doc.status === 'pendente') {
      const consulta = await app.sefaz.consultarProtocolo(destino, doc.chave);
      if (consulta.protocolo && ['100', '150'].includes(consulta.protocolo.cStat))
        desfecho = { status: 'autorizada', protocolo: consulta.protocolo };
    } else if (normal) {
      // SEFAZ may have authorised the tpEmis 1 version after the till gave up on it (its answer
      // came too late): that one is the NFC-e, and sending the offline one would meet 539.
      const consulta = await app.sefaz.consultarProtocolo(destino, normal.chave);
      if (consulta.protocolo && ['100', '150'].includes(consulta.protocolo.cStat)) {
        desfecho = { status: 'autorizada', protocolo: consulta.protocolo };
        versao = { ...normal, tipoEmissao: '1' };
      }
    }
    if (!desfecho) {
      const retorno = await app.sefaz.autorizar(destino, xmlNfe, idLote());
      assertSefazEmOperacao(retorno);
      desfecho = await interpretarAutorizacao(app.sefaz, unidade, doc.chave, retorno, sefazTimeoutMs(app));
    }
    const final = desfecho;
    await withTenant(app.db, escopo, async (tx) => {
      await tx
        .update(documentosFiscais)
        .set({ tentativas: sql`${documentosFiscais.tentativas} + 1` })
        .where(eq(documentosFiscais.id, doc.id));
      await gravarDesfecho(tx, versao ? { id: doc.id, xmlNfe: versao.xml, ...versao } : { id: doc.id, xmlNfe }, final, {
        tipo: 'transmissao',
        usuarioId: escopo.usuarioId,
        detalhes: { ms: Date.now() - t0, tipoEmissao: doc.tipoEmissao, worker: escopo.usuarioId === null },
      });
    });
    return {
      documentoId,
      resultado: final.status === 'numeroUsado' ? 'rejeitada' : final.status === 'indefinido' ? 'pendente' : final.status,
    };
  } catch (erro) {
    const tentativas = doc.tentativas + 1;
    const proxima = new Date(agora.getTime() + esperaApos(tentativas) * 60_000);
    await withTenant(app.db, escopo, async (tx) => {
      await tx
        .update(documentosFiscais)
        .set({ tentativas, proximaTentativaEm: proxima, updatedAt: new Date() })
        .where(eq(documentosFiscais.id, doc.id));
      await registrarEventoFiscal(tx, {
        tipo: 'transmissao',
        documentoFiscalId: doc.id,
        usuarioId: escopo.usuarioId,
        motivo: 'SEFAZ indisponível',
        detalhes: { erro: erro instanceof Error ? erro.message : String(erro), proximaTentativaEm: proxima.toISOString() },
      });
    });
    if (doc.contingenciaDesde && agora.getTime() - doc.contingenciaDesde.getTime() > PRAZO_TRANSMISSAO_CONTINGENCIA_MS)
      app.log.warn(
        { documentoFiscalId: doc.id, numero: doc.numero, serie: doc.serie, contingenciaDesde: doc.contingenciaDesde },
        'NFC-e em contingência há mais de 24 h sem transmissão: o prazo legal de transmissão terminou',
      );
    return { documentoId, resultado: 'adiado' };
  }
};

/**
 * transmitirPendentesNfce: one run of the worker at `agora` (tests call it directly, limited to
 * their tenants by `opcoes`): claims the due documents and transmits each in its tenant. Answers what happened to each.
 */
export const transmitirPendentesNfce = async (
  app: FiscalApp,
  agora = new Date(),
  opcoes: OpcoesWorker = {},
): Promise<ResultadoTransmissao[]> => {
  const claimed = await reivindicarPendentes(app, agora, opcoes);
  const resultados: ResultadoTransmissao[] = [];
  for (const d of claimed) {
    try {
      resultados.push(
        await transmitirDocumento(
          app,
          { tenantId: d.tenantId, unidadeNegocioId: d.unidadeNegocioId, usuarioId: null },
          d.id,
          agora,
        ),
      );
    } catch (erro) {
      // The unit's settings broke (certificate removed…): the lease postpones it 2 minutes.
      app.log.error({ err: erro, documentoFiscalId: d.id }, 'Falha ao transmitir NFC-e pendente');
      resultados.push({ documentoId: d.id, resultado: 'erro' });
    }
  }
  return resultados;
};
