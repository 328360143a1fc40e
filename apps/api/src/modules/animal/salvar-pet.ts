/**
 * Creates and updates pets with their tutors, in the caller's tenant scope (one transaction).
 * Rules (DOMAIN.md §3): every tutor is a person of the tenant; breed and coat belong to the
 * species (a breed alone sets the species); an absent size takes the breed's default; the
 * microchip is unique per tenant (index pets_tenant_microchip_idx → 400 on `microchip`).
 */
import { eq, inArray } from 'drizzle-orm';
import type { CreatePetInputParsed } from '@petshop/shared/pet';
import type { Db } from '../../db/client.ts';
import {
  arquivos,
  especies,
  pelagens,
  pessoas,
  petTutores,
  pets,
  racas,
  registrosClinicos,
  vacinasAplicadas,
} from '../../db/schema/index.ts';
import { storeArquivo } from '../../lib/arquivos.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/request-body.ts';

type PetInput = CreatePetInputParsed;

/** Species, breed, coat and size as stored, after checking that they fit together. */
const resolverCatalogo = async (tx: Db, input: PetInput) => {
  let especieId = input.especieId ?? null;
  let portePadrao: string | null = null;
  if (input.racaId) {
    const [raca] = await tx
      .select({ especieId: racas.especieId, porte: racas.porte })
      .from(racas)
      .where(eq(racas.id, input.racaId));
    if (!raca) throw fieldError('racaId', 'Raça não encontrada');
    if (especieId && raca.especieId !== especieId) throw fieldError('racaId', 'A raça escolhida não é da espécie informada');
    especieId = raca.especieId;
    portePadrao = raca.porte;
  }
  if (input.pelagemId) {
    const [pelagem] = await tx.select({ especieId: pelagens.especieId }).from(pelagens).where(eq(pelagens.id, input.pelagemId));
    if (!pelagem) throw fieldError('pelagemId', 'Pelagem não encontrada');
    if (especieId && pelagem.especieId !== especieId) {
      throw fieldError('pelagemId', 'A pelagem escolhida não é da espécie informada');
    }
    especieId = pelagem.especieId;
  }
  if (input.especieId && !input.racaId && !input.pelagemId) {
    const [especie] = await tx.select({ id: especies.id }).from(especies).where(eq(especies.id, input.especieId));
    if (!especie) throw fieldError('especieId', 'Espécie não encontrada');
  }
  return {
    especieId,
    racaId: input.racaId ?? null,
    pelagemId: input.pelagemId ?? null,
    porte: input.porte ?? portePadrao,
  };
};

const assertTutores = async (tx: Db, tutores: PetInput['tutores']) => {
  const ids = tutores.map((t) => t.pessoaId);
  const found = await tx.select({ id: pessoas.id }).from(pessoas).where(inArray(pessoas.id, ids));
  if (found.length !== ids.length) throw fieldError('tutores', 'Tutor não encontrado');
};

const replaceTutores = async (tx: Db, petId: string, tutores: PetInput['tutores']) => {
  await tx.delete(petTutores).where(eq(petTutores.petId, petId));
  await tx.insert(petTutores).values(tutores.map((t) => ({ petId, pessoaId: t.pessoaId, principal: t.principal })));
};

/** Column values of a pet besides its catalogue links and photo. Also used by the spreadsheet import. */
export const petValues = (input: Omit<PetInput, 'tutores'>) => ({
  nome: input.nome,
  sexo: input.sexo ?? null,
  castrado: input.castrado,
  dataNascimento: input.dataNascimento ?? null,
  idadeEstimadaMeses: input.idadeEstimadaMeses ?? null,
  microchip: input.microchip ?? null,
  peso: input.peso === undefined ? null : input.peso.toFixed(3),
  agressivo: input.agressivo,
  usaFocinheira: input.usaFocinheira,
  alergias: input.alergias ?? null,
  observacoes: input.observacoes ?? null,
  dataObito: input.dataObito ?? null,
  ativo: input.ativo,
});

export const criarPet = async (tx: Db, input: PetInput, foto?: UploadedFile): Promise<string> => {
  await assertTutores(tx, input.tutores);
  const catalogo = await resolverCatalogo(tx, input);
  const [row] = await tx
    .insert(pets)
    .values({ ...petValues(input), ...catalogo, fotoArquivoId: foto ? await storeArquivo(tx, foto) : null })
    .returning({ id: pets.id });
  await replaceTutores(tx, row!.id, input.tutores);
  return row!.id;
};

export const alterarPet = async (tx: Db, id: string, input: PetInput, foto?: UploadedFile): Promise<void> => {
  const [current] = await tx.select({ fotoArquivoId: pets.fotoArquivoId }).from(pets).where(eq(pets.id, id));
  if (!current) throw notFound('Pet não encontrado');
  await assertTutores(tx, input.tutores);
  const catalogo = await resolverCatalogo(tx, input);
  const fotoArquivoId = foto ? await storeArquivo(tx, foto) : input.removerFoto ? null : current.fotoArquivoId;
  await tx
    .update(pets)
    .set({ ...petValues(input), ...catalogo, fotoArquivoId })
    .where(eq(pets.id, id));
  if (current.fotoArquivoId && current.fotoArquivoId !== fotoArquivoId) {
    await tx.delete(arquivos).where(eq(arquivos.id, current.fotoArquivoId));
  }
  await replaceTutores(tx, id, input.tutores);
};

/**
 * DELETE: removes the pet, its tutor links, its planned doses and its photo. 400 when it has a
 * clinical history (records or applied doses, issue #19): the chart (prontuário) must be kept
 * (CFMV Resolução 1321/2020, at least 5 years), so such a pet is deactivated or given its date of
 * death instead. 404 for a pet not in the tenant.
 */
export const excluirPet = async (tx: Db, id: string): Promise<void> => {
  const [registro, vacina] = await Promise.all([
    tx.select({ id: registrosClinicos.id }).from(registrosClinicos).where(eq(registrosClinicos.petId, id)).limit(1),
    tx.select({ id: vacinasAplicadas.id }).from(vacinasAplicadas).where(eq(vacinasAplicadas.petId, id)).limit(1),
  ]);
  if (registro.length > 0 || vacina.length > 0) {
    throw badRequest(
      'Este pet tem histórico clínico (prontuário), que deve ser guardado: inative-o ou informe a data de óbito em vez de excluí-lo',
    );
  }
  const [deleted] = await tx.delete(pets).where(eq(pets.id, id)).returning({ fotoArquivoId: pets.fotoArquivoId });
  if (!deleted) throw notFound('Pet não encontrado');
  if (deleted.fotoArquivoId) await tx.delete(arquivos).where(eq(arquivos.id, deleted.fotoArquivoId));
};
