CREATE TABLE "baixas_financeiras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"receita_id" uuid,
	"despesa_id" uuid,
	"chave" uuid,
	"data_pagamento" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"juros" numeric(14, 2) DEFAULT '0' NOT NULL,
	"multa" numeric(14, 2) DEFAULT '0' NOT NULL,
	"desconto" numeric(14, 2) DEFAULT '0' NOT NULL,
	"taxa" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"conta_id" uuid NOT NULL,
	"forma_pagamento_id" uuid,
	"movimentacao_id" uuid,
	"observacoes" text,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"estornada_em" timestamp with time zone,
	"estornada_por_id" uuid,
	"estorno_movimentacao_id" uuid,
	CONSTRAINT "baixas_financeiras_um_titulo" CHECK (("baixas_financeiras"."receita_id" is null) <> ("baixas_financeiras"."despesa_id" is null))
);
--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "despesa_anexos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"despesa_id" uuid NOT NULL,
	"arquivo_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "despesa_anexos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "recorrencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"descricao" text NOT NULL,
	"fornecedor_id" uuid,
	"categoria_financeira_id" uuid,
	"forma_pagamento_id" uuid,
	"conta_id" uuid,
	"valor" numeric(14, 2) NOT NULL,
	"frequencia" text NOT NULL,
	"intervalo" integer DEFAULT 1 NOT NULL,
	"data_inicio" date NOT NULL,
	"termino" text DEFAULT 'sem_fim' NOT NULL,
	"data_fim" date,
	"total_ocorrencias" integer,
	"status" text DEFAULT 'Ativa' NOT NULL,
	"proxima_ocorrencia" integer DEFAULT 0 NOT NULL,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recorrencias" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "despesas" ADD COLUMN "grupo_id" uuid;--> statement-breakpoint
ALTER TABLE "despesas" ADD COLUMN "recorrencia_id" uuid;--> statement-breakpoint
ALTER TABLE "despesas" ADD COLUMN "recorrencia_ocorrencia" integer;--> statement-breakpoint
ALTER TABLE "receitas" ADD COLUMN "grupo_id" uuid;--> statement-breakpoint
ALTER TABLE "receitas" ADD COLUMN "documento" text;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_receita_id_receitas_id_fk" FOREIGN KEY ("receita_id") REFERENCES "public"."receitas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_despesa_id_despesas_id_fk" FOREIGN KEY ("despesa_id") REFERENCES "public"."despesas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_conta_id_contas_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_forma_pagamento_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_pagamento_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_movimentacao_id_movimentacoes_financeiras_id_fk" FOREIGN KEY ("movimentacao_id") REFERENCES "public"."movimentacoes_financeiras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_estornada_por_id_usuarios_id_fk" FOREIGN KEY ("estornada_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas_financeiras" ADD CONSTRAINT "baixas_financeiras_estorno_movimentacao_id_movimentacoes_financeiras_id_fk" FOREIGN KEY ("estorno_movimentacao_id") REFERENCES "public"."movimentacoes_financeiras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despesa_anexos" ADD CONSTRAINT "despesa_anexos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despesa_anexos" ADD CONSTRAINT "despesa_anexos_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despesa_anexos" ADD CONSTRAINT "despesa_anexos_despesa_id_despesas_id_fk" FOREIGN KEY ("despesa_id") REFERENCES "public"."despesas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despesa_anexos" ADD CONSTRAINT "despesa_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorrencias" ADD CONSTRAINT "recorrencias_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorrencias" ADD CONSTRAINT "recorrencias_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorrencias" ADD CONSTRAINT "recorrencias_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorrencias" ADD CONSTRAINT "recorrencias_categoria_financeira_id_categorias_financeiras_id_fk" FOREIGN KEY ("categoria_financeira_id") REFERENCES "public"."categorias_financeiras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorrencias" ADD CONSTRAINT "recorrencias_forma_pagamento_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_pagamento_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorrencias" ADD CONSTRAINT "recorrencias_conta_id_contas_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baixas_financeiras_receita_idx" ON "baixas_financeiras" USING btree ("receita_id");--> statement-breakpoint
CREATE INDEX "baixas_financeiras_despesa_idx" ON "baixas_financeiras" USING btree ("despesa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "baixas_financeiras_chave_idx" ON "baixas_financeiras" USING btree ("tenant_id","chave");--> statement-breakpoint
CREATE INDEX "despesa_anexos_despesa_idx" ON "despesa_anexos" USING btree ("despesa_id");--> statement-breakpoint
CREATE INDEX "recorrencias_unidade_status_idx" ON "recorrencias" USING btree ("unidade_negocio_id","status");--> statement-breakpoint
ALTER TABLE "despesas" ADD CONSTRAINT "despesas_recorrencia_id_recorrencias_id_fk" FOREIGN KEY ("recorrencia_id") REFERENCES "public"."recorrencias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "despesas_recorrencia_ocorrencia_idx" ON "despesas" USING btree ("recorrencia_id","recorrencia_ocorrencia");--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "baixas_financeiras" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "despesa_anexos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "recorrencias" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);