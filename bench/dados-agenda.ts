/**
 * Agenda data of the load benchmark (issue #17 "Performance"), added to the tenant of
 * gerar-dados.ts: appointment types priced by service products, 3 boxes, 2 rooms, 4
 * professionals (2 groomers, 2 vets), 3 000 pets of the bench's customers, and for every unit
 * of the tenant 2 000 appointments a month over the past, current and next month (Monday to
 * Saturday, 08:00–18:00 in the unit's time zone; a quarter clinic, in rooms; past ones mostly
 * Finalizado with a finalised sale for a third of them, future ones Agendado/Confirmado) plus
 * today's board: 60 bath-and-grooming pets at every stage and 15 consultations.
 *
 *   npx tsx bench/dados-agenda.ts                               # PGlite of gerar-dados.ts
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/dados-agenda.ts
 *
 * Set-based SQL as the tables' owner (as gerar-dados.ts). The appointments are recreated on
 * every run (they are relative to today); types, boxes, rooms, users and pets are kept.
 * Size: BENCH_ATENDIMENTOS_MES (2000).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { todayISO } from '@petshop/shared/format';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/rows.ts';
import { dadosJson, PGLITE_DIR, type DadosBench } from './gerar-dados.ts';

export type DadosAgenda = {
  /** The unit measured (the bench's unit) and its today, 'yyyy-MM-dd'. */
  unidadeNegocioId: string;
  hoje: string;
  /** Monday of this week and the Saturday after it. */
  semana: { dataInicio: string; dataFim: string };
  contagens: { unidades: number; atendimentos: number; hojeBanhoTosa: number };
};

const TIPOS = [
  { nome: 'Banho (carga)', area: 'BanhoTosa', duracao: 60, cor: '#1c7ed6', recurso: 'Box', preco: 60 },
  { nome: 'Tosa completa (carga)', area: 'BanhoTosa', duracao: 90, cor: '#ae3ec9', recurso: 'Box', preco: 90 },
  { nome: 'Consulta (carga)', area: 'Clinica', duracao: 30, cor: '#2f9e44', recurso: 'Sala', preco: 150 },
];
const PROFISSIONAIS = [
  { nome: 'Bianca Banhista (carga)', perfil: 'banhista' },
  { nome: 'Tiago Tosador (carga)', perfil: 'banhista' },
  { nome: 'Vera Veterinária (carga)', perfil: 'veterinario' },
  { nome: 'Victor Veterinário (carga)', perfil: 'veterinario' },
];
const PETS = 3000;
const ATIVIDADES = ['Aguardando', 'Banho', 'Secagem', 'Tosa', 'Finalizado'];

/** A PostgreSQL array literal (one parameter; Drizzle would spread a JS array into a list). */
const arr = (valores: readonly (string | number)[]) => `{${valores.join(',')}}`;
const segundos = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const isoDia = (d: Date) => d.toISOString().slice(0, 10);
const diaUtc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const somarDias = (iso: string, dias: number) => isoDia(new Date(diaUtc(iso).getTime() + dias * 86_400_000));

/** Days Monday–Saturday of the month `deslocamento` months from `hoje`'s, without `hoje`. */
const diasAbertos = (hoje: string, deslocamento: number): string[] => {
  const base = diaUtc(hoje);
  const primeiro = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + deslocamento, 1));
  const dias: string[] = [];
  for (let d = primeiro; d.getUTCMonth() === primeiro.getUTCMonth(); d = new Date(d.getTime() + 86_400_000)) {
    if (d.getUTCDay() !== 0 && isoDia(d) !== hoje) dias.push(isoDia(d));
  }
  return dias;
};

/** Adds (or refreshes) the agenda data of the bench tenant owning `unidadeNegocioId`. */
export const gerarDadosAgenda = async (
  database: Database,
  unidadeNegocioId: string,
  porMes: number,
  log: (linha: string) => void = console.log,
): Promise<DadosAgenda> => {
  const db = database.db;
  const t0 = performance.now();
  const [unidade] = await queryRows<{ tenant_id: string; time_zone: string }>(
    db,
    sql`select tenant_id, time_zone from unidades_negocio where id = ${unidadeNegocioId}`,
  );
  if (!unidade) throw new Error(`Unidade ${unidadeNegocioId} não encontrada: rode npm run bench:dados`);
  const t = unidade.tenant_id;
  const hoje = todayISO(unidade.time_zone);
  const [un] = await queryRows<{ id: string }>(db, sql`select id from unidades_medida where tenant_id = ${t} and sigla = 'UN'`);

  // Types priced by their service products (kept between runs).
  for (const tipo of TIPOS) {
    await db.execute(sql`insert into produtos (tenant_id, tipo, nome, unidade_medida_id, preco_venda, controla_estoque)
      select ${t}, 'servico', ${`Serviço ${tipo.nome}`}, ${un!.id}, ${tipo.preco}, false
       where not exists (select 1 from produtos where tenant_id = ${t} and nome = ${`Serviço ${tipo.nome}`})`);
    await db.execute(sql`insert into tipos_atendimento (tenant_id, nome, area, duracao_minutos, cor, produto_id, recurso)
      select ${t}, ${tipo.nome}, ${tipo.area}, ${tipo.duracao}, ${tipo.cor},
             (select id from produtos where tenant_id = ${t} and nome = ${`Serviço ${tipo.nome}`}), ${tipo.recurso}
       where not exists (select 1 from tipos_atendimento where tenant_id = ${t} and nome = ${tipo.nome})`);
  }
  const tipos = await queryRows<{ id: string; area: string; duracao_minutos: number; produto_id: string; preco: string }>(
    db,
    sql`select t.id, t.area, t.duracao_minutos, t.produto_id, p.preco_venda as preco
          from tipos_atendimento t join produtos p on p.id = t.produto_id
         where t.tenant_id = ${t} and t.nome like '%(carga)' order by t.nome`,
  );
  const banhoTosa = tipos.filter((x) => x.area === 'BanhoTosa');
  const clinica = tipos.filter((x) => x.area === 'Clinica');

  // Professionals (they never log in: a password nobody knows).
  for (const [i, p] of PROFISSIONAIS.entries()) {
    const email = `profissional-${i + 1}.${t.slice(0, 8)}@bench.com.br`;
    await db.execute(sql`insert into usuarios (tenant_id, nome, email, senha_hash)
      select ${t}, ${p.nome}, ${email}, 'x' where not exists (select 1 from usuarios where lower(email) = ${email})`);
  }

  // Pets of the first customers, one each (kept between runs).
  await db.execute(sql`insert into pets (tenant_id, nome, porte)
    select ${t}, 'Pet ' || g, (array['pequeno','medio','grande'])[1 + g % 3]
      from generate_series(1, ${PETS}) g
     where not exists (select 1 from pets where tenant_id = ${t} and nome = 'Pet 1')`);
  await db.execute(sql`insert into pet_tutores (tenant_id, pet_id, pessoa_id, principal)
    select ${t}, p.id, c.id, true
      from (select id, row_number() over (order by id) as n from pets where tenant_id = ${t} and nome like 'Pet %') p
      join (select id, row_number() over (order by id) as n from pessoas where tenant_id = ${t}) c on c.n = p.n
     where not exists (select 1 from pet_tutores pt where pt.pet_id = p.id)`);
  const pets = await queryRows<{ id: string; cliente_id: string }>(
    db,
    sql`select p.id, pt.pessoa_id as cliente_id from pets p join pet_tutores pt on pt.pet_id = p.id and pt.principal
         where p.tenant_id = ${t} and p.nome like 'Pet %' order by p.id`,
  );

  const unidades = await queryRows<{ id: string }>(db, sql`select id from unidades_negocio where tenant_id = ${t} order by id`);
  await db.execute(sql`delete from atendimentos where tenant_id = ${t}`);
  let total = 0;
  let hojeBanhoTosa = 0;
  for (const { id: u } of unidades) {
    // Rooms, boxes and the professionals' profiles in this unit (kept between runs).
    for (const [tabela, nomes] of [
      ['boxes', ['Box 1', 'Box 2', 'Box 3']],
      ['salas', ['Consultório 1', 'Consultório 2']],
    ] as const) {
      for (const nome of nomes) {
        await db.execute(sql`insert into ${sql.identifier(tabela)} (tenant_id, unidade_negocio_id, nome)
          select ${t}, ${u}, ${nome} where not exists (select 1 from ${sql.identifier(tabela)} where unidade_negocio_id = ${u} and nome = ${nome})`);
      }
    }
    for (const [i, p] of PROFISSIONAIS.entries()) {
      const email = `profissional-${i + 1}.${t.slice(0, 8)}@bench.com.br`;
      await db.execute(sql`insert into usuario_unidades (tenant_id, usuario_id, unidade_negocio_id, perfil_id)
        select ${t}, id, ${u}, ${p.perfil} from usuarios where lower(email) = ${email}
        on conflict do nothing`);
    }
    const boxes = (
      await queryRows<{ id: string }>(db, sql`select id from boxes where unidade_negocio_id = ${u} order by nome`)
    ).map((r) => r.id);
    const salas = (
      await queryRows<{ id: string }>(db, sql`select id from salas where unidade_negocio_id = ${u} order by nome`)
    ).map((r) => r.id);
    const profissionais = await queryRows<{ id: string; perfil_id: string }>(
      db,
      sql`select uu.usuario_id as id, uu.perfil_id from usuario_unidades uu join usuarios us on us.id = uu.usuario_id
           where uu.unidade_negocio_id = ${u} and us.nome like '%(carga)' order by us.nome`,
    );
    const groomers = profissionais.filter((p) => p.perfil_id === 'banhista').map((p) => p.id);
    const vets = profissionais.filter((p) => p.perfil_id === 'veterinario').map((p) => p.id);

    /**
     * `n` appointments on `dias` (local dates) in 30-minute slots from 08:00 to 17:30; `areas`
     * 'ambas': every fourth a consultation; status and activity as `estado` says.
     */
    const inserir = async (
      dias: string[],
      n: number,
      estado: 'passado' | 'hoje' | 'futuro',
      areas: 'ambas' | 'banho' | 'clinica' = 'ambas',
    ) => {
      if (n === 0 || dias.length === 0) return;
      await db.execute(sql`insert into atendimentos (tenant_id, unidade_negocio_id, pet_id, cliente_id, tipo_atendimento_id,
          inicio, fim, responsavel_id, sala_id, box_id, status, atividade, atividade_desde, venda_id, created_at, updated_at)
        select ${t}, ${u}, pet.id, pet.cliente_id, tipo.id, ini, ini + make_interval(mins => tipo.duracao_minutos),
               case when tipo.clinica then (${arr(vets)}::uuid[])[1 + g % ${vets.length}] else (${arr(groomers)}::uuid[])[1 + g % ${groomers.length}] end,
               case when tipo.clinica then (${arr(salas)}::uuid[])[1 + g % ${salas.length}] end,
               case when not tipo.clinica then (${arr(boxes)}::uuid[])[1 + g % ${boxes.length}] end,
               case ${estado}
                 when 'passado' then case when g % 20 = 0 then 'Cancelado' when g % 25 = 1 then 'NaoCompareceu' else 'Finalizado' end
                 when 'hoje' then (array['Confirmado','EmAtendimento','EmAtendimento','EmAtendimento','Pronto'])[1 + g % 5]
                 else case when g % 3 = 0 then 'Confirmado' else 'Agendado' end end,
               case ${estado} when 'passado' then 'Finalizado' when 'hoje' then (${arr(ATIVIDADES)}::text[])[1 + g % 5] else 'Aguardando' end,
               least(ini, now()),
               case when ${estado} = 'passado' and g % 3 = 0 then (select v.id from vendas v where v.tenant_id = ${t} and v.numero = 1 + g) end,
               now(), now()
          from generate_series(0, ${n - 1}) g
          cross join lateral (select ((${arr(dias)}::date[])[1 + g % ${dias.length}] + make_interval(mins => 480 + 30 * ((g / ${dias.length}) % 20)))::timestamp
                                       at time zone ${unidade.time_zone} as ini) i
          cross join lateral (select x.id, x.duracao_minutos, x.area = 'Clinica' as clinica
                                from (select unnest(${arr(tipos.map((x) => x.id))}::uuid[]) as id,
                                             unnest(${arr(tipos.map((x) => x.duracao_minutos))}::int[]) as duracao_minutos,
                                             unnest(${arr(tipos.map((x) => x.area))}::text[]) as area) x
                               where x.id = case when ${areas} = 'clinica' or (${areas} = 'ambas' and g % 4 = 3) then (${arr(clinica.map((x) => x.id))}::uuid[])[1]
                                                 else (${arr(banhoTosa.map((x) => x.id))}::uuid[])[1 + g % ${banhoTosa.length}] end) tipo
          cross join lateral (select (${arr(pets.map((p) => p.id))}::uuid[])[1 + (g * 7919 + ${total}) % ${pets.length}] as id,
                                     (${arr(pets.map((p) => p.cliente_id))}::uuid[])[1 + (g * 7919 + ${total}) % ${pets.length}] as cliente_id) pet`);
      total += n;
    };
    for (const deslocamento of [-1, 0, 1]) {
      const dias = diasAbertos(hoje, deslocamento);
      await inserir(
        dias.filter((d) => d < hoje),
        Math.round((porMes * dias.filter((d) => d < hoje).length) / dias.length),
        'passado',
      );
      await inserir(
        dias.filter((d) => d > hoje),
        Math.round((porMes * dias.filter((d) => d > hoje).length) / dias.length),
        'futuro',
      );
    }
    // Today's board: 60 bath-and-grooming pets, and 15 consultations.
    await inserir([hoje], 60, 'hoje', 'banho');
    await inserir([hoje], 15, 'hoje', 'clinica');
    hojeBanhoTosa = 60;
  }
  // One service per appointment (what the sale charges), as the appointment API writes them.
  await db.execute(sql`insert into atendimento_servicos (tenant_id, unidade_negocio_id, atendimento_id, ordem, produto_id, descricao, valor)
    select a.tenant_id, a.unidade_negocio_id, a.id, 1, t.produto_id, t.nome, p.preco_venda
      from atendimentos a join tipos_atendimento t on t.id = a.tipo_atendimento_id join produtos p on p.id = t.produto_id
     where a.tenant_id = ${t}`);
  for (const tabela of ['atendimentos', 'atendimento_servicos', 'pets', 'pet_tutores', 'tipos_atendimento', 'boxes', 'salas']) {
    await db.execute(sql.raw(`analyze ${tabela}`));
  }
  const dow = diaUtc(hoje).getUTCDay();
  const segunda = somarDias(hoje, dow === 0 ? -6 : 1 - dow);
  log(
    `${total.toLocaleString('pt-BR')} atendimentos em ${unidades.length} unidade(s) (${hojeBanhoTosa} pets hoje no banho e tosa) em ${segundos(t0)}`,
  );
  return {
    unidadeNegocioId,
    hoje,
    semana: { dataInicio: segunda, dataFim: somarDias(segunda, 5) },
    contagens: { unidades: unidades.length, atendimentos: total, hojeBanhoTosa },
  };
};

/** CLI: adds the agenda data to the database of the last `npm run bench:dados`. */
const main = async () => {
  const url = process.env.BENCH_DATABASE_URL;
  const banco = url ? 'postgres' : 'pglite';
  if (!existsSync(dadosJson(banco))) throw new Error(`Sem ${dadosJson(banco)}: rode npm run bench:dados antes`);
  const dados = JSON.parse(readFileSync(dadosJson(banco), 'utf8')) as DadosBench;
  const database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: PGLITE_DIR });
  try {
    await database.migrate();
    await gerarDadosAgenda(database, dados.unidadeNegocioId, Number(process.env.BENCH_ATENDIMENTOS_MES ?? 2000));
  } finally {
    await database.close();
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
