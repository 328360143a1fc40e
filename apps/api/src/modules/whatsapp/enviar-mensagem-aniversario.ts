/**
 * enviarMensagemAniversario — POST /api/geral/enviar-mensagem-aniversario (issue #21 item 4): the
 * selected unit's birthdays of today (the unit's time zone) queued now, without waiting for the
 * template's hour (aniversarios.ts `enfileirarAniversariantes`; once a year per customer, so a
 * second call queues nothing new).
 *
 * Refused with 400 when the birthday template is off ('Ative o modelo de aniversário') and when
 * the unit is not connected (asked to the gateway first): queued messages would only wait, and
 * fail after the outbox's deadline, while the screen said "sent" — the user connects first.
 */
import type { EnvioAniversario } from '@petshop/shared/whatsapp';
import { badRequest } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { enfileirarAniversariantes } from './aniversarios.ts';
import { atualizarEstadoWhatsapp, type ContextoConexao, type Escopo } from './conectar-whatsapp.ts';
import { getModelosMensagem } from './salvar-modelos-mensagem.ts';

export const enviarMensagemAniversario = async (
  escopo: Escopo,
  ctx: ContextoConexao & { usuarioId: string },
  agora: Date = new Date(),
): Promise<EnvioAniversario> => {
  const modelos = await escopo((tx) => getModelosMensagem(tx, ctx.unidadeNegocioId));
  if (!modelos.aniversario.ativo) throw badRequest('Ative o modelo de aniversário para enviar as mensagens');
  const conexao = await atualizarEstadoWhatsapp(escopo, ctx);
  if (conexao.status !== 'Conectado') throw badRequest('WhatsApp desconectado: conecte o número da unidade para enviar');
  return escopo(async (tx) => {
    const unidade = await getUnidadeAtual(tx);
    return enfileirarAniversariantes(tx, { hoje: unidade.hoje, agora, usuarioId: ctx.usuarioId });
  });
};
