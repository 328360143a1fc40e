CREATE TABLE "agenda_configuracoes" (
	"unidade_negocio_id" uuid PRIMARY KEY DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"horarios" jsonb NOT NULL,
	"intervalo_minutos" integer DEFAULT 30 NOT NULL,
	"pets_por_profissional" integer DEFAULT 1 NOT NULL,
	"pets_por_box" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_configuracoes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "atendimento_historico" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"atendimento_id" uuid NOT NULL,
	"campo" text NOT NULL,
	"de" text,
	"para" text NOT NULL,
	"usuario_id" uuid,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "atendimento_historico" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "atendimento_servicos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"atendimento_id" uuid NOT NULL,
	"ordem" integer NOT NULL,
	"produto_id" uuid NOT NULL,
	"descricao" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "atendimento_servicos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "atendimentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"tipo_atendimento_id" uuid NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"responsavel_id" uuid,
	"sala_id" uuid,
	"box_id" uuid,
	"observacoes" text,
	"nao_fazer" text,
	"status" text DEFAULT 'Agendado' NOT NULL,
	"prioridade" text DEFAULT 'Normal' NOT NULL,
	"atividade" text DEFAULT 'Aguardando' NOT NULL,
	"atividade_desde" timestamp with time zone DEFAULT now() NOT NULL,
	"leva_e_traz" jsonb,
	"recorrencia_id" uuid,
	"venda_id" uuid,
	"pacote_id" uuid,
	"motivo_cancelamento" text,
	"criado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "atendimentos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "boxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boxes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notificacoes_atendimento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"atendimento_id" uuid NOT NULL,
	"pessoa_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"telefone" text,
	"status" text DEFAULT 'Pendente' NOT NULL,
	"erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notificacoes_atendimento" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pacotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"pet_id" uuid,
	"produto_id" uuid NOT NULL,
	"tipo_atendimento_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"venda_id" uuid,
	"venda_item_id" uuid,
	"sessoes_total" integer NOT NULL,
	"sessoes_usadas" integer DEFAULT 0 NOT NULL,
	"valido_ate" date NOT NULL,
	"cancelado" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pacotes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "salas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "salas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tipos_atendimento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"area" text NOT NULL,
	"duracao_minutos" integer NOT NULL,
	"cor" text NOT NULL,
	"produto_id" uuid,
	"recurso" text DEFAULT 'Nenhum' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tipos_atendimento" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "pacote_sessoes" integer;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "pacote_validade_dias" integer;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "pacote_tipo_atendimento_id" uuid;--> statement-breakpoint
ALTER TABLE "agenda_configuracoes" ADD CONSTRAINT "agenda_configuracoes_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_configuracoes" ADD CONSTRAINT "agenda_configuracoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_historico" ADD CONSTRAINT "atendimento_historico_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_historico" ADD CONSTRAINT "atendimento_historico_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_historico" ADD CONSTRAINT "atendimento_historico_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_historico" ADD CONSTRAINT "atendimento_historico_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_servicos" ADD CONSTRAINT "atendimento_servicos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_servicos" ADD CONSTRAINT "atendimento_servicos_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_servicos" ADD CONSTRAINT "atendimento_servicos_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_servicos" ADD CONSTRAINT "atendimento_servicos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_cliente_id_pessoas_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_tipo_atendimento_id_tipos_atendimento_id_fk" FOREIGN KEY ("tipo_atendimento_id") REFERENCES "public"."tipos_atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_responsavel_id_usuarios_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_sala_id_salas_id_fk" FOREIGN KEY ("sala_id") REFERENCES "public"."salas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_pacote_id_pacotes_id_fk" FOREIGN KEY ("pacote_id") REFERENCES "public"."pacotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_criado_por_id_usuarios_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_atendimento" ADD CONSTRAINT "notificacoes_atendimento_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_atendimento" ADD CONSTRAINT "notificacoes_atendimento_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_atendimento" ADD CONSTRAINT "notificacoes_atendimento_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_atendimento" ADD CONSTRAINT "notificacoes_atendimento_pessoa_id_pessoas_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes" ADD CONSTRAINT "pacotes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes" ADD CONSTRAINT "pacotes_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes" ADD CONSTRAINT "pacotes_cliente_id_pessoas_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes" ADD CONSTRAINT "pacotes_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes" ADD CONSTRAINT "pacotes_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes" ADD CONSTRAINT "pacotes_tipo_atendimento_id_tipos_atendimento_id_fk" FOREIGN KEY ("tipo_atendimento_id") REFERENCES "public"."tipos_atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes" ADD CONSTRAINT "pacotes_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacotes" ADD CONSTRAINT "pacotes_venda_item_id_venda_itens_id_fk" FOREIGN KEY ("venda_item_id") REFERENCES "public"."venda_itens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salas" ADD CONSTRAINT "salas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salas" ADD CONSTRAINT "salas_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipos_atendimento" ADD CONSTRAINT "tipos_atendimento_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipos_atendimento" ADD CONSTRAINT "tipos_atendimento_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atendimento_historico_atendimento_idx" ON "atendimento_historico" USING btree ("atendimento_id","em");--> statement-breakpoint
CREATE INDEX "atendimento_servicos_atendimento_idx" ON "atendimento_servicos" USING btree ("atendimento_id","ordem");--> statement-breakpoint
CREATE INDEX "atendimentos_unidade_inicio_idx" ON "atendimentos" USING btree ("unidade_negocio_id","inicio");--> statement-breakpoint
CREATE INDEX "atendimentos_box_inicio_idx" ON "atendimentos" USING btree ("box_id","inicio");--> statement-breakpoint
CREATE INDEX "atendimentos_sala_inicio_idx" ON "atendimentos" USING btree ("sala_id","inicio");--> statement-breakpoint
CREATE INDEX "atendimentos_responsavel_inicio_idx" ON "atendimentos" USING btree ("responsavel_id","inicio");--> statement-breakpoint
CREATE INDEX "atendimentos_pet_idx" ON "atendimentos" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "atendimentos_cliente_idx" ON "atendimentos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "atendimentos_venda_idx" ON "atendimentos" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "atendimentos_pacote_idx" ON "atendimentos" USING btree ("pacote_id");--> statement-breakpoint
CREATE INDEX "atendimentos_recorrencia_idx" ON "atendimentos" USING btree ("recorrencia_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boxes_unidade_nome_idx" ON "boxes" USING btree ("unidade_negocio_id",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "notificacoes_atendimento_status_idx" ON "notificacoes_atendimento" USING btree ("unidade_negocio_id","status","created_at");--> statement-breakpoint
CREATE INDEX "notificacoes_atendimento_atendimento_idx" ON "notificacoes_atendimento" USING btree ("atendimento_id");--> statement-breakpoint
CREATE INDEX "pacotes_cliente_idx" ON "pacotes" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "pacotes_pet_idx" ON "pacotes" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "pacotes_venda_idx" ON "pacotes" USING btree ("venda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salas_unidade_nome_idx" ON "salas" USING btree ("unidade_negocio_id",f_busca("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_atendimento_tenant_nome_idx" ON "tipos_atendimento" USING btree ("tenant_id",f_busca("nome"));--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_pacote_tipo_atendimento_id_tipos_atendimento_id_fk" FOREIGN KEY ("pacote_tipo_atendimento_id") REFERENCES "public"."tipos_atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "agenda_configuracoes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "atendimento_historico" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "atendimento_servicos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "atendimentos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "boxes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "notificacoes_atendimento" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "pacotes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "salas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid) and unidade_negocio_id = (select nullif(current_setting('app.unidade_negocio_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tipos_atendimento" AS PERMISSIVE FOR ALL TO public USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));