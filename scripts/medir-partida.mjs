#!/usr/bin/env node
/**
 * Measures issue #22 item 1 the way: the seconds from `npm start` to the first 200 of
 * `POST /api/auth/login` with the demo administrator (admin@demo.com.br / demo1234), on an empty
 * embedded database.
 *
 *   node scripts/medir-partida.mjs [--pasta <clone>] [--vezes N] [--log]
 *
 * - `--pasta`: the checkout to start (default: this one). For the figure, a fresh clone
 *   after `npm ci`: `rm -rf /tmp/fc && git clone -q <repo> /tmp/fc && cd /tmp/fc && npm ci &&
 *   node scripts/medir-partida.mjs`.
 * - Each run starts `npm start` (scripts/start.mjs, as a user would) with PORT (default 3907, so
 *   as not to clash with other servers) and DATA_DIR in a new folder `<pasta>/.partida-*` (an
 *   empty database, as on a fresh clone), polls the login every 100 ms, prints the figure, stops the
 *   server and deletes the folder. `--vezes N` repeats it and prints the best and the median.
 * - `--log` prints the server's output, each line prefixed by the seconds since `npm start`
 *   (what the pre-listen time is spent on).
 *
 * Exit code 1 when no login answered 200 within 180 s.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opcao = (nome, padrao) => {
  const i = args.indexOf(nome);
  return i >= 0 && args[i + 1] ? args[i + 1] : padrao;
};
const pasta = path.resolve(opcao('--pasta', path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')));
const vezes = Math.max(1, Number(opcao('--vezes', '1')) || 1);
const mostrarLog = args.includes('--log');
const port = process.env.PORT || '3907';
const LIMITE_MS = 180_000;

const segundos = (ms) => (ms / 1000).toFixed(1);

/** Whether something still accepts connections on the port. */
const ouvindo = () =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Waits until nothing listens on the port (the previous start's server closes after npm exits:
 * it finishes its current demo step first), so a login never reaches an old server.
 */
const esperarPortaLivre = async () => {
  const limite = performance.now() + 60_000;
  while (await ouvindo()) {
    if (performance.now() > limite) throw new Error(`a porta ${port} continua ocupada: outro servidor está no ar`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** One start: the milliseconds to the first 200 of the login, or null past LIMITE_MS. */
const medir = async () => {
  await esperarPortaLivre();
  // Inside the checkout, as `./data` would be (a folder in /tmp may be swept by others' clean-ups).
  const dataDir = mkdtempSync(path.join(pasta, '.partida-'));
  const inicio = performance.now();
  const servidor = spawn('npm', ['start'], {
    cwd: pasta,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir },
  });
  let saida = '';
  const linha = (pedaco) => {
    if (!mostrarLog) return;
    saida += pedaco;
    const linhas = saida.split('\n');
    saida = linhas.pop() ?? '';
    for (const l of linhas) process.stdout.write(`[${segundos(performance.now() - inicio).padStart(5)} s] ${l}\n`);
  };
  servidor.stdout.on('data', linha);
  servidor.stderr.on('data', linha);
  let saiu = false;
  servidor.on('exit', () => (saiu = true));

  let tempo = null;
  while (!saiu && performance.now() - inicio < LIMITE_MS) {
    try {
      const resposta = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.com.br', senha: 'demo1234' }),
        // A slow answer still counts when it comes: the time is that of its 200.
        signal: AbortSignal.timeout(60_000),
      });
      await resposta.arrayBuffer();
      if (resposta.status === 200) {
        tempo = performance.now() - inicio;
        break;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The whole group: npm, scripts/start.mjs, the server and a build still running.
  try {
    process.kill(-servidor.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  await new Promise((resolve) => (saiu ? resolve() : servidor.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
  return tempo;
};

const tempos = [];
for (let i = 1; i <= vezes; i++) {
  const tempo = await medir();
  if (tempo === null) {
    console.log(`partida ${i}: nenhum login respondeu 200 em ${LIMITE_MS / 1000} s`);
    process.exit(1);
  }
  tempos.push(tempo);
  console.log(`partida ${i}: login respondeu 200 em ${segundos(tempo)} s após npm start`);
}
if (vezes > 1) {
  const ordenados = [...tempos].sort((a, b) => a - b);
  console.log(
    `melhor ${segundos(ordenados[0])} s, mediana ${segundos(ordenados[Math.floor((vezes - 1) / 2)])} s (${vezes} partidas)`,
  );
}
