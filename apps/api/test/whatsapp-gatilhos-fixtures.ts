/**
 * Setup shared by the WhatsApp trigger, scheduler and webhook tests (issue #21): turn a unit's
 * templates on and read its outbox, straight in the unit's scope.
 */
import { sql } from 'drizzle-orm';
import type { ModeloMensagem, TipoModeloWhatsapp } from '@petshop/shared/whatsapp';
import { withTenant } from '../src/db/tenant-scope.ts';
import type { TestContext } from './helper.ts';

export type Escopo = { tenantId: string; unidadeNegocioId: string };

/** Turns the unit's templates `tipos` on (defaults otherwise), with `extra` overrides per template. */
export const ligarModelos = (
  ctx: TestContext,
  escopo: Escopo,
  tipos: readonly TipoModeloWhatsapp[],
  extra: Partial<Record<TipoModeloWhatsapp, Partial<ModeloMensagem>>> = {},
): Promise<unknown> =>
  withTenant(ctx.database.db, escopo, (tx) =>
    tx.execute(
      sql`update unidades_negocio set whatsapp_mensagens = ${JSON.stringify(
        Object.fromEntries(tipos.map((t) => [t, { ativo: true, ...(extra[t] ?? {}) }])),
      )}::jsonb where id = ${escopo.unidadeNegocioId}`,
    ),
  );

export type MensagemRow = {
  id: string;
  tipo: string;
  chave: string;
  status: string;
  telefone: string;
  texto: string;
  pessoa_id: string | null;
  pet_id: string | null;
  atendimento_id: string | null;
  gateway_mensagem_id: string | null;
  ultimo_erro: string | null;
  agendada_para: Date | string;
  enviada_em: Date | string | null;
  entregue_em: Date | string | null;
  lida_em: Date | string | null;
};

/** The unit's outbox, oldest first. */
export const mensagensDaUnidade = (ctx: TestContext, escopo: Escopo): Promise<MensagemRow[]> =>
  withTenant(ctx.database.db, escopo, async (tx) => {
    const r = (await tx.execute(
      sql`select id, tipo, chave, status, telefone, texto, pessoa_id, pet_id, atendimento_id, gateway_mensagem_id, ultimo_erro,
                 agendada_para, enviada_em, entregue_em, lida_em
            from whatsapp_mensagens order by created_at, chave`,
    )) as unknown as { rows: MensagemRow[] };
    return r.rows;
  });
