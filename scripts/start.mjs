/**
 * `npm start` (issue #22 item 1): starts the server (as apps/api `npm start` does) and builds the
 * web app only when its sources changed since the last build (scripts/web-build.mjs: a hash of
 * the sources kept in apps/web/dist/.fontes-sha256). `npm ci` already built it (the root's
 * `prepare`, scripts/preparar.mjs), so on a fresh clone nothing is built here. When a build is
 * needed (sources changed since), the server opens, migrates and seeds the database while Vite
 * builds, and waits for the build (a message `web-pronta` over the IPC channel, AGUARDAR_WEB=1)
 * before it serves anything. WEB_DIST given: that folder is served as it is and nothing is built.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { compilarWeb, hashFontesWeb, ROOT, webAtualizada } from './web-build.mjs';

const inicio = Date.now();
let compilar = false;
let atual = null;
if (!process.env.WEB_DIST) {
  atual = hashFontesWeb();
  compilar = !webAtualizada(undefined, atual);
  if (!compilar) console.log('Aplicação web já compilada e atualizada: compilação pulada.');
}

const servidor = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(ROOT, 'apps/api'),
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, ...(compilar ? { AGUARDAR_WEB: '1' } : {}) },
});
for (const sinal of ['SIGINT', 'SIGTERM']) process.on(sinal, () => servidor.kill(sinal));
servidor.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

if (compilar) {
  console.log('Compilando a aplicação web (enquanto o banco de dados é preparado)…');
  const code = await compilarWeb({ hash: atual });
  if (code !== 0) {
    console.error('A compilação da aplicação web falhou.');
    servidor.kill('SIGTERM');
    process.exitCode = code;
  } else {
    console.log(`Aplicação web compilada em ${((Date.now() - inicio) / 1000).toFixed(1)} s.`);
    if (servidor.connected) servidor.send('web-pronta');
  }
}
