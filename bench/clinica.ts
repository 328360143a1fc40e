/**
 * Benchmark of the clinic (issue #19 "Performance"): `npm run bench:clinica`.
 *
 * A fresh PGlite (temporary folder, migrated) or BENCH_DATABASE_URL (PostgreSQL: a new tenant is
 * added on every run), one tenant made by criarTenant (its default vaccines, protocols and
 * document templates), a dog with **500 clinical records** over five years (consultations with
 * their physical exam, returns, weights, exams, procedures, notes, prescriptions, documents) and
 * **30 doses** (18 applied, 12 planned of which 4 overdue), inserted in bulk as the tables'
 * owner. Then the real app (`buildApp`, `app.inject`: JWT, the user re-read, the tenant-scoped
 * transaction under RLS, serialisation) is asked, every answer checked:
 *
 * 1. the chart, `GET /api/clinicas/ficha-animal?petId=` of that dog, BENCH_REQUESTS (200) times:
 *    p50/p95/max (target < 100 ms p95 on both databases);
 * 2. `POST /api/clinica/modelos-documento/processar` (the default "Receita simples" with two
 *    medicines, saved) then `GET /api/clinica/registros/{id}/pdf` of the prescription made,
 *    BENCH_REQUESTS_PDF (50) times on another pet: p50/p95 of each and of both (target < 300 ms);
 * 3. a 20-page record PDF (a document of about 88 000 characters of HTML: headings, paragraphs,
 *    lists) rendered BENCH_RENDERS (5) times one after the other while another client calls
 *    `GET /api/health` in a loop: that route's max and p99 latency, and the event loop's longest
 *    delay (`monitorEventLoopDelay`, 1 ms resolution) during the renders, beside the same loop
 *    without renders (target: other requests delayed ≤ 50 ms; the PDF is rendered in a worker
 *    thread, apps/api/src/lib/pdf-worker.ts);
 *    For comparison, the same document rendered on the main thread (renderPdf of impressao-pdf.ts,
 *    as the till's receipts are), as it was before the worker;
 * 4. the floor: the bare authenticated `GET /api/inventario/unidades-medida/{id}`, and the
 *    chart's reads alone (montarFichaAnimal inside withTenant, no HTTP, no JWT).
 *
 * A case whose route answers 404 (not there yet) is reported and skipped.
 *
 * Environment: BENCH_REQUESTS (200), BENCH_REQUESTS_PDF (50), BENCH_RENDERS (5),
 * BENCH_REGISTROS (500), BENCH_DATABASE_URL, BENCH_CASOS (default 1,2,3: the cases to run; the floor goes with 1).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FichaAnimal, ProcessarModeloResult } from '@petshop/shared/clinica';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/rows.ts';
import { withTenant } from '../apps/api/src/db/tenant-scope.ts';
import { seededRandom } from '../apps/api/src/db/seed/generators.ts';
import { conteudoRegistro } from '../apps/api/src/modules/clinica/clinica-pdf.ts';
import { getDadosDocumento } from '../apps/api/src/modules/clinica/dados-documento.ts';
import { montarFichaAnimal } from '../apps/api/src/modules/clinica/montar-ficha-animal.ts';
import { getRegistro } from '../apps/api/src/modules/clinica/registros-repository.ts';
import { documentDefinition, renderPdf } from '../apps/api/src/modules/comercial/impressao-pdf.ts';
import { criarTenant } from '../apps/api/src/modules/tenants/criar-tenant.ts';
import { percentile } from './catalogo.ts';
import { configDoBench, ENDERECO_BENCH } from './config-do-bench.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const REQUESTS_PDF = Number(process.env.BENCH_REQUESTS_PDF ?? 50);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 5);
const REGISTROS = Number(process.env.BENCH_REGISTROS ?? 500);
const databaseUrl = process.env.BENCH_DATABASE_URL;
/** BENCH_CASOS=1,3 runs only those cases (the floor goes with 1). */
const casos = new Set((process.env.BENCH_CASOS ?? '1,2,3').split(',').map((c) => c.trim()));
const random = seededRandom(19);
const ms = (v: number) => v.toFixed(2).padStart(8);
const DIA_MS = 86_400_000;

/**
 * One turn of the event loop. Requests over the network wait for I/O between calls; through
 * app.inject on PGlite a call may complete within microtasks, which would never let the timers,
 * the other client or the worker's messages run.
 */
const volta = () => new Promise((resolve) => setImmediate(resolve));

/** p50, p95, max of `tempos` (ms) as a table row. */
const linha = (nome: string, tempos: number[], extra = '') => {
  const s = [...tempos].sort((a, b) => a - b);
  console.log(`${nome.padEnd(38)}${ms(percentile(s, 50))}${ms(percentile(s, 95))}${ms(s.at(-1)!)}${extra}`);
};
const cabecalho = (titulo: string) => {
  console.log(`\n${titulo}`);
  console.log(`${'caso'.padEnd(38)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}`);
};

const TEXTOS = {
  anamnese: [
    'Tutor relata apetite preservado, fezes e urina normais. Sem vômitos. Vacinação em dia.',
    'Prurido intenso há uma semana, principalmente nas orelhas e patas. Banho há 10 dias.',
    'Claudicação do membro pélvico esquerdo após correr no parque; apoia o membro ao caminhar.',
    'Emagreceu desde a última consulta; segue a dieta hipocalórica e caminha duas vezes por dia.',
  ],
  diagnostico: ['Hígido', 'Otite externa bilateral', 'Dermatite atópica', 'Obesidade', 'Gastroenterite aguda'],
  conduta: [
    'Manter a alimentação, retorno em 6 meses. Vermifugação trimestral.',
    'Limpeza auricular, otológico a cada 12 horas por 10 dias, retorno em 15 dias.',
    'Anti-inflamatório por 5 dias, repouso, radiografia se não melhorar.',
    'Dieta hipocalórica 250 g/dia em duas refeições, caminhadas, pesar a cada 30 dias.',
  ],
} as const;

const dir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'petshop-bench-clinica-'));
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dir!, 'db') });
const db = database.db;
try {
  await database.migrate();
  const config = configDoBench(dir ?? os.tmpdir());
  const app = await buildApp(config, database);
  await app.ready();

  // ---- Data ---------------------------------------------------------------------------------
  const t0 = performance.now();
  const email = `bench.clinica.${randomBytes(4).toString('hex')}@bench.com.br`;
  const senha = 'senha-do-bench-123';
  const ids = await criarTenant(db, {
    tenant: { nome: 'Clínica Bench', limiteUsuarios: 5, limiteUnidades: 5 },
    unidade: {
      nomeFantasia: 'Clínica Bench',
      razaoSocial: 'Clínica Veterinária Bench Ltda',
      cnpj: '11222333000181',
      telefone: '3132221100',
      endereco: ENDERECO_BENCH,
    },
    administrador: { nome: 'Dra. Bench', email, senha },
  });
  const scope = { tenantId: ids.tenantId, unidadeNegocioId: ids.unidadeNegocioId };
  const dados = await withTenant(db, scope, async (tx) => {
    const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(tx, query);
    await tx.execute(sql`update usuarios set crmv = 'CRMV-MG 99999' where id = ${ids.usuarioId}`);
    const [especie] = await q<{ id: string }>(sql`select id from especies where nome = 'Canina'`);
    const [raca] = await q<{ id: string }>(sql`select id from racas where especie_id = ${especie!.id} order by nome limit 1`);
    const [tutor] = await q<{ id: string }>(
      sql`insert into pessoas (nome, cpf_cnpj, telefones, cidade, uf) values ('Tutora do Bench', '52998224725',
            '[{"numero":"31988887777","tipo":"celular","whatsapp":true}]'::jsonb, 'Belo Horizonte', 'MG') returning id`,
    );
    const novoPet = async (nome: string) => {
      const [pet] = await q<{ id: string }>(
        sql`insert into pets (nome, especie_id, raca_id, sexo, castrado, data_nascimento, peso)
            values (${nome}, ${especie!.id}, ${raca?.id ?? null}, 'M', true, current_date - 3000, 30) returning id`,
      );
      await tx.execute(sql`insert into pet_tutores (pet_id, pessoa_id, principal) values (${pet!.id}, ${tutor!.id}, true)`);
      return pet!.id;
    };
    const petId = await novoPet('Rex do Bench');
    const petPdfId = await novoPet('Bolt do Bench');
    const petLongoId = await novoPet('Longo do Bench');

    // The vaccine: the tenant's default V10 (else one made here).
    let [vacina] = await q<{ id: string }>(sql`select id from vacinas where nome like 'V10%' limit 1`);
    vacina ??= (await q<{ id: string }>(sql`insert into vacinas (nome) values ('V10 (bench)') returning id`))[0];

    // 500 records, newest today, one every ~3.6 days back over five years.
    const tipos = [
      'consulta',
      'consulta',
      'consulta',
      'consulta',
      'retorno',
      'peso',
      'peso',
      'exame',
      'procedimento',
      'observacao',
    ];
    const agora = Date.now();
    const linhas = Array.from({ length: REGISTROS }, (_, i) => {
      const tipo = i % 50 === 7 ? 'receita' : i % 50 === 23 ? 'documento' : tipos[Math.floor(random() * tipos.length)]!;
      const data = new Date(agora - Math.round(i * 3.6 * DIA_MS) - Math.floor(random() * 8) * 3_600_000);
      const peso =
        tipo === 'consulta' || tipo === 'retorno' || tipo === 'peso' ? Math.round((28 + random() * 6) * 1000) / 1000 : null;
      const pick = (xs: readonly string[]) => xs[Math.floor(random() * xs.length)]!;
      const d: Record<string, unknown> =
        tipo === 'consulta' || tipo === 'retorno'
          ? {
              anamnese: pick(TEXTOS.anamnese),
              exameFisico: {
                peso,
                temperatura: 38.5,
                frequenciaCardiaca: 96,
                frequenciaRespiratoria: 24,
                mucosas: 'normocoradas',
                hidratacao: 'normal',
                tpc: 2,
              },
              diagnostico: pick(TEXTOS.diagnostico),
              conduta: pick(TEXTOS.conduta),
            }
          : tipo === 'receita'
            ? {
                medicamentos: [
                  { nome: 'Meloxicam 1 mg', dose: '1 comprimido', via: 'oral', frequencia: 'a cada 24 horas', duracao: '5 dias' },
                ],
              }
            : tipo === 'peso' || tipo === 'documento'
              ? {}
              : { descricao: 'Hemograma e bioquímico sem alterações dignas de nota. Repetir em um ano.' };
      return sql`(${petId}::uuid, ${tipo}, ${data.toISOString()}::timestamptz, ${tipo === 'peso' ? null : `Registro ${i}`},
        ${JSON.stringify(d)}::jsonb, ${peso}, ${tipo === 'documento' || tipo === 'receita' ? '<p>Documento emitido.</p>' : null},
        ${ids.usuarioId}::uuid, ${ids.usuarioId}::uuid)`;
    });
    for (let i = 0; i < linhas.length; i += 250)
      await tx.execute(sql`insert into registros_clinicos (pet_id, tipo, data, titulo, dados, peso, conteudo_html, veterinario_id, usuario_id)
        values ${sql.join(linhas.slice(i, i + 250), sql`, `)}`);

    // 30 doses: 18 applied (yearly, the oldest first), 12 planned (4 overdue, 8 ahead).
    for (let i = 0; i < 18; i++) {
      const [aplicada] = await q<{ id: string }>(
        sql`insert into vacinas_aplicadas (pet_id, vacina_id, data_aplicacao, lote, validade_lote, fabricante, veterinario_id, veterinario_nome, veterinario_crmv)
            values (${petId}, ${vacina!.id}, current_date - ${(18 - i) * 120}::int, ${`L${1000 + i}`}, current_date + 300, 'Zoetis',
                    ${ids.usuarioId}, 'Dra. Bench', 'CRMV-MG 99999') returning id`,
      );
      await tx.execute(sql`insert into planejamentos_vacina (pet_id, vacina_id, ordem, descricao, data_prevista, status, vacina_aplicada_id)
          values (${petId}, ${vacina!.id}, null, 'Reforço anual', current_date - ${(18 - i) * 120}::int, 'aplicada', ${aplicada!.id})`);
    }
    for (let i = 0; i < 12; i++)
      await tx.execute(sql`insert into planejamentos_vacina (pet_id, vacina_id, descricao, data_prevista)
          values (${petId}, ${vacina!.id}, ${`Dose ${i + 1}`}, current_date + ${i < 4 ? -10 * (i + 1) : 15 * i}::int)`);

    // The default "Receita simples" (else one made here).
    let [modelo] = await q<{ id: string }>(
      sql`select id from modelos_documento where tipo = 'receita' and not controle_especial and ativo order by nome limit 1`,
    );
    modelo ??= (
      await q<{ id: string }>(
        sql`insert into modelos_documento (tipo, nome, conteudo) values ('receita', 'Receita simples (bench)',
              '<h2>Receita</h2><p>Paciente: {{pet.nome}} ({{pet.especie}}, {{pet.raca}}), tutor {{tutor.nome}}, CPF {{tutor.cpf}}.</p><p>{{unidade.razaoSocial}}, {{data.extenso}}.</p>') returning id`,
      )
    )[0];

    // A 20-page document: headings, paragraphs and lists, about 88 000 characters of HTML.
    const paragrafo =
      'Paciente mantido em fluidoterapia com ringer lactato a 5 ml/kg/h, antiemético a cada 12 horas e protetor gástrico. ' +
      'Aceitou alimentação pastosa em pequenas porções, sem vômitos desde a noite anterior. Parâmetros estáveis: ' +
      'temperatura 38,6 °C, frequência cardíaca 110 bpm, frequência respiratória 28 mpm, mucosas normocoradas, TPC 2 s. ';
    const partes: string[] = [];
    for (let dia = 1; partes.join('').length < 88_000; dia++)
      partes.push(
        `<h3>Evolução do dia ${dia}</h3><p>${paragrafo}${paragrafo}</p><p>${paragrafo}</p>` +
          `<ul><li>Fluidoterapia mantida</li><li>Antiemético às 8h e às 20h</li><li>Alimentação pastosa aceita</li></ul>`,
      );
    const [longo] = await q<{ id: string }>(
      sql`insert into registros_clinicos (pet_id, tipo, titulo, dados, conteudo_html, veterinario_id, usuario_id)
          values (${petLongoId}, 'documento', 'Relatório de internação', '{}'::jsonb, ${partes.join('')}, ${ids.usuarioId}, ${ids.usuarioId}) returning id`,
    );
    const [un] = await q<{ id: string }>(sql`select id from unidades_medida where sigla = 'UN'`);
    return {
      petId,
      petPdfId,
      modeloId: modelo!.id,
      longoId: longo!.id,
      unidadeMedidaId: un!.id,
      tamanhoLongo: partes.join('').length,
    };
  });
  if (databaseUrl) await db.execute(sql`analyze registros_clinicos`);
  console.log(
    `Dados: ${REGISTROS} registros e 30 doses de um pet, um documento de ${dados.tamanhoLongo.toLocaleString('pt-BR')} caracteres, em ${((performance.now() - t0) / 1000).toFixed(1)} s (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  );
  console.log(
    `Carga da máquina (load average 1/5/15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}, ${os.cpus().length} núcleos`,
  );

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha } });
  const token = login.json<{ accessToken: string }>().accessToken;
  const headers = { authorization: `Bearer ${token}`, 'x-origin': 'web', 'x-unidade-negocio': ids.unidadeNegocioId };

  /** Times `n` calls of `fn` (after `aquecer` warm-up calls). */
  const medir = async (n: number, fn: () => Promise<void>, aquecer = 3): Promise<number[]> => {
    for (let i = 0; i < aquecer; i++) await fn();
    const tempos: number[] = [];
    for (let i = 0; i < n; i++) {
      const inicio = performance.now();
      await fn();
      tempos.push(performance.now() - inicio);
    }
    return tempos;
  };
  const ausente = (url: string, status: number) => {
    if (status !== 404) return false;
    console.log(`(rota ausente: ${url} respondeu 404; caso pulado)`);
    return true;
  };

  // ---- 1. The chart ---------------------------------------------------------------------------
  if (casos.has('1')) {
    cabecalho(`1. Ficha do animal com ${REGISTROS} registros e 30 doses (${REQUESTS} requisições; meta p95 < 100 ms)`);
    const urlFicha = `/api/clinicas/ficha-animal?petId=${dados.petId}`;
    const primeira = await app.inject({ url: urlFicha, headers });
    if (!ausente(urlFicha, primeira.statusCode)) {
      const conferir = (status: number, body: string) => {
        if (status !== 200) throw new Error(`Ficha: ${status} ${body.slice(0, 300)}`);
        const ficha = JSON.parse(body) as FichaAnimal;
        const total = Object.values(ficha.totaisPorTipo).reduce((a, b) => a + b, 0);
        const doses = ficha.vacinas.aplicadas.length + ficha.vacinas.planejadas.length;
        if (ficha.registros.items.length !== 20 || total !== REGISTROS || doses !== 30)
          throw new Error(`Ficha inesperada: ${ficha.registros.items.length} registros, total ${total}, ${doses} doses`);
        return body.length;
      };
      const tamanho = conferir(primeira.statusCode, primeira.body);
      const tempos = await medir(REQUESTS, async () => {
        const res = await app.inject({ url: urlFicha, headers });
        conferir(res.statusCode, res.body);
      });
      linha('GET /api/clinicas/ficha-animal', tempos, `  (${(tamanho / 1024).toFixed(0)} kB)`);
    }

    // ---- 4. The floor (beside case 1, same conditions) ------------------------------------------
    const urlUnidade = `/api/inventario/unidades-medida/${dados.unidadeMedidaId}`;
    linha(
      '(piso: GET unidades-medida/{id})',
      await medir(REQUESTS, async () => {
        const res = await app.inject({ url: urlUnidade, headers });
        if (res.statusCode !== 200) throw new Error(`Piso: ${res.statusCode}`);
      }),
    );
    // The chart's reads alone: the same statements inside withTenant, no HTTP, no JWT.
    linha(
      '(só as leituras: montarFichaAnimal)',
      await medir(REQUESTS, async () => {
        await withTenant(db, scope, (tx) => montarFichaAnimal(tx, dados.petId, true));
      }),
    );
  }
  // ---- 2. processar + PDF ---------------------------------------------------------------------
  if (casos.has('2')) {
    cabecalho(`2. Processar receita + PDF (${REQUESTS_PDF} vezes; meta < 300 ms)`);
    const corpo = () => ({
      modeloDocumentoId: dados.modeloId,
      petId: dados.petPdfId,
      medicamentos: [
        {
          nome: 'Amoxicilina 250 mg',
          dose: '1 comprimido',
          via: 'oral',
          frequencia: 'a cada 12 horas',
          duracao: '7 dias',
          quantidade: '14 comprimidos',
        },
        { nome: 'Meloxicam 1 mg', dose: '1 comprimido', via: 'oral', frequencia: 'a cada 24 horas', duracao: '3 dias' },
      ],
    });
    const urlProcessar = '/api/clinica/modelos-documento/processar';
    const teste = await app.inject({ method: 'POST', url: urlProcessar, headers, payload: corpo() });
    if (!ausente(urlProcessar, teste.statusCode)) {
      const processar: number[] = [];
      const pdf: number[] = [];
      const ambos: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REQUESTS_PDF + 3; i++) {
        const a = performance.now();
        const res = await app.inject({ method: 'POST', url: urlProcessar, headers, payload: corpo() });
        const b = performance.now();
        if (res.statusCode !== 201) throw new Error(`Processar: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const registro = res.json<ProcessarModeloResult>().registro!;
        const urlPdf = `/api/clinica/registros/${registro.id}/pdf`;
        const resPdf = await app.inject({ url: urlPdf, headers });
        const c = performance.now();
        if (ausente(urlPdf, resPdf.statusCode)) break;
        if (resPdf.statusCode !== 200 || !resPdf.rawPayload.subarray(0, 5).toString().startsWith('%PDF'))
          throw new Error(`PDF: ${resPdf.statusCode} ${resPdf.body.slice(0, 300)}`);
        bytes = resPdf.rawPayload.length;
        if (i < 3) continue; // warm-up (the worker starts, fonts load)
        processar.push(b - a);
        pdf.push(c - b);
        ambos.push(c - a);
      }
      if (processar.length > 0) {
        linha('POST modelos-documento/processar', processar);
        linha('GET registros/{id}/pdf', pdf, `  (${(bytes / 1024).toFixed(0)} kB)`);
        linha('processar + PDF', ambos);
      }
    }
  }
  // ---- 3. A 20-page PDF beside a cheap route --------------------------------------------------
  if (casos.has('3')) {
    const urlLongo = `/api/clinica/registros/${dados.longoId}/pdf`;
    const resLongo = await app.inject({ url: urlLongo, headers });
    console.log(`\n3. PDF longo (${RENDERS} renderizações seguidas) enquanto outro cliente chama GET /api/health em laço`);
    if (!ausente(urlLongo, resLongo.statusCode)) {
      if (resLongo.statusCode !== 200) throw new Error(`PDF longo: ${resLongo.statusCode} ${resLongo.body.slice(0, 300)}`);
      const paginas = (resLongo.rawPayload.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
      console.log(`   ${paginas} páginas, ${(resLongo.rawPayload.length / 1024).toFixed(0)} kB`);

      /** GET /api/health in a loop until `parar()`; each call's latency. */
      const laco = (parar: () => boolean) => {
        const tempos: number[] = [];
        const feito = (async () => {
          while (!parar()) {
            const inicio = performance.now();
            const res = await app.inject({ url: '/api/health' });
            tempos.push(performance.now() - inicio);
            if (res.statusCode !== 200) throw new Error(`health: ${res.statusCode}`);
            await volta();
          }
        })();
        return { tempos, feito };
      };
      const medirJanela = async (carga: () => Promise<number[]>) => {
        const h = monitorEventLoopDelay({ resolution: 1 });
        let fim = false;
        h.enable();
        const cliente = laco(() => fim);
        const renders = await carga();
        fim = true;
        await cliente.feito;
        h.disable();
        return {
          renders,
          health: cliente.tempos,
          atrasoMax: h.max / 1e6,
          atrasoP99: h.percentile(99) / 1e6,
        };
      };
      // Without renders, as long as the renders took, for reference.
      const comPdf = await medirJanela(async () => {
        const tempos: number[] = [];
        for (let i = 0; i < RENDERS; i++) {
          const inicio = performance.now();
          const res = await app.inject({ url: urlLongo, headers });
          tempos.push(performance.now() - inicio);
          if (res.statusCode !== 200) throw new Error(`PDF longo: ${res.statusCode}`);
          await volta();
        }
        return tempos;
      });
      // The same document rendered on the main thread (pdfmake as the till's receipts do), as the
      // clinic's PDFs were before the worker: what the worker saves the other requests.
      const principal = await medirJanela(async () => {
        const tempos: number[] = [];
        for (let i = 0; i < RENDERS; i++) {
          const inicio = performance.now();
          const { registro, doc } = await withTenant(db, scope, async (tx) => {
            const registro = await getRegistro(tx, dados.longoId);
            const doc = await getDadosDocumento(tx, {
              petId: registro.petId,
              unidadeId: registro.unidadeNegocioId,
              veterinarioId: null,
            });
            return { registro, doc };
          });
          await renderPdf(documentDefinition('a4', registro.titulo ?? 'Documento', 'bench', conteudoRegistro(registro, doc)));
          tempos.push(performance.now() - inicio);
          await volta();
        }
        return tempos;
      });
      const duracao = comPdf.renders.reduce((a, b) => a + b, 0);
      const semPdf = await medirJanela(async () => {
        await new Promise((resolve) => setTimeout(resolve, duracao));
        return [];
      });
      const s = (xs: number[]) => [...xs].sort((a, b) => a - b);
      console.log(
        `${''.padEnd(30)}${'health p50'.padStart(11)}${'p99'.padStart(8)}${'max'.padStart(8)}${'chamadas'.padStart(10)}${'> 50 ms'.padStart(9)}${'atraso do laço máx'.padStart(20)}${'p99'.padStart(8)}`,
      );
      for (const [nome, r] of [
        ['durante os PDFs (worker)', comPdf],
        ['PDFs na thread principal', principal],
        ['sem PDF (referência)', semPdf],
      ] as const) {
        const h = s(r.health);
        console.log(
          `${nome.padEnd(30)}${ms(percentile(h, 50)).padStart(11)}${ms(percentile(h, 99))}${ms(h.at(-1)!)}${String(h.length).padStart(10)}${String(h.filter((t) => t > 50).length).padStart(9)}${ms(r.atrasoMax).padStart(20)}${ms(r.atrasoP99)}`,
        );
      }
      linha('   cada PDF longo, worker (ms)', comPdf.renders);
      linha('   cada PDF longo, thread principal', principal.renders);
    }
  }
  await app.close();
} finally {
  await database.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
