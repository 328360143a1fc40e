/**
 * The tasks the CPU pool's worker threads run (lib/cpu-pool.ts; issue #22 item 2 "nothing blocks
 * the event loop"). This module is loaded only inside the workers (through the tsx loader, like
 * the server itself); the main thread imports its types only. Loaded by cpu-pool-worker.mjs, which registers tsx first. Each task takes and answers plain
 * data (structured clone): no class instances, no functions.
 */
import Piscina from 'piscina';
import { buildCsv, buildXlsx, type CsvData, type XlsxData } from './spreadsheet-export.ts';
import { NfeInvalidaError, parseNfe, type NfeLida } from '../modules/compras/nfe/parse-nfe.ts';
import { verifyNfeSignature, type ResultadoAssinatura } from '../modules/compras/nfe/signature.ts';

/** `bytes` handed to the main thread without a copy (a view into a shared slab is copied first: only its own memory moves). */
const mover = (bytes: Uint8Array): Uint8Array => {
  const proprio = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  return Piscina.move(proprio) as Uint8Array;
};

/** An NF-e read, or the reader's refusal (an `NfeInvalidaError`'s message), or another failure. */
export type NfeLidaNoPool = { nfe: NfeLida } | { recusa: string } | { falha: string };

/** The tasks by name: what `runCpuTask(nome, entrada)` calls in a worker. */
export const cpuTasks = {
  /** `parseNfe` (the reader, including the 4 s XMLDSig check of a 990-item file) on the file's bytes. */
  lerNfe: (arquivo: Uint8Array): NfeLidaNoPool => {
    try {
      return { nfe: parseNfe(Buffer.from(arquivo.buffer, arquivo.byteOffset, arquivo.byteLength)) };
    } catch (e) {
      if (e instanceof NfeInvalidaError) return { recusa: e.message };
      return { falha: e instanceof Error ? e.message : String(e) };
    }
  },
  /** `verifyNfeSignature` on the original XML text. */
  verificarAssinaturaNfe: (xml: string): ResultadoAssinatura => verifyNfeSignature(xml),
  /** The CSV file's bytes of a list (moved to the main thread, not copied). */
  montarCsv: (dados: CsvData): Uint8Array => mover(buildCsv(dados)),
  /** The XLSX file's bytes (moved to the main thread, not copied). */
  montarXlsx: async (dados: XlsxData): Promise<Uint8Array> => mover(await buildXlsx(dados)),
};

export type CpuTasks = typeof cpuTasks;
