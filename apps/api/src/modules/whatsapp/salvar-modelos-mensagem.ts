/**
 * salvarModelosMensagem — the unit's WhatsApp templates (issue #21 item 2; spec §7 "WhatsApp"):
 * PUT /api/geral/unidades-negocio/{id}/whatsapp/mensagens stores the whole set in
 * `unidades_negocio.whatsapp_mensagens`. The set was validated by `modelosMensagemSchema`
 * (variables each template offers, the daily templates' hour, the reminder's hours).
 */
import { eq } from 'drizzle-orm';
import { modelosComPadrao, type ModelosMensagem } from '@petshop/shared/whatsapp';
import type { Db } from '../../db/client.ts';
import { unidadesNegocio } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Stores `modelos` as unit `unidadeNegocioId`'s templates (tenant scope: another tenant's unit is
 * not seen → 404) and answers the saved set over the defaults.
 */
export const salvarModelosMensagem = async (
  tx: Db,
  unidadeNegocioId: string,
  modelos: ModelosMensagem,
): Promise<ModelosMensagem> => {
  const [row] = await tx
    .update(unidadesNegocio)
    .set({ whatsappMensagens: modelos })
    .where(eq(unidadesNegocio.id, unidadeNegocioId))
    .returning({ mensagens: unidadesNegocio.whatsappMensagens });
  if (!row) throw notFound('Unidade de negócio não encontrada');
  return modelosComPadrao(row.mensagens);
};

/** Unit `unidadeNegocioId`'s templates over the defaults (tenant scope); 404 when not seen. */
export const getModelosMensagem = async (tx: Db, unidadeNegocioId: string): Promise<ModelosMensagem> => {
  const [row] = await tx
    .select({ mensagens: unidadesNegocio.whatsappMensagens })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, unidadeNegocioId));
  if (!row) throw notFound('Unidade de negócio não encontrada');
  return modelosComPadrao(row.mensagens);
};
