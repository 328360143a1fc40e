/**
 * Vaccines of the scope's tenant (issue #19 item 1; DOMAIN.md §9), each with the names of its
 * species and its product: name, sale price (reais) and whether it controls lots. The price is the
 * catalogue's `produtos.preco_venda`, the one the till charges in every unit (the catalogue has no
 * per-unit price). Lists are ordered by name ignoring case and accents.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListVacinasQuery, Vacina } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { runTogether } from '../../db/run-together.ts';
import { containsText } from '../../db/search.ts';
import { notFound } from '../../lib/errors.ts';

type VacinaRow = {
  id: string;
  nome: string;
  fabricante: string | null;
  especie_ids: string[];
  especie_nomes: string[];
  produto_id: string | null;
  produto_nome: string | null;
  preco_venda: string | null;
  controla_lote: boolean | null;
  observacoes: string | null;
  ativo: boolean;
  created_at: string;
};

/** Postgres uuid[] may come as a JS array or as '{a,b}' text depending on the driver. */
const arrayOf = (value: string[] | string | null): string[] => {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.slice(1, -1).split(',');
};

const toVacina = (r: VacinaRow): Vacina => ({
  id: r.id,
  nome: r.nome,
  fabricante: r.fabricante,
  especieIds: arrayOf(r.especie_ids),
  especieNomes: r.especie_nomes ?? [],
  produtoId: r.produto_id,
  produtoNome: r.produto_nome,
  precoVenda: r.preco_venda === null ? null : Number(r.preco_venda),
  controlaLote: r.controla_lote ?? false,
  observacoes: r.observacoes,
  ativo: r.ativo,
  createdAt: new Date(r.created_at).toISOString(),
});

const selectVacinas = (tx: Db, where: SQL, tail: SQL = sql``) =>
  queryRows<VacinaRow>(
    tx,
    sql`select v.id, v.nome, v.fabricante, v.especie_ids::text[] as especie_ids,
               coalesce((select json_agg(e.nome order by f_busca(e.nome) collate "C")
                           from especies e where e.id = any(v.especie_ids)), '[]'::json) as especie_nomes,
               v.produto_id, p.nome as produto_nome, p.preco_venda, p.controla_lote,
               v.observacoes, v.ativo, v.created_at
          from vacinas v
          left join produtos p on p.id = v.produto_id
         where ${where}
         ${tail}`,
  );

const filtros = (query: ListVacinasQuery): SQL => {
  const partes: SQL[] = [sql`true`];
  if (query.query) partes.push(containsText(sql`v.nome`, query.query));
  if (query.especieId) partes.push(sql`(cardinality(v.especie_ids) = 0 or ${query.especieId}::uuid = any(v.especie_ids))`);
  if (query.ativo) partes.push(sql`v.ativo = ${query.ativo === 'true'}`);
  return sql.join(partes, sql` and `);
};

/**
 * GET /api/clinica/vacinas: `query` matches the name (accents and case ignored); `especieId` keeps
 * the vaccines for that species or for any species; `ativo` 'true'/'false'.
 */
export const listVacinas = async (tx: Db, query: ListVacinasQuery): Promise<Page<Vacina>> => {
  const where = filtros(query);
  const [rows, [total]] = await runTogether(
    selectVacinas(
      tx,
      where,
      sql`order by f_busca(v.nome) collate "C", v.nome, v.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ total: string | number }>(tx, sql`select count(*) as total from vacinas v where ${where}`),
  );
  return { items: rows.map(toVacina), total: Number(total?.total ?? 0), page: query.page, pageSize: query.pageSize };
};

/** One vaccine of the tenant, or null. */
export const findVacina = async (tx: Db, id: string): Promise<Vacina | null> => {
  const [row] = await selectVacinas(tx, sql`v.id = ${id}`);
  return row ? toVacina(row) : null;
};

/** One vaccine of the tenant, or 404 'Vacina não encontrada'. */
export const getVacina = async (tx: Db, id: string): Promise<Vacina> => {
  const vacina = await findVacina(tx, id);
  if (!vacina) throw notFound('Vacina não encontrada');
  return vacina;
};
