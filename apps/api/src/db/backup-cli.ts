/**
 * `npm run backup [-- --saida arquivo] [--forcar]` and
 * `npm run restore -- arquivo [--destino pasta] [--forcar]` (issue #22 item 5; README "Backups").
 * Run from apps/api (DATA_DIR resolves as for the server); paths given by the user resolve from
 * the folder npm was called in (INIT_CWD).
 *
 * backup: with the server running (DATA_DIR/postmaster.pid present) the server makes the copy
 * (POST /api/manager/backup, token signed with its JWT secret); stopped, the folder is archived
 * here. Default output: DATA_DIR/backups/petshop-<UTC>.tar.gz. `--forcar` archives the folder
 * even though it looks open (a server that died and left postmaster.pid).
 * restore: extracts into `--destino` (default DATA_DIR), refusing a non-empty folder unless
 * `--forcar` (then the old folder is kept beside it as `<pasta>.anterior-<UTC>`), never while a
 * server has it open; then opens the restored database once to check it and prints what it holds.
 * With DATABASE_URL (PostgreSQL) both print the pg_dump / pg_restore commands instead.
 */
import { existsSync } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import {
  BACKUP_DIR_NAME,
  OPEN_MARK,
  backupFileName,
  backupPastaParada,
  backupToken,
  extrairBackup,
  pastaVazia,
} from './backup.ts';
import { openDatabase } from './client.ts';

/** A line for the person running the command. */
const say = (linha: string) => process.stdout.write(`${linha}\n`);

const userPath = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
const dataDirFromEnv = () => path.resolve(process.env.DATA_DIR || './data');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

const PG_AVISO = 'DATABASE_URL está definida (PostgreSQL): use pg_dump -Fc e pg_restore, como descrito em "Backups" no README.';

/** Moves `origem` to `destino`, copying when they are on different disks. */
const mover = async (origem: string, destino: string) => {
  try {
    await rename(origem, destino);
  } catch {
    await copyFile(origem, destino);
    await rm(origem);
  }
};

const backup = async (args: string[]) => {
  const { values } = parseArgs({
    args,
    options: { saida: { type: 'string' }, forcar: { type: 'boolean', default: false }, url: { type: 'string' } },
  });
  if (process.env.DATABASE_URL) throw new Error(PG_AVISO);
  const dataDir = dataDirFromEnv();
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`Não há banco embutido em ${dataDir}`);
  const saida = values.saida ? userPath(values.saida) : undefined;

  if (existsSync(path.join(dataDir, OPEN_MARK)) && !values.forcar) {
    // Open: only the server may read its folder consistently, so it makes the copy.
    const config = loadConfig();
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const url = `${values.url ?? `http://${host}:${config.port}`}/api/manager/backup`;
    let resposta: Response;
    try {
      resposta = await fetch(url, { method: 'POST', headers: { 'x-backup-token': backupToken(config.jwtSecret) } });
    } catch {
      throw new Error(
        `O banco em ${dataDir} está aberto (${OPEN_MARK}), mas nenhum servidor respondeu em ${url}.\n` +
          'Se o servidor está no ar em outro endereço, use --url http://host:porta; se ele parou de forma anormal, use --forcar.',
      );
    }
    const corpo = (await resposta.json()) as { arquivo?: string; bytes?: number; errors?: Record<string, string[]> };
    if (!resposta.ok || !corpo.arquivo) {
      throw new Error(
        `O servidor recusou o backup: ${
          Object.values(corpo.errors ?? {})
            .flat()
            .join('; ') || resposta.status
        }`,
      );
    }
    let arquivo = corpo.arquivo;
    if (saida) {
      await mover(arquivo, saida);
      arquivo = saida;
    }
    say(`Backup gravado pelo servidor em ${arquivo} (${mb(corpo.bytes ?? 0)}).`);
    return;
  }

  const arquivo = saida ?? path.join(dataDir, BACKUP_DIR_NAME, backupFileName());
  const bytes = await backupPastaParada(dataDir, arquivo, values.forcar);
  say(`Backup gravado em ${arquivo} (${mb(bytes)}).`);
};

const restore = async (args: string[]) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { destino: { type: 'string' }, forcar: { type: 'boolean', default: false } },
  });
  if (process.env.DATABASE_URL) throw new Error(PG_AVISO);
  if (positionals.length !== 1) throw new Error('Uso: npm run restore -- arquivo.tar.gz [--destino pasta] [--forcar]');
  const arquivo = userPath(positionals[0]!);
  if (!existsSync(arquivo)) throw new Error(`Arquivo não encontrado: ${arquivo}`);
  const destino = values.destino ? userPath(values.destino) : dataDirFromEnv();

  if (existsSync(path.join(destino, OPEN_MARK))) {
    throw new Error(`O banco em ${destino} está aberto por um servidor (${OPEN_MARK}): pare o servidor antes de restaurar.`);
  }
  if (!(await pastaVazia(destino))) {
    if (!values.forcar) {
      throw new Error(
        `A pasta ${destino} não está vazia. Restaure em outra pasta (--destino) ou use --forcar para substituí-la.`,
      );
    }
    const anterior = `${destino}.anterior-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
    await rename(destino, anterior);
    say(`A pasta anterior foi mantida em ${anterior}.`);
  }
  const arquivos = await extrairBackup(arquivo, destino);

  // Opening it once checks it (PostgreSQL replays its WAL here) and tells what it holds.
  const database = await openDatabase({ dataDir: destino });
  try {
    const contar = async (tabela: string) => {
      const r = (await database.db.execute(sql.raw(`select count(*)::int as n from ${tabela}`))) as unknown as {
        rows: { n: number }[];
      };
      return r.rows[0]!.n;
    };
    const [tenants, vendas] = [await contar('tenants'), await contar('vendas')];
    say(`Backup restaurado em ${destino} (${arquivos} arquivos): ${tenants} empresa(s), ${vendas} venda(s).`);
    if (!values.destino) say('Inicie o servidor com npm start.');
    else say(`Para usá-la: DATA_DIR=${destino} npm start`);
  } finally {
    await database.close();
  }
};

const [comando, ...resto] = process.argv.slice(2);
try {
  if (comando === 'backup') await backup(resto);
  else if (comando === 'restore') await restore(resto);
  else throw new Error('Uso: backup-cli.ts backup|restore …');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
