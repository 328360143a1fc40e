/**
 * Creates, updates and deletes vaccination protocols (tenant-wide; issue #19 item 1; DOMAIN.md
 * §9). The vaccine must be one of the tenant's (400 on `vacinaId`); the species, when given, one
 * of the tenant's and one the vaccine is indicated for (400 on `especieId`). A protocol with
 * planned doses (of any unit) cannot be deleted: the user deactivates it.
 */
import { eq, sql } from 'drizzle-orm';
import type { ProtocoloInputParsed } from '@petshop/shared/clinica';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { protocolosVacina, vacinas } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { assertEspecies } from './salvar-vacina.ts';

const NAO_ENCONTRADO = 'Protocolo não encontrado';
const EM_USO = 'Este protocolo tem doses planejadas e não pode ser excluído. Desative-o para que não apareça mais nas escolhas.';

/** 400 on `vacinaId` unless the vaccine is the tenant's; 400 on `especieId` unless the species exists and the vaccine is for it. */
const assertReferencias = async (tx: Db, input: ProtocoloInputParsed): Promise<void> => {
  const [vacina] = await tx.select({ especieIds: vacinas.especieIds }).from(vacinas).where(eq(vacinas.id, input.vacinaId));
  if (!vacina) throw fieldError('vacinaId', 'Vacina não encontrada');
  if (input.especieId) {
    await assertEspecies(tx, [input.especieId], 'especieId');
    if (vacina.especieIds.length > 0 && !vacina.especieIds.includes(input.especieId))
      throw fieldError('especieId', 'A vacina escolhida não é indicada para esta espécie');
  }
};

const valores = (input: ProtocoloInputParsed) => ({
  nome: input.nome,
  vacinaId: input.vacinaId,
  especieId: input.especieId ?? null,
  doses: input.doses.map((d) => ({ descricao: d.descricao, intervaloDias: d.intervaloDias })),
  reforcoDias: input.reforcoDias ?? null,
  observacoes: input.observacoes ?? null,
  ativo: input.ativo,
});

/** POST /api/clinica/vacinas/protocolos: answers the new id. */
export const criarProtocolo = async (tx: Db, input: ProtocoloInputParsed): Promise<string> => {
  await assertReferencias(tx, input);
  const [row] = await tx.insert(protocolosVacina).values(valores(input)).returning({ id: protocolosVacina.id });
  return row!.id;
};

/**
 * PUT /api/clinica/vacinas/protocolos/{id}: 404 when the tenant has no such protocol. Doses
 * already planned keep their dates (a change applies to the next applications).
 */
export const alterarProtocolo = async (tx: Db, id: string, input: ProtocoloInputParsed): Promise<void> => {
  await assertReferencias(tx, input);
  const updated = await tx
    .update(protocolosVacina)
    .set(valores(input))
    .where(eq(protocolosVacina.id, id))
    .returning({ id: protocolosVacina.id });
  if (updated.length === 0) throw notFound(NAO_ENCONTRADO);
};

/** DELETE /api/clinica/vacinas/protocolos/{id}: 404 when absent; 400 while planned doses (any unit) refer to it. */
export const excluirProtocolo = async (tx: Db, id: string): Promise<void> => {
  const [existe] = await tx.select({ id: protocolosVacina.id }).from(protocolosVacina).where(eq(protocolosVacina.id, id));
  if (!existe) throw notFound(NAO_ENCONTRADO);
  const [uso] = await queryRows<{ em_uso: boolean }>(
    tx,
    sql`select exists (select 1 from planejamentos_vacina where protocolo_id = ${id}) as em_uso`,
  );
  if (uso?.em_uso) throw badRequest(EM_USO);
  await tx.delete(protocolosVacina).where(eq(protocolosVacina.id, id));
};
