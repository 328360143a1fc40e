-- f_produtos_nome_contem (migration inventario_busca) reading the stored produtos.nome_busca
-- (f_busca(nome), migration inventario_nome_busca) instead of computing f_busca row by row:
-- the trigram index's recheck and the ordering then cost a plain text comparison each.
-- Same contract: ids of the scope's tenant whose name contains `texto` (accent- and
-- case-insensitive), names starting with it first, then alphabetical; `limite` NULL: all.
CREATE OR REPLACE FUNCTION f_produtos_nome_contem(texto text, somente_ativos boolean, limite integer)
  RETURNS TABLE (produto_id uuid, comeca_com boolean)
  LANGUAGE sql STABLE SECURITY DEFINER PARALLEL SAFE ROWS 20
  SET search_path = public, pg_temp
  AS $$
    SELECT p.id,
           p.nome_busca LIKE f_busca(replace(replace(replace(texto, '\', '\\'), '%', '\%'), '_', '\_')) || '%'
      FROM produtos p
     WHERE p.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
       AND (NOT somente_ativos OR p.ativo)
       AND p.nome_busca LIKE '%' || f_busca(replace(replace(replace(texto, '\', '\\'), '%', '\%'), '_', '\_')) || '%'
     ORDER BY 2 DESC, p.nome_busca, p.nome, p.id
     LIMIT limite
  $$;
