/**
 * Prints the API's OpenAPI document (the same JSON served at /api/docs/json) to stdout,
 * from an app built on an empty in-memory database. Used to check that a refactor leaves
 * the contract byte-identical: `npm run openapi -w apps/api > antes.json`.
 */
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

const database = await openDatabase({});
const config = loadConfig(
  { NODE_ENV: 'test' },
  {
    logLevel: 'silent',
    jwtSecret: 'x'.repeat(64),
    encryptionKey: Buffer.alloc(32),
    webDist: '/nonexistent',
    seedDemo: false,
    dataDir: '/tmp',
  },
);
const app = await buildApp(config, database);
await app.ready();
const res = await app.inject({ url: '/api/docs/json' });
process.stdout.write(res.body);
await app.close();
await database.close();
