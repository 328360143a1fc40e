CREATE INDEX "pessoas_tenant_nome_c_idx" ON "pessoas" USING btree ("tenant_id","nome_busca" collate "C","id");--> statement-breakpoint
-- f_pessoas_busca_pagina: one page of the customer search and its total counted up to a cap, so
-- a common word ("silva": 15 680 of 200 000 customers on the bench data) no longer reads, sorts
-- and counts every match (issue #20: 24-27 ms of PostgreSQL for f_pessoas_busca alone).
-- Same people and the same order as before (migrations pessoas_busca, pessoas_nome_busca,
-- pessoas_busca_union_all and listPessoas): found by name or e-mail containing the text, by a
-- pet's name, or by CPF/CNPJ/phone digits (`digitos`, when given), accent- and case-insensitive;
-- names starting with the text first (ordem 0), then names with a word starting with it (1), then
-- the rest (2), each group by `nome_busca` in the "C" collation (code-point order: the same as
-- the databases' C/C.UTF-8), then id; `so_ativo` (null: everyone) filters `ativo`.
-- Answers the people at positions deslocamento+1 .. deslocamento+limite (`posicao`, 1-based) with
-- `total` on every row; a page past the end answers one row (NULL, NULL, total). `total` is exact
-- when it is at most greatest(teto, deslocamento + limite); otherwise it is that bound + 1 ("more
-- than"): the caller says so (`totalLimitado`).
-- How: (a) the matches are collected with a LIMIT of that bound + 1 (trigram indexes, no sort);
-- (b) if they all fit, they are ordered in memory; (c) if not, the page comes from the btree
-- (tenant_id, nome_busca collate "C", id): group 0 is a range of it, group 1 a walk of it in order
-- (at most `orcamento` entries, index-only) that stops once the page is full — a broad word fills
-- a page of 20 in a few hundred entries —, falling back to the trigram index when the walk finds
-- too few; group 2 (only when the page reaches it) reads all the matches, as before.
-- SECURITY DEFINER for the reason of migration inventario_busca (under row-level security LIKE
-- cannot use an index); the tenant filter is applied here. `(tenant_id = tenant) IS TRUE` where
-- the trigram index must drive the scan: with a LIMIT the planner otherwise walks a tenant_id
-- btree and computes f_busca(email) on every customer (90 ms measured on the bench data).
CREATE FUNCTION f_pessoas_busca_pagina(texto text, digitos text, so_ativo boolean, limite integer, deslocamento bigint, teto integer)
  RETURNS TABLE (id uuid, posicao bigint, total bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER PARALLEL SAFE
  SET search_path = public, pg_temp
  AS $fn$
  DECLARE
    tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
    termo text := f_busca(texto);
    escapado text := f_busca(replace(replace(replace(texto, '\', '\\'), '%', '\%'), '_', '\_'));
    padrao text := '%' || escapado || '%';
    precisa bigint := deslocamento + limite;
    ate bigint := greatest(teto, deslocamento + limite);
    contadas bigint;
    achados uuid[];
    chaves text[];
    ids uuid[] := '{}';
    passo uuid[];
    orcamento bigint := 20000 + 20 * (deslocamento + limite);
  BEGIN
    SELECT count(*), array_agg(m.id), array_agg(m.nome_busca) INTO contadas, achados, chaves FROM (
      SELECT p.id, p.nome_busca FROM pessoas p
       WHERE (p.tenant_id = tenant) IS TRUE AND (so_ativo IS NULL OR p.ativo = so_ativo)
         AND (p.nome_busca LIKE padrao OR f_busca(p.email) LIKE padrao)
      UNION ALL
      SELECT p.id, p.nome_busca FROM pessoas p
       WHERE p.tenant_id = tenant AND (so_ativo IS NULL OR p.ativo = so_ativo)
         AND p.id IN (SELECT t.pessoa_id FROM pets pe JOIN pet_tutores t ON t.pet_id = pe.id
                       WHERE (pe.tenant_id = tenant) IS TRUE AND f_busca(pe.nome) LIKE padrao
                      UNION
                      SELECT q.id FROM pessoas q
                       WHERE digitos IS NOT NULL AND (q.tenant_id = tenant) IS TRUE
                         AND (q.cpf_cnpj LIKE '%' || digitos || '%' OR (q.telefones::text) LIKE '%' || digitos || '%'))
         AND NOT coalesce(p.nome_busca LIKE padrao OR f_busca(p.email) LIKE padrao, false)
      LIMIT ate + 1) m;

    IF contadas <= ate THEN
      SELECT coalesce(array_agg(u.id ORDER BY u.ordem, u.chave, u.id), '{}') INTO ids FROM (
        SELECT u.id, u.chave COLLATE "C" AS chave,
               CASE WHEN starts_with(u.chave, termo) THEN 0 WHEN strpos(u.chave, ' ' || termo) > 0 THEN 1 ELSE 2 END AS ordem
          FROM unnest(achados, chaves) AS u(id, chave)
         ORDER BY 3, 2, 1 LIMIT precisa) u;
    ELSE
      SELECT coalesce(array_agg(s.id ORDER BY s.chave, s.id), '{}') INTO ids FROM (
        SELECT p.id, p.nome_busca COLLATE "C" AS chave FROM pessoas p
         WHERE p.tenant_id = tenant AND (so_ativo IS NULL OR p.ativo = so_ativo)
           AND p.nome_busca COLLATE "C" >= termo COLLATE "C" AND p.nome_busca COLLATE "C" < (termo || chr(1114111)) COLLATE "C"
         ORDER BY p.nome_busca COLLATE "C", p.id LIMIT precisa) s;
      IF cardinality(ids) < precisa THEN
        SELECT coalesce(array_agg(s.id ORDER BY s.chave, s.id), '{}') INTO passo FROM (
          SELECT w.id, w.chave FROM (
            SELECT p.id, p.nome_busca COLLATE "C" AS chave FROM pessoas p
             WHERE p.tenant_id = tenant ORDER BY p.nome_busca COLLATE "C", p.id LIMIT orcamento) w
           WHERE strpos(w.chave, ' ' || termo) > 0 AND NOT starts_with(w.chave, termo)
             AND (so_ativo IS NULL OR (SELECT a.ativo FROM pessoas a WHERE a.id = w.id) = so_ativo)
           ORDER BY w.chave, w.id LIMIT precisa - cardinality(ids)) s;
        IF cardinality(passo) < precisa - cardinality(ids) THEN
          SELECT coalesce(array_agg(s.id ORDER BY s.chave, s.id), '{}') INTO passo FROM (
            SELECT p.id, p.nome_busca COLLATE "C" AS chave FROM pessoas p
             WHERE (p.tenant_id = tenant) IS TRUE AND (so_ativo IS NULL OR p.ativo = so_ativo)
               AND p.nome_busca LIKE '% ' || escapado || '%' AND NOT starts_with(p.nome_busca, termo)
             ORDER BY p.nome_busca COLLATE "C", p.id LIMIT precisa - cardinality(ids)) s;
        END IF;
        ids := ids || passo;
      END IF;
      IF cardinality(ids) < precisa THEN
        SELECT coalesce(array_agg(m.id ORDER BY m.chave, m.id), '{}') INTO passo FROM (
          SELECT x.id, x.nome_busca COLLATE "C" AS chave
            FROM (SELECT p.id, p.nome_busca FROM pessoas p
                   WHERE (p.tenant_id = tenant) IS TRUE AND (so_ativo IS NULL OR p.ativo = so_ativo)
                     AND (p.nome_busca LIKE padrao OR f_busca(p.email) LIKE padrao)
                  UNION
                  SELECT p.id, p.nome_busca FROM pessoas p
                   WHERE p.tenant_id = tenant AND (so_ativo IS NULL OR p.ativo = so_ativo)
                     AND p.id IN (SELECT t.pessoa_id FROM pets pe JOIN pet_tutores t ON t.pet_id = pe.id
                                   WHERE (pe.tenant_id = tenant) IS TRUE AND f_busca(pe.nome) LIKE padrao
                                  UNION
                                  SELECT q.id FROM pessoas q
                                   WHERE digitos IS NOT NULL AND (q.tenant_id = tenant) IS TRUE
                                     AND (q.cpf_cnpj LIKE '%' || digitos || '%' OR (q.telefones::text) LIKE '%' || digitos || '%'))) x
           WHERE NOT starts_with(x.nome_busca, termo) AND strpos(x.nome_busca, ' ' || termo) = 0
           ORDER BY 2, 1 LIMIT precisa - cardinality(ids)) m;
        ids := ids || passo;
      END IF;
    END IF;
    IF cardinality(ids) > deslocamento THEN
      RETURN QUERY SELECT u.id, u.posicao, contadas FROM unnest(ids) WITH ORDINALITY AS u(id, posicao) WHERE u.posicao > deslocamento;
    ELSE
      RETURN QUERY SELECT NULL::uuid, NULL::bigint, contadas;
    END IF;
  END
  $fn$;
