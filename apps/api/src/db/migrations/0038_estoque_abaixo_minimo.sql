ALTER TABLE "estoques" ADD COLUMN "estoque_minimo" numeric(14, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "estoques_abaixo_minimo_idx" ON "estoques" USING btree ("unidade_negocio_id","produto_id") WHERE quantidade < greatest(estoque_minimo, 0);--> statement-breakpoint
-- Issue #20: "below minimum" as a fact of the balance row, so the unit's few rows below their
-- minimum come from the partial index above instead of every product with a minimum joined to its
-- balance (estoque-repository.ts ABAIXO_MINIMO). Two things make the row enough:
-- (1) `estoques.estoque_minimo` is a copy of `produtos.estoque_minimo`, written here when a
--     product is created with a minimum or its minimum changes (rare: the product form, imports);
-- (2) a product with a minimum > 0 has a balance row (0) in every unit of its tenant — created
--     here with the minimum, and by the unit trigger below for a unit opened later — so "no row
--     counts as 0" needs no anti-join. A row created later by a movement belongs to a product
--     without a minimum (the others have theirs), so its default 0 is right.
-- Nothing fires on `estoques`: the sale's balance update only maintains the partial index.
-- Before a product is deleted its zero rows go (a product that never moved stays deletable; one
-- with a ledger is still kept by its foreign keys and the whole delete fails as before).
-- SECURITY DEFINER: the rows of every unit are written under any role and unit scope.
CREATE OR REPLACE FUNCTION f_estoques_minimo() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM estoques e USING unidades_negocio u
     WHERE u.tenant_id = OLD.tenant_id AND e.unidade_negocio_id = u.id AND e.produto_id = OLD.id AND e.quantidade = 0;
    RETURN OLD;
  END IF;
  IF NEW.estoque_minimo > 0 THEN
    INSERT INTO estoques AS e (tenant_id, unidade_negocio_id, produto_id, estoque_minimo)
    SELECT NEW.tenant_id, u.id, NEW.id, NEW.estoque_minimo FROM unidades_negocio u WHERE u.tenant_id = NEW.tenant_id ORDER BY u.id
    ON CONFLICT (unidade_negocio_id, produto_id) DO UPDATE SET estoque_minimo = excluded.estoque_minimo
     WHERE e.estoque_minimo <> excluded.estoque_minimo;
  ELSE
    UPDATE estoques e SET estoque_minimo = NEW.estoque_minimo FROM unidades_negocio u
     WHERE u.tenant_id = NEW.tenant_id AND e.unidade_negocio_id = u.id AND e.produto_id = NEW.id
       AND e.estoque_minimo <> NEW.estoque_minimo;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER produtos_estoque_minimo_insert AFTER INSERT ON produtos
  FOR EACH ROW WHEN (NEW.estoque_minimo > 0) EXECUTE FUNCTION f_estoques_minimo();
--> statement-breakpoint
CREATE TRIGGER produtos_estoque_minimo_update AFTER UPDATE OF estoque_minimo ON produtos
  FOR EACH ROW WHEN (OLD.estoque_minimo IS DISTINCT FROM NEW.estoque_minimo) EXECUTE FUNCTION f_estoques_minimo();
--> statement-breakpoint
CREATE TRIGGER produtos_estoque_minimo_delete BEFORE DELETE ON produtos
  FOR EACH ROW EXECUTE FUNCTION f_estoques_minimo();
--> statement-breakpoint
-- A new unit: a zero balance row for each of the tenant's products with a minimum
-- (produtos_estoque_minimo_idx).
CREATE OR REPLACE FUNCTION f_estoques_minimo_unidade() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO estoques (tenant_id, unidade_negocio_id, produto_id, estoque_minimo)
  SELECT NEW.tenant_id, NEW.id, p.id, p.estoque_minimo FROM produtos p
   WHERE p.tenant_id = NEW.tenant_id AND p.estoque_minimo > 0 ORDER BY p.id
  ON CONFLICT (unidade_negocio_id, produto_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER unidades_negocio_estoque_minimo AFTER INSERT ON unidades_negocio
  FOR EACH ROW EXECUTE FUNCTION f_estoques_minimo_unidade();
--> statement-breakpoint
-- The rows already there: the minimum copied, and the missing zero rows of products with one.
UPDATE estoques e SET estoque_minimo = p.estoque_minimo FROM produtos p
 WHERE p.id = e.produto_id AND p.estoque_minimo <> 0;
--> statement-breakpoint
INSERT INTO estoques (tenant_id, unidade_negocio_id, produto_id, estoque_minimo)
SELECT p.tenant_id, u.id, p.id, p.estoque_minimo FROM produtos p JOIN unidades_negocio u ON u.tenant_id = p.tenant_id
 WHERE p.estoque_minimo > 0
ON CONFLICT (unidade_negocio_id, produto_id) DO NOTHING;
