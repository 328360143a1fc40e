DROP INDEX "produtos_tenant_nome_idx";--> statement-breakpoint
DROP INDEX "produtos_nome_busca_idx";--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (f_busca(nome)) STORED;--> statement-breakpoint
CREATE INDEX "produtos_tenant_nome_idx" ON "produtos" USING btree ("tenant_id","nome_busca");--> statement-breakpoint
CREATE INDEX "produtos_nome_busca_idx" ON "produtos" USING gin ("nome_busca" gin_trgm_ops);