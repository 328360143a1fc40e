CREATE TABLE "redefinicoes_senha" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unidades_negocio" ADD COLUMN "fechamento_cego" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "racas" ADD COLUMN "sinonimos" text;--> statement-breakpoint
ALTER TABLE "formas_pagamento" ADD COLUMN "adquirente" text;--> statement-breakpoint
ALTER TABLE "formas_pagamento" ADD COLUMN "adquirente_cnpj" text;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD COLUMN "bandeira" text;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD COLUMN "autorizacao" text;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD COLUMN "adquirente" text;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD COLUMN "adquirente_cnpj" text;--> statement-breakpoint
ALTER TABLE "redefinicoes_senha" ADD CONSTRAINT "redefinicoes_senha_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redefinicoes_senha_token_idx" ON "redefinicoes_senha" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "redefinicoes_senha_usuario_idx" ON "redefinicoes_senha" USING btree ("usuario_id");--> statement-breakpoint
-- Breeds: the starting catalogue's SRD spelled as the issue asks and found by "vira-lata" (issue #15).
UPDATE "racas" SET "nome" = 'SRD (sem raça definida)' WHERE "nome" = 'SRD (Sem raça definida)';--> statement-breakpoint
UPDATE "racas" SET "sinonimos" = 'vira-lata' WHERE "sinonimos" IS NULL AND f_busca("nome") LIKE 'srd%';