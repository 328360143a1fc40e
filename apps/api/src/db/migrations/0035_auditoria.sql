CREATE TABLE "auditoria_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid,
	"usuario_id" uuid DEFAULT nullif(current_setting('app.usuario_id', true), '')::uuid,
	"acao" text NOT NULL,
	"entidade" text NOT NULL,
	"entidade_id" text,
	"descricao" text NOT NULL,
	"antes" jsonb,
	"depois" jsonb,
	"ip" text DEFAULT nullif(current_setting('app.ip', true), ''),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auditoria_eventos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "desconto_maximo" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "auditoria_eventos" ADD CONSTRAINT "auditoria_eventos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_eventos_tenant_criado_idx" ON "auditoria_eventos" USING btree ("tenant_id","criado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_eventos_entidade_idx" ON "auditoria_eventos" USING btree ("tenant_id","entidade","entidade_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "auditoria_eventos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
-- Append-only for every role, the owner included (issue #22 item 4): rows are never changed or removed.
CREATE FUNCTION "auditoria_somente_insercao"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'auditoria_eventos é somente inclusão: % recusado', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "auditoria_eventos_sem_alteracao" BEFORE UPDATE OR DELETE ON "auditoria_eventos"
  FOR EACH ROW EXECUTE FUNCTION "auditoria_somente_insercao"();--> statement-breakpoint
CREATE TRIGGER "auditoria_eventos_sem_truncate" BEFORE TRUNCATE ON "auditoria_eventos"
  FOR EACH STATEMENT EXECUTE FUNCTION "auditoria_somente_insercao"();
