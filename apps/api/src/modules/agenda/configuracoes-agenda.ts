/**
 * The selected unit's agenda settings (issue #17 item 1; spec §7 "Agenda"): opening hours per
 * weekday, the calendar's slot size and how many pets a professional and a box take at once.
 * One row per unit in `agenda_configuracoes`; a unit without a row uses AGENDA_CONFIGURACOES_PADRAO.
 *
 * `getAgendaConfiguracoes(tx)` is what the appointments code reads for capacities
 * (petsPorProfissional, petsPorBox) and opening hours.
 */
import { sql } from 'drizzle-orm';
import type { AgendaConfiguracoes, HorarioDia } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { preparedSelect } from '../../db/prepared-select.ts';
import { agendaConfiguracoes } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';

const dia = (diaSemana: number, aberto: boolean, abre = '08:00', fecha = '18:00'): HorarioDia => ({
  diaSemana,
  aberto,
  abre,
  fecha,
});

/**
 * Defaults when the unit has no row: Mon–Fri 08:00–18:00, Sat 08:00–13:00, Sun closed
 * (kept with 08:00–18:00 so the form shows sensible hours when it is opened), 30-minute slots,
 * 1 pet per professional, 1 per box.
 */
export const AGENDA_CONFIGURACOES_PADRAO: AgendaConfiguracoes = {
  horarios: [dia(0, false), dia(1, true), dia(2, true), dia(3, true), dia(4, true), dia(5, true), dia(6, true, '08:00', '13:00')],
  intervaloMinutos: 30,
  petsPorProfissional: 1,
  petsPorBox: 1,
};

const configuracoesQuery = preparedSelect((qb) =>
  qb
    .select({
      horarios: agendaConfiguracoes.horarios,
      intervaloMinutos: agendaConfiguracoes.intervaloMinutos,
      petsPorProfissional: agendaConfiguracoes.petsPorProfissional,
      petsPorBox: agendaConfiguracoes.petsPorBox,
    })
    .from(agendaConfiguracoes)
    .where(sql`${agendaConfiguracoes.unidadeNegocioId} = ${currentUnidadeNegocioId}`),
);

/**
 * The selected unit's agenda settings (the defaults when it has none saved). Runs inside a
 * scoped transaction with a unit selected; without one it answers the defaults.
 */
export const getAgendaConfiguracoes = async (tx: Db): Promise<AgendaConfiguracoes> => {
  const [row] = await configuracoesQuery(tx, {});
  if (!row) return AGENDA_CONFIGURACOES_PADRAO;
  return {
    horarios: row.horarios as HorarioDia[],
    intervaloMinutos: row.intervaloMinutos as AgendaConfiguracoes['intervaloMinutos'],
    petsPorProfissional: row.petsPorProfissional,
    petsPorBox: row.petsPorBox,
  };
};

/** PUT /api/agenda/configuracoes: creates or replaces the selected unit's settings (one upsert). */
export const salvarAgendaConfiguracoes = async (tx: Db, input: AgendaConfiguracoes): Promise<void> => {
  const values = {
    horarios: input.horarios,
    intervaloMinutos: input.intervaloMinutos,
    petsPorProfissional: input.petsPorProfissional,
    petsPorBox: input.petsPorBox,
  };
  await tx
    .insert(agendaConfiguracoes)
    .values(values)
    .onConflictDoUpdate({ target: agendaConfiguracoes.unidadeNegocioId, set: { ...values, updatedAt: sql`now()` } });
};
