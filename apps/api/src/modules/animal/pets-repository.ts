/**
 * Pets of the scope's tenant with their tutors and the names of species, breed and coat.
 * `query` finds a pet by its name or a tutor's name, ignoring case and accents.
 */
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@petshop/shared/http';
import type { ListPetsQuery, Pet, PetTutor } from '@petshop/shared/pet';
import type { Porte } from '@petshop/shared/especie';
import type { Db } from '../../db/client.ts';
import { especies, pelagens, pessoas, petTutores, pets, racas } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { arquivoUrl } from '../../lib/arquivos.ts';

const columns = {
  pet: pets,
  especieNome: especies.nome,
  racaNome: racas.nome,
  pelagemNome: pelagens.nome,
};

type PetRow = { pet: typeof pets.$inferSelect; especieNome: string | null; racaNome: string | null; pelagemNome: string | null };

const toPet = ({ pet, especieNome, racaNome, pelagemNome }: PetRow, tutores: PetTutor[]): Pet => ({
  id: pet.id,
  nome: pet.nome,
  tutores,
  especieId: pet.especieId,
  especieNome,
  racaId: pet.racaId,
  racaNome,
  pelagemId: pet.pelagemId,
  pelagemNome,
  sexo: pet.sexo,
  castrado: pet.castrado,
  dataNascimento: pet.dataNascimento,
  idadeEstimadaMeses: pet.idadeEstimadaMeses,
  porte: pet.porte as Porte | null,
  microchip: pet.microchip,
  peso: pet.peso === null ? null : Number(pet.peso),
  agressivo: pet.agressivo,
  usaFocinheira: pet.usaFocinheira,
  alergias: pet.alergias,
  observacoes: pet.observacoes,
  fotoUrl: arquivoUrl(pet.fotoArquivoId),
  dataObito: pet.dataObito,
  ativo: pet.ativo,
  createdAt: pet.createdAt.toISOString(),
});

const selectPets = (tx: Db) =>
  tx
    .select(columns)
    .from(pets)
    .leftJoin(especies, eq(especies.id, pets.especieId))
    .leftJoin(racas, eq(racas.id, pets.racaId))
    .leftJoin(pelagens, eq(pelagens.id, pets.pelagemId));

/** Tutors of each pet: the principal first, then by name. */
export const listTutoresDosPets = async (tx: Db, petIds: string[]): Promise<Map<string, PetTutor[]>> => {
  const map = new Map<string, PetTutor[]>();
  if (petIds.length === 0) return map;
  const rows = await tx
    .select({ petId: petTutores.petId, pessoaId: petTutores.pessoaId, nome: pessoas.nome, principal: petTutores.principal })
    .from(petTutores)
    .innerJoin(pessoas, eq(pessoas.id, petTutores.pessoaId))
    .where(inArray(petTutores.petId, petIds))
    .orderBy(sql`${petTutores.principal} desc`, asc(pessoas.nomeBusca));
  for (const { petId, ...tutor } of rows) map.set(petId, [...(map.get(petId) ?? []), tutor]);
  return map;
};

const tutorComNome = (text: string): SQL =>
  sql`exists (select 1 from ${petTutores} inner join ${pessoas} on ${pessoas.id} = ${petTutores.pessoaId} where ${petTutores.petId} = ${pets.id} and ${containsText(pessoas.nome, text)})`;

const tutorIgual = (pessoaId: string): SQL =>
  sql`exists (select 1 from ${petTutores} where ${petTutores.petId} = ${pets.id} and ${petTutores.pessoaId} = ${pessoaId})`;

export const listPets = async (tx: Db, query: ListPetsQuery): Promise<Page<Pet>> => {
  const where = and(
    query.query ? or(containsText(pets.nome, query.query), tutorComNome(query.query)) : undefined,
    query.pessoaId ? tutorIgual(query.pessoaId) : undefined,
    query.especieId ? eq(pets.especieId, query.especieId) : undefined,
    query.ativo ? eq(pets.ativo, query.ativo === 'true') : undefined,
  );
  const rows = await selectPets(tx)
    .where(where)
    .orderBy(asc(sql`f_busca(${pets.nome})`), asc(pets.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx.select({ value: count() }).from(pets).where(where);
  const tutores = await listTutoresDosPets(
    tx,
    rows.map((r) => r.pet.id),
  );
  return {
    items: rows.map((r) => toPet(r, tutores.get(r.pet.id) ?? [])),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

export const findPet = async (tx: Db, id: string): Promise<Pet | null> => {
  const [row] = await selectPets(tx).where(eq(pets.id, id));
  if (!row) return null;
  const tutores = await listTutoresDosPets(tx, [id]);
  return toPet(row, tutores.get(id) ?? []);
};
