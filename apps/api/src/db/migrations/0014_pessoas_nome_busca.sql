DROP INDEX "pessoas_tenant_nome_idx";--> statement-breakpoint
DROP INDEX "pessoas_nome_busca_idx";--> statement-breakpoint
ALTER TABLE "pessoas" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (f_busca(nome)) STORED;--> statement-breakpoint
CREATE INDEX "pessoas_tenant_nome_idx" ON "pessoas" USING btree ("tenant_id","nome_busca");--> statement-breakpoint
CREATE INDEX "pessoas_nome_busca_idx" ON "pessoas" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
-- f_pessoas_busca (migration pessoas_busca) now answers each person found with what the list
-- orders and filters by (`nome_busca`, `ativo`), taken from the rows the search already reads:
-- the caller counts, orders and pages the matches without reading every matched row again by
-- id (a common surname matches thousands of 200 000 customers), and reads the page's rows only.
-- The name is compared as the stored `nome_busca`, not computed again for every candidate.
DROP FUNCTION f_pessoas_busca(text, text);--> statement-breakpoint
CREATE FUNCTION f_pessoas_busca(texto text, digitos text)
  RETURNS TABLE (id uuid, nome_busca text, ativo boolean)
  LANGUAGE sql STABLE SECURITY DEFINER PARALLEL SAFE
  SET search_path = public, pg_temp
  AS $$
    WITH termo AS (
      SELECT '%' || f_busca(replace(replace(replace(texto, '\', '\\'), '%', '\%'), '_', '\_')) || '%' AS padrao,
             nullif(current_setting('app.tenant_id', true), '')::uuid AS tenant
    )
    SELECT p.id, p.nome_busca, p.ativo FROM pessoas p, termo
     WHERE p.tenant_id = termo.tenant
       AND (p.nome_busca LIKE termo.padrao OR f_busca(p.email) LIKE termo.padrao)
    UNION
    SELECT p.id, p.nome_busca, p.ativo
      FROM pets pe JOIN pet_tutores t ON t.pet_id = pe.id JOIN pessoas p ON p.id = t.pessoa_id, termo
     WHERE pe.tenant_id = termo.tenant AND p.tenant_id = termo.tenant AND f_busca(pe.nome) LIKE termo.padrao
    UNION
    SELECT p.id, p.nome_busca, p.ativo FROM pessoas p, termo
     WHERE digitos IS NOT NULL AND p.tenant_id = termo.tenant
       AND (p.cpf_cnpj LIKE '%' || digitos || '%' OR (p.telefones::text) LIKE '%' || digitos || '%')
  $$;
