/**
 * Vaccination protocols of the scope's tenant (issue #19 item 1; DOMAIN.md §9): an ordered list
 * of doses of one vaccine (`doses`: `{ descricao, intervaloDias }`, each interval from the
 * previous dose) and the booster's interval in days (`reforcoDias`, 365 = yearly), with the
 * vaccine's and the species' names. Lists are ordered by name ignoring case and accents.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DoseProtocolo, ListProtocolosQuery, Protocolo } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { runTogether } from '../../db/run-together.ts';
import { containsText } from '../../db/search.ts';
import { notFound } from '../../lib/errors.ts';

type ProtocoloRow = {
  id: string;
  nome: string;
  vacina_id: string;
  vacina_nome: string;
  especie_id: string | null;
  especie_nome: string | null;
  doses: DoseProtocolo[] | string;
  reforco_dias: number | null;
  observacoes: string | null;
  ativo: boolean;
  created_at: string;
};

const toProtocolo = (r: ProtocoloRow): Protocolo => ({
  id: r.id,
  nome: r.nome,
  vacinaId: r.vacina_id,
  vacinaNome: r.vacina_nome,
  especieId: r.especie_id,
  especieNome: r.especie_nome,
  doses: (typeof r.doses === 'string' ? (JSON.parse(r.doses) as DoseProtocolo[]) : r.doses).map((d) => ({
    descricao: d.descricao,
    intervaloDias: d.intervaloDias,
  })),
  reforcoDias: r.reforco_dias === null ? null : Number(r.reforco_dias),
  observacoes: r.observacoes,
  ativo: r.ativo,
  createdAt: new Date(r.created_at).toISOString(),
});

const selectProtocolos = (tx: Db, where: SQL, tail: SQL = sql``) =>
  queryRows<ProtocoloRow>(
    tx,
    sql`select pr.id, pr.nome, pr.vacina_id, v.nome as vacina_nome, pr.especie_id, e.nome as especie_nome,
               pr.doses, pr.reforco_dias, pr.observacoes, pr.ativo, pr.created_at
          from protocolos_vacina pr
          join vacinas v on v.id = pr.vacina_id
          left join especies e on e.id = pr.especie_id
         where ${where}
         ${tail}`,
  );

const filtros = (query: ListProtocolosQuery): SQL => {
  const partes: SQL[] = [sql`true`];
  if (query.query) partes.push(sql`(${containsText(sql`pr.nome`, query.query)} or ${containsText(sql`v.nome`, query.query)})`);
  if (query.vacinaId) partes.push(sql`pr.vacina_id = ${query.vacinaId}`);
  if (query.especieId)
    partes.push(
      sql`(pr.especie_id is null or pr.especie_id = ${query.especieId}) and (cardinality(v.especie_ids) = 0 or ${query.especieId}::uuid = any(v.especie_ids))`,
    );
  if (query.ativo) partes.push(sql`pr.ativo = ${query.ativo === 'true'}`);
  return sql.join(partes, sql` and `);
};

/**
 * GET /api/clinica/vacinas/protocolos: `query` matches the protocol's or the vaccine's name
 * (accents and case ignored); `vacinaId`; `especieId` keeps the protocols a pet of that species
 * may get (the protocol's species is it or none, and its vaccine is for it or for any species);
 * `ativo` 'true'/'false'.
 */
export const listProtocolos = async (tx: Db, query: ListProtocolosQuery): Promise<Page<Protocolo>> => {
  const where = filtros(query);
  const [rows, [total]] = await runTogether(
    selectProtocolos(
      tx,
      where,
      sql`order by f_busca(pr.nome) collate "C", pr.nome, pr.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ total: string | number }>(
      tx,
      sql`select count(*) as total from protocolos_vacina pr join vacinas v on v.id = pr.vacina_id where ${where}`,
    ),
  );
  return { items: rows.map(toProtocolo), total: Number(total?.total ?? 0), page: query.page, pageSize: query.pageSize };
};

/** One protocol of the tenant, or null. */
export const findProtocolo = async (tx: Db, id: string): Promise<Protocolo | null> => {
  const [row] = await selectProtocolos(tx, sql`pr.id = ${id}`);
  return row ? toProtocolo(row) : null;
};

/** One protocol of the tenant, or 404 'Protocolo não encontrado'. */
export const getProtocolo = async (tx: Db, id: string): Promise<Protocolo> => {
  const protocolo = await findProtocolo(tx, id);
  if (!protocolo) throw notFound('Protocolo não encontrado');
  return protocolo;
};
