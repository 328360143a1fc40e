/**
 * The server the load benchmark measures, started by carga-pdv.ts as a child process so that
 * the load generator does not share its CPU: the real app (`buildApp`) on BENCH_PORT over the
 * benchmark database (BENCH_DATABASE_URL or the PGlite folder of gerar-dados.ts), and a bare
 * Fastify route (`GET /bare` → `{"ok":true}`) on BENCH_PORT + 1: the ceiling of this machine,
 * so each figure can be read as a ratio to it.
 */
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { PGLITE_DIR } from './gerar-dados.ts';
import { configDoBench } from './config-do-bench.ts';

const port = Number(process.env.BENCH_PORT ?? 3900);
const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { url, poolSize: Number(process.env.BENCH_POOL ?? 20) } : { dataDir: PGLITE_DIR });
await database.migrate();
const config = configDoBench(PGLITE_DIR, 'production', { loginRateLimit: 1000 });
const app = await buildApp(config, database);
await app.listen({ port, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: port + 1, host: '127.0.0.1' });

process.send?.('pronto');
const close = async () => {
  await bare.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
