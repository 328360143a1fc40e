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
 * Not blocking the server: the month's documents are listed without their XMLs, then the XMLs
 * are read by primary key in pages of `PAGINA_DOCUMENTOS`, in one scoped transaction (PGlite runs
 * in this thread, so one query of a month's 30 MB of XML would hold it at once); each page is
 * encoded and handed to a worker thread that deflates it (fflate's streaming `Zip` there) while
 * the next page is read; the inutilizações and the CSV go last and the zip comes back as one
 * buffer. fflate's own async `zip` was not used: it deflates every file under 160 kB on the
 * calling thread (only bigger files go to its workers) and an NFC-e is ~10 kB, so a month of
 * 3 000 blocked the event loop for the whole zip (figures in bench/README.md,
 * `bench/xml-mensal.ts`). One zip is made at a time per process (the others wait their turn),
 * which bounds the memory a burst of requests can take.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatDecimal } from '@petshop/shared/format';
import { STATUS_DOCUMENTO_FISCAL, type StatusDocumentoFiscal } from '@petshop/shared/fiscal';
import type { Db } from '../../db/client.ts';
import { documentosFiscais, inutilizacoesFiscais, unidadesNegocio } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { formatDataHoraSegundos } from './danfe-nfce.ts';
import { comDeclaracao } from './documentos-arquivos.ts';

/** Statuses whose stored XML is an `nfeProc` (SEFAZ answered it) and goes in the zip. */
const COM_PROTOCOLO: readonly string[] = ['autorizada', 'cancelada', 'denegada'];

/** Documents read (and handed to the worker) per query. */
export const PAGINA_DOCUMENTOS = 200;

/** One line of resumo.csv. */
export type LinhaResumo = {
  numero: string;
  serie: number;
  chave: string;
  status: string;
  valor: string;
  data: Date;
  protocolo: string | null;
};

/** A document of the month as read for the zip (`xml` only when it goes in the zip). */
export type DocumentoMes = {
  numero: number;
  serie: number;
  chave: string;
  status: string;
  valorTotal: string;
  emitidoEm: Date;
  protocolo: string | null;
  xml: string | null;
  xmlCancelamento: string | null;
};

/** The scope's unit (CNPJ, time zone) or 404. */
const getUnidadeZip = async (tx: Db): Promise<{ cnpj: string; timeZone: string }> => {
  const [unidade] = await tx
    .select({ cnpj: unidadesNegocio.cnpj, timeZone: unidadesNegocio.timeZone })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  if (!unidade) throw notFound('Unidade de negócio não encontrada');
  return unidade;
};

/** The month's bounds as SQL instants: `mes` 'yyyy-MM' on `timeZone`'s clock, [início, fim). */
const limitesMes = (mes: string, timeZone: string): { inicio: SQL; fim: SQL } => ({
  inicio: sql`(${`${mes}-01`}::timestamp at time zone ${timeZone})`,
  fim: sql`((${`${mes}-01`}::timestamp + interval '1 month') at time zone ${timeZone})`,
});

/** The month's documents in (série, número) order, without their XMLs (a light read: ~100 bytes a row). */
const listDocumentosMes = (tx: Db, { inicio, fim }: { inicio: SQL; fim: SQL }) =>
  tx
    .select({
      id: documentosFiscais.id,
      numero: documentosFiscais.numero,
      serie: documentosFiscais.serie,
      chave: documentosFiscais.chave,
      status: documentosFiscais.status,
      valorTotal: documentosFiscais.valorTotal,
      emitidoEm: documentosFiscais.emitidoEm,
      protocolo: documentosFiscais.protocolo,
    })
    .from(documentosFiscais)
    .where(and(sql`${documentosFiscais.emitidoEm} >= ${inicio}`, sql`${documentosFiscais.emitidoEm} < ${fim}`))
    .orderBy(asc(documentosFiscais.serie), asc(documentosFiscais.numero));

/** The XMLs of the documents `ids` (one page), by primary key; `xml` only for those that go in the zip. */
const listXmlsDocumentos = (tx: Db, ids: string[]) =>
  tx
    .select({
      id: documentosFiscais.id,
      xml: sql<
        string | null
      >`case when ${documentosFiscais.status} in ('autorizada', 'cancelada', 'denegada') then ${documentosFiscais.xml} end`,
      xmlCancelamento: documentosFiscais.xmlCancelamento,
    })
    .from(documentosFiscais)
    .where(inArray(documentosFiscais.id, ids));

/** The month's registered inutilizações (few: one read). */
const listInutilizacoesMes = (tx: Db, { inicio, fim }: { inicio: SQL; fim: SQL }) =>
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
    .orderBy(asc(inutilizacoesFiscais.serie), asc(inutilizacoesFiscais.numeroInicial));

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

/** A file of the zip: its name and UTF-8 bytes (with a buffer of its own: it is moved to the worker). */
export type ArquivoZip = [nome: string, dados: Uint8Array];

const encoder = new TextEncoder();
const arquivo = (nome: string, xml: string): ArquivoZip => [nome, encoder.encode(comDeclaracao(xml))];

/** The zip's files of a page of documents, and their lines of the summary. */
export const arquivosDosDocumentos = (documentos: DocumentoMes[]): { arquivos: ArquivoZip[]; linhas: LinhaResumo[] } => {
  const arquivos: ArquivoZip[] = [];
  const linhas: LinhaResumo[] = [];
  for (const d of documentos) {
    if (d.xml && COM_PROTOCOLO.includes(d.status) && d.xml.trimStart().startsWith('<nfeProc')) {
      arquivos.push(arquivo(`${d.chave}-nfce.xml`, d.xml));
    }
    if (d.xmlCancelamento) arquivos.push(arquivo(`${d.chave}-cancelamento.xml`, d.xmlCancelamento));
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
  return { arquivos, linhas };
};

/** fflate's CommonJS build, loaded by path in the worker (an `eval` worker resolves nothing else). */
const FFLATE_CJS = createRequire(import.meta.url).resolve('fflate');

/**
 * The worker: deflates each file as it arrives (`{ arquivos: [nome, bytes][] }`, fflate's
 * streaming Zip, level 6) and, on `{ fim: true }`, answers `{ zip }` (the bytes, moved).
 */
const CODIGO_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Zip, ZipDeflate } = require(workerData.fflate);
const partes = [];
const zip = new Zip((erro, dados, final) => {
  if (erro) throw erro;
  partes.push(dados);
  if (!final) return;
  const out = new Uint8Array(partes.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of partes) { out.set(p, o); o += p.length; }
  parentPort.postMessage({ zip: out }, [out.buffer]);
});
parentPort.on('message', (m) => {
  if (m.fim) return zip.end();
  for (const [nome, dados] of m.arquivos) {
    const f = new ZipDeflate(nome, { level: 6 });
    f.mtime = workerData.mtime;
    zip.add(f);
    f.push(dados, true);
  }
});
`;

/**
 * A zip made in a worker thread: files are added as they are read (`adicionar`, their buffers
 * moved to the worker), `concluir` answers the zip's bytes and ends the worker; `cancelar` ends
 * it without an answer. `mtime`: the entries' date.
 */
export class ZipEmWorker {
  private readonly worker: Worker;
  private readonly resultado: Promise<Buffer>;

  constructor(mtime: Date = new Date()) {
    this.worker = new Worker(CODIGO_WORKER, {
      eval: true,
      // Plain CommonJS: no loader of the parent (tsx) to start in the worker.
      execArgv: [],
      workerData: { fflate: FFLATE_CJS, mtime: mtime.getTime() },
    });
    this.resultado = new Promise<Buffer>((resolve, reject) => {
      this.worker.once('message', (m: { zip: Uint8Array }) =>
        resolve(Buffer.from(m.zip.buffer, m.zip.byteOffset, m.zip.byteLength)),
      );
      this.worker.once('error', reject);
      this.worker.once('exit', (codigo) => reject(new Error(`O worker do zip terminou sem resposta (código ${codigo})`)));
    });
    // Observed here so that a worker cancelled before `concluir` is no unhandled rejection.
    this.resultado.catch(() => undefined);
  }

  adicionar(arquivos: ArquivoZip[]): void {
    if (arquivos.length === 0) return;
    this.worker.postMessage(
      { arquivos },
      arquivos.map(([, dados]) => dados.buffer as ArrayBuffer),
    );
  }

  concluir(): Promise<Buffer> {
    this.worker.postMessage({ fim: true });
    return this.resultado.finally(() => void this.worker.terminate());
  }

  cancelar(): void {
    void this.worker.terminate();
  }
}

let fila: Promise<unknown> = Promise.resolve();

/** Runs `fn` after the zips already asked for (one at a time per process). */
const naFila = <T>(fn: () => Promise<T>): Promise<T> => {
  const tarefa = fila.then(fn);
  fila = tarefa.catch(() => undefined);
  return tarefa;
};

/** 'yyyy-MM' → 'MM/yyyy'. */
const mesBr = (mes: string): string => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

/**
 * GET /documentos/xml-mensal?mes=yyyy-MM: the zip of the month of the scope's unit and its file
 * name `nfce-{cnpj}-{yyyy-MM}.zip`, with `documentos`, the lines of its resumo.csv (the audit log
 * records it). `scoped` is the request's tenant-scoped transaction runner: the pages are read in
 * it and fed to the worker as they come; the zip is finished after it ended.
 * 400 'Nenhum documento fiscal em MM/yyyy' for an empty month.
 */
export const xmlMensal = (
  scoped: FastifyRequest['scoped'],
  mes: string,
): Promise<{ nomeArquivo: string; zip: Buffer; documentos: number }> =>
  naFila(async () => {
    let zip: ZipEmWorker | null = null;
    try {
      const { cnpj, timeZone, linhas } = await scoped(async (tx) => {
        const unidade = await getUnidadeZip(tx);
        const limites = limitesMes(mes, unidade.timeZone);
        const inutilizacoes = await listInutilizacoesMes(tx, limites);
        const documentos = await listDocumentosMes(tx, limites);
        const linhas: LinhaResumo[] = [];
        for (let i = 0; i < documentos.length; i += PAGINA_DOCUMENTOS) {
          const pagina = documentos.slice(i, i + PAGINA_DOCUMENTOS);
          const xmls = new Map(
            (
              await listXmlsDocumentos(
                tx,
                pagina.map((d) => d.id),
              )
            ).map((x) => [x.id, x]),
          );
          const doMes = arquivosDosDocumentos(
            pagina.map((d) => ({
              ...d,
              xml: xmls.get(d.id)?.xml ?? null,
              xmlCancelamento: xmls.get(d.id)?.xmlCancelamento ?? null,
            })),
          );
          zip ??= new ZipEmWorker();
          zip.adicionar(doMes.arquivos);
          linhas.push(...doMes.linhas);
        }
        if (linhas.length === 0 && inutilizacoes.length === 0) throw badRequest(`Nenhum documento fiscal em ${mesBr(mes)}`);
        zip ??= new ZipEmWorker();
        zip.adicionar(
          inutilizacoes.map((i) => arquivo(`inutilizacao-${i.serie}-${i.numeroInicial}-${i.numeroFinal}.xml`, i.xml)),
        );
        for (const i of inutilizacoes) {
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
        return { cnpj: unidade.cnpj, timeZone: unidade.timeZone, linhas };
      });
      const worker = zip as ZipEmWorker | null;
      if (!worker) throw new Error('zip sem worker');
      worker.adicionar([['resumo.csv', encoder.encode(resumoCsv(linhas, timeZone))]]);
      const bytes = await worker.concluir();
      zip = null;
      return { nomeArquivo: `nfce-${cnpj.replace(/\D/g, '')}-${mes}.zip`, zip: bytes, documentos: linhas.length };
    } finally {
      (zip as ZipEmWorker | null)?.cancelar();
    }
  });
