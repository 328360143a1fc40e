/**
 * simularRespostaWhatsapp — the development action "the owner answered on WhatsApp" (fake gateway
 * only; 404 otherwise): the fake's callback of a received message
 * `{ evento: 'mensagem', id, de, texto }` handed to the webhook's handler (receber-callback.ts), as
 * if the gateway had posted it — so the demo and the e2e can confirm an appointment by a reply.
 */
import { randomUUID } from 'node:crypto';
import { notFound } from '../../lib/errors.ts';
import { receberCallback, type CallbackApp, type EscopoUnidade } from './receber-callback.ts';

/** `telefone`: digits with 55 and DDD. Answers how many events were applied (1). */
export const simularRespostaWhatsapp = async (
  app: CallbackApp,
  escopo: EscopoUnidade,
  entrada: { telefone: string; texto: string },
): Promise<{ eventos: number }> => {
  if (app.whatsapp.id !== 'fake') throw notFound();
  const corpo = { evento: 'mensagem', id: `fake-recebida-${randomUUID()}`, de: entrada.telefone, texto: entrada.texto };
  return receberCallback(app, escopo.unidadeNegocioId, corpo, {}, JSON.stringify(corpo), escopo);
};
