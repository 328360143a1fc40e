/**
 * Today's birthdays (issue #21 item 4): the unit's customers born on today's day and month (the
 * unit's time zone; 29/02 counts on 28/02 in other years) queued as 'aniversario' messages, key
 * 'aniversario:{pessoaId}:{yyyy}' (once a year, whoever queues it: the daily job at the template's
 * hour or POST /api/geral/enviar-mensagem-aniversario).
 *
 * Which unit greets whom: customers are the tenant's, so a tenant with two units would greet
 * everyone twice. Each customer is greeted by the unit they were registered in
 * (`pessoas.unidade_cadastro_id`, the scope's unit when the row was written; migration 0031 filled
 * it for older customers from their latest sale or appointment); a customer without one (written
 * with no unit selected), or whose unit was deactivated, is greeted by the tenant's first active
 * unit (oldest). Inactive customers are
 * left out; consent, phone and the once-a-year key are enfileirarMensagem's.
 */
import { sql } from 'drizzle-orm';
import type { EnvioAniversario } from '@petshop/shared/whatsapp';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { enfileirarMensagem } from './enfileirar-mensagem.ts';

const ehBissexto = (ano: number): boolean => (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0;

/** The month × 100 + day values born "today" (`hoje` 'yyyy-MM-dd'): 28/02 of a common year also takes 29/02. */
export const diasDeAniversario = (hoje: string): number[] => {
  const ano = Number(hoje.slice(0, 4));
  const md = Number(hoje.slice(5, 7)) * 100 + Number(hoje.slice(8, 10));
  return md === 228 && !ehBissexto(ano) ? [228, 229] : [md];
};

/**
 * Queues today's birthday messages of the scoped unit now. `hoje`: 'yyyy-MM-dd' in the unit's
 * time zone. Answers how many were queued now, already queued/sent earlier this year, and left out
 * (no WhatsApp phone, no marketing consent). The template must be on (400 otherwise, by the route;
 * here a template off queues nothing and counts nothing). `agora`: when they may go (agendadaPara).
 */
export const enfileirarAniversariantes = async (
  tx: Db,
  opcoes: { hoje: string; agora: Date; usuarioId?: string | null },
): Promise<EnvioAniversario> => {
  const ano = opcoes.hoje.slice(0, 4);
  const dias = diasDeAniversario(opcoes.hoje);
  const pessoas = await queryRows<{ id: string; jaEnfileirada: boolean }>(
    tx,
    sql`select p.id,
               exists (select 1 from whatsapp_mensagens m
                        where m.unidade_negocio_id = ${currentUnidadeNegocioId}
                          and m.chave = 'aniversario:' || p.id::text || ':' || ${ano}) as "jaEnfileirada"
          from pessoas p
         where p.data_nascimento is not null and p.ativo
           and (extract(month from p.data_nascimento) * 100 + extract(day from p.data_nascimento)) in (${sql.join(
             dias.map((d) => sql`${d}`),
             sql`, `,
           )})
           and coalesce(
                 (select u.id from unidades_negocio u where u.id = p.unidade_cadastro_id and u.ativo),
                 (select u.id from unidades_negocio u where u.ativo order by u.created_at, u.id limit 1)
               ) = ${currentUnidadeNegocioId}
         order by p.nome_busca, p.id`,
  );
  const contagem: EnvioAniversario = { enfileiradas: 0, jaEnviadas: 0, semTelefone: 0, semConsentimento: 0 };
  for (const p of pessoas) {
    if (p.jaEnfileirada) {
      contagem.jaEnviadas += 1;
      continue;
    }
    const r = await enfileirarMensagem(tx, {
      tipo: 'aniversario',
      chave: `aniversario:${p.id}:${ano}`,
      pessoaId: p.id,
      usuarioId: opcoes.usuarioId ?? null,
      agendadaPara: opcoes.agora,
    });
    if (r.enfileirada) contagem.enfileiradas += 1;
    else if (r.motivo === 'duplicada') contagem.jaEnviadas += 1;
    else if (r.motivo === 'semTelefone') contagem.semTelefone += 1;
    else if (r.motivo === 'semConsentimento') contagem.semConsentimento += 1;
  }
  return contagem;
};
