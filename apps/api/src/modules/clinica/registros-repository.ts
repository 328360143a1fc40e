/**
 * A pet's clinical records (issue #19 item 4; DOMAIN.md §9): reads and row shaping, and the one
 * raw insert every writer uses (`inserirRegistro`: the record form's use cases and the documents
 * issued by `processar`).
 *
 * Tenancy (db/schema/clinica.ts): RLS keeps every read inside the tenant; every unit of the tenant
 * reads a pet's whole chart, and a record is changed or deleted only from the unit that wrote it
 * (`lockRegistroDaUnidade` answers 404 from another unit). `editavel` = written in the scope's
 * unit AND the user holds the clinic permission (`podeEscrever`).
 *
 * Times: `data` is stored UTC; `dataLocal` is in the time zone of the unit that wrote the record
 * (where the consultation happened), the weight series' dates in the reader's (scope) unit's.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@petshop/shared/http';
import type { ListRegistrosQuery, Medicamento, PontoPeso, Registro, TipoRegistro } from '@petshop/shared/clinica';
import type { Db } from '../../db/client.ts';
import { pets, registroAnexos, registrosClinicos, unidadesNegocio, usuarios } from '../../db/schema/index.ts';
import { runTogether } from '../../db/run-together.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { containsText } from '../../db/search.ts';
import { notFound } from '../../lib/errors.ts';
import { arquivoUrl } from '../../lib/arquivos.ts';

/** The 404 of a record that is not the tenant's (or, for writes, not the scope unit's). */
export const REGISTRO_NAO_ENCONTRADO = 'Registro não encontrado';

/** What a reader may do: `podeEscrever` = the user holds the clinic permission in the scope's unit. */
export type RegistroContexto = { podeEscrever: boolean };

type AnexoJson = { id: string; arquivoId: string; nome: string; mimeType: string; tamanho: number };

const anexosJson = sql<AnexoJson[]>`coalesce((
  select json_agg(json_build_object('id', a.id, 'arquivoId', a.arquivo_id, 'nome', a.nome, 'mimeType', a.mime_type, 'tamanho', a.tamanho)
                  order by a.created_at, a.id)
    from ${registroAnexos} a where a.registro_id = registros_clinicos.id), '[]'::json)`;

/**
 * The page's extra columns are scalar subqueries, evaluated only for the rows answered (after the
 * sort and limit): the pet's records are read on registros_clinicos_pet_idx, the 20 newest kept,
 * and only then their unit, veterinarian and attachments looked up. (Joins would look them up for
 * every record of the pet before the limit when the planner has no statistics, as on PGlite.)
 * They name the outer row `registros_clinicos.…` in full: Drizzle writes a one-table select's
 * columns unqualified, which inside a subquery would mean the subquery's own table.
 */
const unidadeDoRegistro = (coluna: 'nome_fantasia' | 'time_zone') =>
  sql.raw(`(select u.${coluna} from unidades_negocio u where u.id = registros_clinicos.unidade_negocio_id)`);

const columns = {
  r: registrosClinicos,
  dataLocal: sql<string>`to_char(${registrosClinicos.data} at time zone ${unidadeDoRegistro('time_zone')}, 'YYYY-MM-DD"T"HH24:MI')`,
  unidadeNegocioNome: sql<string | null>`${unidadeDoRegistro('nome_fantasia')}`,
  veterinario: sql<{ nome: string; crmv: string | null } | null>`(select json_build_object('nome', v.nome, 'crmv', v.crmv)
    from ${usuarios} v where v.id = registros_clinicos.veterinario_id)`,
  daUnidade: sql<boolean>`coalesce(${registrosClinicos.unidadeNegocioId} = ${currentUnidadeNegocioId}, false)`,
  anexos: anexosJson,
};

type RegistroRow = {
  r: typeof registrosClinicos.$inferSelect;
  dataLocal: string;
  unidadeNegocioNome: string | null;
  veterinario: { nome: string; crmv: string | null } | null;
  daUnidade: boolean;
  anexos: AnexoJson[];
};

const selectRegistros = (tx: Db) => tx.select(columns).from(registrosClinicos);

const texto = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const numero = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The stored physical exam (`dados.exameFisico`) with every field present (null when absent). */
const toExameFisico = (v: unknown): Registro['exameFisico'] => {
  if (!v || typeof v !== 'object') return null;
  const e = v as Record<string, unknown>;
  return {
    peso: numero(e.peso),
    temperatura: numero(e.temperatura),
    frequenciaCardiaca: numero(e.frequenciaCardiaca),
    frequenciaRespiratoria: numero(e.frequenciaRespiratoria),
    mucosas: texto(e.mucosas),
    hidratacao: texto(e.hidratacao),
    tpc: numero(e.tpc),
    observacoes: texto(e.observacoes),
  };
};

const toRegistro = (row: RegistroRow, ctx: RegistroContexto | undefined): Registro => {
  const { r } = row;
  const d = r.dados;
  return {
    id: r.id,
    petId: r.petId,
    tipo: r.tipo as TipoRegistro,
    data: r.data.toISOString(),
    dataLocal: row.dataLocal,
    titulo: r.titulo,
    anamnese: texto(d.anamnese),
    exameFisico: toExameFisico(d.exameFisico),
    diagnostico: texto(d.diagnostico),
    conduta: texto(d.conduta),
    evolucao: texto(d.evolucao),
    descricao: texto(d.descricao),
    peso: r.peso === null ? null : Number(r.peso),
    medicamentos: Array.isArray(d.medicamentos) ? (d.medicamentos as Medicamento[]) : [],
    conteudoHtml: r.conteudoHtml,
    modeloDocumentoId: r.modeloDocumentoId,
    controleEspecial: r.controleEspecial,
    veterinarioId: r.veterinarioId,
    veterinarioNome: row.veterinario?.nome ?? null,
    veterinarioCrmv: row.veterinario?.crmv ?? null,
    unidadeNegocioId: r.unidadeNegocioId,
    unidadeNegocioNome: row.unidadeNegocioNome ?? '',
    editavel: Boolean(ctx?.podeEscrever) && row.daUnidade,
    anexos: row.anexos.map((a) => ({
      id: a.id,
      nome: a.nome,
      mimeType: a.mimeType,
      tamanho: a.tamanho,
      url: arquivoUrl(a.arquivoId)!,
    })),
    createdAt: r.createdAt.toISOString(),
  };
};

/** The record `id` of the tenant, or null. `ctx` gives `editavel` (absent: false). */
export const findRegistro = async (tx: Db, id: string, ctx?: RegistroContexto): Promise<Registro | null> => {
  const [row] = await selectRegistros(tx).where(eq(registrosClinicos.id, id));
  return row ? toRegistro(row, ctx) : null;
};

/** The record `id` of the tenant (any of its units); 404 'Registro não encontrado' otherwise. */
export const getRegistro = async (tx: Db, id: string, ctx?: RegistroContexto): Promise<Registro> => {
  const registro = await findRegistro(tx, id, ctx);
  if (!registro) throw notFound(REGISTRO_NAO_ENCONTRADO);
  return registro;
};

/** The raw row of a record written by the scope's unit, locked for update; 404 for any other. */
export const lockRegistroDaUnidade = async (tx: Db, id: string): Promise<typeof registrosClinicos.$inferSelect> => {
  const [row] = await tx
    .select()
    .from(registrosClinicos)
    .where(and(eq(registrosClinicos.id, id), sql`${registrosClinicos.unidadeNegocioId} = ${currentUnidadeNegocioId}`))
    .for('update');
  if (!row) throw notFound(REGISTRO_NAO_ENCONTRADO);
  return row;
};

/** Search over a record's texts: title, diagnosis, description, anamnesis, conduct, evolution. */
const buscaRegistro = (text: string): SQL =>
  or(
    containsText(registrosClinicos.titulo, text),
    containsText(sql`${registrosClinicos.dados}->>'diagnostico'`, text),
    containsText(sql`${registrosClinicos.dados}->>'descricao'`, text),
    containsText(sql`${registrosClinicos.dados}->>'anamnese'`, text),
    containsText(sql`${registrosClinicos.dados}->>'conduta'`, text),
    containsText(sql`${registrosClinicos.dados}->>'evolucao'`, text),
  )!;

/** The `where` of a pet's records with the list's filters. */
const filtroRegistros = (query: Pick<ListRegistrosQuery, 'petId' | 'tipo' | 'query'>): SQL =>
  and(
    eq(registrosClinicos.petId, query.petId),
    query.tipo && query.tipo.length > 0 ? inArray(registrosClinicos.tipo, query.tipo) : undefined,
    query.query ? buscaRegistro(query.query) : undefined,
  )!;

const ordemTimeline = [desc(registrosClinicos.data), desc(registrosClinicos.createdAt), desc(registrosClinicos.id)];

/**
 * A page of a pet's records, newest first (`data`, then creation). `tipo`: any of the kinds;
 * `query`: contained in the title, diagnosis, description, anamnesis, conduct or evolution,
 * ignoring case and accents (f_busca; the pet's records only, read through the pet index).
 * The page and its count are read together (one round trip on PostgreSQL).
 */
export const listRegistros = async (tx: Db, query: ListRegistrosQuery, podeEscrever: boolean): Promise<Page<Registro>> => {
  const where = filtroRegistros(query);
  const [rows, [totalRow]] = await runTogether(
    selectRegistros(tx)
      .where(where)
      .orderBy(...ordemTimeline)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx
      .select({ total: sql<number>`count(*)::int` })
      .from(registrosClinicos)
      .where(where),
  );
  return {
    items: rows.map((row) => toRegistro(row, { podeEscrever })),
    total: totalRow?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** The `limite` newest records of a pet, without their count (the chart counts them per kind). */
export const listRegistrosRecentes = async (
  tx: Db,
  petId: string,
  limite: number,
  podeEscrever: boolean,
): Promise<Registro[]> => {
  const rows = await selectRegistros(tx)
    .where(eq(registrosClinicos.petId, petId))
    .orderBy(...ordemTimeline)
    .limit(limite);
  return rows.map((row) => toRegistro(row, { podeEscrever }));
};

/** The scope unit's time zone, evaluated once per statement (an uncorrelated subquery). */
const fusoDoEscopo = sql`coalesce((select u.time_zone from ${unidadesNegocio} u where u.id = ${currentUnidadeNegocioId}), 'America/Sao_Paulo')`;

/**
 * A pet's weight series: every record with a weight, oldest first, its date ('yyyy-MM-dd') in the
 * time zone of the scope's unit (the reader's; evaluated once, not per record). Read on
 * registros_clinicos_peso_idx.
 */
export const listHistoricoPeso = async (tx: Db, petId: string): Promise<PontoPeso[]> => {
  const rows = await tx
    .select({
      registroId: registrosClinicos.id,
      data: sql<string>`to_char(${registrosClinicos.data} at time zone ${fusoDoEscopo}, 'YYYY-MM-DD')`,
      peso: registrosClinicos.peso,
    })
    .from(registrosClinicos)
    .where(and(eq(registrosClinicos.petId, petId), sql`${registrosClinicos.peso} is not null`))
    .orderBy(asc(registrosClinicos.data), asc(registrosClinicos.createdAt));
  return rows.map((r) => ({ registroId: r.registroId, data: r.data, peso: Number(r.peso) }));
};

/** Records of a pet per kind: `{ consulta: 12, peso: 3, … }` (kinds without records absent). */
export const listTotaisPorTipo = async (tx: Db, petId: string): Promise<Record<string, number>> => {
  const rows = await tx
    .select({ tipo: registrosClinicos.tipo, total: sql<number>`count(*)::int` })
    .from(registrosClinicos)
    .where(eq(registrosClinicos.petId, petId))
    .groupBy(registrosClinicos.tipo);
  return Object.fromEntries(rows.map((r) => [r.tipo, r.total]));
};

/**
 * Sets `pets.peso` to the weight of the pet's latest record with a weight (by `data`, then
 * creation); null when no record has one. Run after every write that sets, changes or removes a
 * record's weight, so the pet's form shows the chart's latest weight.
 */
export const atualizarPesoDoPet = async (tx: Db, petId: string): Promise<void> => {
  await tx
    .update(pets)
    .set({
      peso: sql`(select r.peso from ${registrosClinicos} r where r.pet_id = ${petId} and r.peso is not null
                  order by r.data desc, r.created_at desc limit 1)`,
      updatedAt: new Date(),
    })
    .where(eq(pets.id, petId));
};

/** The fields of a record as stored (`dados` holds the kind's fields; see db/schema/clinica.ts). */
export type NovoRegistro = {
  petId: string;
  tipo: TipoRegistro;
  /** When it happened; absent = now. */
  data?: Date;
  titulo?: string | null;
  /** The kind's fields (anamnese, exameFisico, diagnostico, conduta, evolucao, descricao, medicamentos). */
  dados?: Record<string, unknown>;
  /** kg; also becomes the pet's weight when this is its latest record with one. */
  peso?: number | null;
  /** The filled template of a document or prescription (already escaped by whoever filled it). */
  conteudoHtml?: string | null;
  modeloDocumentoId?: string | null;
  controleEspecial?: boolean;
  veterinarioId?: string | null;
  usuarioId: string;
};

/**
 * Inserts a record in the scope's unit and answers its id; with `peso` it also updates the
 * pet's weight (`atualizarPesoDoPet`). No checks: the caller checked the pet (the tenant's, else
 * the foreign key under RLS fails), the kind's fields and the veterinarian. Used by
 * `criarRegistro` and by `processar` (a filled document saved as a record).
 */
export const inserirRegistro = async (tx: Db, dados: NovoRegistro): Promise<string> => {
  const [row] = await tx
    .insert(registrosClinicos)
    .values({
      petId: dados.petId,
      tipo: dados.tipo,
      ...(dados.data ? { data: dados.data } : {}),
      titulo: dados.titulo ?? null,
      dados: dados.dados ?? {},
      peso: dados.peso === undefined || dados.peso === null ? null : String(dados.peso),
      conteudoHtml: dados.conteudoHtml ?? null,
      modeloDocumentoId: dados.modeloDocumentoId ?? null,
      controleEspecial: dados.controleEspecial ?? false,
      veterinarioId: dados.veterinarioId ?? null,
      usuarioId: dados.usuarioId,
    })
    .returning({ id: registrosClinicos.id });
  if (dados.peso !== undefined && dados.peso !== null) await atualizarPesoDoPet(tx, dados.petId);
  return row!.id;
};
