-- Issue #20 (GET /api/indicadores < 150 ms on the bench): the month's payments per method from the rollup
-- pagamentos_vendidos (kept by the triggers below); birthdays by the query's month×100+day expression; the
-- revenue per day index-only on vendas_indicadores_idx. INCLUDE lists added by hand (drizzle-kit cannot
-- express them, as in 0026).
CREATE TABLE "pagamentos_vendidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"venda_id" uuid NOT NULL,
	"forma_pagamento_id" uuid NOT NULL,
	"em" timestamp with time zone NOT NULL,
	"valor" numeric NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pagamentos_vendidos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pagamentos_vendidos" ADD CONSTRAINT "pagamentos_vendidos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos_vendidos" ADD CONSTRAINT "pagamentos_vendidos_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos_vendidos" ADD CONSTRAINT "pagamentos_vendidos_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos_vendidos" ADD CONSTRAINT "pagamentos_vendidos_forma_pagamento_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_pagamento_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pagamentos_vendidos_venda_forma_idx" ON "pagamentos_vendidos" USING btree ("venda_id","forma_pagamento_id");--> statement-breakpoint
CREATE INDEX "pagamentos_vendidos_unidade_em_idx" ON "pagamentos_vendidos" USING btree ("unidade_negocio_id","em") INCLUDE ("tenant_id","forma_pagamento_id","valor");--> statement-breakpoint
CREATE INDEX "pessoas_tenant_aniversario_idx" ON "pessoas" USING btree ("tenant_id",(extract(month from "data_nascimento") * 100 + extract(day from "data_nascimento"))) WHERE data_nascimento is not null;--> statement-breakpoint
CREATE INDEX "pets_tenant_aniversario_idx" ON "pets" USING btree ("tenant_id",(extract(month from "data_nascimento") * 100 + extract(day from "data_nascimento"))) WHERE data_nascimento is not null;--> statement-breakpoint
CREATE INDEX "vendas_indicadores_idx" ON "vendas" USING btree ("unidade_negocio_id","data_finalizacao") INCLUDE ("tenant_id","id","cliente_id","usuario_id","valor_liquido","valor_entrega_frete") WHERE status = 'Finalizada' and tipo = 'Venda';--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "pagamentos_vendidos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
-- A sale's rows: Σ of its payments per method while it is Finalizada of type Venda with a finalisation
-- time; none otherwise. SECURITY DEFINER: written whatever role and scope the caller runs under; the rows
-- carry the sale's tenant and unit.
CREATE OR REPLACE FUNCTION f_pagamentos_vendidos(p_venda_id uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM pagamentos_vendidos WHERE venda_id = p_venda_id;
  INSERT INTO pagamentos_vendidos (tenant_id, unidade_negocio_id, venda_id, forma_pagamento_id, em, valor)
  SELECT v.tenant_id, v.unidade_negocio_id, v.id, vf.forma_pagamento_id, v.data_finalizacao, sum(vf.valor)
    FROM vendas v
    JOIN venda_financeiros vf ON vf.venda_id = v.id
   WHERE v.id = p_venda_id AND v.status = 'Finalizada' AND v.tipo = 'Venda' AND v.data_finalizacao IS NOT NULL
   GROUP BY v.tenant_id, v.unidade_negocio_id, v.id, v.data_finalizacao, vf.forma_pagamento_id;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_pagamentos_vendidos_venda() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM f_pagamentos_vendidos(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_pagamentos_vendidos_financeiro() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM f_pagamentos_vendidos(OLD.venda_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.venda_id IS DISTINCT FROM OLD.venda_id) THEN
    PERFORM f_pagamentos_vendidos(NEW.venda_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_pagamentos_vendidos_insert AFTER INSERT ON vendas DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status = 'Finalizada') EXECUTE FUNCTION f_pagamentos_vendidos_venda();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_pagamentos_vendidos_update AFTER UPDATE ON vendas DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.tipo IS DISTINCT FROM NEW.tipo
    OR OLD.data_finalizacao IS DISTINCT FROM NEW.data_finalizacao)
  EXECUTE FUNCTION f_pagamentos_vendidos_venda();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER venda_financeiros_pagamentos_vendidos AFTER INSERT OR UPDATE OR DELETE ON venda_financeiros
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_pagamentos_vendidos_financeiro();
--> statement-breakpoint
-- The history so far, by the same rule.
INSERT INTO pagamentos_vendidos (tenant_id, unidade_negocio_id, venda_id, forma_pagamento_id, em, valor)
SELECT v.tenant_id, v.unidade_negocio_id, v.id, vf.forma_pagamento_id, v.data_finalizacao, sum(vf.valor)
  FROM vendas v
  JOIN venda_financeiros vf ON vf.venda_id = v.id
 WHERE v.status = 'Finalizada' AND v.tipo = 'Venda' AND v.data_finalizacao IS NOT NULL
 GROUP BY v.tenant_id, v.unidade_negocio_id, v.id, v.data_finalizacao, vf.forma_pagamento_id;