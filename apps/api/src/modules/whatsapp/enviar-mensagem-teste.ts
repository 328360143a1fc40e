/**
 * enviarMensagemTeste — the settings screen's "Enviar mensagem de teste" (issue #21 item 1): a
 * text to any number, put in the outbox as tipo 'teste' (key 'teste:{uuid}') and sent at once
 * (one attempt now, as the worker would: processar-fila.ts `enviarMensagemAgora`; a failed
 * attempt stays in the outbox with its retries). The unit must be connected (asked to the gateway
 * first): 400 'WhatsApp desconectado' otherwise.
 */
import { randomUUID } from 'node:crypto';
import type { MensagemWhatsapp } from '@petshop/shared/whatsapp';
import { badRequest } from '../../lib/errors.ts';
import { atualizarEstadoWhatsapp, type ContextoConexao, type Escopo } from './conectar-whatsapp.ts';
import { enfileirarMensagem } from './enfileirar-mensagem.ts';
import { getMensagem } from './mensagens-repository.ts';
import { enviarMensagemAgora, type FilaApp } from './processar-fila.ts';

/** `telefone`: digits with 55 and DDD (telefoneWhatsappSchema); answers the message after the attempt. */
export const enviarMensagemTeste = async (
  app: FilaApp,
  escopo: Escopo,
  ctx: ContextoConexao & { tenantId: string; usuarioId: string },
  entrada: { telefone: string; texto: string },
): Promise<MensagemWhatsapp> => {
  const conexao = await atualizarEstadoWhatsapp(escopo, ctx);
  if (conexao.status !== 'Conectado') throw badRequest('WhatsApp desconectado: conecte o número da unidade para enviar');
  const id = await escopo(async (tx) => {
    const r = await enfileirarMensagem(tx, {
      tipo: 'teste',
      chave: `teste:${randomUUID()}`,
      telefone: entrada.telefone,
      texto: entrada.texto,
      usuarioId: ctx.usuarioId,
    });
    if (!r.enfileirada) throw badRequest({ telefone: ['Telefone inválido (informe DDD e número)'] });
    return r.id;
  });
  await enviarMensagemAgora(app, { tenantId: ctx.tenantId, unidadeNegocioId: ctx.unidadeNegocioId }, id);
  return escopo((tx) => getMensagem(tx, id));
};
