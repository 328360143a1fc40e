DROP POLICY "unit_isolation" ON "notificacoes_atendimento" CASCADE;--> statement-breakpoint
DROP TABLE "notificacoes_atendimento" CASCADE;--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "unidade_cadastro_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid;--> statement-breakpoint
-- Customers registered before: the unit of their latest sale or appointment (else null: the
-- tenant's first unit greets them, modules/whatsapp/aniversarios.ts).
UPDATE "pessoas" p SET "unidade_cadastro_id" = x.unidade_negocio_id
  FROM (
    SELECT DISTINCT ON (cliente_id) cliente_id, unidade_negocio_id
      FROM (
        SELECT cliente_id, unidade_negocio_id, created_at AS em FROM vendas WHERE cliente_id IS NOT NULL
        UNION ALL
        SELECT cliente_id, unidade_negocio_id, inicio AS em FROM atendimentos
      ) a
     ORDER BY cliente_id, em DESC
  ) x
 WHERE x.cliente_id = p.id;
