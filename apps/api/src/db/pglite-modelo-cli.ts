/**
 * `node --import tsx src/db/pglite-modelo-cli.ts` (run by the root's `prepare`, scripts/preparar.mjs,
 * during `npm ci`): writes the embedded database's migrated template when it is missing
 * (pglite-modelo.ts) and says what it did. Exit code 1 when it could not.
 */
import { prepararModeloPglite } from './pglite-modelo.ts';

const inicio = performance.now();
const { arquivo, criado } = await prepararModeloPglite();
process.stdout.write(
  criado
    ? `Banco embutido: modelo migrado gravado em ${arquivo} (${((performance.now() - inicio) / 1000).toFixed(1)} s).\n`
    : `Banco embutido: modelo migrado já existe (${arquivo}).\n`,
);
