CREATE TABLE "itens_vendidos_mes" (
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"mes" date NOT NULL,
	"produto_id" uuid NOT NULL,
	"quantidade" numeric NOT NULL,
	"receita" numeric NOT NULL,
	"linhas" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "itens_vendidos_mes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "itens_vendidos_mes" ADD CONSTRAINT "itens_vendidos_mes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_vendidos_mes" ADD CONSTRAINT "itens_vendidos_mes_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "itens_vendidos_mes_unidade_idx" ON "itens_vendidos_mes" USING btree ("unidade_negocio_id","mes","produto_id") INCLUDE ("tenant_id","quantidade","receita");--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "itens_vendidos_mes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
-- Issue #20: itens_vendidos summed per product and month of the unit's time zone, kept by
-- statement-level triggers of itens_vendidos (one upsert per statement, whatever writes the rows: the
-- till's own statement, the sale's and the return's triggers, a cascade). The keys are upserted in
-- their order (unit, month, product) so two transactions lock shared rows in the same order. A key
-- whose `linhas` reach 0 is deleted. SECURITY DEFINER: written under any role and scope.
CREATE OR REPLACE FUNCTION f_itens_vendidos_mes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO itens_vendidos_mes AS m (tenant_id, unidade_negocio_id, mes, produto_id, quantidade, receita, linhas)
    SELECT n.tenant_id, n.unidade_negocio_id, date_trunc('month', n.em AT TIME ZONE u.time_zone)::date, n.produto_id,
           sum(n.quantidade), sum(n.receita), count(*)
      FROM novos n JOIN unidades_negocio u ON u.id = n.unidade_negocio_id
     GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
    ON CONFLICT (unidade_negocio_id, mes, produto_id) DO UPDATE
       SET quantidade = m.quantidade + excluded.quantidade, receita = m.receita + excluded.receita,
           linhas = m.linhas + excluded.linhas;
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO itens_vendidos_mes AS m (tenant_id, unidade_negocio_id, mes, produto_id, quantidade, receita, linhas)
    SELECT r.tenant_id, r.unidade_negocio_id, date_trunc('month', r.em AT TIME ZONE u.time_zone)::date, r.produto_id,
           sum(r.sinal * r.quantidade), sum(r.sinal * r.receita), sum(r.sinal)::int
      FROM (SELECT n.tenant_id, n.unidade_negocio_id, n.em, n.produto_id, n.quantidade, n.receita, 1 AS sinal FROM novos n
            UNION ALL
            SELECT a.tenant_id, a.unidade_negocio_id, a.em, a.produto_id, a.quantidade, a.receita, -1 FROM antigos a) r
      JOIN unidades_negocio u ON u.id = r.unidade_negocio_id
     GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
    ON CONFLICT (unidade_negocio_id, mes, produto_id) DO UPDATE
       SET quantidade = m.quantidade + excluded.quantidade, receita = m.receita + excluded.receita,
           linhas = m.linhas + excluded.linhas;
  ELSE
    INSERT INTO itens_vendidos_mes AS m (tenant_id, unidade_negocio_id, mes, produto_id, quantidade, receita, linhas)
    SELECT a.tenant_id, a.unidade_negocio_id, date_trunc('month', a.em AT TIME ZONE u.time_zone)::date, a.produto_id,
           -sum(a.quantidade), -sum(a.receita), -count(*)
      FROM antigos a JOIN unidades_negocio u ON u.id = a.unidade_negocio_id
     GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
    ON CONFLICT (unidade_negocio_id, mes, produto_id) DO UPDATE
       SET quantidade = m.quantidade + excluded.quantidade, receita = m.receita + excluded.receita,
           linhas = m.linhas + excluded.linhas;
  END IF;
  DELETE FROM itens_vendidos_mes m
   USING (SELECT DISTINCT a.unidade_negocio_id, date_trunc('month', a.em AT TIME ZONE u.time_zone)::date AS mes, a.produto_id
            FROM antigos a JOIN unidades_negocio u ON u.id = a.unidade_negocio_id) k
   WHERE m.unidade_negocio_id = k.unidade_negocio_id AND m.mes = k.mes AND m.produto_id = k.produto_id AND m.linhas = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER itens_vendidos_mes_insert AFTER INSERT ON itens_vendidos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION f_itens_vendidos_mes();
--> statement-breakpoint
CREATE TRIGGER itens_vendidos_mes_update AFTER UPDATE ON itens_vendidos
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION f_itens_vendidos_mes();
--> statement-breakpoint
CREATE TRIGGER itens_vendidos_mes_delete AFTER DELETE ON itens_vendidos
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION f_itens_vendidos_mes();
--> statement-breakpoint
-- A unit's months follow its time zone: a change of zone rebuilds the unit's rows.
CREATE OR REPLACE FUNCTION f_itens_vendidos_mes_fuso() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM itens_vendidos_mes WHERE unidade_negocio_id = NEW.id;
  INSERT INTO itens_vendidos_mes (tenant_id, unidade_negocio_id, mes, produto_id, quantidade, receita, linhas)
  SELECT iv.tenant_id, iv.unidade_negocio_id, date_trunc('month', iv.em AT TIME ZONE NEW.time_zone)::date, iv.produto_id,
         sum(iv.quantidade), sum(iv.receita), count(*)
    FROM itens_vendidos iv WHERE iv.unidade_negocio_id = NEW.id
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER itens_vendidos_mes_fuso AFTER UPDATE OF time_zone ON unidades_negocio
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION f_itens_vendidos_mes_fuso();
--> statement-breakpoint
-- The rows already sold.
INSERT INTO itens_vendidos_mes (tenant_id, unidade_negocio_id, mes, produto_id, quantidade, receita, linhas)
SELECT iv.tenant_id, iv.unidade_negocio_id, date_trunc('month', iv.em AT TIME ZONE u.time_zone)::date, iv.produto_id,
       sum(iv.quantidade), sum(iv.receita), count(*)
  FROM itens_vendidos iv JOIN unidades_negocio u ON u.id = iv.unidade_negocio_id
 GROUP BY 1, 2, 3, 4;
