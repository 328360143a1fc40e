/**
 * What a clinic document says about its people (issue #19 item 5): the pet with its principal
 * tutor, the unit, the veterinarian and today's date, as text ready to print — the values of the
 * templates' variables (`{{pet.nome}}`…, VARIAVEIS_MODELO) and the identification block of the
 * PDFs (clinica-pdf.ts). Formats: CPF/CNPJ and phones masked, address on one line, weight
 * '12,5 kg', sex 'Macho'/'Fêmea', age as the chart shows it (@petshop/shared/idade), the date in
 * words in the unit's time zone ('27 de novembro de 2026').
 */
import { desc, eq } from 'drizzle-orm';
import type { VariavelModelo } from '@petshop/shared/clinica';
import { dataPorExtenso, formatCnpj, formatCpfCnpj, formatTelefone, todayISO } from '@petshop/shared/format';
import { idadePet } from '@petshop/shared/idade';
import type { Db } from '../../db/client.ts';
import { especies, pessoas, petTutores, pets, racas, usuarios } from '../../db/schema/index.ts';
import type { TelefoneRow } from '../../db/schema/pessoal.ts';
import { runTogether } from '../../db/run-together.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { enderecoDa, findLogoUnidade, findUnidadeCupom, type UnidadeCupom } from '../comercial/impressao-pdf.ts';

/** The pet as documents print it ('' when unknown). */
export type PetDocumento = {
  nome: string;
  especie: string;
  raca: string;
  sexo: string;
  idade: string;
  peso: string;
  microchip: string;
};

/** The principal tutor as documents print it ('' when unknown). */
export type TutorDocumento = { nome: string; cpf: string; endereco: string; telefone: string; cidadeUf: string };

export type VeterinarioDocumento = { nome: string; crmv: string };

export type DadosDocumento = {
  pet: PetDocumento;
  tutor: TutorDocumento | null;
  unidade: UnidadeCupom;
  /** The unit's logo as a data URL (PNG or JPEG only: what pdfmake embeds), or null. */
  logo: string | null;
  veterinario: VeterinarioDocumento | null;
  /** Today in the unit's zone: 'yyyy-MM-dd' and in words. */
  hoje: string;
  hojeExtenso: string;
};

/** 12.5 → '12,5 kg' (up to 3 decimals, no trailing zeros); null → ''. */
export const formatPeso = (kg: number | string | null): string =>
  kg === null || kg === '' ? '' : `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(Number(kg))} kg`;

const SEXOS: Record<string, string> = { M: 'Macho', F: 'Fêmea' };

/** The phone a document prints: the first mobile (WhatsApp first), else the first one. */
const telefoneDoTutor = (telefones: TelefoneRow[]): string => {
  const escolhido = telefones.find((t) => t.whatsapp) ?? telefones.find((t) => t.tipo === 'celular') ?? telefones[0] ?? null;
  return escolhido ? formatTelefone(escolhido.numero) : '';
};

const findPet = async (tx: Db, petId: string) => {
  const [row] = await tx
    .select({
      nome: pets.nome,
      especie: especies.nome,
      raca: racas.nome,
      sexo: pets.sexo,
      dataNascimento: pets.dataNascimento,
      idadeEstimadaMeses: pets.idadeEstimadaMeses,
      createdAt: pets.createdAt,
      dataObito: pets.dataObito,
      peso: pets.peso,
      microchip: pets.microchip,
    })
    .from(pets)
    .leftJoin(especies, eq(especies.id, pets.especieId))
    .leftJoin(racas, eq(racas.id, pets.racaId))
    .where(eq(pets.id, petId));
  return row ?? null;
};

/** The principal tutor (else any tutor) of the pet. */
const findTutor = async (tx: Db, petId: string) => {
  const [row] = await tx
    .select({
      nome: pessoas.nome,
      cpfCnpj: pessoas.cpfCnpj,
      telefones: pessoas.telefones,
      logradouro: pessoas.logradouro,
      numero: pessoas.numero,
      complemento: pessoas.complemento,
      bairro: pessoas.bairro,
      cidade: pessoas.cidade,
      uf: pessoas.uf,
      cep: pessoas.cep,
    })
    .from(petTutores)
    .innerJoin(pessoas, eq(pessoas.id, petTutores.pessoaId))
    .where(eq(petTutores.petId, petId))
    .orderBy(desc(petTutores.principal), pessoas.nome)
    .limit(1);
  return row ?? null;
};

const findVeterinario = async (tx: Db, usuarioId: string) => {
  const [row] = await tx.select({ nome: usuarios.nome, crmv: usuarios.crmv }).from(usuarios).where(eq(usuarios.id, usuarioId));
  return row ?? null;
};

/**
 * The pet (404 'Pet não encontrado' when it is not the tenant's), its principal tutor, the unit
 * (`unidadeId`, else the scope's; 400 without one) with its logo, and the veterinarian
 * (`veterinarioId`: a user of the tenant, else 400 on `veterinarioId`; null: none). `comLogo`
 * false skips reading the logo's bytes (filling a template does not print it). Reads run together
 * (one round trip on PostgreSQL).
 */
export const getDadosDocumento = async (
  tx: Db,
  {
    petId,
    unidadeId,
    veterinarioId,
    comLogo = true,
  }: { petId: string; unidadeId?: string; veterinarioId: string | null; comLogo?: boolean },
): Promise<DadosDocumento> => {
  const [pet, tutor, unidade, logo, veterinario] = await runTogether(
    findPet(tx, petId),
    findTutor(tx, petId),
    findUnidadeCupom(tx, unidadeId),
    comLogo ? findLogoUnidade(tx, unidadeId) : Promise.resolve(null),
    veterinarioId ? findVeterinario(tx, veterinarioId) : Promise.resolve(null),
  );
  if (!pet) throw notFound('Pet não encontrado');
  if (!unidade) throw notFound('Unidade de negócio não encontrada');
  if (veterinarioId && !veterinario) throw fieldError('veterinarioId', 'Veterinário não encontrado');
  const hoje = todayISO(unidade.timeZone);
  return {
    pet: {
      nome: pet.nome,
      especie: pet.especie ?? '',
      raca: pet.raca ?? '',
      sexo: pet.sexo ? (SEXOS[pet.sexo] ?? '') : '',
      idade: idadePet(
        {
          dataNascimento: pet.dataNascimento,
          idadeEstimadaMeses: pet.idadeEstimadaMeses,
          createdAt: pet.createdAt.toISOString(),
          dataObito: pet.dataObito,
        },
        hoje,
      ),
      peso: formatPeso(pet.peso),
      microchip: pet.microchip ?? '',
    },
    tutor: tutor
      ? {
          nome: tutor.nome,
          cpf: formatCpfCnpj(tutor.cpfCnpj),
          endereco: enderecoDa(tutor, ' '),
          telefone: telefoneDoTutor(tutor.telefones),
          cidadeUf: [tutor.cidade, tutor.uf].filter(Boolean).join('/'),
        }
      : null,
    unidade,
    logo,
    veterinario: veterinario ? { nome: veterinario.nome, crmv: veterinario.crmv ?? '' } : null,
    hoje,
    hojeExtenso: dataPorExtenso(hoje),
  };
};

/** The templates' variables (VARIAVEIS_MODELO) from the document's data. */
export const variaveisDoDocumento = (d: DadosDocumento): Record<VariavelModelo, string> => ({
  'tutor.nome': d.tutor?.nome ?? '',
  'tutor.cpf': d.tutor?.cpf ?? '',
  'tutor.endereco': d.tutor?.endereco ?? '',
  'tutor.telefone': d.tutor?.telefone ?? '',
  'pet.nome': d.pet.nome,
  'pet.especie': d.pet.especie,
  'pet.raca': d.pet.raca,
  'pet.sexo': d.pet.sexo,
  'pet.idade': d.pet.idade,
  'pet.peso': d.pet.peso,
  'pet.microchip': d.pet.microchip,
  'unidade.razaoSocial': d.unidade.razaoSocial,
  'unidade.cnpj': formatCnpj(d.unidade.cnpj),
  'unidade.endereco': enderecoDa(d.unidade),
  'unidade.telefone': formatTelefone(d.unidade.telefone),
  'veterinario.nome': d.veterinario?.nome ?? '',
  'veterinario.crmv': d.veterinario?.crmv ?? '',
  'data.extenso': d.hojeExtenso,
});
