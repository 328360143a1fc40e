CREATE TABLE "modelos_documento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"conteudo" text NOT NULL,
	"controle_especial" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "modelos_documento" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "planejamentos_vacina" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"vacina_id" uuid NOT NULL,
	"protocolo_id" uuid,
	"aplicacao_protocolo_id" uuid,
	"ordem" integer,
	"descricao" text NOT NULL,
	"data_prevista" date NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"vacina_aplicada_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planejamentos_vacina" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "protocolos_vacina" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"vacina_id" uuid NOT NULL,
	"especie_id" uuid,
	"doses" jsonb NOT NULL,
	"reforco_dias" integer,
	"observacoes" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protocolos_vacina" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "registro_anexos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"registro_id" uuid NOT NULL,
	"arquivo_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"mime_type" text NOT NULL,
	"tamanho" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registro_anexos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "registros_clinicos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"data" timestamp with time zone DEFAULT now() NOT NULL,
	"titulo" text,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"peso" numeric(8, 3),
	"conteudo_html" text,
	"modelo_documento_id" uuid,
	"controle_especial" boolean DEFAULT false NOT NULL,
	"veterinario_id" uuid,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registros_clinicos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vacinas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"fabricante" text,
	"especie_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"produto_id" uuid,
	"observacoes" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vacinas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vacinas_aplicadas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"vacina_id" uuid NOT NULL,
	"planejamento_id" uuid,
	"data_aplicacao" date NOT NULL,
	"lote" text,
	"lote_id" uuid,
	"validade_lote" date,
	"fabricante" text,
	"veterinario_id" uuid,
	"veterinario_nome" text,
	"veterinario_crmv" text,
	"proxima_dose_id" uuid,
	"venda_id" uuid,
	"observacoes" text,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vacinas_aplicadas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "crmv" text;--> statement-breakpoint
ALTER TABLE "venda_itens" ADD COLUMN "vacina_aplicada_id" uuid;--> statement-breakpoint
ALTER TABLE "modelos_documento" ADD CONSTRAINT "modelos_documento_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_vacina" ADD CONSTRAINT "planejamentos_vacina_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_vacina" ADD CONSTRAINT "planejamentos_vacina_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_vacina" ADD CONSTRAINT "planejamentos_vacina_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_vacina" ADD CONSTRAINT "planejamentos_vacina_vacina_id_vacinas_id_fk" FOREIGN KEY ("vacina_id") REFERENCES "public"."vacinas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_vacina" ADD CONSTRAINT "planejamentos_vacina_protocolo_id_protocolos_vacina_id_fk" FOREIGN KEY ("protocolo_id") REFERENCES "public"."protocolos_vacina"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_vacina" ADD CONSTRAINT "protocolos_vacina_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocolos_vacina" ADD CONSTRAINT "protocolos_vacina_vacina_id_vacinas_id_fk" FOREIGN KEY ("vacina_id") REFERENCES "public"."vacinas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_anexos" ADD CONSTRAINT "registro_anexos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_anexos" ADD CONSTRAINT "registro_anexos_registro_id_registros_clinicos_id_fk" FOREIGN KEY ("registro_id") REFERENCES "public"."registros_clinicos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_anexos" ADD CONSTRAINT "registro_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_clinicos" ADD CONSTRAINT "registros_clinicos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_clinicos" ADD CONSTRAINT "registros_clinicos_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_clinicos" ADD CONSTRAINT "registros_clinicos_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_clinicos" ADD CONSTRAINT "registros_clinicos_veterinario_id_usuarios_id_fk" FOREIGN KEY ("veterinario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_clinicos" ADD CONSTRAINT "registros_clinicos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas" ADD CONSTRAINT "vacinas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas" ADD CONSTRAINT "vacinas_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas_aplicadas" ADD CONSTRAINT "vacinas_aplicadas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas_aplicadas" ADD CONSTRAINT "vacinas_aplicadas_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas_aplicadas" ADD CONSTRAINT "vacinas_aplicadas_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas_aplicadas" ADD CONSTRAINT "vacinas_aplicadas_vacina_id_vacinas_id_fk" FOREIGN KEY ("vacina_id") REFERENCES "public"."vacinas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas_aplicadas" ADD CONSTRAINT "vacinas_aplicadas_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas_aplicadas" ADD CONSTRAINT "vacinas_aplicadas_veterinario_id_usuarios_id_fk" FOREIGN KEY ("veterinario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas_aplicadas" ADD CONSTRAINT "vacinas_aplicadas_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacinas_aplicadas" ADD CONSTRAINT "vacinas_aplicadas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "modelos_documento_tenant_tipo_idx" ON "modelos_documento" USING btree ("tenant_id","tipo");--> statement-breakpoint
CREATE INDEX "planejamentos_vacina_pet_idx" ON "planejamentos_vacina" USING btree ("pet_id","data_prevista");--> statement-breakpoint
CREATE INDEX "planejamentos_vacina_unidade_idx" ON "planejamentos_vacina" USING btree ("unidade_negocio_id","status","data_prevista");--> statement-breakpoint
CREATE INDEX "planejamentos_vacina_aplicacao_idx" ON "planejamentos_vacina" USING btree ("aplicacao_protocolo_id");--> statement-breakpoint
CREATE INDEX "protocolos_vacina_vacina_idx" ON "protocolos_vacina" USING btree ("vacina_id");--> statement-breakpoint
CREATE INDEX "registro_anexos_registro_idx" ON "registro_anexos" USING btree ("registro_id");--> statement-breakpoint
CREATE INDEX "registros_clinicos_pet_idx" ON "registros_clinicos" USING btree ("pet_id","data");--> statement-breakpoint
CREATE INDEX "registros_clinicos_peso_idx" ON "registros_clinicos" USING btree ("pet_id","data") WHERE peso is not null;--> statement-breakpoint
CREATE INDEX "vacinas_tenant_nome_idx" ON "vacinas" USING btree ("tenant_id",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "vacinas_aplicadas_pet_idx" ON "vacinas_aplicadas" USING btree ("pet_id","data_aplicacao");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "modelos_documento" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "planejamentos_vacina" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "protocolos_vacina" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "registro_anexos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "registros_clinicos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "vacinas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "vacinas_aplicadas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));