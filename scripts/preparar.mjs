/**
 * The root's `prepare` script, run by `npm ci` and `npm install` (issue #22 item 1: on a fresh
 * clone, `npm start` lets a user log in within 20 s). Does, at the same time, the two slow
 * things a first `npm start` would otherwise do before a user can log in:
 *
 * - builds the web app when its sources changed since the last build (scripts/web-build.mjs;
 *   15–30 s on 2 cores), so that `npm start`, and the e2e run's global setup, reuse it;
 * - writes the embedded database's migrated template (apps/api/src/db/pglite-modelo.ts), which
 *   `npm start` loads into an empty DATA_DIR instead of running initdb and every migration.
 *
 * Neither failing fails the install: the step is reported and `npm start` does it itself
 * (builds the web app; creates the database the usual way). PETSHOP_SKIP_PREPARE=1 skips both.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { compilarWeb, hashFontesWeb, ROOT, webAtualizada } from './web-build.mjs';

if (process.env.PETSHOP_SKIP_PREPARE === '1') {
  console.log('preparar: PETSHOP_SKIP_PREPARE=1, nada a fazer.');
  process.exit(0);
}

const inicio = Date.now();
const segundos = () => ((Date.now() - inicio) / 1000).toFixed(1);

const web = (async () => {
  const hash = hashFontesWeb();
  if (webAtualizada(undefined, hash)) return 'Aplicação web já compilada e atualizada.';
  const code = await compilarWeb({ hash });
  return code === 0
    ? `Aplicação web compilada em ${segundos()} s.`
    : `Aviso: a compilação da aplicação web falhou (código ${code}); npm start tentará de novo.`;
})();

const modelo = new Promise((resolve) => {
  const filho = spawn(process.execPath, ['--import', 'tsx', 'src/db/pglite-modelo-cli.ts'], {
    cwd: path.join(ROOT, 'apps/api'),
    stdio: 'inherit',
  });
  filho.on('error', () => resolve(1));
  filho.on('exit', (code) => resolve(code ?? 1));
}).then((code) =>
  code === 0 ? null : `Aviso: o modelo do banco embutido não foi gravado (código ${code}); npm start criará o banco sem ele.`,
);

for (const mensagem of await Promise.all([web, modelo])) if (mensagem) console.log(mensagem);
