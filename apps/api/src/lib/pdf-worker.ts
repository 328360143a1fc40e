/**
 * PDFs rendered off the event loop (issue #19, performance: a 20-page PDF must not delay other
 * requests by more than 50 ms). pdfmake lays out and writes a document synchronously, tens of ms
 * per page on a small machine; here it runs in one worker thread, started on the first PDF and
 * reused, that renders the documents one after the other (a queue) while the server goes on
 * answering. The main thread only clones the definition into the worker and receives the bytes
 * (moved, not copied).
 *
 * The definition crosses threads by structured clone, so it must hold no functions: a header or
 * footer that depends on the page is written as a marker (`rodapePaginado`) that the worker turns
 * back into pdfmake's function. The worker is plain CommonJS given by its source (`eval`), with
 * no loader of the parent (tsx), like lib/certificado.ts and fiscal/xml-mensal.ts; it loads
 * pdfmake by path and sets up the same fonts and access policies as comercial/impressao-pdf.ts
 * (standard Helvetica, never a URL, local files only for the fonts).
 *
 * A worker that dies (or a document that takes longer than `LIMITE_MS`) fails the documents
 * waiting for it, and the next PDF starts a new worker. An idle worker does not keep the process
 * alive (unref).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Content } from 'pdfmake/interfaces';

/** A page footer "texto ……… Página n de N", built by the worker for each page. */
export type RodapePaginado = {
  $pdfWorker: 'rodapePaginado';
  texto: string;
  /** Left and right margins of the footer (the page's), points. */
  margem: number;
};

/** A pdfmake document definition that crosses threads: plain data only. */
export type DefinicaoPdf = Record<string, unknown> & {
  content: Content | Content[];
  header?: Content | RodapePaginado;
  footer?: Content | RodapePaginado;
};

/** The footer marker: `texto` at the left, "Página n de N" at the right, 8 pt grey. */
export const rodapePaginado = (texto: string, margem: number): RodapePaginado => ({
  $pdfWorker: 'rodapePaginado',
  texto,
  margem,
});

/** The worker thread's nice value (Linux): below the event loop's priority, above nothing else's. */
const NICE_WORKER = 10;

/** Longest a document may take in the worker before it is given up (and the worker restarted). */
const LIMITE_MS = 60_000;

const requireLocal = createRequire(import.meta.url);
const PDFMAKE_CJS = requireLocal.resolve('pdfmake');
const PDFMAKE_DIR = dirname(requireLocal.resolve('pdfmake/package.json'));

/**
 * The worker: sets pdfmake up once, then renders each `{ id, definicao }` in turn and answers
 * `{ id, pdf }` (its own ArrayBuffer, moved) or `{ id, erro }`.
 */
const CODIGO_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
const pdfmake = require(workerData.pdfmake);
// Linux: this thread's own nice value raised, so the server's event loop thread wins the CPU
// whenever both want it (setpriority on a thread id affects that thread only).
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, workerData.nice);
} catch {}
const STANDARD = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);
pdfmake.addFonts({ Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' } });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((p) => STANDARD.has(p) || path.resolve(p).startsWith(workerData.pdfmakeDir + path.sep));
const marcadores = {
  rodapePaginado: (m) => (pagina, paginas) => ({
    columns: [{ text: m.texto, width: '*' }, { text: 'Página ' + pagina + ' de ' + paginas, width: 'auto', alignment: 'right' }],
    margin: [m.margem, 8, m.margem, 0],
    fontSize: 8,
    color: '#555555',
  }),
};
const reviver = (valor) => {
  if (valor && typeof valor === 'object' && typeof valor.$pdfWorker === 'string') {
    const f = marcadores[valor.$pdfWorker];
    if (!f) throw new Error('Marcador desconhecido: ' + valor.$pdfWorker);
    return f(valor);
  }
  return valor;
};
let fila = Promise.resolve();
parentPort.on('message', ({ id, definicao }) => {
  fila = fila.then(async () => {
    try {
      definicao.header = reviver(definicao.header);
      definicao.footer = reviver(definicao.footer);
      const buffer = await pdfmake.createPdf(definicao).getBuffer();
      const pdf = new Uint8Array(buffer);
      parentPort.postMessage({ id, pdf }, [pdf.buffer]);
    } catch (e) {
      parentPort.postMessage({ id, erro: String((e && e.message) || e) });
    }
  });
});
`;

type Pendente = { resolve: (pdf: Buffer) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };
type Resposta = { id: number; pdf?: Uint8Array; erro?: string };

let worker: Worker | null = null;
let proximoId = 0;
const pendentes = new Map<number, Pendente>();

const falharTodos = (erro: Error): void => {
  for (const [id, p] of pendentes) {
    clearTimeout(p.timer);
    p.reject(erro);
    pendentes.delete(id);
  }
};

const iniciarWorker = (): Worker => {
  const w = new Worker(CODIGO_WORKER, {
    eval: true,
    // Plain CommonJS: no loader of the parent (tsx) to start in the worker.
    execArgv: [],
    workerData: { pdfmake: PDFMAKE_CJS, pdfmakeDir: PDFMAKE_DIR, nice: NICE_WORKER },
  });
  w.on('message', (m: Resposta) => {
    const p = pendentes.get(m.id);
    if (!p) return;
    pendentes.delete(m.id);
    clearTimeout(p.timer);
    if (pendentes.size === 0) w.unref();
    if (m.pdf) p.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
    else p.reject(new Error(`PDF não gerado: ${m.erro ?? 'erro desconhecido'}`));
  });
  w.on('error', (e) => {
    if (worker === w) worker = null;
    falharTodos(e);
  });
  w.on('exit', (codigo) => {
    if (worker === w) worker = null;
    falharTodos(new Error(`O worker de PDF terminou (código ${codigo})`));
  });
  w.unref();
  return w;
};

/**
 * The PDF bytes of `definicao`, rendered in the worker thread (queued behind the documents
 * already sent). Rejects when pdfmake refuses the definition, the worker dies or it takes longer
 * than a minute.
 */
export const renderPdfInWorker = (definicao: DefinicaoPdf): Promise<Buffer> => {
  const w = (worker ??= iniciarWorker());
  const id = ++proximoId;
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => {
      // The worker is stuck on a document: end it (the others waiting fail with it).
      void w.terminate();
    }, LIMITE_MS);
    timer.unref();
    pendentes.set(id, { resolve, reject, timer });
    w.ref();
    try {
      w.postMessage({ id, definicao });
    } catch (e) {
      pendentes.delete(id);
      clearTimeout(timer);
      if (pendentes.size === 0) w.unref();
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
};

/** Ends the worker (tests, shutdown); documents still waiting fail. The next PDF starts a new one. */
export const closePdfWorker = async (): Promise<void> => {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
};
