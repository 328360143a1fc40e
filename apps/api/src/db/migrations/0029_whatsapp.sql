CREATE TABLE "whatsapp_conexoes" (
	"unidade_negocio_id" uuid PRIMARY KEY DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"gateway" text NOT NULL,
	"instancia" text NOT NULL,
	"status" text DEFAULT 'Desconectado' NOT NULL,
	"numero" text,
	"qrcode" text,
	"qrcode_em" timestamp with time zone,
	"conectado_em" timestamp with time zone,
	"webhook_secret" text NOT NULL,
	"credenciais_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_conexoes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "whatsapp_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"tipo" text NOT NULL,
	"chave" text NOT NULL,
	"status" text DEFAULT 'Pendente' NOT NULL,
	"telefone" text NOT NULL,
	"texto" text NOT NULL,
	"pessoa_id" uuid,
	"pet_id" uuid,
	"atendimento_id" uuid,
	"usuario_id" uuid,
	"agendada_para" timestamp with time zone DEFAULT now() NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"ultimo_erro" text,
	"gateway_mensagem_id" text,
	"enviada_em" timestamp with time zone,
	"entregue_em" timestamp with time zone,
	"lida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "resposta_confirmacao" text;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "resposta_confirmacao_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_conexoes" ADD CONSTRAINT "whatsapp_conexoes_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_conexoes" ADD CONSTRAINT "whatsapp_conexoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_pessoa_id_pessoas_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensagens_chave_idx" ON "whatsapp_mensagens" USING btree ("unidade_negocio_id","chave");--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_fila_idx" ON "whatsapp_mensagens" USING btree ("proxima_tentativa_em") WHERE status in ('Pendente', 'Enviando');--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_unidade_created_idx" ON "whatsapp_mensagens" USING btree ("unidade_negocio_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_unidade_enviada_idx" ON "whatsapp_mensagens" USING btree ("unidade_negocio_id","enviada_em") WHERE enviada_em is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_gateway_id_idx" ON "whatsapp_mensagens" USING btree ("gateway_mensagem_id") WHERE gateway_mensagem_id is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_pessoa_idx" ON "whatsapp_mensagens" USING btree ("pessoa_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_atendimento_idx" ON "whatsapp_mensagens" USING btree ("atendimento_id");--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "whatsapp_conexoes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "whatsapp_mensagens" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));