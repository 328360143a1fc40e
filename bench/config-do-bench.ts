/**
 * What every benchmark's app is built with: the real config with fresh secrets, no web app, no
 * demo, silent logs (`configDoBench`), and the address of the tenants the benchmarks create.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../apps/api/src/config.ts';

/** The config of a benchmark's app over `dataDir` (NODE_ENV test unless said; `extra` overrides). */
export const configDoBench = (dataDir: string, nodeEnv: 'test' | 'production' = 'test', extra: Partial<Config> = {}): Config =>
  loadConfig(
    { NODE_ENV: nodeEnv },
    {
      logLevel: 'silent',
      jwtSecret: randomBytes(32).toString('hex'),
      encryptionKey: randomBytes(32),
      webDist: '/nonexistent',
      seedDemo: false,
      dataDir,
      ...extra,
    },
  );

/** A real address (Belo Horizonte, with its IBGE code) for the units the benchmarks create. */
export const ENDERECO_BENCH = {
  cep: '30130010',
  logradouro: 'Avenida Afonso Pena',
  numero: '500',
  bairro: 'Centro',
  cidade: 'Belo Horizonte',
  uf: 'MG',
  codigoIbge: '3106200',
};
