/**
 * Rows the agenda's settings and calendar tests insert straight into the database (issue #17):
 * service products, owners with a pet, and appointments (the appointment API has its own tests).
 * Every insert runs in the tenant's scope (and the unit's, for unit-owned rows), as the API would.
 */
import { eq, sql } from 'drizzle-orm';
import { atendimentos, pessoas, petTutores, pets, produtos, unidadesMedida } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import type { TestContext } from './helper.ts';

/** A product of the tenant (default a service) priced `precoVenda` reais: its id. */
export const inserirProduto = (
  ctx: TestContext,
  tenantId: string,
  nome: string,
  precoVenda: number,
  tipo: 'servico' | 'produto' = 'servico',
): Promise<string> =>
  withTenant(ctx.database.db, { tenantId }, async (tx) => {
    const [un] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN'));
    const [row] = await tx
      .insert(produtos)
      .values({ nome, tipo, unidadeMedidaId: un!.id, precoVenda: String(precoVenda), controlaEstoque: tipo === 'produto' })
      .returning({ id: produtos.id });
    return row!.id;
  });

/** An owner (`tutor`) with one pet (`pet`): both ids. */
export const inserirPetComTutor = (
  ctx: TestContext,
  tenantId: string,
  pet: string,
  tutor: string,
): Promise<{ petId: string; clienteId: string }> =>
  withTenant(ctx.database.db, { tenantId }, async (tx) => {
    const [pessoa] = await tx.insert(pessoas).values({ nome: tutor }).returning({ id: pessoas.id });
    const [animal] = await tx.insert(pets).values({ nome: pet }).returning({ id: pets.id });
    await tx.insert(petTutores).values({ petId: animal!.id, pessoaId: pessoa!.id, principal: true });
    return { petId: animal!.id, clienteId: pessoa!.id };
  });

export type AtendimentoFixture = {
  petId: string;
  clienteId: string;
  tipoAtendimentoId: string;
  /** Local 'yyyy-MM-ddTHH:mm' in `timeZone`. */
  inicio: string;
  fim: string;
  timeZone?: string;
  boxId?: string | null;
  salaId?: string | null;
  responsavelId?: string | null;
  status?: string;
  atividade?: string;
  prioridade?: string;
  vendaId?: string | null;
};

/** Appointments of `unidadeNegocioId` (local times converted in SQL with the unit's time zone): their ids. */
export const inserirAtendimentos = (
  ctx: TestContext,
  scope: { tenantId: string; unidadeNegocioId: string },
  lista: AtendimentoFixture[],
): Promise<string[]> =>
  withTenant(ctx.database.db, scope, async (tx) => {
    const ids: string[] = [];
    for (const a of lista) {
      const tz = a.timeZone ?? 'America/Sao_Paulo';
      const [row] = await tx
        .insert(atendimentos)
        .values({
          petId: a.petId,
          clienteId: a.clienteId,
          tipoAtendimentoId: a.tipoAtendimentoId,
          inicio: sql`(${a.inicio}::timestamp at time zone ${tz})`,
          fim: sql`(${a.fim}::timestamp at time zone ${tz})`,
          boxId: a.boxId ?? null,
          salaId: a.salaId ?? null,
          responsavelId: a.responsavelId ?? null,
          status: a.status ?? 'Agendado',
          atividade: a.atividade ?? 'Aguardando',
          prioridade: a.prioridade ?? 'Normal',
          vendaId: a.vendaId ?? null,
        })
        .returning({ id: atendimentos.id });
      ids.push(row!.id);
    }
    return ids;
  });
