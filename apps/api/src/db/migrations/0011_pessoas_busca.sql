-- f_pessoas_busca: ids of the scope's tenant's people whose name or e-mail contains `texto`, or
-- who own a pet whose name contains it, or (when `digitos` is given) whose CPF/CNPJ or phones
-- contain those digits — all accent- and case-insensitive, as the customer search promises.
-- SECURITY DEFINER for the reason given in migration inventario_busca: under row-level
-- security LIKE is not leakproof and cannot use the trigram indexes, so on 200 000 customers
-- every search read the whole tenant (over a second). The function runs as the tables' owner,
-- applies the policy's tenant filter itself and returns only ids, which the caller matches
-- back under RLS (`pessoas.id = any(array(...))`).
CREATE OR REPLACE FUNCTION f_pessoas_busca(texto text, digitos text)
  RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER PARALLEL SAFE
  SET search_path = public, pg_temp
  AS $$
    WITH termo AS (
      SELECT '%' || f_busca(replace(replace(replace(texto, '\', '\\'), '%', '\%'), '_', '\_')) || '%' AS padrao,
             nullif(current_setting('app.tenant_id', true), '')::uuid AS tenant
    )
    SELECT p.id FROM pessoas p, termo
     WHERE p.tenant_id = termo.tenant
       AND (f_busca(p.nome) LIKE termo.padrao OR f_busca(p.email) LIKE termo.padrao)
    UNION
    SELECT t.pessoa_id FROM pets pe JOIN pet_tutores t ON t.pet_id = pe.id, termo
     WHERE pe.tenant_id = termo.tenant AND f_busca(pe.nome) LIKE termo.padrao
    UNION
    SELECT p.id FROM pessoas p, termo
     WHERE digitos IS NOT NULL AND p.tenant_id = termo.tenant
       AND (p.cpf_cnpj LIKE '%' || digitos || '%' OR (p.telefones::text) LIKE '%' || digitos || '%')
  $$;
