/**
 * Writing a pet's clinical record (issue #19 item 4; DOMAIN.md §9): `criarRegistro` (POST
 * /registros) and `alterarRegistro` (PUT /registros/{id}), each one transaction with the record,
 * its attachments and the pet's weight.
 *
 * Rules:
 * - the pet must be the tenant's (404 'Pet não encontrado');
 * - `dados` keeps the kind's fields only (`CAMPOS_POR_TIPO`; others sent are dropped):
 *   consulta/retorno: anamnese, exameFisico, diagnostico, conduta; internacao: evolucao,
 *   exameFisico, diagnostico, conduta; exame/procedimento/observacao/peso/documento: descricao;
 *   receita: medicamentos, descricao;
 * - the weight (`peso` column, kg): tipo peso requires `peso` (400 on `peso`); consulta, retorno
 *   and internação take it from the physical exam (`exameFisico.peso`, or the top-level `peso`,
 *   which then goes into the exam); other kinds have none. After any write touching a weight,
 *   `pets.peso` is the weight of the pet's latest record with one (`atualizarPesoDoPet`);
 * - `data` is the unit's local time 'yyyy-MM-ddTHH:mm' (the scope unit's time zone), stored UTC;
 *   at most one day in the future (400 on `data`); absent = now (on update: unchanged);
 * - documents and prescriptions are issued from a template (`processar`): their `conteudoHtml`
 *   is never taken from a client (400 on `conteudoHtml`: "emita um novo documento"), nor their
 *   medicines changed once issued; `controleEspecial` is a receita's only;
 * - the veterinarian is a user of the tenant (absent: the signed-in user; 400 on `veterinarioId`);
 * - attachments (`anexos` parts): PDF, PNG, JPEG or WebP by their content (the first bytes, not
 *   the name or declared type; 400 on `anexos`), 10 MB each, at most 4 per request (the multipart
 *   plugin's limit); stored in `arquivos` (served at /api/arquivos/{id}) with a registro_anexos row;
 *   `anexosRemovidos` (update) deletes those of this record (ids of other records are ignored).
 * - a record is changed only from the unit that wrote it (404 from another unit).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RegistroInputParsed, TipoRegistro } from '@petshop/shared/clinica';
import { parseDateInput, zonedParts } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { runTogether } from '../../db/run-together.ts';
import { arquivos, pets, registroAnexos, registrosClinicos, unidadesNegocio, usuarios } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { storeArquivo } from '../../lib/arquivos.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import type { FileRule, UploadedFile } from '../../lib/request-body.ts';
import { atualizarPesoDoPet, inserirRegistro, lockRegistroDaUnidade } from './registros-repository.ts';

/** Largest attachment, bytes (the contract's 10 MB; the route raises the multipart limit to it). */
export const ANEXO_MAX_BYTES = 10 * 1024 * 1024;

/** The `anexos` file parts of POST/PUT /registros (several parts with that name). */
export const ANEXO_RULE = {
  label: 'Anexo',
  maxBytes: ANEXO_MAX_BYTES,
  mimeTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
  typesText: 'PDF, PNG, JPEG ou WebP',
  multiple: true,
} as const satisfies FileRule;

/** At most one day ahead of now (a record dated tomorrow morning in another zone is fine). */
const FUTURO_MAXIMO_MS = 24 * 60 * 60 * 1000;

type Campo = 'anamnese' | 'exameFisico' | 'diagnostico' | 'conduta' | 'evolucao' | 'descricao' | 'medicamentos';

/** The fields each kind keeps in `dados`. */
export const CAMPOS_POR_TIPO: Record<TipoRegistro, readonly Campo[]> = {
  consulta: ['anamnese', 'exameFisico', 'diagnostico', 'conduta'],
  retorno: ['anamnese', 'exameFisico', 'diagnostico', 'conduta'],
  internacao: ['evolucao', 'exameFisico', 'diagnostico', 'conduta'],
  exame: ['descricao'],
  procedimento: ['descricao'],
  observacao: ['descricao'],
  peso: ['descricao'],
  documento: ['descricao'],
  receita: ['medicamentos', 'descricao'],
};

/** Kinds issued from a template by `processar`. */
const EMITIDOS: ReadonlySet<TipoRegistro> = new Set(['documento', 'receita']);

const MSG_EMITA = 'Documentos e receitas não são editados: emita um novo documento a partir do modelo';

/** The type of a file by its first bytes: PDF, PNG, JPEG or WebP; null for anything else. */
export const tipoDoConteudo = (buffer: Buffer): string | null => {
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'image/jpeg';
  if (buffer.subarray(0, 4).toString('latin1') === 'RIFF' && buffer.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
};

/** The medicines' fields in a fixed order (jsonb keeps an object's keys in its own order). */
const chaveMedicamentos = (lista: unknown[]): string =>
  JSON.stringify(
    lista.map((m) => {
      const x = (m ?? {}) as Record<string, unknown>;
      return [x.nome, x.dose, x.via, x.frequencia, x.duracao, x.quantidade ?? null, x.observacoes ?? null];
    }),
  );

/** Checks every attachment's content before anything is written; answers them with their real type. */
const assertAnexos = (anexos: UploadedFile[]): UploadedFile[] =>
  anexos.map((file) => {
    const tipo = tipoDoConteudo(file.buffer);
    if (!tipo) throw fieldError('anexos', `${file.filename}: tipo de arquivo não aceito (use PDF, PNG, JPEG ou WebP)`);
    return { ...file, mimetype: tipo };
  });

/**
 * The instant of a wall-clock time 'yyyy-MM-ddTHH:mm' in `timeZone` (IANA). An impossible date
 * or time → 400 on `data`. A time skipped by a DST change moves forward by the gap; a repeated
 * one is its first occurrence.
 */
export const instanteLocal = (local: string, timeZone: string): Date => {
  const [dia = '', hora = ''] = local.split('T');
  const [h, m] = hora.split(':').map(Number) as [number, number];
  if (!parseDateInput(dia) || !(h >= 0 && h <= 23 && m >= 0 && m <= 59)) throw fieldError('data', 'Data inválida');
  const [ano, mes, d] = dia.split('-').map(Number) as [number, number, number];
  const alvo = Date.UTC(ano, mes - 1, d, h, m);
  const deslocamento = (instante: number): number => {
    const p = zonedParts(new Date(instante), timeZone);
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - instante;
  };
  const primeiro = alvo - deslocamento(alvo);
  const segundo = alvo - deslocamento(primeiro);
  // A wall-clock time that exists maps back to itself; one skipped by a DST change does not:
  // take the later candidate (the time plus the gap).
  return new Date(segundo + deslocamento(segundo) === alvo ? segundo : Math.max(primeiro, segundo));
};

/** The record's `data` from the input: the scope unit's local time → UTC, not beyond a day ahead. */
const dataDoRegistro = (local: string | undefined, timeZone: string, agora = Date.now()): Date | undefined => {
  if (!local) return undefined;
  const data = instanteLocal(local, timeZone);
  if (data.getTime() > agora + FUTURO_MAXIMO_MS) throw fieldError('data', 'A data não pode passar de um dia no futuro');
  return data;
};

/** `dados` of the kind and the weight (kg) it carries. 400 on `peso` for a weight record without one. */
const montarDados = (input: RegistroInputParsed): { dados: Record<string, unknown>; peso: number | null } => {
  const dados: Record<string, unknown> = {};
  for (const campo of CAMPOS_POR_TIPO[input.tipo]) {
    const valor = input[campo];
    if (valor === undefined || (Array.isArray(valor) && valor.length === 0)) continue;
    dados[campo] = valor;
  }
  if (input.tipo === 'peso') {
    if (input.peso === undefined) throw fieldError('peso', 'Informe o peso');
    return { dados, peso: input.peso };
  }
  if (!CAMPOS_POR_TIPO[input.tipo].includes('exameFisico')) return { dados, peso: null };
  const exame = Object.fromEntries(Object.entries(input.exameFisico ?? {}).filter(([, v]) => v !== undefined));
  const peso = input.exameFisico?.peso ?? input.peso ?? null;
  if (peso !== null) exame.peso = peso;
  if (Object.keys(exame).length > 0) dados.exameFisico = exame;
  else delete dados.exameFisico;
  return { dados, peso };
};

/** The pet (404; locked), the scope unit's time zone and the veterinarian (400), read together. */
const lerReferencias = async (tx: Db, petId: string, veterinarioId: string | undefined) => {
  const [pet, [unidade], veterinario] = await runTogether(
    // Locked: a pet's records are written one at a time, so the weight each write leaves on the
    // pet (`atualizarPesoDoPet`) is read after the other writes of the pet have committed.
    tx
      .select({ id: pets.id })
      .from(pets)
      .where(eq(pets.id, petId))
      .for('no key update')
      .then((r) => r[0]),
    tx
      .select({ timeZone: unidadesNegocio.timeZone })
      .from(unidadesNegocio)
      .where(eq(unidadesNegocio.id, currentUnidadeNegocioId)),
    veterinarioId
      ? tx
          .select({ id: usuarios.id })
          .from(usuarios)
          .where(eq(usuarios.id, veterinarioId))
          .then((r) => r[0])
      : Promise.resolve({ id: '' }),
  );
  if (!pet) throw notFound('Pet não encontrado');
  if (!veterinario) throw fieldError('veterinarioId', 'Veterinário não encontrado');
  return { timeZone: unidade?.timeZone ?? 'America/Sao_Paulo' };
};

/** Stores each attachment and links it to the record. */
const gravarAnexos = async (tx: Db, registroId: string, anexos: UploadedFile[]): Promise<void> => {
  for (const file of anexos) {
    const arquivoId = await storeArquivo(tx, file);
    await tx.insert(registroAnexos).values({
      registroId,
      arquivoId,
      nome: file.filename.slice(0, 200),
      mimeType: file.mimetype,
      tamanho: file.buffer.length,
      // clock_timestamp: the attachments of one request keep the order they were sent in.
      createdAt: sql`clock_timestamp()`,
    });
  }
};

/** Who writes. */
export type RegistroAutor = { usuarioId: string };

/**
 * Creates a record of the scope's unit with its attachments (rules above) and answers its id.
 * Errors: 404 pet; 400 peso, data, veterinarioId, conteudoHtml, anexos.
 */
export const criarRegistro = async (
  tx: Db,
  input: RegistroInputParsed,
  anexos: UploadedFile[],
  autor: RegistroAutor,
): Promise<string> => {
  if (input.conteudoHtml !== undefined) throw fieldError('conteudoHtml', MSG_EMITA);
  const { dados, peso } = montarDados(input);
  const arquivosOk = assertAnexos(anexos);
  const { timeZone } = await lerReferencias(tx, input.petId, input.veterinarioId);
  const id = await inserirRegistro(tx, {
    petId: input.petId,
    tipo: input.tipo,
    data: dataDoRegistro(input.data, timeZone),
    titulo: input.titulo ?? null,
    dados,
    peso,
    controleEspecial: input.tipo === 'receita' && input.controleEspecial,
    veterinarioId: input.veterinarioId ?? autor.usuarioId,
    usuarioId: autor.usuarioId,
  });
  await gravarAnexos(tx, id, arquivosOk);
  return id;
};

/**
 * Changes a record written by the scope's unit (404 otherwise): its fields as on creation, new
 * attachments added, `anexosRemovidos` deleted (their stored files too). The pet cannot change
 * (400 on `petId`), nor a document's kind or content (400 on `tipo`/`conteudoHtml`).
 */
export const alterarRegistro = async (
  tx: Db,
  id: string,
  input: RegistroInputParsed,
  anexos: UploadedFile[],
  autor: RegistroAutor,
): Promise<void> => {
  const atual = await lockRegistroDaUnidade(tx, id);
  if (input.petId !== atual.petId) throw fieldError('petId', 'O pet de um registro não pode ser trocado');
  const tipoAtual = atual.tipo as TipoRegistro;
  if (input.tipo !== tipoAtual && (EMITIDOS.has(tipoAtual) || EMITIDOS.has(input.tipo))) {
    throw fieldError('tipo', 'O tipo de um documento ou receita não pode ser trocado');
  }
  const emitido = EMITIDOS.has(tipoAtual) && atual.conteudoHtml !== null;
  if (input.conteudoHtml !== undefined && input.conteudoHtml !== atual.conteudoHtml) throw fieldError('conteudoHtml', MSG_EMITA);
  const { dados, peso } = montarDados(input);
  if (emitido) {
    const medicamentosAtuais = (atual.dados.medicamentos as unknown[] | undefined) ?? [];
    if (input.medicamentos.length > 0 && chaveMedicamentos(input.medicamentos) !== chaveMedicamentos(medicamentosAtuais)) {
      throw badRequest({ medicamentos: [MSG_EMITA] });
    }
    if (medicamentosAtuais.length > 0) dados.medicamentos = medicamentosAtuais;
  }
  const arquivosOk = assertAnexos(anexos);
  const { timeZone } = await lerReferencias(tx, atual.petId, input.veterinarioId);
  const data = dataDoRegistro(input.data, timeZone);
  await tx
    .update(registrosClinicos)
    .set({
      tipo: input.tipo,
      ...(data ? { data } : {}),
      titulo: input.titulo ?? null,
      dados,
      peso: peso === null ? null : String(peso),
      controleEspecial: emitido ? atual.controleEspecial : input.tipo === 'receita' && input.controleEspecial,
      veterinarioId: input.veterinarioId ?? atual.veterinarioId ?? autor.usuarioId,
      updatedAt: new Date(),
    })
    .where(eq(registrosClinicos.id, id));
  if (input.anexosRemovidos.length > 0) {
    const removidos = await tx
      .delete(registroAnexos)
      .where(and(eq(registroAnexos.registroId, id), inArray(registroAnexos.id, input.anexosRemovidos)))
      .returning({ arquivoId: registroAnexos.arquivoId });
    if (removidos.length > 0) {
      await tx.delete(arquivos).where(
        inArray(
          arquivos.id,
          removidos.map((r) => r.arquivoId),
        ),
      );
    }
  }
  await gravarAnexos(tx, id, arquivosOk);
  const pesoMudou = atual.peso !== null || peso !== null;
  if (pesoMudou) await atualizarPesoDoPet(tx, atual.petId);
};
