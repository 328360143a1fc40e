/**
 * Reads of packages (issue #17 item 6): a customer's and a pet's, in the selected unit
 * (packages are per unit: row-level security keeps the others out), newest first, every
 * status (the screens filter). Status derived, never stored (`pacoteSchema`): Cancelado when
 * cancelled, else Esgotado when no session is left, else Expirado when past valido_ate (the
 * unit's today), else Ativo.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Pacote, StatusPacote } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';

type PacoteRow = Omit<Pacote, 'status' | 'sessoesRestantes' | 'vendaNumero' | 'createdAt'> & {
  cancelado: boolean;
  vendaNumero: string | number | null;
  createdAt: string | Date;
};

/** The packages matching `where` (an SQL condition over `pc`, the pacotes row), newest first. */
const listPacotes = async (tx: Db, where: SQL): Promise<Pacote[]> => {
  const { hoje } = await getUnidadeAtual(tx);
  const rows = await queryRows<PacoteRow>(
    tx,
    sql`select pc.id, pc.nome, pc.cliente_id as "clienteId", cl.nome as "clienteNome", pc.pet_id as "petId",
               pt.nome as "petNome", pc.tipo_atendimento_id as "tipoAtendimentoId", ta.nome as "tipoNome",
               pc.sessoes_total as "sessoesTotal", pc.sessoes_usadas as "sessoesUsadas",
               pc.valido_ate::text as "validoAte", pc.cancelado, pc.venda_id as "vendaId", v.numero as "vendaNumero",
               pc.created_at as "createdAt"
          from pacotes pc
          join pessoas cl on cl.id = pc.cliente_id
          join tipos_atendimento ta on ta.id = pc.tipo_atendimento_id
          left join pets pt on pt.id = pc.pet_id
          left join vendas v on v.id = pc.venda_id
         where ${where}
         order by pc.created_at desc, pc.id desc`,
  );
  return rows.map((r) => {
    const sessoesTotal = Number(r.sessoesTotal);
    const sessoesUsadas = Number(r.sessoesUsadas);
    const status: StatusPacote = r.cancelado
      ? 'Cancelado'
      : sessoesUsadas >= sessoesTotal
        ? 'Esgotado'
        : r.validoAte < hoje
          ? 'Expirado'
          : 'Ativo';
    return {
      id: r.id,
      nome: r.nome,
      clienteId: r.clienteId,
      clienteNome: r.clienteNome,
      petId: r.petId,
      petNome: r.petNome,
      tipoAtendimentoId: r.tipoAtendimentoId,
      tipoNome: r.tipoNome,
      sessoesTotal,
      sessoesUsadas,
      sessoesRestantes: Math.max(0, sessoesTotal - sessoesUsadas),
      validoAte: r.validoAte,
      status,
      vendaId: r.vendaId,
      vendaNumero: r.vendaNumero === null ? null : Number(r.vendaNumero),
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
};

/**
 * GET /api/pessoal/pessoas/{id}/pacotes: the customer's packages in the selected unit (for any
 * of their pets). 404 when the person is not the tenant's.
 */
export const listPacotesPessoa = async (tx: Db, pessoaId: string): Promise<Pacote[]> => {
  const [pessoa] = await queryRows<{ id: string }>(tx, sql`select id from pessoas where id = ${pessoaId}`);
  if (!pessoa) throw notFound('Cliente não encontrado');
  return listPacotes(tx, sql`pc.cliente_id = ${pessoaId}`);
};

/**
 * GET /api/animal/pets/{id}/pacotes: the packages a pet may use in the selected unit: those
 * sold for it and those of its tutors sold for any pet (pet null). 404 when the pet is not the
 * tenant's.
 */
export const listPacotesPet = async (tx: Db, petId: string): Promise<Pacote[]> => {
  const [pet] = await queryRows<{ id: string }>(tx, sql`select id from pets where id = ${petId}`);
  if (!pet) throw notFound('Pet não encontrado');
  return listPacotes(
    tx,
    sql`(pc.pet_id = ${petId}
         or (pc.pet_id is null and pc.cliente_id in (select pessoa_id from pet_tutores where pet_id = ${petId})))`,
  );
};
