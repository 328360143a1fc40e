/**
 * The animal's chart (GET /api/clinica/ficha-animal; issue #19 item 6; spec §2
 * /clientes/{clienteId}/ficha-animal/{petId}/): the pet's header (species, breed, coat, photo,
 * age, latest weight, principal tutor), alerts, the vaccination card, the weight series, the
 * records per kind and the first page (20) of the timeline.
 *
 * Every unit of the tenant reads the whole chart (db/schema/clinica.ts). The independent reads
 * run together (`runTogether`: one round trip on PostgreSQL) and none loads every record: the
 * page is 20 rows, the totals a count per kind, the weights the rows with a weight
 * (registros_clinicos_pet_idx / _peso_idx). Target: a chart of 500 records < 100 ms p95.
 */
import { sql } from 'drizzle-orm';
import type { FichaAnimal } from '@petshop/shared/clinica';
import { formatCount, formatDate } from '@petshop/shared/format';
import { idadePet } from '@petshop/shared/idade';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { runTogether } from '../../db/run-together.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { arquivoUrl } from '../../lib/arquivos.ts';
import { notFound } from '../../lib/errors.ts';
import { listPlanejamentosDoPet } from './planejamentos-repository.ts';
import { listHistoricoPeso, listRegistrosRecentes, listTotaisPorTipo } from './registros-repository.ts';
import { listVacinasAplicadasDoPet } from './vacinas-aplicadas-repository.ts';

/** Records on the chart's first page of the timeline. */
export const REGISTROS_NA_FICHA = 20;

type PetFichaRow = {
  id: string;
  nome: string;
  especie_id: string | null;
  especie_nome: string | null;
  raca_nome: string | null;
  pelagem_nome: string | null;
  sexo: 'M' | 'F' | null;
  castrado: boolean;
  data_nascimento: string | null;
  idade_estimada_meses: number | null;
  porte: string | null;
  microchip: string | null;
  peso: string | null;
  alergias: string | null;
  agressivo: boolean;
  usa_focinheira: boolean;
  observacoes: string | null;
  foto_arquivo_id: string | null;
  data_obito: string | null;
  ativo: boolean;
  /** The day it was registered ('yyyy-MM-dd', the scope unit's zone): the estimated age counts from it. */
  criado_em: string;
  tutor_id: string | null;
  tutor_nome: string | null;
  tutor_cpf_cnpj: string | null;
  tutor_telefone: string | null;
  /** Today in the scope unit's zone ('yyyy-MM-dd'). */
  hoje: string;
};

/** The pet with its names, its principal tutor (else the first by name) and the unit's today, in one query. */
const findPetDaFicha = async (tx: Db, petId: string): Promise<PetFichaRow | null> => {
  const [row] = await queryRows<PetFichaRow>(
    tx,
    sql`with fuso as (
          select coalesce((select time_zone from unidades_negocio where id = ${currentUnidadeNegocioId}), 'America/Sao_Paulo') as tz
        )
        select p.id, p.nome, p.especie_id, e.nome as especie_nome, r.nome as raca_nome, pe.nome as pelagem_nome,
               p.sexo, p.castrado, p.data_nascimento::text as data_nascimento, p.idade_estimada_meses, p.porte,
               p.microchip, p.peso::text as peso, p.alergias, p.agressivo, p.usa_focinheira, p.observacoes,
               p.foto_arquivo_id, p.data_obito::text as data_obito, p.ativo,
               (p.created_at at time zone fuso.tz)::date::text as criado_em,
               t.id as tutor_id, t.nome as tutor_nome, t.cpf_cnpj as tutor_cpf_cnpj, t.telefones->0->>'numero' as tutor_telefone,
               (now() at time zone fuso.tz)::date::text as hoje
          from pets p
          cross join fuso
          left join especies e on e.id = p.especie_id
          left join racas r on r.id = p.raca_id
          left join pelagens pe on pe.id = p.pelagem_id
          left join lateral (
            select pessoas.id, pessoas.nome, pessoas.cpf_cnpj, pessoas.telefones
              from pet_tutores join pessoas on pessoas.id = pet_tutores.pessoa_id
             where pet_tutores.pet_id = p.id
             order by pet_tutores.principal desc, pessoas.nome
             limit 1
          ) t on true
         where p.id = ${petId}`,
  );
  return row ?? null;
};

/**
 * The chart of the pet `petId` (404 'Pet não encontrado' when it is not the tenant's).
 * `podeEscrever`: the user holds the clinic permission in the scope's unit (the records'
 * `editavel` also needs the record to be the scope unit's).
 */
export const montarFichaAnimal = async (tx: Db, petId: string, podeEscrever: boolean): Promise<FichaAnimal> => {
  const [pet, aplicadas, planejamentos, historicoPeso, totaisPorTipo, registros] = await runTogether(
    findPetDaFicha(tx, petId),
    listVacinasAplicadasDoPet(tx, petId),
    listPlanejamentosDoPet(tx, petId),
    listHistoricoPeso(tx, petId),
    listTotaisPorTipo(tx, petId),
    listRegistrosRecentes(tx, petId, REGISTROS_NA_FICHA, podeEscrever),
  );
  if (!pet) throw notFound('Pet não encontrado');

  const planejadas = planejamentos.filter((p) => p.status !== 'aplicada');
  const atrasadas = planejadas.filter((p) => p.status === 'atrasada').length;
  const ultimoPeso = historicoPeso.at(-1);
  const idade = idadePet(
    {
      dataNascimento: pet.data_nascimento,
      idadeEstimadaMeses: pet.idade_estimada_meses === null ? null : Number(pet.idade_estimada_meses),
      createdAt: pet.criado_em,
      dataObito: pet.data_obito,
    },
    pet.hoje,
  );

  const alertas: FichaAnimal['alertas'] = [];
  if (pet.data_obito) alertas.push({ tipo: 'obito', texto: `Óbito em ${formatDate(pet.data_obito)}` });
  if (pet.alergias) alertas.push({ tipo: 'alergia', texto: `Alergias: ${pet.alergias}` });
  if (pet.agressivo) alertas.push({ tipo: 'agressivo', texto: 'Agressivo' });
  if (pet.usa_focinheira) alertas.push({ tipo: 'focinheira', texto: 'Usa focinheira' });
  if (atrasadas > 0)
    alertas.push({ tipo: 'vacinaAtrasada', texto: formatCount(atrasadas, 'vacina atrasada', 'vacinas atrasadas') });

  return {
    pet: {
      id: pet.id,
      nome: pet.nome,
      especieId: pet.especie_id,
      especieNome: pet.especie_nome,
      racaNome: pet.raca_nome,
      pelagemNome: pet.pelagem_nome,
      sexo: pet.sexo,
      castrado: pet.castrado,
      dataNascimento: pet.data_nascimento,
      idadeEstimadaMeses: pet.idade_estimada_meses === null ? null : Number(pet.idade_estimada_meses),
      idade: idade === '' ? null : idade,
      porte: pet.porte,
      microchip: pet.microchip,
      // The latest record with a weight; without one, the weight typed on the pet's form.
      peso: ultimoPeso ? ultimoPeso.peso : pet.peso === null ? null : Number(pet.peso),
      pesoData: ultimoPeso?.data ?? null,
      alergias: pet.alergias,
      agressivo: pet.agressivo,
      usaFocinheira: pet.usa_focinheira,
      observacoes: pet.observacoes,
      fotoUrl: arquivoUrl(pet.foto_arquivo_id),
      dataObito: pet.data_obito,
      ativo: pet.ativo,
    },
    tutor: pet.tutor_id
      ? { id: pet.tutor_id, nome: pet.tutor_nome ?? '', cpfCnpj: pet.tutor_cpf_cnpj, telefone: pet.tutor_telefone }
      : null,
    alertas,
    vacinas: { aplicadas, planejadas },
    historicoPeso,
    totaisPorTipo,
    // The page's total is the sum per kind: one count fewer.
    registros: {
      items: registros,
      total: Object.values(totaisPorTipo).reduce((a, b) => a + b, 0),
      page: 1,
      pageSize: REGISTROS_NA_FICHA,
    },
    podeEscrever,
  };
};
