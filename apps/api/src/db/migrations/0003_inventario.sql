CREATE TABLE "categorias_produto" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"categoria_pai_id" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categorias_produto" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fornecedores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"razao_social" text NOT NULL,
	"nome_fantasia" text,
	"cpf_cnpj" text,
	"inscricao_estadual" text,
	"email" text,
	"telefone" text,
	"contato" text,
	"cep" text,
	"logradouro" text,
	"numero" text,
	"complemento" text,
	"bairro" text,
	"cidade" text,
	"uf" text,
	"codigo_ibge" text,
	"observacoes" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fornecedores" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "marcas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marcas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"tipo" text DEFAULT 'produto' NOT NULL,
	"nome" text NOT NULL,
	"codigo" text,
	"codigo_busca" text GENERATED ALWAYS AS (upper(codigo)) STORED,
	"codigo_barras" text,
	"marca_id" uuid,
	"categoria_id" uuid,
	"unidade_medida_id" uuid NOT NULL,
	"preco_custo" numeric(14, 2) DEFAULT '0' NOT NULL,
	"markup" numeric(12, 2) DEFAULT '0' NOT NULL,
	"preco_venda" numeric(14, 2) DEFAULT '0' NOT NULL,
	"estoque_minimo" numeric(14, 3) DEFAULT '0' NOT NULL,
	"controla_estoque" boolean DEFAULT true NOT NULL,
	"controla_lote" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"produto_granel_id" uuid,
	"fator_conversao" numeric(14, 3),
	"ncm" text,
	"cest" text,
	"cfop" text,
	"origem" text DEFAULT '0' NOT NULL,
	"csosn" text,
	"cst" text,
	"pis_cst" text,
	"cofins_cst" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "produtos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "unidades_medida" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"sigla" text NOT NULL,
	"descricao" text NOT NULL,
	"permite_venda_fracionada" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unidades_medida" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "categorias_produto" ADD CONSTRAINT "categorias_produto_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorias_produto" ADD CONSTRAINT "categorias_produto_categoria_pai_id_categorias_produto_id_fk" FOREIGN KEY ("categoria_pai_id") REFERENCES "public"."categorias_produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fornecedores" ADD CONSTRAINT "fornecedores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marcas" ADD CONSTRAINT "marcas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_marca_id_marcas_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_categoria_id_categorias_produto_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias_produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_unidade_medida_id_unidades_medida_id_fk" FOREIGN KEY ("unidade_medida_id") REFERENCES "public"."unidades_medida"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_produto_granel_id_produtos_id_fk" FOREIGN KEY ("produto_granel_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades_medida" ADD CONSTRAINT "unidades_medida_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_produto_tenant_nome_idx" ON "categorias_produto" USING btree ("tenant_id",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "categorias_produto_pai_idx" ON "categorias_produto" USING btree ("categoria_pai_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fornecedores_tenant_cpf_cnpj_idx" ON "fornecedores" USING btree ("tenant_id","cpf_cnpj");--> statement-breakpoint
CREATE UNIQUE INDEX "marcas_tenant_nome_idx" ON "marcas" USING btree ("tenant_id",f_busca("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_tenant_codigo_barras_idx" ON "produtos" USING btree ("tenant_id","codigo_barras");--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_tenant_codigo_idx" ON "produtos" USING btree ("tenant_id","codigo_busca");--> statement-breakpoint
CREATE INDEX "produtos_tenant_nome_idx" ON "produtos" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE INDEX "produtos_nome_busca_idx" ON "produtos" USING gin (f_busca("nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produtos_marca_idx" ON "produtos" USING btree ("marca_id");--> statement-breakpoint
CREATE INDEX "produtos_categoria_idx" ON "produtos" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "produtos_unidade_medida_idx" ON "produtos" USING btree ("unidade_medida_id");--> statement-breakpoint
CREATE INDEX "produtos_granel_idx" ON "produtos" USING btree ("produto_granel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_medida_tenant_sigla_idx" ON "unidades_medida" USING btree ("tenant_id","sigla");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "categorias_produto" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "fornecedores" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "marcas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "produtos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "unidades_medida" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);