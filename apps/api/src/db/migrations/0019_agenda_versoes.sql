CREATE TABLE "agenda_versoes" (
	"unidade_negocio_id" uuid PRIMARY KEY DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"versao" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_versoes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "agenda_versoes" ADD CONSTRAINT "agenda_versoes_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_versoes" ADD CONSTRAINT "agenda_versoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "agenda_versoes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
-- The agenda's version per unit (db/schema/agenda.ts agendaVersoes): bumped on every write of
-- appointments and their services, and when a sale linked to an appointment changes status or
-- amount paid. The tenant and unit come from the row (seeds write outside a tenant scope).
CREATE FUNCTION f_agenda_versao_incrementar(p_tenant uuid, p_unidade uuid) RETURNS void
  LANGUAGE sql VOLATILE AS $$
  INSERT INTO agenda_versoes (unidade_negocio_id, tenant_id, versao) VALUES (p_unidade, p_tenant, 2)
  ON CONFLICT (unidade_negocio_id) DO UPDATE SET versao = agenda_versoes.versao + 1
$$;--> statement-breakpoint
CREATE FUNCTION tg_agenda_versao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM f_agenda_versao_incrementar(OLD.tenant_id, OLD.unidade_negocio_id);
    RETURN OLD;
  END IF;
  PERFORM f_agenda_versao_incrementar(NEW.tenant_id, NEW.unidade_negocio_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION tg_agenda_versao_venda() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM atendimentos a WHERE a.venda_id = NEW.id) THEN
    PERFORM f_agenda_versao_incrementar(NEW.tenant_id, NEW.unidade_negocio_id);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER atendimentos_agenda_versao AFTER INSERT OR UPDATE OR DELETE ON atendimentos
  FOR EACH ROW EXECUTE FUNCTION tg_agenda_versao();--> statement-breakpoint
CREATE TRIGGER atendimento_servicos_agenda_versao AFTER INSERT OR UPDATE OR DELETE ON atendimento_servicos
  FOR EACH ROW EXECUTE FUNCTION tg_agenda_versao();--> statement-breakpoint
CREATE TRIGGER vendas_agenda_versao AFTER UPDATE OF status, valor_pago ON vendas
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.valor_pago IS DISTINCT FROM NEW.valor_pago)
  EXECUTE FUNCTION tg_agenda_versao_venda();
