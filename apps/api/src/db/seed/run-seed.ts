/** `npm run seed:demo`: migrates and seeds the demo tenants into an empty database. */
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './demo.ts';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await database.migrate();
  if (!(await isDatabaseEmpty(database.db))) {
    console.log('O banco de dados já tem dados: nada foi semeado.');
  } else {
    await seedDemo(database.db);
    console.log(`Dados de demonstração criados. Senha de todos: ${DEMO_PASSWORD}`);
    for (const l of DEMO_LOGINS) console.log(`  ${l.email.padEnd(28)} ${l.perfil}`);
  }
} finally {
  await database.close();
}
