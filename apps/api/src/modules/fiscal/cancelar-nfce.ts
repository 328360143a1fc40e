/**
 * cancelarNfce — POST /api/fiscal/documentos/{id}/cancelamento (issue #18 item 4; DOMAIN.md §8):
 * the cancellation event (tpEvento 110111) of an authorised NFC-e, within
 * NFCE_PRAZO_CANCELAMENTO_MINUTOS (30) of its authorisation, with a reason of 15+ characters.
 *
 * Checked in a short scoped transaction (the document locked): only 'autorizada' (400 naming the
 * status otherwise) and inside the deadline (400 saying when it ended). The event is sent outside
 * any transaction; SEFAZ's 135/136/155 → 'cancelada' with the event's protocol, the reason, the
 * instant and the `procEventoNFe` in xml_cancelamento; any other answer → 400 with SEFAZ's reason
 * (unless a concurrent request of a double click cancelled it meanwhile: that answers the document);
 * SEFAZ unreachable → 400 asking to try again. Every attempt is logged ('cancelamento').
 * The request that moved the document to 'cancelada' also records `NfceCancelada` in the audit
 * log (issue #22 item 4: número/série, chave, justificativa), in the same transaction; a refused
 * event or the losing request of a double click records nothing there.
 */
import { and, eq } from 'drizzle-orm';
import { formatDateTime } from '@petshop/shared/format';
import {
  STATUS_DOCUMENTO_FISCAL,
  type CancelarNfceInput,
  type DocumentoFiscal,
  NFCE_PRAZO_CANCELAMENTO_MINUTOS,
} from '@petshop/shared/fiscal';
import { documentosFiscais } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';
import { dentroDoPrazoCancelamento, getDocumentoFiscal, lockDocumentoFiscal } from './documentos-repository.ts';
import { sefazTimeoutMs, type EscopoFiscal, type FiscalApp } from './emitir-nfce.ts';
import { registrarEventoFiscal } from './eventos-fiscais.ts';
import type { RetornoEvento } from './sefaz/sefaz.ts';
import { destinoDe, getUnidadeFiscal } from './unidade-fiscal.ts';

/** Event cStats meaning "registered": 135, 136 (registered, not linked), 155 (registered out of time). */
const REGISTRADO = ['135', '136', '155'];

/** cancelarNfce: see the file's docstring. `agora` is the clock (tests inject it). */
export const cancelarNfce = async (
  app: FiscalApp,
  escopo: EscopoFiscal,
  id: string,
  input: CancelarNfceInput,
  agora = new Date(),
): Promise<DocumentoFiscal> => {
  const { doc, unidade } = await withTenant(app.db, escopo, async (tx) => {
    const doc = await lockDocumentoFiscal(tx, id);
    if (doc.status !== 'autorizada') {
      const status = STATUS_DOCUMENTO_FISCAL[doc.status as keyof typeof STATUS_DOCUMENTO_FISCAL] ?? doc.status;
      throw badRequest(`Só uma NFC-e autorizada pode ser cancelada (esta está: ${status.toLowerCase()})`);
    }
    if (!dentroDoPrazoCancelamento(doc.dataAutorizacao, agora)) {
      const fim = new Date((doc.dataAutorizacao?.getTime() ?? 0) + NFCE_PRAZO_CANCELAMENTO_MINUTOS * 60_000);
      throw badRequest(
        `O prazo de cancelamento da NFC-e (${NFCE_PRAZO_CANCELAMENTO_MINUTOS} minutos após a autorização) terminou em ${formatDateTime(fim)}`,
      );
    }
    if (!doc.protocolo) throw badRequest('A NFC-e não tem protocolo de autorização');
    return { doc, unidade: await getUnidadeFiscal(tx, app.appConfig.encryptionKey) };
  });

  let retorno: RetornoEvento;
  try {
    retorno = await app.sefaz.cancelar(destinoDe(unidade, sefazTimeoutMs(app)), {
      chave: doc.chave,
      protocolo: doc.protocolo!,
      justificativa: input.justificativa,
      cnpj: unidade.emitente.cnpj,
      em: agora,
      timeZone: unidade.timeZone,
    });
  } catch (erro) {
    await withTenant(app.db, escopo, (tx) =>
      registrarEventoFiscal(tx, {
        tipo: 'cancelamento',
        documentoFiscalId: doc.id,
        motivo: 'SEFAZ indisponível',
        usuarioId: escopo.usuarioId,
        detalhes: { erro: erro instanceof Error ? erro.message : String(erro) },
      }),
    );
    throw badRequest('A SEFAZ não respondeu: tente cancelar de novo em instantes');
  }

  const registrado = REGISTRADO.includes(retorno.cStat);
  await withTenant(app.db, escopo, async (tx) => {
    if (registrado) {
      const cancelados = await tx
        .update(documentosFiscais)
        .set({
          status: 'cancelada',
          justificativaCancelamento: input.justificativa,
          protocoloCancelamento: retorno.protocolo,
          dataCancelamento: retorno.registradoEm ?? agora,
          xmlCancelamento: retorno.xmlProcEvento,
          updatedAt: new Date(),
        })
        .where(and(eq(documentosFiscais.id, doc.id), eq(documentosFiscais.status, 'autorizada')))
        .returning({ id: documentosFiscais.id });
      if (cancelados.length > 0)
        await registrarAuditoria(tx, {
          acao: 'NfceCancelada',
          entidade: 'documento_fiscal',
          entidadeId: doc.id,
          descricao: `NFC-e nº ${doc.numero} (série ${doc.serie}) cancelada: ${input.justificativa}`,
          antes: { numero: doc.numero, serie: doc.serie, chave: doc.chave, status: 'Autorizada' },
          depois: { status: 'Cancelada', justificativa: input.justificativa, protocolo: retorno.protocolo ?? null },
          unidadeNegocioId: doc.unidadeNegocioId,
        });
    }
    await registrarEventoFiscal(tx, {
      tipo: 'cancelamento',
      documentoFiscalId: doc.id,
      cStat: retorno.cStat,
      motivo: retorno.xMotivo,
      usuarioId: escopo.usuarioId,
      detalhes: { justificativa: input.justificativa, protocolo: retorno.protocolo },
    });
  });
  const atual = await withTenant(app.db, escopo, (tx) => getDocumentoFiscal(tx, doc.id));
  // A double click: the other request registered the event meanwhile (SEFAZ answers this one 573).
  if (!registrado && atual.status !== 'cancelada')
    throw badRequest(`A SEFAZ recusou o cancelamento: ${retorno.cStat} - ${retorno.xMotivo}`);
  return atual;
};
