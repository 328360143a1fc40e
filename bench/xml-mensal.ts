/**
 * Benchmark of the month's XML zip (issue #18 item 6; GET /api/fiscal/documentos/xml-mensal):
 * `npx tsx bench/xml-mensal.ts`. See bench/README.md.
 *
 * A fresh embedded database (PGlite in a temporary folder, migrated like the server does), one
 * tenant and a month of N authorised NFC-e (default 3 000; one in ten cancelled, with its
 * procEventoNFe) plus a few inutilizações, each nfeProc built from the NFC-e sample of
 * ../shared/fixtures/nfe with 6 items (≈ 9 kB, its own key and numbers). Then, ROUNDS times each:
 * - "fflate zip assíncrono no thread principal": fflate's async `zip` of the same files (what
 *   the brief suggested; it deflates files under 160 kB on the calling thread);
 * - "zip no worker": `ZipEmWorker` of xml-mensal.ts alone, fed pages of 200 documents (the rows
 *   already in memory);
 * - "rota inteira": the real route through `app.inject` (auth, the month read in pages in a
 *   scoped transaction, each page deflated in the worker while the next is read, CSV).
 * For each: wall time, the event loop's worst delay (perf_hooks `monitorEventLoopDelay`, and a
 * 1 ms timer's worst lateness: what a concurrent request would have waited), and the zip's size.
 *
 * Environment: BENCH_DOCUMENTOS (default 3000), BENCH_ROUNDS (default 5).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { zip } from 'fflate';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { documentosFiscais, inutilizacoesFiscais, vendas } from '../apps/api/src/db/schema/index.ts';
import { withTenant } from '../apps/api/src/db/tenant-scope.ts';
import { criarTenant } from '../apps/api/src/modules/tenants/criar-tenant.ts';
import { arquivosDosDocumentos, ZipEmWorker, type DocumentoMes } from '../apps/api/src/modules/fiscal/xml-mensal.ts';
import { percentile } from './catalogo.ts';
import { configDoBench } from './config-do-bench.ts';

const N = Number(process.env.BENCH_DOCUMENTOS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MES = '2026-10';

const amostra = readFileSync(
  path.resolve(import.meta.dirname, '../../shared/fixtures/nfe/samples/sped-nfe__nfce_com_qrcode.xml'),
  'utf8',
)
  .replace(/^<\?xml[^>]*>\s*/, '')
  // Stored XMLs are not indented.
  .replace(/>\s+</g, '><');
const [antesDet, resto] = [amostra.slice(0, amostra.indexOf('<det ')), amostra.slice(amostra.indexOf('<det '))];
const dets = resto.slice(0, resto.indexOf('<total>'));
const depoisDet = resto.slice(resto.indexOf('<total>'));

/** An nfeProc of ≈ 9 kB: the sample with its items three times, key and numbers of document `n`. */
const nfeProc = (n: number, chave: string): string => {
  const itens = [dets, dets, dets].join('').replace(/nItem="\d+"/g, () => `nItem="${1 + Math.floor(Math.random() * 990)}"`);
  const nfe = `${antesDet.replace(/NFe\d{44}/, `NFe${chave}`).replace(/<nNF>\d+<\/nNF>/, `<nNF>${n}</nNF>`)}${itens}${depoisDet}`
    .replace(/<vNF>[\d.]+<\/vNF>/, `<vNF>${(100 + (n % 900) + 0.37).toFixed(2)}</vNF>`)
    .replace(/<DigestValue>[^<]*</, `<DigestValue>${randomBytes(20).toString('base64')}<`)
    .replace(/<SignatureValue>[^<]*</, `<SignatureValue>${randomBytes(256).toString('base64')}<`);
  return (
    `<nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe">${nfe}<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb>` +
    `<verAplic>SVRS202401011200</verAplic><chNFe>${chave}</chNFe><dhRecbto>2026-10-01T10:00:00-03:00</dhRecbto>` +
    `<nProt>1432600${String(n).padStart(8, '0')}</nProt><digVal>${randomBytes(20).toString('base64')}</digVal><cStat>100</cStat>` +
    `<xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`
  );
};
const procEvento = (chave: string) =>
  `<procEventoNFe versao="1.00" xmlns="http://www.portalfiscal.inf.br/nfe"><evento versao="1.00"><infEvento Id="ID110111${chave}01">` +
  `<cOrgao>35</cOrgao><tpAmb>2</tpAmb><CNPJ>11222333000181</CNPJ><chNFe>${chave}</chNFe><dhEvento>2026-10-01T10:10:00-03:00</dhEvento>` +
  `<tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Cancelamento</descEvento>` +
  `<nProt>143260000000001</nProt><xJust>Cliente desistiu da compra</xJust></detEvento></infEvento></evento><retEvento versao="1.00"><infEvento>` +
  `<tpAmb>2</tpAmb><verAplic>SVRS</verAplic><cOrgao>35</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo>` +
  `<chNFe>${chave}</chNFe><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2026-10-01T10:10:01-03:00</dhRegEvento>` +
  `<nProt>135260000000001</nProt></infEvento></retEvento></procEventoNFe>`;

/** Runs `fn` while watching the event loop: wall ms, worst delay (histogram and a 1 ms timer's lateness). */
const medir = async <T>(fn: () => Promise<T>): Promise<{ ms: number; atrasoMax: number; timerMax: number; valor: T }> => {
  const h = monitorEventLoopDelay({ resolution: 1 });
  let ultimo = performance.now();
  let timerMax = 0;
  const timer = setInterval(() => {
    const agora = performance.now();
    timerMax = Math.max(timerMax, agora - ultimo - 1);
    ultimo = agora;
  }, 1);
  h.enable();
  const t0 = performance.now();
  const valor = await fn();
  const ms = performance.now() - t0;
  // Let the timers that were held up run, so a block at the very end is counted too.
  await new Promise((r) => setTimeout(r, 20));
  h.disable();
  clearInterval(timer);
  return { ms, atrasoMax: h.max / 1e6, timerMax, valor };
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'petshop-bench-xml-'));
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
try {
  await database.migrate();
  const config = configDoBench(dataDir);
  const app = await buildApp(config, database);
  await app.ready();

  const email = `bench.${randomBytes(4).toString('hex')}@bench.com.br`;
  const senha = 'senha-do-bench-123';
  const ids = await criarTenant(database.db, {
    tenant: { nome: 'Pet Shop Bench', limiteUsuarios: 5 },
    unidade: { nomeFantasia: 'Loja Bench', razaoSocial: 'Loja Bench Ltda', cnpj: '11222333000181' },
    administrador: { nome: 'Bench', email, senha },
  });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha } });
  const headers = {
    authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}`,
    'x-origin': 'web',
    'x-unidade-negocio': ids.unidadeNegocioId,
  };

  const t0 = performance.now();
  let bytesXml = 0;
  await withTenant(database.db, ids, async (tx) => {
    const [venda] = await tx
      .insert(vendas)
      .values({ numero: 1, tipo: 'Venda', status: 'Finalizada', usuarioId: ids.usuarioId, dataFinalizacao: new Date() })
      .returning({ id: vendas.id });
    const inicio = Date.parse(`${MES}-01T03:00:00Z`);
    for (let i = 0; i < N; i += 250) {
      const lote = Array.from({ length: Math.min(250, N - i) }, (_, k) => {
        const n = i + k + 1;
        const chave = `3526101122233300018165001${String(n).padStart(9, '0')}1${String(n).padStart(8, '0')}1`.slice(0, 44);
        const cancelada = n % 10 === 0;
        const xml = nfeProc(n, chave);
        bytesXml += xml.length;
        return {
          vendaId: venda!.id,
          serie: 1,
          numero: n,
          chave,
          ambiente: 'homologacao',
          status: cancelada ? 'cancelada' : 'autorizada',
          protocolo: `1432600${String(n).padStart(8, '0')}`,
          xml,
          xmlCancelamento: cancelada ? procEvento(chave) : null,
          valorTotal: (100 + (n % 900) + 0.37).toFixed(2),
          emitidoEm: new Date(inicio + Math.floor((n / N) * 30 * 86_400_000)),
        };
      });
      await tx.insert(documentosFiscais).values(lote);
    }
    for (let j = 0; j < 5; j++) {
      await tx.insert(inutilizacoesFiscais).values({
        serie: 1,
        numeroInicial: N + 10 + j * 2,
        numeroFinal: N + 11 + j * 2,
        justificativa: 'Numeração pulada por falha do sistema',
        ambiente: 'homologacao',
        status: 'inutilizada',
        protocolo: '135260000000099',
        xml: `<procInutNFe versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><inutNFe/><retInutNFe/></procInutNFe>`,
        createdAt: new Date(`${MES}-15T12:00:00Z`),
      });
    }
  });
  console.log(
    `${N} NFC-e (${Math.round(bytesXml / N)} bytes de XML cada, ${Math.round(bytesXml / 1024 / 1024)} MB) inseridas em ${((performance.now() - t0) / 1000).toFixed(1)} s (PGlite)`,
  );

  // The month's rows once in memory, for the two zip-only cases.
  const documentos: DocumentoMes[] = await withTenant(database.db, ids, (tx) =>
    tx
      .select({
        numero: documentosFiscais.numero,
        serie: documentosFiscais.serie,
        chave: documentosFiscais.chave,
        status: documentosFiscais.status,
        valorTotal: documentosFiscais.valorTotal,
        emitidoEm: documentosFiscais.emitidoEm,
        protocolo: documentosFiscais.protocolo,
        xml: documentosFiscais.xml,
        xmlCancelamento: documentosFiscais.xmlCancelamento,
      })
      .from(documentosFiscais),
  );
  const emMemoria = () => Object.fromEntries(arquivosDosDocumentos(documentos).arquivos);

  const casos: Record<string, { ms: number[]; atraso: number[]; timer: number[]; bytes: number }> = {};
  const registrar = (nome: string, r: { ms: number; atrasoMax: number; timerMax: number }, bytes: number) => {
    const c = (casos[nome] ??= { ms: [], atraso: [], timer: [], bytes });
    c.ms.push(r.ms);
    c.atraso.push(r.atrasoMax);
    c.timer.push(r.timerMax);
  };
  for (let round = 0; round < ROUNDS; round++) {
    const a = await medir(
      () =>
        new Promise<Uint8Array>((resolve, reject) =>
          zip(emMemoria(), { level: 6 }, (erro, z) => (erro ? reject(erro) : resolve(z))),
        ),
    );
    registrar('fflate zip assíncrono (thread principal)', a, a.valor.length);
    const b = await medir(async () => {
      const z = new ZipEmWorker();
      for (let i = 0; i < documentos.length; i += 200) {
        z.adicionar(arquivosDosDocumentos(documentos.slice(i, i + 200)).arquivos);
        await new Promise((r) => setImmediate(r));
      }
      return z.concluir();
    });
    registrar('zip no worker (xml-mensal.ts)', b, b.valor.length);
    const c = await medir(() => app.inject({ method: 'GET', url: `/api/fiscal/documentos/xml-mensal?mes=${MES}`, headers }));
    if (c.valor.statusCode !== 200) throw new Error(`rota respondeu ${c.valor.statusCode}: ${c.valor.body}`);
    registrar('rota inteira (leitura PGlite + CSV + worker)', c, c.valor.rawPayload.length);
  }

  const f = (v: number) => v.toFixed(0).padStart(6);
  console.log(`\n${ROUNDS} rodadas; ms: mediana / máx.; atraso do event loop (máx. por rodada): mediana / máx.`);
  console.log('caso                                               tempo ms        atraso ms     timer 1 ms    zip');
  for (const [nome, c] of Object.entries(casos)) {
    const s = (l: number[]) => [...l].sort((x, y) => x - y);
    console.log(
      `${nome.padEnd(48)} ${f(percentile(s(c.ms), 50))} / ${f(Math.max(...c.ms))}  ${f(percentile(s(c.atraso), 50))} / ${f(Math.max(...c.atraso))}  ${f(percentile(s(c.timer), 50))} / ${f(Math.max(...c.timer))}  ${(c.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
  }
  console.log(`RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`);
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
