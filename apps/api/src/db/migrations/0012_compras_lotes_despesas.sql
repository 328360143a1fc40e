CREATE TABLE "despesas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"descricao" text NOT NULL,
	"fornecedor_id" uuid,
	"categoria_financeira_id" uuid,
	"forma_pagamento_id" uuid,
	"conta_id" uuid,
	"compra_id" uuid,
	"documento" text,
	"parcela" integer DEFAULT 1 NOT NULL,
	"total_parcelas" integer DEFAULT 1 NOT NULL,
	"data_emissao" date NOT NULL,
	"data_vencimento" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"valor_pago" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'EmAberto' NOT NULL,
	"data_baixa" date,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "despesas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	"numero" text NOT NULL,
	"data_fabricacao" date,
	"data_validade" date,
	"quantidade" numeric(14, 3) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lotes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "compra_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"compra_id" uuid NOT NULL,
	"ordem" integer NOT NULL,
	"produto_id" uuid,
	"descricao" text NOT NULL,
	"codigo_fornecedor" text,
	"gtin" text,
	"ncm" text,
	"cest" text,
	"cfop" text,
	"unidade_fornecedor" text,
	"quantidade_fornecedor" numeric(14, 4) NOT NULL,
	"valor_unitario_fornecedor" numeric(14, 4) NOT NULL,
	"fator_conversao" numeric(14, 4) DEFAULT '1' NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"custo_unitario" numeric(14, 4) NOT NULL,
	"valor_desconto" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	"lotes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compra_itens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "compra_parcelas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"compra_id" uuid NOT NULL,
	"parcela" integer NOT NULL,
	"numero" text,
	"data_vencimento" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compra_parcelas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "compras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"numero" bigint NOT NULL,
	"status" text DEFAULT 'Rascunho' NOT NULL,
	"origem" text DEFAULT 'manual' NOT NULL,
	"fornecedor_id" uuid,
	"numero_nota" text,
	"serie" text,
	"chave_acesso" text,
	"versao_nfe" text,
	"data_emissao" date,
	"data_entrada" date,
	"valor_produtos" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_frete" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_desconto" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_outros" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"observacoes" text,
	"avisos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"xml" text,
	"usuario_id" uuid,
	"finalizada_em" timestamp with time zone,
	"cancelada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compras" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fornecedor_produtos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"fornecedor_id" uuid NOT NULL,
	"codigo_fornecedor" text NOT NULL,
	"produto_id" uuid NOT NULL,
	"unidade_fornecedor" text,
	"fator_conversao" numeric(14, 4) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fornecedor_produtos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "unidades_negocio" ADD COLUMN "metodo_custo" text DEFAULT 'medio' NOT NULL;--> statement-breakpoint
ALTER TABLE "movimentacoes_estoque" ADD COLUMN "lote_id" uuid;--> statement-breakpoint
ALTER TABLE "despesas" ADD CONSTRAINT "despesas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despesas" ADD CONSTRAINT "despesas_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despesas" ADD CONSTRAINT "despesas_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despesas" ADD CONSTRAINT "despesas_categoria_financeira_id_categorias_financeiras_id_fk" FOREIGN KEY ("categoria_financeira_id") REFERENCES "public"."categorias_financeiras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despesas" ADD CONSTRAINT "despesas_forma_pagamento_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_pagamento_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despesas" ADD CONSTRAINT "despesas_conta_id_contas_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_itens" ADD CONSTRAINT "compra_itens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_itens" ADD CONSTRAINT "compra_itens_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_itens" ADD CONSTRAINT "compra_itens_compra_id_compras_id_fk" FOREIGN KEY ("compra_id") REFERENCES "public"."compras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_itens" ADD CONSTRAINT "compra_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_parcelas" ADD CONSTRAINT "compra_parcelas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_parcelas" ADD CONSTRAINT "compra_parcelas_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compra_parcelas" ADD CONSTRAINT "compra_parcelas_compra_id_compras_id_fk" FOREIGN KEY ("compra_id") REFERENCES "public"."compras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compras" ADD CONSTRAINT "compras_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compras" ADD CONSTRAINT "compras_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compras" ADD CONSTRAINT "compras_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compras" ADD CONSTRAINT "compras_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fornecedor_produtos" ADD CONSTRAINT "fornecedor_produtos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fornecedor_produtos" ADD CONSTRAINT "fornecedor_produtos_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fornecedor_produtos" ADD CONSTRAINT "fornecedor_produtos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "despesas_unidade_vencimento_idx" ON "despesas" USING btree ("unidade_negocio_id","data_vencimento");--> statement-breakpoint
CREATE INDEX "despesas_fornecedor_idx" ON "despesas" USING btree ("fornecedor_id");--> statement-breakpoint
CREATE INDEX "despesas_compra_idx" ON "despesas" USING btree ("compra_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lotes_unidade_produto_numero_idx" ON "lotes" USING btree ("unidade_negocio_id","produto_id","numero");--> statement-breakpoint
CREATE INDEX "lotes_unidade_validade_idx" ON "lotes" USING btree ("unidade_negocio_id","data_validade");--> statement-breakpoint
CREATE INDEX "compra_itens_compra_idx" ON "compra_itens" USING btree ("compra_id");--> statement-breakpoint
CREATE INDEX "compra_itens_produto_idx" ON "compra_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "compra_parcelas_compra_idx" ON "compra_parcelas" USING btree ("compra_id");--> statement-breakpoint
CREATE UNIQUE INDEX "compras_unidade_numero_idx" ON "compras" USING btree ("unidade_negocio_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "compras_unidade_chave_idx" ON "compras" USING btree ("unidade_negocio_id","chave_acesso") WHERE "compras"."chave_acesso" is not null and "compras"."status" <> 'Cancelada';--> statement-breakpoint
CREATE INDEX "compras_unidade_entrada_idx" ON "compras" USING btree ("unidade_negocio_id","data_entrada");--> statement-breakpoint
CREATE INDEX "compras_fornecedor_idx" ON "compras" USING btree ("fornecedor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fornecedor_produtos_codigo_idx" ON "fornecedor_produtos" USING btree ("fornecedor_id","codigo_fornecedor");--> statement-breakpoint
CREATE INDEX "fornecedor_produtos_produto_idx" ON "fornecedor_produtos" USING btree ("produto_id");--> statement-breakpoint
ALTER TABLE "movimentacoes_estoque" ADD CONSTRAINT "movimentacoes_estoque_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movimentacoes_estoque_lote_idx" ON "movimentacoes_estoque" USING btree ("lote_id");--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "despesas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "lotes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "compra_itens" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "compra_parcelas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "compras" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "fornecedor_produtos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);