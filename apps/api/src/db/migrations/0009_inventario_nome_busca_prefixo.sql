-- f_produtos_nome_contem, final form: ids of the scope's tenant whose name contains `texto`
-- (accent- and case-insensitive), names starting with it first, then alphabetical
-- (nome_busca in the "C" collation); at most `limite` (NULL: all).
-- Two bounded reads instead of sorting every match:
-- 1. starts with: a range of the btree (tenant_id, nome_busca collate "C") — in "C" the
--    strings starting with p are exactly those in [p, p || U+10FFFF);
-- 2. contains (and does not start with), only when step 1 found fewer than `limite`: the
--    trigram index, or that btree walked in order until enough rows match, whichever the
--    planner finds cheaper.
-- SECURITY DEFINER for the reason given in migration inventario_busca: under row-level
-- security LIKE cannot use an index, so the function runs as the tables' owner and applies
-- the policy's tenant filter itself.
CREATE OR REPLACE FUNCTION f_produtos_nome_contem(texto text, somente_ativos boolean, limite integer)
  RETURNS TABLE (produto_id uuid, comeca_com boolean)
  LANGUAGE sql STABLE SECURITY DEFINER PARALLEL SAFE ROWS 20
  SET search_path = public, pg_temp
  AS $$
    WITH comeca AS MATERIALIZED (
      SELECT p.id, p.nome_busca COLLATE "C" AS chave, p.nome
        FROM produtos p
       WHERE p.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
         AND (NOT somente_ativos OR p.ativo)
         AND p.nome_busca COLLATE "C" >= f_busca(texto) COLLATE "C"
         AND p.nome_busca COLLATE "C" < (f_busca(texto) || chr(1114111)) COLLATE "C"
       ORDER BY p.nome_busca COLLATE "C", p.nome, p.id
       LIMIT limite
    ), contem AS (
      SELECT p.id, p.nome_busca COLLATE "C" AS chave, p.nome
        FROM produtos p
       -- Only when the names starting with the text leave room (a one-time filter).
       WHERE (SELECT count(*) FROM comeca) < coalesce(limite, 2147483647)
         AND p.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
         AND (NOT somente_ativos OR p.ativo)
         AND p.nome_busca LIKE '%' || f_busca(replace(replace(replace(texto, '\', '\\'), '%', '\%'), '_', '\_')) || '%'
         AND NOT starts_with(p.nome_busca, f_busca(texto))
       ORDER BY p.nome_busca COLLATE "C", p.nome, p.id
       LIMIT limite
    )
    SELECT r.id, r.comeca
      FROM (SELECT id, true AS comeca, chave, nome FROM comeca
            UNION ALL
            SELECT id, false, chave, nome FROM contem) r
     ORDER BY r.comeca DESC, r.chave, r.nome, r.id
     LIMIT limite
  $$;
