CREATE TABLE "categorias_financeiras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"categoria_pai_id" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categorias_financeiras" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"banco" text,
	"agencia" text,
	"numero_conta" text,
	"saldo_inicial" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "credito_cliente_lancamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid,
	"pessoa_id" uuid NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"origem" text NOT NULL,
	"origem_id" uuid,
	"descricao" text NOT NULL,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credito_cliente_lancamentos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "formas_pagamento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"taxa_percentual" numeric(7, 4) DEFAULT '0' NOT NULL,
	"dias_recebimento" integer DEFAULT 0 NOT NULL,
	"max_parcelas" integer DEFAULT 1 NOT NULL,
	"conta_destino_id" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "formas_pagamento" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "movimentacoes_financeiras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"conta_id" uuid NOT NULL,
	"data" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"descricao" text NOT NULL,
	"origem" text NOT NULL,
	"origem_id" uuid,
	"categoria_financeira_id" uuid,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movimentacoes_financeiras" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "receitas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"descricao" text NOT NULL,
	"pessoa_id" uuid,
	"categoria_financeira_id" uuid,
	"forma_pagamento_id" uuid,
	"conta_id" uuid,
	"venda_id" uuid,
	"venda_financeiro_id" uuid,
	"parcela" integer DEFAULT 1 NOT NULL,
	"total_parcelas" integer DEFAULT 1 NOT NULL,
	"data_emissao" date NOT NULL,
	"data_vencimento" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"valor_taxa" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_pago" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'EmAberto' NOT NULL,
	"data_baixa" date,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receitas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "caixas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"numero" bigint NOT NULL,
	"usuario_id" uuid NOT NULL,
	"status" text DEFAULT 'Aberto' NOT NULL,
	"data_abertura" timestamp with time zone DEFAULT now() NOT NULL,
	"valor_abertura" numeric(14, 2) DEFAULT '0' NOT NULL,
	"data_fechamento" timestamp with time zone,
	"fechado_por_id" uuid,
	"valor_esperado" numeric(14, 2),
	"valor_contado" numeric(14, 2),
	"diferenca" numeric(14, 2),
	"conferencia" jsonb,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caixas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contadores" (
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"nome" text NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "contadores_unidade_negocio_id_nome_pk" PRIMARY KEY("unidade_negocio_id","nome")
);
--> statement-breakpoint
ALTER TABLE "contadores" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "devolucao_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"devolucao_id" uuid NOT NULL,
	"venda_item_id" uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"valor_unitario" numeric(14, 2) NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devolucao_itens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "devolucoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"numero" bigint NOT NULL,
	"venda_id" uuid NOT NULL,
	"cliente_id" uuid,
	"reembolso" text NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	"motivo" text,
	"caixa_id" uuid,
	"usuario_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devolucoes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "movimentacoes_caixa" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"caixa_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"forma_pagamento_id" uuid,
	"valor" numeric(14, 2) NOT NULL,
	"descricao" text NOT NULL,
	"venda_id" uuid,
	"venda_financeiro_id" uuid,
	"devolucao_id" uuid,
	"conta_id" uuid,
	"categoria_financeira_id" uuid,
	"pessoa_id" uuid,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movimentacoes_caixa" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "venda_financeiros" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"venda_id" uuid NOT NULL,
	"chave" text NOT NULL,
	"forma_pagamento_id" uuid NOT NULL,
	"tipo_forma" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"valor_recebido" numeric(14, 2) NOT NULL,
	"troco" numeric(14, 2) DEFAULT '0' NOT NULL,
	"parcelas" integer DEFAULT 1 NOT NULL,
	"taxa_percentual" numeric(7, 4) DEFAULT '0' NOT NULL,
	"data_vencimento" date,
	"caixa_id" uuid,
	"usuario_id" uuid,
	"efetivado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venda_financeiros" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "venda_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"venda_id" uuid NOT NULL,
	"ordem" integer NOT NULL,
	"produto_id" uuid NOT NULL,
	"descricao" text NOT NULL,
	"unidade_sigla" text NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"valor_unitario" numeric(14, 2) NOT NULL,
	"desconto" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tipo_desconto" text DEFAULT 'Valor' NOT NULL,
	"valor_desconto" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	"preco_custo" numeric(14, 2) DEFAULT '0' NOT NULL,
	"quantidade_devolvida" numeric(14, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venda_itens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vendas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"numero" bigint NOT NULL,
	"tipo" text DEFAULT 'Venda' NOT NULL,
	"status" text DEFAULT 'EmAberto' NOT NULL,
	"status_orcamento" text,
	"validade_orcamento" date,
	"em_atendimento" boolean DEFAULT true NOT NULL,
	"caixa_id" uuid,
	"usuario_id" uuid NOT NULL,
	"cliente_id" uuid,
	"pet_id" uuid,
	"valor_bruto" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_desconto_itens" numeric(14, 2) DEFAULT '0' NOT NULL,
	"desconto" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tipo_desconto" text DEFAULT 'Valor' NOT NULL,
	"valor_descontos" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_entrega_frete" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_liquido" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_pago" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_em_aberto" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_troco" numeric(14, 2) DEFAULT '0' NOT NULL,
	"observacoes" text,
	"estoque_baixado" boolean DEFAULT false NOT NULL,
	"data_finalizacao" timestamp with time zone,
	"data_cancelamento" timestamp with time zone,
	"motivo_cancelamento" text,
	"cancelado_por_id" uuid,
	"orcamento_origem_id" uuid,
	"snapshot" jsonb,
	"snapshot_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "estoques" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	"quantidade" numeric(14, 3) DEFAULT '0' NOT NULL,
	"custo_medio" numeric(14, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estoques" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "movimentacoes_estoque" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"unidade_negocio_id" uuid DEFAULT nullif(current_setting('app.unidade_negocio_id', true), '')::uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"custo_unitario" numeric(14, 4) DEFAULT '0' NOT NULL,
	"saldo_resultante" numeric(14, 3) NOT NULL,
	"origem" text NOT NULL,
	"origem_id" uuid,
	"observacao" text,
	"usuario_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movimentacoes_estoque" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "unidades_negocio" ADD COLUMN "permite_estoque_negativo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categorias_financeiras" ADD CONSTRAINT "categorias_financeiras_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorias_financeiras" ADD CONSTRAINT "categorias_financeiras_categoria_pai_id_categorias_financeiras_id_fk" FOREIGN KEY ("categoria_pai_id") REFERENCES "public"."categorias_financeiras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas" ADD CONSTRAINT "contas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contas" ADD CONSTRAINT "contas_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito_cliente_lancamentos" ADD CONSTRAINT "credito_cliente_lancamentos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito_cliente_lancamentos" ADD CONSTRAINT "credito_cliente_lancamentos_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito_cliente_lancamentos" ADD CONSTRAINT "credito_cliente_lancamentos_pessoa_id_pessoas_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito_cliente_lancamentos" ADD CONSTRAINT "credito_cliente_lancamentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formas_pagamento" ADD CONSTRAINT "formas_pagamento_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formas_pagamento" ADD CONSTRAINT "formas_pagamento_conta_destino_id_contas_id_fk" FOREIGN KEY ("conta_destino_id") REFERENCES "public"."contas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_financeiras" ADD CONSTRAINT "movimentacoes_financeiras_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_financeiras" ADD CONSTRAINT "movimentacoes_financeiras_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_financeiras" ADD CONSTRAINT "movimentacoes_financeiras_conta_id_contas_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_financeiras" ADD CONSTRAINT "movimentacoes_financeiras_categoria_financeira_id_categorias_financeiras_id_fk" FOREIGN KEY ("categoria_financeira_id") REFERENCES "public"."categorias_financeiras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_financeiras" ADD CONSTRAINT "movimentacoes_financeiras_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receitas" ADD CONSTRAINT "receitas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receitas" ADD CONSTRAINT "receitas_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receitas" ADD CONSTRAINT "receitas_pessoa_id_pessoas_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receitas" ADD CONSTRAINT "receitas_categoria_financeira_id_categorias_financeiras_id_fk" FOREIGN KEY ("categoria_financeira_id") REFERENCES "public"."categorias_financeiras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receitas" ADD CONSTRAINT "receitas_forma_pagamento_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_pagamento_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receitas" ADD CONSTRAINT "receitas_conta_id_contas_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caixas" ADD CONSTRAINT "caixas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caixas" ADD CONSTRAINT "caixas_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caixas" ADD CONSTRAINT "caixas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caixas" ADD CONSTRAINT "caixas_fechado_por_id_usuarios_id_fk" FOREIGN KEY ("fechado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contadores" ADD CONSTRAINT "contadores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contadores" ADD CONSTRAINT "contadores_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucao_itens" ADD CONSTRAINT "devolucao_itens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucao_itens" ADD CONSTRAINT "devolucao_itens_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucao_itens" ADD CONSTRAINT "devolucao_itens_devolucao_id_devolucoes_id_fk" FOREIGN KEY ("devolucao_id") REFERENCES "public"."devolucoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucao_itens" ADD CONSTRAINT "devolucao_itens_venda_item_id_venda_itens_id_fk" FOREIGN KEY ("venda_item_id") REFERENCES "public"."venda_itens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucao_itens" ADD CONSTRAINT "devolucao_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_cliente_id_pessoas_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_caixa_id_caixas_id_fk" FOREIGN KEY ("caixa_id") REFERENCES "public"."caixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_caixa" ADD CONSTRAINT "movimentacoes_caixa_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_caixa" ADD CONSTRAINT "movimentacoes_caixa_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_caixa" ADD CONSTRAINT "movimentacoes_caixa_caixa_id_caixas_id_fk" FOREIGN KEY ("caixa_id") REFERENCES "public"."caixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_caixa" ADD CONSTRAINT "movimentacoes_caixa_forma_pagamento_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_pagamento_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_caixa" ADD CONSTRAINT "movimentacoes_caixa_conta_id_contas_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_caixa" ADD CONSTRAINT "movimentacoes_caixa_categoria_financeira_id_categorias_financeiras_id_fk" FOREIGN KEY ("categoria_financeira_id") REFERENCES "public"."categorias_financeiras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_caixa" ADD CONSTRAINT "movimentacoes_caixa_pessoa_id_pessoas_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_caixa" ADD CONSTRAINT "movimentacoes_caixa_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD CONSTRAINT "venda_financeiros_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD CONSTRAINT "venda_financeiros_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD CONSTRAINT "venda_financeiros_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD CONSTRAINT "venda_financeiros_forma_pagamento_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_pagamento_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD CONSTRAINT "venda_financeiros_caixa_id_caixas_id_fk" FOREIGN KEY ("caixa_id") REFERENCES "public"."caixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_financeiros" ADD CONSTRAINT "venda_financeiros_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_itens" ADD CONSTRAINT "venda_itens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_itens" ADD CONSTRAINT "venda_itens_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_itens" ADD CONSTRAINT "venda_itens_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_itens" ADD CONSTRAINT "venda_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_caixa_id_caixas_id_fk" FOREIGN KEY ("caixa_id") REFERENCES "public"."caixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_cliente_id_pessoas_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."pessoas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_cancelado_por_id_usuarios_id_fk" FOREIGN KEY ("cancelado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoques" ADD CONSTRAINT "estoques_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoques" ADD CONSTRAINT "estoques_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoques" ADD CONSTRAINT "estoques_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_estoque" ADD CONSTRAINT "movimentacoes_estoque_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_estoque" ADD CONSTRAINT "movimentacoes_estoque_unidade_negocio_id_unidades_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "public"."unidades_negocio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_estoque" ADD CONSTRAINT "movimentacoes_estoque_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentacoes_estoque" ADD CONSTRAINT "movimentacoes_estoque_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_financeiras_tenant_nome_idx" ON "categorias_financeiras" USING btree ("tenant_id","tipo",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "categorias_financeiras_pai_idx" ON "categorias_financeiras" USING btree ("categoria_pai_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contas_unidade_nome_idx" ON "contas" USING btree ("unidade_negocio_id",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "credito_cliente_pessoa_idx" ON "credito_cliente_lancamentos" USING btree ("pessoa_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "formas_pagamento_tenant_nome_idx" ON "formas_pagamento" USING btree ("tenant_id",f_busca("nome"));--> statement-breakpoint
CREATE INDEX "movimentacoes_financeiras_conta_idx" ON "movimentacoes_financeiras" USING btree ("conta_id","data");--> statement-breakpoint
CREATE INDEX "receitas_unidade_vencimento_idx" ON "receitas" USING btree ("unidade_negocio_id","data_vencimento");--> statement-breakpoint
CREATE INDEX "receitas_pessoa_idx" ON "receitas" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "receitas_venda_idx" ON "receitas" USING btree ("venda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "caixas_unidade_numero_idx" ON "caixas" USING btree ("unidade_negocio_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "caixas_aberto_por_operador_idx" ON "caixas" USING btree ("unidade_negocio_id","usuario_id") WHERE status = 'Aberto';--> statement-breakpoint
CREATE INDEX "caixas_unidade_abertura_idx" ON "caixas" USING btree ("unidade_negocio_id","data_abertura");--> statement-breakpoint
CREATE INDEX "devolucao_itens_devolucao_idx" ON "devolucao_itens" USING btree ("devolucao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devolucoes_unidade_numero_idx" ON "devolucoes" USING btree ("unidade_negocio_id","numero");--> statement-breakpoint
CREATE INDEX "devolucoes_venda_idx" ON "devolucoes" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "movimentacoes_caixa_caixa_idx" ON "movimentacoes_caixa" USING btree ("caixa_id","created_at");--> statement-breakpoint
CREATE INDEX "movimentacoes_caixa_unidade_data_idx" ON "movimentacoes_caixa" USING btree ("unidade_negocio_id","created_at");--> statement-breakpoint
CREATE INDEX "movimentacoes_caixa_venda_idx" ON "movimentacoes_caixa" USING btree ("venda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venda_financeiros_chave_idx" ON "venda_financeiros" USING btree ("venda_id","chave");--> statement-breakpoint
CREATE INDEX "venda_itens_venda_idx" ON "venda_itens" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "venda_itens_produto_idx" ON "venda_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendas_unidade_numero_idx" ON "vendas" USING btree ("unidade_negocio_id","numero");--> statement-breakpoint
CREATE INDEX "vendas_unidade_created_idx" ON "vendas" USING btree ("unidade_negocio_id","created_at");--> statement-breakpoint
CREATE INDEX "vendas_cliente_idx" ON "vendas" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "vendas_caixa_idx" ON "vendas" USING btree ("caixa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estoques_unidade_produto_idx" ON "estoques" USING btree ("unidade_negocio_id","produto_id");--> statement-breakpoint
CREATE INDEX "movimentacoes_estoque_produto_idx" ON "movimentacoes_estoque" USING btree ("unidade_negocio_id","produto_id","created_at");--> statement-breakpoint
CREATE INDEX "movimentacoes_estoque_origem_idx" ON "movimentacoes_estoque" USING btree ("origem_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "categorias_financeiras" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "contas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "credito_cliente_lancamentos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "formas_pagamento" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "movimentacoes_financeiras" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "receitas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "caixas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "contadores" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "devolucao_itens" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "devolucoes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "movimentacoes_caixa" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "venda_financeiros" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "venda_itens" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "vendas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "estoques" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "unit_isolation" ON "movimentacoes_estoque" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid and unidade_negocio_id = nullif(current_setting('app.unidade_negocio_id', true), '')::uuid);