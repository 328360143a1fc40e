-- Name search of products: "contains", accent- and case-insensitive, on the trigram index
-- produtos_nome_busca_idx, starts-with first, then by name (ignoring case and accents).
-- Why a SECURITY DEFINER function: inside a tenant scope (row-level security) PostgreSQL
-- uses an index only for leakproof conditions, and LIKE and f_busca are not, so the
-- trigram index would never serve "contains" there (a scan of the whole tenant instead).
-- The function runs as the tables' owner and applies the policy's tenant filter itself:
-- it answers ids of the scope's tenant only (app.tenant_id; none outside a scope), and its
-- callers join them back to produtos under row-level security.
-- `limite` NULL: every match. ROWS 20: what the till asks for, so that plans joining the
-- result expect a handful of rows.
CREATE OR REPLACE FUNCTION f_produtos_nome_contem(texto text, somente_ativos boolean, limite integer)
  RETURNS TABLE (produto_id uuid, comeca_com boolean)
  LANGUAGE sql STABLE SECURITY DEFINER PARALLEL SAFE ROWS 20
  SET search_path = public, pg_temp
  AS $$
    SELECT p.id,
           f_busca(p.nome) LIKE f_busca(replace(replace(replace(texto, '\', '\\'), '%', '\%'), '_', '\_')) || '%'
      FROM produtos p
     WHERE p.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
       AND (NOT somente_ativos OR p.ativo)
       AND f_busca(p.nome) LIKE '%' || f_busca(replace(replace(replace(texto, '\', '\\'), '%', '\%'), '_', '\_')) || '%'
     ORDER BY 2 DESC, f_busca(p.nome), p.nome, p.id
     LIMIT limite
  $$;
