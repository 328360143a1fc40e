CREATE TABLE "itens_vendidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"venda_id" uuid NOT NULL,
	"venda_item_id" uuid NOT NULL,
	"devolucao_item_id" uuid,
	"produto_id" uuid NOT NULL,
	"cliente_id" uuid,
	"usuario_id" uuid NOT NULL,
	"em" timestamp with time zone NOT NULL,
	"quantidade" numeric NOT NULL,
	"receita" numeric NOT NULL,
	"custo" numeric NOT NULL
);
--> statement-breakpoint
ALTER TABLE "itens_vendidos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "itens_vendidos" ADD CONSTRAINT "itens_vendidos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_vendidos" ADD CONSTRAINT "itens_vendidos_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_vendidos" ADD CONSTRAINT "itens_vendidos_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_vendidos" ADD CONSTRAINT "itens_vendidos_venda_item_id_venda_itens_id_fk" FOREIGN KEY ("venda_item_id") REFERENCES "public"."venda_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itens_vendidos" ADD CONSTRAINT "itens_vendidos_devolucao_item_id_devolucao_itens_id_fk" FOREIGN KEY ("devolucao_item_id") REFERENCES "public"."devolucao_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "itens_vendidos_venda_item_idx" ON "itens_vendidos" USING btree ("venda_item_id") WHERE devolucao_item_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "itens_vendidos_devolucao_item_idx" ON "itens_vendidos" USING btree ("devolucao_item_id");--> statement-breakpoint
CREATE INDEX "itens_vendidos_venda_idx" ON "itens_vendidos" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "itens_vendidos_unidade_em_idx" ON "itens_vendidos" USING btree ("unidade_negocio_id","em") INCLUDE ("tenant_id","venda_id","produto_id","cliente_id","usuario_id","devolucao_item_id","quantidade","receita","custo");--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "itens_vendidos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
-- Issue #20: the reports' rollup of what was sold, kept by triggers in the sale's own transaction.
-- A sale's lines follow its status at COMMIT (deferred): Finalizada → one row per item (upserted, so
-- a later change of customer, date or totals refreshes them); any other status → no sale rows;
-- Cancelada → no return rows either (a cancelled sale leaves every report). SECURITY DEFINER: written
-- whatever role and scope the caller runs under; the rows carry the sale's tenant and unit.
CREATE OR REPLACE FUNCTION f_itens_vendidos_venda() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v record;
BEGIN
  SELECT id, tenant_id, unidade_negocio_id, status, tipo, cliente_id, usuario_id, data_finalizacao, updated_at,
         valor_liquido, valor_entrega_frete
    INTO v FROM vendas WHERE id = NEW.id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF v.status = 'Finalizada' AND v.tipo = 'Venda' THEN
    INSERT INTO itens_vendidos (tenant_id, unidade_negocio_id, venda_id, venda_item_id, produto_id, cliente_id, usuario_id,
                                em, quantidade, receita, custo)
    SELECT v.tenant_id, v.unidade_negocio_id, v.id, vi.id, vi.produto_id, v.cliente_id, v.usuario_id,
           coalesce(v.data_finalizacao, v.updated_at), vi.quantidade,
           coalesce(vi.valor_total * (v.valor_liquido - v.valor_entrega_frete) / nullif(sum(vi.valor_total) OVER (), 0), 0),
           vi.quantidade * vi.preco_custo
      FROM venda_itens vi
     WHERE vi.venda_id = v.id
    ON CONFLICT (venda_item_id) WHERE devolucao_item_id IS NULL DO UPDATE
       SET produto_id = excluded.produto_id, cliente_id = excluded.cliente_id, usuario_id = excluded.usuario_id,
           em = excluded.em, quantidade = excluded.quantidade, receita = excluded.receita, custo = excluded.custo;
    UPDATE itens_vendidos SET cliente_id = v.cliente_id
     WHERE venda_id = v.id AND devolucao_item_id IS NOT NULL AND cliente_id IS DISTINCT FROM v.cliente_id;
  ELSIF v.status = 'Cancelada' THEN
    DELETE FROM itens_vendidos WHERE venda_id = v.id;
  ELSE
    DELETE FROM itens_vendidos WHERE venda_id = v.id AND devolucao_item_id IS NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_itens_vendidos_insert AFTER INSERT ON vendas DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status = 'Finalizada') EXECUTE FUNCTION f_itens_vendidos_venda();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_itens_vendidos_update AFTER UPDATE ON vendas DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR (NEW.status = 'Finalizada' AND (OLD.cliente_id IS DISTINCT FROM NEW.cliente_id
      OR OLD.data_finalizacao IS DISTINCT FROM NEW.data_finalizacao OR OLD.valor_liquido IS DISTINCT FROM NEW.valor_liquido
      OR OLD.valor_entrega_frete IS DISTINCT FROM NEW.valor_entrega_frete OR OLD.usuario_id IS DISTINCT FROM NEW.usuario_id)))
  EXECUTE FUNCTION f_itens_vendidos_venda();
--> statement-breakpoint
-- A returned item: a negative row on the return's time, in the return's unit (unless the sale is cancelled).
CREATE OR REPLACE FUNCTION f_itens_vendidos_devolucao() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO itens_vendidos (tenant_id, unidade_negocio_id, venda_id, venda_item_id, devolucao_item_id, produto_id,
                              cliente_id, usuario_id, em, quantidade, receita, custo)
  SELECT d.tenant_id, d.unidade_negocio_id, d.venda_id, NEW.venda_item_id, NEW.id, NEW.produto_id, v.cliente_id,
         v.usuario_id, d.created_at, -NEW.quantidade, -NEW.valor_total, -(NEW.quantidade * vi.preco_custo)
    FROM devolucoes d
    JOIN vendas v ON v.id = d.venda_id
    JOIN venda_itens vi ON vi.id = NEW.venda_item_id
   WHERE d.id = NEW.devolucao_id AND v.status <> 'Cancelada'
  ON CONFLICT (devolucao_item_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devolucao_itens_itens_vendidos AFTER INSERT ON devolucao_itens
  FOR EACH ROW EXECUTE FUNCTION f_itens_vendidos_devolucao();
--> statement-breakpoint
-- The history so far, by the same rule.
INSERT INTO itens_vendidos (tenant_id, unidade_negocio_id, venda_id, venda_item_id, produto_id, cliente_id, usuario_id,
                            em, quantidade, receita, custo)
SELECT v.tenant_id, v.unidade_negocio_id, v.id, vi.id, vi.produto_id, v.cliente_id, v.usuario_id,
       coalesce(v.data_finalizacao, v.updated_at), vi.quantidade,
       coalesce(vi.valor_total * (v.valor_liquido - v.valor_entrega_frete)
                / nullif(sum(vi.valor_total) OVER (PARTITION BY vi.venda_id), 0), 0),
       vi.quantidade * vi.preco_custo
  FROM vendas v
  JOIN venda_itens vi ON vi.venda_id = v.id
 WHERE v.status = 'Finalizada' AND v.tipo = 'Venda';
--> statement-breakpoint
INSERT INTO itens_vendidos (tenant_id, unidade_negocio_id, venda_id, venda_item_id, devolucao_item_id, produto_id,
                            cliente_id, usuario_id, em, quantidade, receita, custo)
SELECT d.tenant_id, d.unidade_negocio_id, d.venda_id, di.venda_item_id, di.id, di.produto_id, v.cliente_id, v.usuario_id,
       d.created_at, -di.quantidade, -di.valor_total, -(di.quantidade * vi.preco_custo)
  FROM devolucoes d
  JOIN devolucao_itens di ON di.devolucao_id = d.id
  JOIN vendas v ON v.id = d.venda_id
  JOIN venda_itens vi ON vi.id = di.venda_item_id
 WHERE v.status <> 'Cancelada';
