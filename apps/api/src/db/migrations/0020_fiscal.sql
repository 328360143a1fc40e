CREATE TABLE "documentos_fiscais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"venda_id" uuid NOT NULL,
	"modelo" integer DEFAULT 65 NOT NULL,
	"serie" integer NOT NULL,
	"numero" integer NOT NULL,
	"chave" text NOT NULL,
	"tipo_emissao" text DEFAULT '1' NOT NULL,
	"ambiente" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"c_stat" text,
	"motivo" text,
	"protocolo" text,
	"data_autorizacao" timestamp with time zone,
	"xml" text NOT NULL,
	"cpf_destinatario" text,
	"valor_total" numeric(14, 2) NOT NULL,
	"emitido_em" timestamp with time zone NOT NULL,
	"contingencia_desde" timestamp with time zone,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone,
	"justificativa_cancelamento" text,
	"protocolo_cancelamento" text,
	"data_cancelamento" timestamp with time zone,
	"xml_cancelamento" text,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documentos_fiscais" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "eventos_fiscais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"documento_fiscal_id" uuid,
	"inutilizacao_fiscal_id" uuid,
	"tipo" text NOT NULL,
	"c_stat" text,
	"motivo" text,
	"detalhes" jsonb,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eventos_fiscais" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "inutilizacoes_fiscais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"modelo" integer DEFAULT 65 NOT NULL,
	"serie" integer NOT NULL,
	"numero_inicial" integer NOT NULL,
	"numero_final" integer NOT NULL,
	"justificativa" text NOT NULL,
	"ambiente" text NOT NULL,
	"status" text NOT NULL,
	"c_stat" text,
	"motivo" text,
	"protocolo" text,
	"xml" text NOT NULL,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inutilizacoes_fiscais" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "unidades_negocio" ADD COLUMN "certificado_cnpj" text;--> statement-breakpoint
ALTER TABLE "unidades_negocio" ADD COLUMN "nfce_emissao_automatica" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "unidades_negocio" ADD COLUMN "pix_chave" text;--> statement-breakpoint
ALTER TABLE "documentos_fiscais" ADD CONSTRAINT "documentos_fiscais_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_fiscais" ADD CONSTRAINT "documentos_fiscais_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_fiscais" ADD CONSTRAINT "documentos_fiscais_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_fiscais" ADD CONSTRAINT "documentos_fiscais_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_fiscais" ADD CONSTRAINT "eventos_fiscais_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_fiscais" ADD CONSTRAINT "eventos_fiscais_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_fiscais" ADD CONSTRAINT "eventos_fiscais_documento_fiscal_id_documentos_fiscais_id_fk" FOREIGN KEY ("documento_fiscal_id") REFERENCES "public"."documentos_fiscais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_fiscais" ADD CONSTRAINT "eventos_fiscais_inutilizacao_fiscal_id_inutilizacoes_fiscais_id_fk" FOREIGN KEY ("inutilizacao_fiscal_id") REFERENCES "public"."inutilizacoes_fiscais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_fiscais" ADD CONSTRAINT "eventos_fiscais_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inutilizacoes_fiscais" ADD CONSTRAINT "inutilizacoes_fiscais_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inutilizacoes_fiscais" ADD CONSTRAINT "inutilizacoes_fiscais_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inutilizacoes_fiscais" ADD CONSTRAINT "inutilizacoes_fiscais_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documentos_fiscais_numero_idx" ON "documentos_fiscais" USING btree ("unidade_negocio_id","modelo","serie","numero");--> statement-breakpoint
CREATE INDEX "documentos_fiscais_venda_idx" ON "documentos_fiscais" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "documentos_fiscais_unidade_emitido_idx" ON "documentos_fiscais" USING btree ("unidade_negocio_id","emitido_em");--> statement-breakpoint
CREATE INDEX "documentos_fiscais_pendentes_idx" ON "documentos_fiscais" USING btree ("proxima_tentativa_em") WHERE status in ('contingencia', 'pendente');--> statement-breakpoint
CREATE INDEX "eventos_fiscais_documento_idx" ON "eventos_fiscais" USING btree ("documento_fiscal_id");--> statement-breakpoint
CREATE INDEX "inutilizacoes_fiscais_unidade_idx" ON "inutilizacoes_fiscais" USING btree ("unidade_negocio_id","serie","numero_inicial");--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "documentos_fiscais" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "eventos_fiscais" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "inutilizacoes_fiscais" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));