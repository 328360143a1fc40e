/**
 * WhatsApp demo (issue #21): the Pet Shop Demo's Matriz starts with its five templates on (the
 * default texts and hours of @petshop/shared/whatsapp), so once its number is "connected" with the
 * fake gateway (Configurações › Geral › WhatsApp, "Simular leitura do QR code") the scheduler's
 * reminders, birthdays and vaccine messages and the agenda's confirmations go out by themselves.
 * Seeded last: the history written by the seeders before it queues no messages (the outbox starts
 * empty). The Filial keeps them off (each unit decides).
 */
import { sql } from 'drizzle-orm';
import { TIPO_MODELO_IDS } from '@petshop/shared/whatsapp';
import type { Db } from '../client.ts';
import type { DemoIds } from './demo.ts';

export const seedDemoWhatsapp = async (tx: Db, ids: DemoIds): Promise<void> => {
  const modelos = Object.fromEntries(TIPO_MODELO_IDS.map((tipo) => [tipo, { ativo: true }]));
  await tx.execute(
    sql`update unidades_negocio set whatsapp_mensagens = ${JSON.stringify(modelos)}::jsonb where id = ${ids.petShop.unidadeNegocioId}`,
  );
};
