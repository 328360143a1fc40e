CREATE TABLE "pessoas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"cpf_cnpj" text,
	"rg" text,
	"data_nascimento" date,
	"sexo" text,
	"email" text,
	"telefones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cep" text,
	"logradouro" text,
	"numero" text,
	"complemento" text,
	"bairro" text,
	"cidade" text,
	"uf" text,
	"codigo_ibge" text,
	"observacoes" text,
	"como_conheceu" text,
	"consentimento_marketing" boolean DEFAULT false NOT NULL,
	"consentimento_marketing_em" timestamp with time zone,
	"foto_arquivo_id" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pessoas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "especies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "especies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pelagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"especie_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pelagens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pet_tutores" (
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"pessoa_id" uuid NOT NULL,
	"principal" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pet_tutores_pet_id_pessoa_id_pk" PRIMARY KEY("pet_id","pessoa_id")
);
--> statement-breakpoint
ALTER TABLE "pet_tutores" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"especie_id" uuid,
	"raca_id" uuid,
	"pelagem_id" uuid,
	"sexo" text,
	"castrado" boolean DEFAULT false NOT NULL,
	"data_nascimento" date,
	"idade_estimada_meses" integer,
	"porte" text,
	"microchip" text,
	"peso" numeric(8, 3),
	"agressivo" boolean DEFAULT false NOT NULL,
	"usa_focinheira" boolean DEFAULT false NOT NULL,
	"alergias" text,
	"observacoes" text,
	"foto_arquivo_id" uuid,
	"data_obito" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "racas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"especie_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"porte" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "racas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "cep_cache" (
	"cep" text PRIMARY KEY NOT NULL,
	"encontrado" boolean NOT NULL,
	"logradouro" text,
	"complemento" text,
	"bairro" text,
	"cidade" text,
	"uf" text,
	"codigo_ibge" text,
	"consultado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_foto_arquivo_id_arquivos_id_fk" FOREIGN KEY ("foto_arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "especies" ADD CONSTRAINT "especies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pelagens" ADD CONSTRAINT "pelagens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pelagens" ADD CONSTRAINT "pelagens_especie_id_especies_id_fk" FOREIGN KEY ("especie_id") REFERENCES "public"."especies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_tutores" ADD CONSTRAINT "pet_tutores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_tutores" ADD CONSTRAINT "pet_tutores_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_tutores" ADD CONSTRAINT "pet_tutores_pessoa_id_pessoas_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_especie_id_especies_id_fk" FOREIGN KEY ("especie_id") REFERENCES "public"."especies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_raca_id_racas_id_fk" FOREIGN KEY ("raca_id") REFERENCES "public"."racas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_pelagem_id_pelagens_id_fk" FOREIGN KEY ("pelagem_id") REFERENCES "public"."pelagens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_foto_arquivo_id_arquivos_id_fk" FOREIGN KEY ("foto_arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racas" ADD CONSTRAINT "racas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racas" ADD CONSTRAINT "racas_especie_id_especies_id_fk" FOREIGN KEY ("especie_id") REFERENCES "public"."especies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pessoas_tenant_cpf_cnpj_idx" ON "pessoas" USING btree ("tenant_id","cpf_cnpj") WHERE cpf_cnpj is not null;--> statement-breakpoint
CREATE INDEX "pessoas_tenant_nome_idx" ON "pessoas" USING btree ("tenant_id",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "pessoas_nome_busca_idx" ON "pessoas" USING gin (f_busca("nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pessoas_email_busca_idx" ON "pessoas" USING gin (f_busca("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pessoas_cpf_cnpj_busca_idx" ON "pessoas" USING gin ("cpf_cnpj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pessoas_telefones_busca_idx" ON "pessoas" USING gin (("telefones"::text) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "especies_tenant_nome_idx" ON "especies" USING btree ("tenant_id",f_busca("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "pelagens_tenant_especie_nome_idx" ON "pelagens" USING btree ("tenant_id","especie_id",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "pelagens_especie_idx" ON "pelagens" USING btree ("especie_id");--> statement-breakpoint
CREATE INDEX "pet_tutores_pessoa_idx" ON "pet_tutores" USING btree ("pessoa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pet_tutores_principal_idx" ON "pet_tutores" USING btree ("pet_id") WHERE principal;--> statement-breakpoint
CREATE UNIQUE INDEX "pets_tenant_microchip_idx" ON "pets" USING btree ("tenant_id","microchip") WHERE microchip is not null;--> statement-breakpoint
CREATE INDEX "pets_tenant_nome_idx" ON "pets" USING btree ("tenant_id",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "pets_nome_busca_idx" ON "pets" USING gin (f_busca("nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pets_especie_idx" ON "pets" USING btree ("especie_id");--> statement-breakpoint
CREATE INDEX "pets_raca_idx" ON "pets" USING btree ("raca_id");--> statement-breakpoint
CREATE INDEX "pets_pelagem_idx" ON "pets" USING btree ("pelagem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "racas_tenant_especie_nome_idx" ON "racas" USING btree ("tenant_id","especie_id",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "racas_especie_idx" ON "racas" USING btree ("especie_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "pessoas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "especies" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "pelagens" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "pet_tutores" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "pets" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "racas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);