/**
 * enviarMensagemAvulsa — a message typed by a person to a customer (issue #21 item 4: the customer
 * page's "WhatsApp" action): put in the outbox as tipo 'manual' (key 'manual:{uuid}'), to the
 * customer's WhatsApp phone unless another is given; the worker sends it (while the unit is
 * disconnected it waits, up to the outbox's deadline). Not marketing: no consent needed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MensagemWhatsapp } from '@petshop/shared/whatsapp';
import type { Db } from '../../db/client.ts';
import { pessoas } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { enfileirarMensagem } from './enfileirar-mensagem.ts';
import { getMensagem } from './mensagens-repository.ts';

/**
 * `tx`: the unit's scope. 404 'Cliente não encontrado' (another tenant's too); 400 on `telefone`
 * when the customer has no WhatsApp phone and none was given; 400 on `pessoaId` for an inactive
 * customer. Answers the queued message (Pendente).
 */
export const enviarMensagemAvulsa = async (
  tx: Db,
  entrada: { pessoaId: string; telefone?: string | undefined; texto: string; usuarioId: string },
): Promise<MensagemWhatsapp> => {
  const [pessoa] = await tx
    .select({ id: pessoas.id })
    .from(pessoas)
    .where(sql`${pessoas.id} = ${entrada.pessoaId}`);
  if (!pessoa) throw notFound('Cliente não encontrado');
  const r = await enfileirarMensagem(tx, {
    tipo: 'manual',
    chave: `manual:${randomUUID()}`,
    pessoaId: entrada.pessoaId,
    telefone: entrada.telefone ?? null,
    texto: entrada.texto,
    usuarioId: entrada.usuarioId,
  });
  if (!r.enfileirada) {
    if (r.motivo === 'semTelefone')
      throw badRequest({ telefone: ['Cliente sem telefone de WhatsApp: informe um número com DDD'] });
    if (r.motivo === 'pessoaInativa') throw badRequest({ pessoaId: ['Cliente inativo'] });
    throw badRequest('Não foi possível enfileirar a mensagem');
  }
  return getMensagem(tx, r.id);
};
