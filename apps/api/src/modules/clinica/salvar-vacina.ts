/**
 * Creates, updates and deletes vaccines (tenant-wide; issue #19 item 1; DOMAIN.md §9). The
 * product that holds a vaccine's stock and price must be one of the tenant's (400 on
 * `produtoId`); its species must exist in the tenant's catalogue (400 on `especieIds`). A vaccine
 * used by a protocol, a planned dose or an applied dose cannot be deleted: the user deactivates it.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { VacinaInputParsed } from '@petshop/shared/clinica';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { especies, produtos, vacinas } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';

const NAO_ENCONTRADA = 'Vacina não encontrada';
const EM_USO =
  'Esta vacina está em uso por protocolos ou doses planejadas ou aplicadas e não pode ser excluída. Desative-a para que não apareça mais nas escolhas.';

/** 400 on `produtoId` unless the product is the tenant's. */
export const assertProdutoVacina = async (tx: Db, produtoId: string): Promise<void> => {
  const [produto] = await tx.select({ id: produtos.id }).from(produtos).where(eq(produtos.id, produtoId));
  if (!produto) throw fieldError('produtoId', 'Produto não encontrado');
};

/** 400 on `especieIds` (or `campo`) unless every id is a species of the tenant. */
export const assertEspecies = async (tx: Db, ids: readonly string[], campo = 'especieIds'): Promise<void> => {
  const unicos = [...new Set(ids)];
  if (unicos.length === 0) return;
  const [row] = await tx.select({ n: count() }).from(especies).where(inArray(especies.id, unicos));
  if ((row?.n ?? 0) !== unicos.length)
    throw fieldError(campo, unicos.length === 1 ? 'Espécie não encontrada' : 'Espécie não encontrada entre as escolhidas');
};

const valores = (input: VacinaInputParsed) => ({
  nome: input.nome,
  fabricante: input.fabricante ?? null,
  especieIds: [...new Set(input.especieIds)],
  produtoId: input.produtoId ?? null,
  observacoes: input.observacoes ?? null,
  ativo: input.ativo,
});

const assertReferencias = async (tx: Db, input: VacinaInputParsed): Promise<void> => {
  if (input.produtoId) await assertProdutoVacina(tx, input.produtoId);
  await assertEspecies(tx, input.especieIds);
};

/** POST /api/clinica/vacinas: answers the new id. */
export const criarVacina = async (tx: Db, input: VacinaInputParsed): Promise<string> => {
  await assertReferencias(tx, input);
  const [row] = await tx.insert(vacinas).values(valores(input)).returning({ id: vacinas.id });
  return row!.id;
};

/** PUT /api/clinica/vacinas/{id}: 404 when the tenant has no such vaccine. */
export const alterarVacina = async (tx: Db, id: string, input: VacinaInputParsed): Promise<void> => {
  await assertReferencias(tx, input);
  const updated = await tx.update(vacinas).set(valores(input)).where(eq(vacinas.id, id)).returning({ id: vacinas.id });
  if (updated.length === 0) throw notFound(NAO_ENCONTRADA);
};

/**
 * DELETE /api/clinica/vacinas/{id}: 404 when absent; 400 while a protocol, a planned dose or an
 * applied dose (of any unit of the tenant) uses it.
 */
export const excluirVacina = async (tx: Db, id: string): Promise<void> => {
  const [uso] = await queryRows<{ em_uso: boolean }>(
    tx,
    sql`select exists (select 1 from protocolos_vacina where vacina_id = ${id})
            or exists (select 1 from planejamentos_vacina where vacina_id = ${id})
            or exists (select 1 from vacinas_aplicadas where vacina_id = ${id}) as em_uso`,
  );
  if (uso?.em_uso) {
    const [existe] = await tx.select({ id: vacinas.id }).from(vacinas).where(eq(vacinas.id, id));
    if (existe) throw badRequest(EM_USO);
  }
  const deleted = await tx.delete(vacinas).where(eq(vacinas.id, id)).returning({ id: vacinas.id });
  if (deleted.length === 0) throw notFound(NAO_ENCONTRADA);
};
