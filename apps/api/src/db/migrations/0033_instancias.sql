CREATE TABLE "auth_versao" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"versao" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limites_requisicao" (
	"chave" text PRIMARY KEY NOT NULL,
	"inicio_ms" bigint NOT NULL,
	"janela_ms" integer NOT NULL,
	"contagem" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO auth_versao (id, versao) VALUES (1, 1) ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
-- Bumps the one auth version (issue #22 item 3): every instance drops its cached AuthContexts.
-- Constraint triggers deferred to COMMIT: the version row is locked last and only for the commit,
-- so concurrent writes never wait on it for long nor deadlock through it.
CREATE FUNCTION tg_auth_versao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_versao SET versao = versao + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER usuarios_auth_versao AFTER UPDATE OF ativo, token_version, operador_plataforma, tenant_id ON usuarios
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.ativo IS DISTINCT FROM NEW.ativo OR OLD.token_version IS DISTINCT FROM NEW.token_version
    OR OLD.operador_plataforma IS DISTINCT FROM NEW.operador_plataforma OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION tg_auth_versao();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER usuarios_auth_versao_delete AFTER DELETE ON usuarios
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tg_auth_versao();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER usuario_unidades_auth_versao AFTER INSERT OR UPDATE OR DELETE ON usuario_unidades
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tg_auth_versao();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER unidades_negocio_auth_versao AFTER UPDATE OF ativo ON unidades_negocio
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.ativo IS DISTINCT FROM NEW.ativo) EXECUTE FUNCTION tg_auth_versao();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tenants_auth_versao AFTER UPDATE OF ativo ON tenants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.ativo IS DISTINCT FROM NEW.ativo) EXECUTE FUNCTION tg_auth_versao();
