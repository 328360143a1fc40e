/**
 * The WhatsApp log (issue #21 item 1; the outbox whatsapp_mensagens seen by the screen): reads and
 * row shaping, inside the unit's scope (RLS keeps a unit to its own messages).
 */
import { sql, type SQL } from 'drizzle-orm';
import { onlyDigits } from '@petshop/shared/validators';
import type { Page } from '@petshop/shared/http';
import {
  STATUS_MENSAGEM_IDS,
  TIPO_MENSAGEM_IDS,
  type MensagemWhatsapp,
  type StatusMensagemWhatsapp,
  type TipoMensagemWhatsapp,
} from '@petshop/shared/whatsapp';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { pessoas, pets, whatsappMensagens } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { notFound } from '../../lib/errors.ts';

/** The log's filters (mensagensWhatsappQuerySchema). */
export type FiltrosMensagens = {
  page: number;
  pageSize: number;
  query?: string | undefined;
  status: StatusMensagemWhatsapp[];
  tipo: TipoMensagemWhatsapp[];
  pessoaId?: string | undefined;
};

type MensagemRow = {
  id: string;
  tipo: string;
  status: string;
  telefone: string;
  texto: string;
  pessoa_id: string | null;
  pessoa_nome: string | null;
  pet_id: string | null;
  pet_nome: string | null;
  atendimento_id: string | null;
  agendada_para: Date | string;
  tentativas: number;
  ultimo_erro: string | null;
  enviada_em: Date | string | null;
  entregue_em: Date | string | null;
  lida_em: Date | string | null;
  created_at: Date | string;
  total?: number | string;
};

const iso = (v: Date | string): string => new Date(v).toISOString();
const isoOuNull = (v: Date | string | null): string | null => (v == null ? null : iso(v));

const toMensagem = (r: MensagemRow): MensagemWhatsapp => ({
  id: r.id,
  tipo: (TIPO_MENSAGEM_IDS as readonly string[]).includes(r.tipo) ? (r.tipo as TipoMensagemWhatsapp) : 'manual',
  status: (STATUS_MENSAGEM_IDS as readonly string[]).includes(r.status) ? (r.status as StatusMensagemWhatsapp) : 'Pendente',
  telefone: r.telefone,
  texto: r.texto,
  pessoaId: r.pessoa_id,
  pessoaNome: r.pessoa_nome,
  petId: r.pet_id,
  petNome: r.pet_nome,
  atendimentoId: r.atendimento_id,
  agendadaPara: iso(r.agendada_para),
  tentativas: Number(r.tentativas),
  ultimoErro: r.ultimo_erro,
  enviadaEm: isoOuNull(r.enviada_em),
  entregueEm: isoOuNull(r.entregue_em),
  lidaEm: isoOuNull(r.lida_em),
  createdAt: iso(r.created_at),
});

const colunas = sql`m.id, m.tipo, m.status, m.telefone, m.texto, m.pessoa_id, p.nome as pessoa_nome, m.pet_id,
  pt.nome as pet_nome, m.atendimento_id, m.agendada_para, m.tentativas, m.ultimo_erro, m.enviada_em, m.entregue_em,
  m.lida_em, m.created_at`;

const origem = sql`${whatsappMensagens} m
  left join ${pessoas} p on p.id = m.pessoa_id
  left join ${pets} pt on pt.id = m.pet_id`;

/**
 * The scoped unit's messages, newest first (created_at, then id), paged. Filters: `status` and
 * `tipo` (any of), `pessoaId`, and `query` — contained in the person's or the pet's name (accents
 * and case ignored) or, when it has digits, in the phone.
 */
export const listMensagens = async (tx: Db, filtros: FiltrosMensagens): Promise<Page<MensagemWhatsapp>> => {
  const conds: SQL[] = [sql`m.unidade_negocio_id = (select ${currentUnidadeNegocioId})`];
  if (filtros.status.length > 0)
    conds.push(
      sql`m.status in (${sql.join(
        filtros.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filtros.tipo.length > 0)
    conds.push(
      sql`m.tipo in (${sql.join(
        filtros.tipo.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  if (filtros.pessoaId) conds.push(sql`m.pessoa_id = ${filtros.pessoaId}`);
  if (filtros.query) {
    const q = filtros.query;
    const digitos = onlyDigits(q);
    const porNome = sql`strpos(f_busca(p.nome), f_busca(${q})) > 0 or strpos(f_busca(pt.nome), f_busca(${q})) > 0`;
    conds.push(digitos.length >= 2 ? sql`(${porNome} or strpos(m.telefone, ${digitos}) > 0)` : sql`(${porNome})`);
  }
  const where = sql.join(conds, sql` and `);
  const offset = (filtros.page - 1) * filtros.pageSize;
  const rows = await queryRows<MensagemRow>(
    tx,
    sql`select ${colunas}, count(*) over () as total
          from ${origem}
         where ${where}
         order by m.created_at desc, m.id desc
         limit ${filtros.pageSize} offset ${offset}`,
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && offset > 0) {
    const [c] = await queryRows<{ total: number | string }>(tx, sql`select count(*) as total from ${origem} where ${where}`);
    total = Number(c?.total ?? 0);
  }
  return { items: rows.map(toMensagem), total, page: filtros.page, pageSize: filtros.pageSize };
};

/** One message of the scoped unit, or null. */
export const findMensagem = async (tx: Db, id: string): Promise<MensagemWhatsapp | null> => {
  const [row] = await queryRows<MensagemRow>(tx, sql`select ${colunas} from ${origem} where m.id = ${id}`);
  return row ? toMensagem(row) : null;
};

/** One message of the scoped unit; 404 'Mensagem não encontrada'. */
export const getMensagem = async (tx: Db, id: string): Promise<MensagemWhatsapp> => {
  const mensagem = await findMensagem(tx, id);
  if (!mensagem) throw notFound('Mensagem não encontrada');
  return mensagem;
};

/** The scoped unit's message `id` locked for an update (the log's actions): its status; 404 when not seen. */
export const lockStatusMensagem = async (tx: Db, id: string): Promise<string> => {
  const [row] = await tx
    .select({ status: whatsappMensagens.status })
    .from(whatsappMensagens)
    .where(sql`${whatsappMensagens.id} = ${id}`)
    .for('update');
  if (!row) throw notFound('Mensagem não encontrada');
  return row.status;
};
