#!/usr/bin/env node
/**
 * The test entry point (`npm test`): runs `vitest run` for every project of vitest.config.ts
 * (shared, api, web, e2e), streaming vitest's own output, and closes with one plain line
 *
 *   tests: N passed, N failed[, N skipped]
 *
 * computed from vitest's JSON report. Exits with vitest's exit code.
 *
 * Extra arguments go to vitest: `npm test -- --project api`, `npm test -- src/format.test.ts`.
 * With TEST_SUMMARY_FILE set, also appends `passed=N failed=N skipped=N exit=N` to that file,
 * so that a caller running several suites (.ci/run) can add them up.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestBin = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
if (!existsSync(vitestBin)) {
  console.error(`vitest não encontrado em ${vitestBin}: rode "npm ci" na raiz do repositório.`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

const tmp = mkdtempSync(path.join(tmpdir(), 'petshop-test-'));
const reportFile = path.join(tmp, 'vitest-report.json');
const args = [
  vitestBin,
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...process.argv.slice(2),
];

const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });

// Pass Ctrl-C and CI time-outs on to vitest, so that it tears down servers and browsers.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

const exitCode = await new Promise((resolve) => {
  child.on('error', (err) => {
    console.error(`Falha ao iniciar o vitest: ${err.message}`);
    resolve(1);
  });
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + (signalNumber(signal) ?? 0) : 1)));
});

/** Counts from the JSON report, or null when vitest wrote none (crash, bad config). */
function readCounts() {
  if (!existsSync(reportFile)) return null;
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    // A test file that failed before running any test (import error, failing hook) has no
    // failed test of its own: count it as one failure so that the line never says 0 failed.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
    ).length;
    return {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + brokenFiles,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch (err) {
    console.error(`Relatório JSON do vitest ilegível: ${err.message}`);
    return null;
  }
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal];
}

const counts = readCounts() ?? { passed: 0, failed: 0, skipped: 0 };
if (exitCode !== 0 && counts.failed === 0) {
  // vitest failed outside any test (global setup, configuration, no test files found).
  console.error(`vitest terminou com código ${exitCode} sem teste com falha: contado como 1 falha.`);
  counts.failed = 1;
}
rmSync(tmp, { recursive: true, force: true });

if (process.env.TEST_SUMMARY_FILE) {
  appendFileSync(
    process.env.TEST_SUMMARY_FILE,
    `passed=${counts.passed} failed=${counts.failed} skipped=${counts.skipped} exit=${exitCode}\n`,
  );
}

const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed${skipped}`);
process.exit(exitCode);
