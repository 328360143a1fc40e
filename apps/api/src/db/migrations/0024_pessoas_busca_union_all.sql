-- f_pessoas_busca (migrations pessoas_busca, pessoas_nome_busca) without the UNION over every
-- match: the people found by name or e-mail come from one scan of `pessoas` and are distinct
-- already; those found only by a pet's name or by CPF/CNPJ/phone digits (few) are added with
-- UNION ALL, leaving out the ones the first scan found. A common surname (15 680 of 200 000
-- customers for "silva") no longer goes through a hash of 15 000 rows to drop duplicates that
-- cannot be there: about 40 % less time per call on the bench data (bench/README.md, issue #20).
-- PL/pgSQL instead of SQL: a SQL function that is not inlined (SECURITY DEFINER never is) is
-- planned again on every call (3 ms here); PL/pgSQL keeps its plan for the connection. Same
-- answer, same signature and the same SECURITY DEFINER reason (row-level security keeps LIKE
-- away from the trigram indexes; the tenant filter is applied here).
CREATE OR REPLACE FUNCTION f_pessoas_busca(texto text, digitos text)
  RETURNS TABLE (id uuid, nome_busca text, ativo boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER PARALLEL SAFE
  SET search_path = public, pg_temp
  AS $fn$
  BEGIN
    RETURN QUERY
    WITH termo AS (
      SELECT '%' || f_busca(replace(replace(replace(texto, '\', '\\'), '%', '\%'), '_', '\_')) || '%' AS padrao,
             nullif(current_setting('app.tenant_id', true), '')::uuid AS tenant
    ),
    outras AS (
      SELECT t.pessoa_id AS id FROM pets pe JOIN pet_tutores t ON t.pet_id = pe.id, termo
       WHERE pe.tenant_id = termo.tenant AND f_busca(pe.nome) LIKE termo.padrao
      UNION
      SELECT p.id FROM pessoas p, termo
       WHERE digitos IS NOT NULL AND p.tenant_id = termo.tenant
         AND (p.cpf_cnpj LIKE '%' || digitos || '%' OR (p.telefones::text) LIKE '%' || digitos || '%')
    )
    SELECT p.id, p.nome_busca, p.ativo FROM pessoas p, termo
     WHERE p.tenant_id = termo.tenant
       AND (p.nome_busca LIKE termo.padrao OR f_busca(p.email) LIKE termo.padrao)
    UNION ALL
    SELECT p.id, p.nome_busca, p.ativo FROM outras o JOIN pessoas p ON p.id = o.id, termo
     WHERE p.tenant_id = termo.tenant
       AND NOT coalesce(p.nome_busca LIKE termo.padrao OR f_busca(p.email) LIKE termo.padrao, false);
  END
  $fn$;
