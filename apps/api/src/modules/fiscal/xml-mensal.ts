/**
 * The month's XMLs for the accountant, as one zip (issue #18 item 6;
 * GET /api/fiscal/documentos/xml-mensal?mes=yyyy-MM).
 *
 * The month is the unit's calendar month (its time zone): documents by `emitido_em` (dhEmi),
 * inutilizações by when they were registered. The zip `nfce-{cnpj}-{yyyy-MM}.zip` holds:
 * - `{chave}-nfce.xml`: the `nfeProc` of every NFC-e with a SEFAZ answer of its own (autorizada,
 *   cancelada, denegada) — rejected, pending and not yet transmitted ones have no legal XML yet
 *   and appear only in the summary;
 * - `{chave}-cancelamento.xml`: the `procEventoNFe` of each cancellation;
 * - `inutilizacao-{serie}-{inicial}-{final}.xml`: the `procInutNFe` of each inutilização;
 * - `resumo.csv`: one line per document of the month (every status) and per inutilização —
 *   número;série;chave;status;valor;data;protocolo — in UTF-8 with BOM, `;`-separated, decimal
 *   comma, dates 'dd/MM/yyyy HH:mm:ss' on the unit's clock (what a spreadsheet in pt-BR opens).
 * A month without documents nor inutilizações is a 400 'Nenhum documento fiscal em MM/yyyy'.
 *
 * Not blocking the server: the rows are read in one scoped transaction, then the zip is deflated
 * in a worker thread (fflate's `zipSync` run there). fflate's own async `zip` was not enough: it
 * deflates every file under 160 kB on the calling thread (only bigger files go to workers), and
 * an NFC-e is ~10 kB, so a month of 3 000 would block the event loop for the whole zip
 * (figures in bench/README.md, `bench/xml-mensal.ts`). One zip is made at a time per process
 * (the others wait their turn), which bounds the memory a burst of requests can take.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatDecimal } from '@petshop/shared/format';
import { STATUS_DOCUMENTO_FISCAL, type StatusDocumentoFiscal } from '@petshop/shared/fiscal';
import type { Db } from '../../db/client.ts';
import { documentosFiscais, inutilizacoesFiscais, unidadesNegocio } from '../../db/schema/index.ts';
import { runTogether } from '../../db/run-together.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { formatDataHoraSegundos } from './danfe-nfce.ts';
import { comDeclaracao } from './documentos-arquivos.ts';

/** Statuses whose stored XML is an `nfeProc` (SEFAZ answered it) and goes in the zip. */
const COM_PROTOCOLO: readonly string[] = ['autorizada', 'cancelada', 'denegada'];

/** One line of resumo.csv. */
type LinhaResumo = {
  numero: string;
  serie: number;
  chave: string;
  status: string;
  valor: string;
  data: Date;
  protocolo: string | null;
};

/** The month's rows of the scope's unit, read in one transaction. */
type DadosMes = {
  cnpj: string;
  timeZone: string;
  documentos: {
    numero: number;
    serie: number;
    chave: string;
    status: string;
    valorTotal: string;
    emitidoEm: Date;
    protocolo: string | null;
    xml: string | null;
    xmlCancelamento: string | null;
  }[];
  inutilizacoes: {
    serie: number;
    numeroInicial: number;
    numeroFinal: number;
    protocolo: string | null;
    xml: string;
    createdAt: Date;
  }[];
};

/** The unit and the month's documents and inutilizações (`mes` 'yyyy-MM' on the unit's clock). */
const listDadosMes = async (tx: Db, mes: string): Promise<DadosMes> => {
  const [unidade] = await tx
    .select({ cnpj: unidadesNegocio.cnpj, timeZone: unidadesNegocio.timeZone })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  if (!unidade) throw notFound('Unidade de negócio não encontrada');
  const inicio = sql`(${`${mes}-01`}::timestamp at time zone ${unidade.timeZone})`;
  const fim = sql`((${`${mes}-01`}::timestamp + interval '1 month') at time zone ${unidade.timeZone})`;
  const [documentos, inutilizacoes] = await runTogether(
    tx
      .select({
        numero: documentosFiscais.numero,
        serie: documentosFiscais.serie,
        chave: documentosFiscais.chave,
        status: documentosFiscais.status,
        valorTotal: documentosFiscais.valorTotal,
        emitidoEm: documentosFiscais.emitidoEm,
        protocolo: documentosFiscais.protocolo,
        // Only the XMLs that go in the zip leave the database.
        xml: sql<
          string | null
        >`case when ${documentosFiscais.status} in ('autorizada', 'cancelada', 'denegada') then ${documentosFiscais.xml} end`,
        xmlCancelamento: documentosFiscais.xmlCancelamento,
      })
      .from(documentosFiscais)
      .where(and(sql`${documentosFiscais.emitidoEm} >= ${inicio}`, sql`${documentosFiscais.emitidoEm} < ${fim}`))
      .orderBy(asc(documentosFiscais.serie), asc(documentosFiscais.numero)),
    tx
      .select({
        serie: inutilizacoesFiscais.serie,
        numeroInicial: inutilizacoesFiscais.numeroInicial,
        numeroFinal: inutilizacoesFiscais.numeroFinal,
        protocolo: inutilizacoesFiscais.protocolo,
        xml: inutilizacoesFiscais.xml,
        createdAt: inutilizacoesFiscais.createdAt,
      })
      .from(inutilizacoesFiscais)
      .where(
        and(
          eq(inutilizacoesFiscais.status, 'inutilizada'),
          sql`${inutilizacoesFiscais.createdAt} >= ${inicio}`,
          sql`${inutilizacoesFiscais.createdAt} < ${fim}`,
        ),
      )
      .orderBy(asc(inutilizacoesFiscais.serie), asc(inutilizacoesFiscais.numeroInicial)),
  );
  return { cnpj: unidade.cnpj, timeZone: unidade.timeZone, documentos, inutilizacoes };
};

const CABECALHO_RESUMO = ['número', 'série', 'chave', 'status', 'valor', 'data', 'protocolo'];

/** A CSV field: quoted when it holds the separator, a quote or a line break. */
const campo = (v: string): string => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** resumo.csv's text (BOM, header, CRLF lines). */
export const resumoCsv = (linhas: LinhaResumo[], timeZone: string): string =>
  '\uFEFF' +
  [
    CABECALHO_RESUMO,
    ...linhas.map((l) => [
      l.numero,
      String(l.serie),
      l.chave,
      l.status,
      l.valor,
      formatDataHoraSegundos(l.data, timeZone),
      l.protocolo ?? '',
    ]),
  ]
    .map((colunas) => colunas.map(campo).join(';'))
    .join('\r\n') +
  '\r\n';

/** The zip's files (name → UTF-8 bytes, each with a buffer of its own: they are moved to the worker). */
export const arquivosDoMes = (dados: DadosMes): Record<string, Uint8Array> => {
  const encoder = new TextEncoder();
  const arquivos: Record<string, Uint8Array> = {};
  const linhas: LinhaResumo[] = [];
  for (const d of dados.documentos) {
    if (d.xml && COM_PROTOCOLO.includes(d.status) && d.xml.trimStart().startsWith('<nfeProc')) {
      arquivos[`${d.chave}-nfce.xml`] = encoder.encode(comDeclaracao(d.xml));
    }
    if (d.xmlCancelamento) arquivos[`${d.chave}-cancelamento.xml`] = encoder.encode(comDeclaracao(d.xmlCancelamento));
    linhas.push({
      numero: String(d.numero),
      serie: d.serie,
      chave: d.chave,
      status: STATUS_DOCUMENTO_FISCAL[d.status as StatusDocumentoFiscal] ?? d.status,
      valor: formatDecimal(d.valorTotal, 2),
      data: d.emitidoEm,
      protocolo: d.protocolo,
    });
  }
  for (const i of dados.inutilizacoes) {
    arquivos[`inutilizacao-${i.serie}-${i.numeroInicial}-${i.numeroFinal}.xml`] = encoder.encode(comDeclaracao(i.xml));
    linhas.push({
      numero: i.numeroInicial === i.numeroFinal ? String(i.numeroInicial) : `${i.numeroInicial} a ${i.numeroFinal}`,
      serie: i.serie,
      chave: '',
      status: 'Inutilizada',
      valor: '',
      data: i.createdAt,
      protocolo: i.protocolo,
    });
  }
  arquivos['resumo.csv'] = encoder.encode(resumoCsv(linhas, dados.timeZone));
  return arquivos;
};

/** fflate's CommonJS build, loaded by path in the worker (an `eval` worker resolves nothing else). */
const FFLATE_CJS = createRequire(import.meta.url).resolve('fflate');

/** The worker: receives { name: bytes }, answers the zip's bytes (moved, not copied). */
const CODIGO_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { zipSync } = require(workerData.fflate);
parentPort.once('message', (arquivos) => {
  const zip = zipSync(arquivos, { level: 6, mtime: workerData.mtime });
  parentPort.postMessage(zip, [zip.buffer]);
});
`;

let fila: Promise<unknown> = Promise.resolve();

/**
 * `arquivos` as a zip (deflate level 6), made in a worker thread; the files' buffers are moved
 * to it (unusable here afterwards). One at a time per process. `mtime`: the entries' date.
 */
export const zipEmWorker = (arquivos: Record<string, Uint8Array>, mtime: Date = new Date()): Promise<Buffer> => {
  const tarefa = fila.then(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const worker = new Worker(CODIGO_WORKER, {
          eval: true,
          // Plain CommonJS: no loader of the parent (tsx) to start in the worker.
          execArgv: [],
          workerData: { fflate: FFLATE_CJS, mtime: mtime.getTime() },
        });
        let feito = false;
        worker.once('message', (zip: Uint8Array) => {
          feito = true;
          resolve(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
          void worker.terminate();
        });
        worker.once('error', (erro) => {
          feito = true;
          reject(erro);
        });
        worker.once('exit', (codigo) => {
          if (!feito) reject(new Error(`O worker do zip terminou sem resposta (código ${codigo})`));
        });
        worker.postMessage(
          arquivos,
          Object.values(arquivos).map((a) => a.buffer as ArrayBuffer),
        );
      }),
  );
  fila = tarefa.catch(() => undefined);
  return tarefa;
};

/** 'yyyy-MM' → 'MM/yyyy'. */
const mesBr = (mes: string): string => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

/**
 * GET /documentos/xml-mensal?mes=yyyy-MM: the zip of the month of the scope's unit and its file
 * name `nfce-{cnpj}-{yyyy-MM}.zip`. `scoped` is the request's tenant-scoped transaction runner
 * (the rows are read in it; the zip is made after it ended). 400 'Nenhum documento fiscal em
 * MM/yyyy' for an empty month.
 */
export const xmlMensal = async (scoped: FastifyRequest['scoped'], mes: string): Promise<{ nomeArquivo: string; zip: Buffer }> => {
  const dados = await scoped((tx) => listDadosMes(tx, mes));
  if (dados.documentos.length === 0 && dados.inutilizacoes.length === 0) {
    throw badRequest(`Nenhum documento fiscal em ${mesBr(mes)}`);
  }
  const zip = await zipEmWorker(arquivosDoMes(dados));
  return { nomeArquivo: `nfce-${dados.cnpj.replace(/\D/g, '')}-${mes}.zip`, zip };
};
