/**
 * Backups of the embedded database (issue #22 item 5). The embedded database is PGlite in
 * DATA_DIR: that folder is PGDATA itself plus `secrets.json` (the JWT secret and the key of
 * the secrets at rest: without it a restored A1 certificate or CSC cannot be read). A backup
 * is a plain `.tar.gz` of that folder (`tar xzf` opens it too), without `backups/` (where the
 * backups go, so one backup never holds the previous ones) and `postmaster.pid` (the "open"
 * mark).
 *
 * Consistency. PGlite runs PostgreSQL in this process and writes straight to the folder's
 * files; a second process opening the same folder would not be refused (there is no working
 * lock: `postmaster.pid` holds a fake pid), so the running server makes the copy itself:
 * `CHECKPOINT`, then the folder copied to a staging folder while PGlite's transaction and
 * query locks are held (no transaction open, no statement running: the files are those of a
 * cleanly committed state, WAL included), then the locks released and the staging folder
 * archived. The till waits only for the copy (a file copy of the folder, not the compression).
 * With the server stopped the folder is archived as it is. A stopped PostgreSQL's files after a
 * crash are consistent too: PostgreSQL replays its WAL when it opens them.
 */
import type { PGlite } from '@electric-sql/pglite';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';

/** The folder of DATA_DIR where backups are written by default (left out of every backup). */
export const BACKUP_DIR_NAME = 'backups';

/** The file PostgreSQL (and PGlite) keeps in PGDATA while the database is open. */
export const OPEN_MARK = 'postmaster.pid';

const EXCLUIDOS = new Set([BACKUP_DIR_NAME, OPEN_MARK]);

/** `petshop-2026-11-27T18-40-12Z.tar.gz`: the backup's file name at `agora` (UTC, sortable). */
export const backupFileName = (agora: Date = new Date()): string =>
  `petshop-${agora.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

/** True when the entry (relative to DATA_DIR, `/`-separated) is not part of a backup. */
const excluido = (relativo: string): boolean => EXCLUIDOS.has(relativo.split('/')[0]!);

// ---------------------------------------------------------------------------------------
// tar (ustar) writer and reader: regular files and directories, which is all PGDATA holds.

const BLOCO = 512;

const campoOctal = (header: Buffer, offset: number, length: number, value: number) => {
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
};

/** One ustar header; names longer than 100 bytes go through the 155-byte prefix field. */
const tarHeader = (nome: string, tipo: 'arquivo' | 'pasta', tamanho: number, mtime: number, modo: number): Buffer => {
  const header = Buffer.alloc(BLOCO);
  let name = nome;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const corte = name.lastIndexOf('/', name.length - 1 - (tipo === 'pasta' ? 1 : 0));
    prefix = name.slice(0, corte);
    name = name.slice(corte + 1);
    if (corte < 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155) {
      throw new Error(`Nome longo demais para o arquivo de backup: ${nome}`);
    }
  }
  header.write(name, 0, 100, 'utf8');
  campoOctal(header, 100, 8, modo & 0o7777);
  campoOctal(header, 108, 8, 0);
  campoOctal(header, 116, 8, 0);
  campoOctal(header, 124, 12, tamanho);
  campoOctal(header, 136, 12, Math.floor(mtime / 1000));
  header.write('        ', 148, 8, 'ascii');
  header.write(tipo === 'pasta' ? '5' : '0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let soma = 0;
  for (const byte of header) soma += byte;
  header.write(soma.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
};

/** The tar stream of `pasta` (entries relative to it), leaving out what `pular` says. */
async function* tarDaPasta(pasta: string, pular: (relativo: string) => boolean): AsyncGenerator<Buffer> {
  const percorrer = async function* (relativoPasta: string): AsyncGenerator<Buffer> {
    const entradas = await readdir(path.join(pasta, relativoPasta), { withFileTypes: true });
    entradas.sort((a, b) => a.name.localeCompare(b.name));
    for (const entrada of entradas) {
      const relativo = relativoPasta ? `${relativoPasta}/${entrada.name}` : entrada.name;
      if (pular(relativo)) continue;
      const completo = path.join(pasta, relativo);
      const info = await stat(completo);
      if (entrada.isDirectory()) {
        yield tarHeader(`${relativo}/`, 'pasta', 0, info.mtimeMs, info.mode);
        yield* percorrer(relativo);
      } else if (entrada.isFile()) {
        yield tarHeader(relativo, 'arquivo', info.size, info.mtimeMs, info.mode);
        let escrito = 0;
        for await (const chunk of createReadStream(completo)) {
          escrito += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
        if (escrito !== info.size) throw new Error(`O arquivo ${relativo} mudou durante o backup`);
        if (escrito % BLOCO !== 0) yield Buffer.alloc(BLOCO - (escrito % BLOCO));
      }
    }
  };
  yield* percorrer('');
  yield Buffer.alloc(BLOCO * 2);
}

/** Writes `pasta` as a gzipped tar to `arquivo` (created with its folder). */
const arquivarPasta = async (pasta: string, arquivo: string, pular: (relativo: string) => boolean): Promise<void> => {
  await mkdir(path.dirname(arquivo), { recursive: true });
  const parcial = `${arquivo}.parcial`;
  await pipeline(Readable.from(tarDaPasta(pasta, pular)), createGzip({ level: 6 }), createWriteStream(parcial));
  await rename(parcial, arquivo);
};

type EntradaTar = { nome: string; tipo: 'arquivo' | 'pasta'; dados: Buffer; modo: number };

const lerOctal = (bloco: Buffer, offset: number, length: number): number =>
  parseInt(
    bloco
      .toString('ascii', offset, offset + length)
      .replace(/\0.*$/s, '')
      .trim() || '0',
    8,
  );

const lerTexto = (bloco: Buffer, offset: number, length: number): string =>
  bloco.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');

/** The entries of a tar (ustar or plain); throws on a broken header. */
const lerTar = (tar: Buffer): EntradaTar[] => {
  const entradas: EntradaTar[] = [];
  let pos = 0;
  while (pos + BLOCO <= tar.length) {
    const bloco = tar.subarray(pos, pos + BLOCO);
    if (bloco.every((b) => b === 0)) break;
    let soma = 0;
    for (let i = 0; i < BLOCO; i++) soma += i >= 148 && i < 156 ? 32 : bloco[i]!;
    if (soma !== lerOctal(bloco, 148, 8)) throw new Error('Arquivo de backup corrompido');
    const prefixo = bloco.toString('ascii', 257, 262) === 'ustar' ? lerTexto(bloco, 345, 155) : '';
    const nome = (prefixo ? `${prefixo}/` : '') + lerTexto(bloco, 0, 100);
    const tamanho = lerOctal(bloco, 124, 12);
    const tipo = String.fromCharCode(bloco[156]!);
    pos += BLOCO;
    const dados = tar.subarray(pos, pos + tamanho);
    pos += Math.ceil(tamanho / BLOCO) * BLOCO;
    if (tipo === '5') entradas.push({ nome, tipo: 'pasta', dados, modo: lerOctal(bloco, 100, 8) });
    else if (tipo === '0' || tipo === '\0') entradas.push({ nome, tipo: 'arquivo', dados, modo: lerOctal(bloco, 100, 8) });
  }
  return entradas;
};

/** Copies `origem` into `destino` file by file, leaving out what `pular` says. */
const copiarPasta = async (origem: string, destino: string, pular: (relativo: string) => boolean, relativoPasta = '') => {
  await mkdir(path.join(destino, relativoPasta), { recursive: true });
  for (const entrada of await readdir(path.join(origem, relativoPasta), { withFileTypes: true })) {
    const relativo = relativoPasta ? `${relativoPasta}/${entrada.name}` : entrada.name;
    if (pular(relativo)) continue;
    if (entrada.isDirectory()) await copiarPasta(origem, destino, pular, relativo);
    else if (entrada.isFile()) await copyFile(path.join(origem, relativo), path.join(destino, relativo));
  }
};

// ---------------------------------------------------------------------------------------

/**
 * Backs up the embedded database that `pglite` (this process's instance, opened on `dataDir`)
 * serves, while it keeps serving: CHECKPOINT, the folder copied under PGlite's locks, then
 * archived to `arquivo` (`.tar.gz`). Answers the file's size in bytes.
 */
export const backupPgliteAberto = async (pglite: PGlite, dataDir: string, arquivo: string): Promise<number> => {
  await pglite.exec('CHECKPOINT');
  const base = path.join(dataDir, BACKUP_DIR_NAME);
  await mkdir(base, { recursive: true });
  const staging = await mkdtemp(path.join(base, '.copia-'));
  try {
    await pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(() => copiarPasta(dataDir, staging, excluido)));
    await arquivarPasta(staging, arquivo, () => false);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return (await stat(arquivo)).size;
};

/**
 * Backs up a `dataDir` that no process has open (the server stopped): the folder archived as
 * it is. Refuses (throws) when `postmaster.pid` says it is open, unless `forcar`.
 */
export const backupPastaParada = async (dataDir: string, arquivo: string, forcar = false): Promise<number> => {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`Não há banco embutido em ${dataDir}`);
  if (!forcar && existsSync(path.join(dataDir, OPEN_MARK))) {
    throw new Error(`O banco em ${dataDir} está aberto por um servidor: faça o backup com o servidor no ar ou pare-o antes`);
  }
  await arquivarPasta(dataDir, arquivo, excluido);
  return (await stat(arquivo)).size;
};

/** True when `pasta` does not exist or is empty. */
export const pastaVazia = async (pasta: string): Promise<boolean> => !existsSync(pasta) || (await readdir(pasta)).length === 0;

/**
 * Extracts a backup (`.tar.gz` written by this module) into `destino`, which must be empty or
 * missing (the caller moves a non-empty one aside first). Refuses an archive without
 * `PG_VERSION` (not a backup of the embedded database) or with paths leaving `destino`.
 * Answers the number of files written.
 */
export const extrairBackup = async (arquivo: string, destino: string): Promise<number> => {
  if (!(await pastaVazia(destino))) throw new Error(`A pasta ${destino} não está vazia`);
  let entradas: EntradaTar[];
  try {
    entradas = lerTar(gunzipSync(await readFile(arquivo)));
  } catch {
    throw new Error(`${arquivo} não é um backup válido (esperado .tar.gz gerado por npm run backup)`);
  }
  if (!entradas.some((e) => e.tipo === 'arquivo' && e.nome === 'PG_VERSION')) {
    throw new Error(`${arquivo} não é um backup do banco embutido (falta PG_VERSION)`);
  }
  const raiz = path.resolve(destino);
  await mkdir(raiz, { recursive: true });
  let arquivos = 0;
  for (const entrada of entradas) {
    const alvo = path.resolve(raiz, entrada.nome);
    if (alvo !== raiz && !alvo.startsWith(raiz + path.sep)) throw new Error(`Caminho inválido no backup: ${entrada.nome}`);
    if (entrada.tipo === 'pasta') {
      await mkdir(alvo, { recursive: true });
    } else {
      await mkdir(path.dirname(alvo), { recursive: true });
      await writeFile(alvo, entrada.dados, { mode: entrada.modo || 0o600 });
      arquivos++;
    }
  }
  return arquivos;
};

// ---------------------------------------------------------------------------------------
// The command line asks the running server for a backup with a short-lived token signed with
// the server's JWT secret (read by both from the same config / DATA_DIR/secrets.json): whoever
// can read that secret can read DATA_DIR anyway.

const TOKEN_VALIDO_MS = 60_000;

const assinar = (segredo: string, instante: number): string =>
  createHmac('sha256', segredo).update(`backup:${instante}`).digest('hex');

/** The `x-backup-token` header's value for now: `<ms>.<hmac>`. */
export const backupToken = (segredo: string, agora: number = Date.now()): string => `${agora}.${assinar(segredo, agora)}`;

/** True when `token` was made by `backupToken` with `segredo` within the last minute. */
export const backupTokenValido = (segredo: string, token: string | undefined, agora: number = Date.now()): boolean => {
  const [instanteTexto, assinatura] = (token ?? '').split('.');
  const instante = Number(instanteTexto);
  if (!Number.isSafeInteger(instante) || !assinatura || Math.abs(agora - instante) > TOKEN_VALIDO_MS) return false;
  const esperada = Buffer.from(assinar(segredo, instante), 'hex');
  const recebida = Buffer.from(assinatura, 'hex');
  return recebida.length === esperada.length && timingSafeEqual(recebida, esperada);
};
