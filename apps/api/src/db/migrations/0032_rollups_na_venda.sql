DROP INDEX "vendas_unidade_finalizacao_idx";--> statement-breakpoint
-- Issue #20 follow-up: what the rollups itens_vendidos / pagamentos_vendidos cost the till.
-- 1. The till writes a sale's rollup rows itself when it writes the sale finalised
--    (salvar-venda, gravar-venda.ts `escreverFinalizada`: one more statement in the same round trip).
--    It first sets `app.rollups_venda` to the sale's id (transaction-local); the triggers' WHEN skip
--    that sale's own insert/update and its payments' inserts, so no deferred event is even queued.
--    Every other path (a sale finalised later, cancelled, paid off, its payments changed or
--    removed, returns, an insert of a finalised row by anyone else) still goes through the triggers.
-- 2. One trigger function for the sale (both rollups, one read of the row) instead of two.
-- 3. A sale's rollups are rebuilt once per transaction: the deferred events all fire at COMMIT,
--    after every statement, so the first rebuild already sees the final state; later events of the
--    same sale (its payments' rows, a second update) find its id in `app.rollups_feitos` /
--    `app.pagamentos_feitos` and skip. Payments marked effected (efetivado_em, caixa_id) change no
--    rollup and queue no event.
DROP TRIGGER IF EXISTS vendas_itens_vendidos_insert ON vendas;--> statement-breakpoint
DROP TRIGGER IF EXISTS vendas_itens_vendidos_update ON vendas;--> statement-breakpoint
DROP TRIGGER IF EXISTS vendas_pagamentos_vendidos_insert ON vendas;--> statement-breakpoint
DROP TRIGGER IF EXISTS vendas_pagamentos_vendidos_update ON vendas;--> statement-breakpoint
DROP TRIGGER IF EXISTS venda_financeiros_pagamentos_vendidos ON venda_financeiros;--> statement-breakpoint
DROP FUNCTION IF EXISTS f_itens_vendidos_venda();--> statement-breakpoint
DROP FUNCTION IF EXISTS f_pagamentos_vendidos_venda();--> statement-breakpoint
-- Whether `chave` is in the transaction-local list `lista` (ids separated by commas); adds it when not.
CREATE OR REPLACE FUNCTION f_rollups_marcar(lista text, chave uuid) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  atual text := coalesce(current_setting(lista, true), '');
BEGIN
  IF position(chave::text IN atual) > 0 THEN
    RETURN false;
  END IF;
  PERFORM set_config(lista, atual || chave::text || ',', true);
  RETURN true;
END $$;
--> statement-breakpoint
-- A sale's rollups from its state at COMMIT: itens_vendidos as in 0028 (Finalizada of type Venda → one
-- row per item, upserted; otherwise no sale rows; Cancelada → no return rows either) and
-- pagamentos_vendidos (Σ of its payments per method while Finalizada of type Venda with a
-- finalisation time). SECURITY DEFINER: written whatever role and scope the caller runs under.
CREATE OR REPLACE FUNCTION f_rollups_venda() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v record;
BEGIN
  IF NOT f_rollups_marcar('app.rollups_feitos', NEW.id) THEN
    RETURN NULL;
  END IF;
  PERFORM f_rollups_marcar('app.pagamentos_feitos', NEW.id);
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
  ELSE
    DELETE FROM itens_vendidos
     WHERE venda_item_id IN (SELECT vi.id FROM venda_itens vi WHERE vi.venda_id = v.id) AND devolucao_item_id IS NULL;
    IF v.status = 'Cancelada' THEN
      DELETE FROM itens_vendidos
       WHERE devolucao_item_id IN (SELECT di.id FROM devolucao_itens di JOIN devolucoes d ON d.id = di.devolucao_id
                                    WHERE d.venda_id = v.id);
    END IF;
  END IF;
  DELETE FROM pagamentos_vendidos WHERE venda_id = v.id;
  IF v.status = 'Finalizada' AND v.tipo = 'Venda' AND v.data_finalizacao IS NOT NULL THEN
    INSERT INTO pagamentos_vendidos (tenant_id, unidade_negocio_id, venda_id, forma_pagamento_id, em, valor)
    SELECT v.tenant_id, v.unidade_negocio_id, v.id, vf.forma_pagamento_id, v.data_finalizacao, sum(vf.valor)
      FROM venda_financeiros vf
     WHERE vf.venda_id = v.id
     GROUP BY vf.forma_pagamento_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A payment's sale(s): their payments' rollup rebuilt, once per sale and transaction.
CREATE OR REPLACE FUNCTION f_pagamentos_vendidos_financeiro() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND f_rollups_marcar('app.pagamentos_feitos', OLD.venda_id) THEN
    PERFORM f_pagamentos_vendidos(OLD.venda_id);
  END IF;
  IF TG_OP <> 'DELETE' AND f_rollups_marcar('app.pagamentos_feitos', NEW.venda_id) THEN
    PERFORM f_pagamentos_vendidos(NEW.venda_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_rollups_insert AFTER INSERT ON vendas DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status = 'Finalizada' AND NEW.id::text IS DISTINCT FROM current_setting('app.rollups_venda', true))
  EXECUTE FUNCTION f_rollups_venda();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vendas_rollups_update AFTER UPDATE ON vendas DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.status IS DISTINCT FROM NEW.status OR OLD.tipo IS DISTINCT FROM NEW.tipo
    OR OLD.data_finalizacao IS DISTINCT FROM NEW.data_finalizacao
    OR (NEW.status = 'Finalizada' AND (OLD.cliente_id IS DISTINCT FROM NEW.cliente_id
      OR OLD.valor_liquido IS DISTINCT FROM NEW.valor_liquido
      OR OLD.valor_entrega_frete IS DISTINCT FROM NEW.valor_entrega_frete OR OLD.usuario_id IS DISTINCT FROM NEW.usuario_id)))
    AND NEW.id::text IS DISTINCT FROM current_setting('app.rollups_venda', true))
  EXECUTE FUNCTION f_rollups_venda();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER venda_financeiros_pagamentos_vendidos_insert AFTER INSERT ON venda_financeiros
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.venda_id::text IS DISTINCT FROM current_setting('app.rollups_venda', true))
  EXECUTE FUNCTION f_pagamentos_vendidos_financeiro();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER venda_financeiros_pagamentos_vendidos_update AFTER UPDATE ON venda_financeiros
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.venda_id IS DISTINCT FROM NEW.venda_id OR OLD.valor IS DISTINCT FROM NEW.valor
    OR OLD.forma_pagamento_id IS DISTINCT FROM NEW.forma_pagamento_id)
  EXECUTE FUNCTION f_pagamentos_vendidos_financeiro();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER venda_financeiros_pagamentos_vendidos_delete AFTER DELETE ON venda_financeiros
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_pagamentos_vendidos_financeiro();
