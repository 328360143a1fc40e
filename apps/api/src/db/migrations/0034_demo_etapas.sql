CREATE TABLE "demo_etapas" (
	"etapa" text PRIMARY KEY NOT NULL,
	"dados" jsonb,
	"concluida_em" timestamp with time zone DEFAULT now() NOT NULL
);
