DROP INDEX "itens_vendidos_venda_idx";--> statement-breakpoint
DROP INDEX "itens_vendidos_devolucao_item_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "itens_vendidos_devolucao_item_idx" ON "itens_vendidos" USING btree ("devolucao_item_id") WHERE devolucao_item_id is not null;--> statement-breakpoint
ALTER TABLE "itens_vendidos" DROP COLUMN "id";--> statement-breakpoint
-- The sale's trigger without the index on venda_id: a sale's rows are found by its items' ids
-- (itens_vendidos_venda_item_idx) and its returns' item ids (itens_vendidos_devolucao_item_idx); the
-- customer of a return's rows is the sale's when the return is written (a later change of customer
-- on a finalised sale with returns is not followed there).
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
  ELSE
    DELETE FROM itens_vendidos
     WHERE venda_item_id IN (SELECT vi.id FROM venda_itens vi WHERE vi.venda_id = v.id) AND devolucao_item_id IS NULL;
    IF v.status = 'Cancelada' THEN
      DELETE FROM itens_vendidos
       WHERE devolucao_item_id IN (SELECT di.id FROM devolucao_itens di JOIN devolucoes d ON d.id = di.devolucao_id
                                    WHERE d.venda_id = v.id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A returned item, its upsert key now the partial unique index.
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
  ON CONFLICT (devolucao_item_id) WHERE devolucao_item_id IS NOT NULL DO NOTHING;
  RETURN NULL;
END $$;
