/**
 * Starts the product: reads the config, opens the database (PGlite in DATA_DIR, or
 * PostgreSQL with DATABASE_URL), applies migrations, seeds the demo's essentials (tenants,
 * users, catalogue, customers) on an empty database when SEED_DEMO allows, serves the API and
 * the built web app on one port, and then seeds the demo history in the background (issue #22
 * item 1: a user logs in within seconds; a restart resumes the history where it stopped).
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { findModeloPglite } from './db/pglite-modelo.ts';
import {
  DEMO_LOGINS,
  DEMO_PASSWORD,
  findHistoricoPendente,
  isDatabaseEmpty,
  seedDemoEssenciais,
  seedDemoHistorico,
} from './db/seed/demo.ts';
import { demoProgressoRoutes } from './db/seed/demo-progresso-routes.ts';
import { startFiscalWorker } from './modules/fiscal/fiscal-worker.ts';
import { precompilarSchemasNfe } from './modules/fiscal/nfce/validar-xsd.ts';
import { startRecorrenciasScheduler } from './modules/financeiro/recorrencias-scheduler.ts';
import { startAgendadorWhatsapp } from './modules/whatsapp/agendador-whatsapp.ts';
import { startWhatsappWorker } from './modules/whatsapp/whatsapp-worker.ts';

const config = loadConfig();
// An empty DATA_DIR starts from the migrated template `npm ci` wrote (db/pglite-modelo.ts; issue #22 item 1).
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir, ...findModeloPglite(config.dataDir) },
);
await database.migrate();

let seeded = false;
if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
  await seedDemoEssenciais(database.db);
  seeded = true;
}
// The history left to seed (a fresh demo, or one stopped mid-way by a restart).
let historicoPendente = config.seedDemo ? await findHistoricoPendente(database.db) : null;
if (historicoPendente && config.env === 'test') {
  // The end-to-end server (NODE_ENV=test) answers only once its demo is whole: specs read the history.
  await seedDemoHistorico(database.db, historicoPendente);
  historicoPendente = null;
}

// `npm start` builds the web app while the database is prepared (scripts/start.mjs) and says when
// it is done: the web plugin serves what is built when the app is built.
if (process.env.AGUARDAR_WEB === '1' && process.send) {
  await new Promise<void>((resolve) => {
    process.on('message', (mensagem) => mensagem === 'web-pronta' && resolve());
    process.once('disconnect', () => resolve());
  });
}
const app = await buildApp(config, database);
await app.register(demoProgressoRoutes, { prefix: '/api/demo' });
let parando = false;
let historico: Promise<unknown> = Promise.resolve();
let pararAgendador = () => {};
let pararFiscalWorker = () => {};
let pararAgendadorWhatsapp = () => {};
let pararWhatsappWorker = () => {};
const close = async () => {
  // The history stops after its current step (one transaction; the next start resumes after it).
  parando = true;
  await historico;
  pararAgendador();
  pararFiscalWorker();
  pararAgendadorWhatsapp();
  pararWhatsappWorker();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', close);
process.once('SIGTERM', close);

// The NF-e schemas compiled now (about 150 ms each on an idle core), not during the first sale's
// emission (issue #18 "Performance": no step blocks the event loop > 20 ms).
precompilarSchemasNfe('nfe_v4.00.xsd', 'enviNFe_v4.00.xsd', 'envEventoCancNFe_v1.00.xsd', 'inutNFe_v4.00.xsd');
await app.listen({ port: config.port, host: config.host });
// Recurring payables generated 90 days ahead without anyone opening a screen (issue #6 item 3).
pararAgendador = startRecorrenciasScheduler(database.db, app.log);
// NFC-e issued in contingency transmitted when SEFAZ answers again (issue #18 item 3; FISCAL_WORKER_MS).
pararFiscalWorker = startFiscalWorker(app, config.fiscalWorkerMs);
// WhatsApp reminders, birthdays and vaccine messages queued every minute (issue #21 item 4).
pararAgendadorWhatsapp = startAgendadorWhatsapp(database.db, app.log);
// The WhatsApp outbox sent with retries and each unit's rate limit (issue #21 item 3; WHATSAPP_WORKER_MS).
pararWhatsappWorker = startWhatsappWorker(app, config.whatsapp.workerMs);
const where = database.driver === 'pglite' ? `banco embutido em ${config.dataDir}` : 'PostgreSQL';
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
app.log.info(`Servidor pronto em ${url} (${where})`);
if (seeded || config.seedDemo) {
  const lines = DEMO_LOGINS.map((l) => `  ${l.email.padEnd(28)} ${l.perfil}`);
  // Printed plainly (not as a log line) so that a person starting the product sees it.
  process.stdout.write(`\nAcesse ${url} com um dos usuários de demonstração (senha ${DEMO_PASSWORD}):\n${lines.join('\n')}\n\n`);
}
if (historicoPendente) {
  // After listen: the server answers (and a user can log in) while the 60 days are written, one
  // step per transaction, so requests wait at most one day's work (issue #22 item 1).
  const inicio = Date.now();
  let ultimo = -1;
  app.log.info('Dados de demonstração: preparando o histórico em segundo plano…');
  historico = seedDemoHistorico(
    database.db,
    historicoPendente,
    (percentual) => {
      if (percentual >= ultimo + 10 || percentual === 100) {
        ultimo = percentual;
        app.log.info(`Dados de demonstração: ${percentual}%…`);
      }
    },
    () => parando,
  ).then(
    (completo) => {
      if (completo) app.log.info(`Dados de demonstração prontos (${((Date.now() - inicio) / 1000).toFixed(0)} s).`);
    },
    (err: unknown) => app.log.error({ err }, 'Dados de demonstração: o histórico falhou; reinicie o servidor para retomá-lo.'),
  );
}
