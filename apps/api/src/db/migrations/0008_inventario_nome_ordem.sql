DROP INDEX "produtos_tenant_nome_idx";--> statement-breakpoint
CREATE INDEX "produtos_tenant_nome_idx" ON "produtos" USING btree ("tenant_id","nome_busca" collate "C");