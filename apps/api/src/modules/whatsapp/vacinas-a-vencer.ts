/**
 * Vaccine doses due (issue #21 item 4: "vaccine doses due in N days"): the scoped unit's planned
 * doses still pending (planejamentos_vacina, the clinic's "doses devidas",
 * clinica/planejamentos-repository.ts) due from `hoje` up to `hoje` + the template's
 * `antecedenciaDias`, of active pets, queued as 'vacinaAVencer' to the pet's principal tutor, key
 * `vacina:{doseId}:{vencimento}` (a dose moved to another date is announced again; the same date
 * never twice). Doses planned late (already inside the window) are announced at once. Deceased
 * pets and inactive tutors get nothing (enfileirarMensagem). Values: pet, vacina (the vaccine's
 * name), data (the due date, dd/MM/yyyy).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { dataBr } from '../agenda/criar-atendimento.ts';
import { enfileirarMensagem } from './enfileirar-mensagem.ts';

/** Queues the scoped unit's vaccine messages due `hoje` ('yyyy-MM-dd', the unit's); answers how many. */
export const enfileirarVacinasAVencer = async (
  tx: Db,
  opcoes: { hoje: string; agora: Date; antecedenciaDias: number },
): Promise<number> => {
  const doses = await queryRows<{
    id: string;
    petId: string;
    pet: string;
    vacina: string;
    vencimento: string;
    tutorId: string | null;
  }>(
    tx,
    sql`select d.id, d.pet_id as "petId", p.nome as pet, v.nome as vacina, d.data_prevista::text as vencimento,
               (select t.pessoa_id from pet_tutores t join pessoas c on c.id = t.pessoa_id
                 where t.pet_id = d.pet_id and c.ativo order by t.principal desc, c.nome_busca limit 1) as "tutorId"
          from planejamentos_vacina d
          join pets p on p.id = d.pet_id
          join vacinas v on v.id = d.vacina_id
         where d.unidade_negocio_id = ${currentUnidadeNegocioId} and d.status = 'pendente'
           and p.ativo and p.data_obito is null
           and d.data_prevista between ${opcoes.hoje}::date and ${opcoes.hoje}::date + ${opcoes.antecedenciaDias}::int
           and not exists (select 1 from whatsapp_mensagens m
                            where m.unidade_negocio_id = d.unidade_negocio_id
                              and m.chave = 'vacina:' || d.id::text || ':' || d.data_prevista::text)
         order by d.data_prevista, d.id`,
  );
  let enfileiradas = 0;
  for (const d of doses) {
    if (!d.tutorId) continue;
    const r = await enfileirarMensagem(tx, {
      tipo: 'vacinaAVencer',
      chave: `vacina:${d.id}:${d.vencimento}`,
      pessoaId: d.tutorId,
      petId: d.petId,
      valores: { pet: d.pet, vacina: d.vacina, data: dataBr(d.vencimento) },
      agendadaPara: opcoes.agora,
    });
    if (r.enfileirada) enfileiradas += 1;
  }
  return enfileiradas;
};
