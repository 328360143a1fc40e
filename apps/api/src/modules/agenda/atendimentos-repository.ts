/**
 * Reads of appointments (issue #17 items 2 and 5; spec §7 "Agenda"): the unit's list of a day
 * or range (the grooming board's refresh), one appointment with its history, and the row lock
 * the writes take. Local date-times are the unit's ('yyyy-MM-ddTHH:mm'), converted in SQL with
 * the unit's time zone; row-level security keeps every read inside the scope's unit.
 *
 * The list is ONE statement (the board refreshes 60 pets every few seconds): joins for pet,
 * owner, type and sale; names of breed, species, professional, room, box and the package as
 * scalar subqueries by primary key (a 12-table join cost far more to plan than to run, and
 * PGlite plans every call); the services as a correlated json_agg; the total as a window count.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Atendimento,
  AtendimentoDetalhe,
  Atividade,
  listAtendimentosQuerySchema,
  Prioridade,
  StatusAtendimento,
} from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { atendimentos } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { arquivoUrl } from '../../lib/arquivos.ts';
import { notFound } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { statusFinanceiroSql } from './venda-atendimento.ts';

type ListAtendimentosQuery = z.output<typeof listAtendimentosQuerySchema>;

export const ATENDIMENTO_NAO_ENCONTRADO = 'Atendimento não encontrado';

/** An instant as the unit's local 'yyyy-MM-ddTHH:mm'. */
export const localSql = (column: SQL, timeZone: string): SQL =>
  sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI')`;

/** The unit's local 'yyyy-MM-ddTHH:mm' (or 'yyyy-MM-dd' at midnight) as an instant. */
export const instanteSql = (local: string, timeZone: string): SQL => sql`(${local}::timestamp at time zone ${timeZone})`;

/** An instant as an ISO string (UTC, milliseconds). */
const isoSql = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The owner's phone for the card: the first mobile, else the first phone. */
export const telefonePessoaSql = (telefones: SQL): SQL =>
  sql`coalesce((select t->>'numero' from jsonb_array_elements(${telefones}) t where t->>'tipo' = 'celular' limit 1), ${telefones}->0->>'numero')`;

type AtendimentoRow = Omit<Atendimento, 'petFotoUrl'> & { fotoArquivoId: string | null; total: number };

const selectAtendimentos = (timeZone: string, where: SQL, tail: SQL = sql``): SQL => sql`
  select atendimentos.id, atendimentos.pet_id as "petId", p.nome as "petNome", p.foto_arquivo_id as "fotoArquivoId",
    (select nome from racas where id = p.raca_id) as "racaNome", (select nome from especies where id = p.especie_id) as "especieNome", p.porte, p.agressivo, p.usa_focinheira as "usaFocinheira", p.alergias,
    atendimentos.cliente_id as "clienteId", c.nome as "clienteNome", ${telefonePessoaSql(sql`c.telefones`)} as "clienteTelefone",
    atendimentos.tipo_atendimento_id as "tipoAtendimentoId", ta.nome as "tipoNome", ta.area, ta.cor,
    (atendimentos.inicio at time zone ${timeZone})::text as inicio, (atendimentos.fim at time zone ${timeZone})::text as fim,
    atendimentos.responsavel_id as "responsavelId", (select nome from usuarios where id = atendimentos.responsavel_id) as "responsavelNome",
    atendimentos.sala_id as "salaId", (select nome from salas where id = atendimentos.sala_id) as "salaNome",
    atendimentos.box_id as "boxId", (select nome from boxes where id = atendimentos.box_id) as "boxNome",
    coalesce((select json_agg(json_build_object('produtoId', sv.produto_id, 'descricao', sv.descricao, 'valor', sv.valor) order by sv.ordem)
                from atendimento_servicos sv where sv.atendimento_id = atendimentos.id), '[]'::json) as servicos,
    atendimentos.observacoes, atendimentos.nao_fazer as "naoFazer", atendimentos.status, atendimentos.prioridade,
    atendimentos.atividade, (atendimentos.atividade_desde at time zone 'UTC')::text as "atividadeDesde",
    atendimentos.leva_e_traz as "levaETraz", atendimentos.recorrencia_id as "recorrenciaId",
    atendimentos.venda_id as "vendaId", vendas.numero::float8 as "vendaNumero", ${statusFinanceiroSql} as "statusFinanceiro",
    (select json_build_object('id', pc.id, 'nome', pc.nome, 'sessoesRestantes', pc.sessoes_total - pc.sessoes_usadas)
       from pacotes pc where pc.id = atendimentos.pacote_id) as pacote,
    atendimentos.resposta_confirmacao as "respostaConfirmacao",
    (atendimentos.resposta_confirmacao_em at time zone 'UTC')::text as "respostaConfirmacaoEm",
    (atendimentos.created_at at time zone 'UTC')::text as "createdAt", (count(*) over ())::int as total
  from atendimentos
  join pets p on p.id = atendimentos.pet_id
  join pessoas c on c.id = atendimentos.cliente_id
  join tipos_atendimento ta on ta.id = atendimentos.tipo_atendimento_id
  left join vendas on vendas.id = atendimentos.venda_id
  where ${where}
  ${tail}`;

type LevaETrazRow = { endereco: string; horaBusca?: string | null; horaEntrega?: string | null; valor?: number | string | null };

// The list's instants leave PostgreSQL as timestamp text ('2026-11-27 09:00:00', ISO DateStyle):
// to_char on a zoned instant cost about a millisecond a row on PGlite, the board's whole budget.
/** Local timestamp text → 'yyyy-MM-ddTHH:mm'. */
const localDeTexto = (texto: string): string => texto.slice(0, 16).replace(' ', 'T');
/** UTC timestamp text → ISO instant. */
const isoDeTexto = (texto: string): string => new Date(`${texto.slice(0, 23).replace(' ', 'T')}Z`).toISOString();

const toAtendimento = (r: AtendimentoRow): Atendimento => {
  const leva = r.levaETraz as LevaETrazRow | null;
  return {
    id: r.id,
    petId: r.petId,
    petNome: r.petNome,
    petFotoUrl: arquivoUrl(r.fotoArquivoId),
    racaNome: r.racaNome,
    especieNome: r.especieNome,
    porte: r.porte,
    agressivo: r.agressivo,
    usaFocinheira: r.usaFocinheira,
    alergias: r.alergias,
    clienteId: r.clienteId,
    clienteNome: r.clienteNome,
    clienteTelefone: r.clienteTelefone,
    tipoAtendimentoId: r.tipoAtendimentoId,
    tipoNome: r.tipoNome,
    area: r.area,
    cor: r.cor,
    inicio: localDeTexto(r.inicio),
    fim: localDeTexto(r.fim),
    responsavelId: r.responsavelId,
    responsavelNome: r.responsavelNome,
    salaId: r.salaId,
    salaNome: r.salaNome,
    boxId: r.boxId,
    boxNome: r.boxNome,
    servicos: r.servicos.map((s) => ({ produtoId: s.produtoId, descricao: s.descricao, valor: Number(s.valor) })),
    observacoes: r.observacoes,
    naoFazer: r.naoFazer,
    status: r.status,
    prioridade: r.prioridade,
    atividade: r.atividade,
    atividadeDesde: isoDeTexto(r.atividadeDesde),
    levaETraz: leva
      ? {
          endereco: leva.endereco,
          horaBusca: leva.horaBusca ?? null,
          horaEntrega: leva.horaEntrega ?? null,
          valor: Number(leva.valor ?? 0),
        }
      : null,
    recorrenciaId: r.recorrenciaId,
    vendaId: r.vendaId,
    vendaNumero: r.vendaNumero,
    statusFinanceiro: r.statusFinanceiro,
    pacote: r.pacote,
    respostaConfirmacao: r.respostaConfirmacao,
    respostaConfirmacaoEm: r.respostaConfirmacaoEm ? isoDeTexto(r.respostaConfirmacaoEm) : null,
    createdAt: isoDeTexto(r.createdAt),
  };
};

/**
 * GET /atendimentos: the unit's appointments of `data`, or of `dataInicio`..`dataFim`
 * (inclusive; a missing end is the start), default the unit's today; filters by area, status,
 * box, room, professional, pet and owner; `query` matches pet, owner or type names ignoring
 * case and accents. Ordered by start (then id), paged.
 */
export const listAtendimentos = async (tx: Db, query: ListAtendimentosQuery): Promise<Page<Atendimento>> => {
  const unidade = await getUnidadeAtual(tx);
  const tz = unidade.timeZone;
  const inicio = query.data ?? query.dataInicio ?? unidade.hoje;
  const fim = query.data ?? query.dataFim ?? query.dataInicio ?? unidade.hoje;
  const { page, pageSize } = query;
  const conditions: SQL[] = [
    // The unit's own condition beside row-level security's, so the (unit, inicio) index is chosen.
    sql`atendimentos.unidade_negocio_id = ${unidade.id}`,
    sql`atendimentos.inicio >= ${instanteSql(inicio, tz)}`,
    sql`atendimentos.inicio < ((${fim}::date + 1)::timestamp at time zone ${tz})`,
  ];
  if (query.area) conditions.push(sql`ta.area = ${query.area}`);
  const status = query.status;
  if (status.length > 0)
    conditions.push(
      sql`atendimentos.status in (${sql.join(
        status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (query.boxId) conditions.push(sql`atendimentos.box_id = ${query.boxId}`);
  if (query.salaId) conditions.push(sql`atendimentos.sala_id = ${query.salaId}`);
  if (query.responsavelId) conditions.push(sql`atendimentos.responsavel_id = ${query.responsavelId}`);
  if (query.petId) conditions.push(sql`atendimentos.pet_id = ${query.petId}`);
  if (query.clienteId) conditions.push(sql`atendimentos.cliente_id = ${query.clienteId}`);
  const texto = query.query?.trim();
  if (texto)
    conditions.push(
      sql`(${containsText(sql`p.nome`, texto)} or ${containsText(sql`c.nome`, texto)} or ${containsText(sql`ta.nome`, texto)})`,
    );
  const rows = await queryRows<AtendimentoRow>(
    tx,
    selectAtendimentos(
      tz,
      sql.join(conditions, sql` and `),
      sql`order by atendimentos.inicio, atendimentos.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
  );
  return { items: rows.map(toAtendimento), total: rows[0]?.total ?? 0, page, pageSize };
};

/** One appointment of the scope's unit, or null. */
export const findAtendimento = async (tx: Db, id: string): Promise<Atendimento | null> => {
  const unidade = await getUnidadeAtual(tx);
  const [row] = await queryRows<AtendimentoRow>(tx, selectAtendimentos(unidade.timeZone, sql`atendimentos.id = ${id}`));
  return row ? toAtendimento(row) : null;
};

/** One appointment of the scope's unit; 404 'Atendimento não encontrado'. */
export const getAtendimento = async (tx: Db, id: string): Promise<Atendimento> => {
  const atendimento = await findAtendimento(tx, id);
  if (!atendimento) throw notFound(ATENDIMENTO_NAO_ENCONTRADO);
  return atendimento;
};

/** GET /atendimentos/{id}: the appointment with its history (who, when), oldest first; 404 otherwise. */
export const getAtendimentoDetalhe = async (tx: Db, id: string): Promise<AtendimentoDetalhe> => {
  const atendimento = await getAtendimento(tx, id);
  const historico = await queryRows<AtendimentoDetalhe['historico'][number]>(
    tx,
    sql`select h.campo, h.de, h.para, u.nome as "usuarioNome", ${isoSql(sql`h.em`)} as em
          from atendimento_historico h left join usuarios u on u.id = h.usuario_id
         where h.atendimento_id = ${id}
         order by h.em, h.id`,
  );
  return { ...atendimento, historico };
};

export type AtendimentoLocked = typeof atendimentos.$inferSelect & {
  /** Local 'yyyy-MM-ddTHH:mm' of the unit. */
  inicioLocal: string;
  fimLocal: string;
  area: 'BanhoTosa' | 'Clinica';
  status: StatusAtendimento;
  atividade: Atividade;
  prioridade: Prioridade;
};

/** The appointment's row locked for update (with its local times and its type's area); 404 otherwise. */
export const lockAtendimento = async (tx: Db, id: string): Promise<AtendimentoLocked> => {
  const unidade = await getUnidadeAtual(tx);
  const [row] = await tx
    .select({
      row: atendimentos,
      inicioLocal: localSql(sql`${atendimentos.inicio}`, unidade.timeZone).mapWith(String),
      fimLocal: localSql(sql`${atendimentos.fim}`, unidade.timeZone).mapWith(String),
      area: sql<'BanhoTosa' | 'Clinica'>`(select area from tipos_atendimento where id = ${atendimentos.tipoAtendimentoId})`,
    })
    .from(atendimentos)
    .where(sql`${atendimentos.id} = ${id}`)
    .for('update', { of: atendimentos });
  if (!row) throw notFound(ATENDIMENTO_NAO_ENCONTRADO);
  return {
    ...row.row,
    inicioLocal: row.inicioLocal,
    fimLocal: row.fimLocal,
    area: row.area,
    status: row.row.status as StatusAtendimento,
    atividade: row.row.atividade as Atividade,
    prioridade: row.row.prioridade as Prioridade,
  };
};
