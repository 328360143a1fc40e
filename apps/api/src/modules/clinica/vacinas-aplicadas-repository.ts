/**
 * Reads of the doses applied (*vacinas aplicadas*, issue #19 item 3; DOMAIN.md §9), shaped as
 * `VacinaAplicada` (@petshop/shared/clinica). A pet's chart is the tenant's: every unit of the
 * tenant reads every dose of the pet (the RLS policy is the tenant's); the sale that charges a
 * dose is the writing unit's (vendas carries the unit policy), so another unit reads
 * `vendaNumero` null.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { Planejamento, VacinaAplicada } from '@petshop/shared/clinica';
import type { Db } from '../../db/client.ts';
import { vacinas, vacinasAplicadas, vendas } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { listPlanejamentosPorIds } from './planejamentos-repository.ts';

export const VACINA_APLICADA_NAO_ENCONTRADA = 'Vacina aplicada não encontrada';

const colunas = {
  id: vacinasAplicadas.id,
  petId: vacinasAplicadas.petId,
  vacinaId: vacinasAplicadas.vacinaId,
  vacinaNome: vacinas.nome,
  planejamentoId: vacinasAplicadas.planejamentoId,
  dataAplicacao: vacinasAplicadas.dataAplicacao,
  lote: vacinasAplicadas.lote,
  loteId: vacinasAplicadas.loteId,
  validadeLote: vacinasAplicadas.validadeLote,
  fabricante: vacinasAplicadas.fabricante,
  veterinarioId: vacinasAplicadas.veterinarioId,
  veterinarioNome: vacinasAplicadas.veterinarioNome,
  veterinarioCrmv: vacinasAplicadas.veterinarioCrmv,
  proximaDoseId: vacinasAplicadas.proximaDoseId,
  vendaId: vacinasAplicadas.vendaId,
  vendaNumero: vendas.numero,
  observacoes: vacinasAplicadas.observacoes,
  unidadeNegocioId: vacinasAplicadas.unidadeNegocioId,
  createdAt: vacinasAplicadas.createdAt,
};

const selecionar = (tx: Db) =>
  tx
    .select(colunas)
    .from(vacinasAplicadas)
    .innerJoin(vacinas, eq(vacinas.id, vacinasAplicadas.vacinaId))
    .leftJoin(vendas, eq(vendas.id, vacinasAplicadas.vendaId));

type Linha = Awaited<ReturnType<ReturnType<typeof selecionar>['execute']>>[number];

/** Rows → answers, each with its next dose (planejamentos-repository, one read for all). */
const montar = async (tx: Db, linhas: Linha[]): Promise<VacinaAplicada[]> => {
  const ids = [...new Set(linhas.map((l) => l.proximaDoseId).filter((id): id is string => id !== null))];
  const proximas = new Map<string, Planejamento>();
  if (ids.length > 0) for (const p of await listPlanejamentosPorIds(tx, ids)) proximas.set(p.id, p);
  return linhas.map(({ proximaDoseId, createdAt, vendaNumero, ...l }) => ({
    ...l,
    proximaDose: (proximaDoseId && proximas.get(proximaDoseId)) || null,
    vendaNumero: vendaNumero ?? null,
    createdAt: createdAt.toISOString(),
  }));
};

/**
 * Every dose applied to a pet, by any unit of the tenant, newest first (application date, then
 * when it was recorded). [] for a pet of another tenant (RLS) or without doses.
 */
export const listVacinasAplicadasDoPet = async (tx: Db, petId: string): Promise<VacinaAplicada[]> =>
  montar(
    tx,
    await selecionar(tx)
      .where(eq(vacinasAplicadas.petId, petId))
      .orderBy(desc(vacinasAplicadas.dataAplicacao), desc(vacinasAplicadas.createdAt), desc(vacinasAplicadas.id)),
  );

/** Doses applied by id (any unit of the tenant), in no particular order. */
export const listVacinasAplicadasPorIds = async (tx: Db, ids: string[]): Promise<VacinaAplicada[]> =>
  ids.length === 0 ? [] : montar(tx, await selecionar(tx).where(inArray(vacinasAplicadas.id, ids)));

/** One dose applied (any unit of the tenant) or null. */
export const findVacinaAplicada = async (tx: Db, id: string): Promise<VacinaAplicada | null> =>
  (await montar(tx, await selecionar(tx).where(eq(vacinasAplicadas.id, id))))[0] ?? null;

/** One dose applied (any unit of the tenant); 404 'Vacina aplicada não encontrada' otherwise. */
export const getVacinaAplicada = async (tx: Db, id: string): Promise<VacinaAplicada> => {
  const vacina = await findVacinaAplicada(tx, id);
  if (!vacina) throw notFound(VACINA_APLICADA_NAO_ENCONTRADA);
  return vacina;
};
