/**
 * CEP lookup with a database cache (table cep_cache, global: an address is public data).
 * The cache is read first; answers (found and not found) are kept for 30 days. When the
 * provider is down, an expired address still in the cache is better than nothing.
 * Errors: 404 unknown CEP, 503 provider unavailable — both tell the user to type the address.
 */
import { eq } from 'drizzle-orm';
import { CEP_MESSAGES, type CepResult } from '@petshop/shared/cep';
import { GENERAL_ERRORS } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { cepCache } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fetchViaCep } from './viacep.ts';

/** How long a cached answer is trusted. */
export const CEP_CACHE_DIAS = 30;

type CacheRow = typeof cepCache.$inferSelect;

const naoEncontrado = () => new AppError(404, { [GENERAL_ERRORS]: [CEP_MESSAGES.naoEncontrado] });
const indisponivel = () => new AppError(503, { [GENERAL_ERRORS]: [CEP_MESSAGES.indisponivel] });

const fromCache = (row: CacheRow): CepResult => ({
  cep: row.cep,
  logradouro: row.logradouro ?? '',
  complemento: row.complemento ?? '',
  bairro: row.bairro ?? '',
  cidade: row.cidade ?? '',
  uf: row.uf ?? '',
  codigoIbge: row.codigoIbge ?? '',
});

const recente = (row: CacheRow, now: Date) => now.getTime() - row.consultadoEm.getTime() < CEP_CACHE_DIAS * 24 * 60 * 60 * 1000;

/** `cep`: 8 digits (validated by the caller). `db`: the plain handle (the cache has no tenant). */
export const buscarCep = async (
  db: Db,
  providerUrl: string,
  cep: string,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<CepResult> => {
  const now = new Date();
  const [cached] = await db.select().from(cepCache).where(eq(cepCache.cep, cep));
  if (cached && recente(cached, now)) {
    if (!cached.encontrado) throw naoEncontrado();
    return fromCache(cached);
  }

  let result: CepResult | null;
  try {
    result = await fetchViaCep(providerUrl, cep);
  } catch (error) {
    log?.warn({ err: error, cep }, 'serviço de CEP indisponível');
    if (cached?.encontrado) return fromCache(cached);
    throw indisponivel();
  }

  const values = {
    encontrado: result !== null,
    logradouro: result?.logradouro ?? null,
    complemento: result?.complemento ?? null,
    bairro: result?.bairro ?? null,
    cidade: result?.cidade ?? null,
    uf: result?.uf ?? null,
    codigoIbge: result?.codigoIbge ?? null,
    consultadoEm: now,
  };
  await db
    .insert(cepCache)
    .values({ cep, ...values })
    .onConflictDoUpdate({ target: cepCache.cep, set: values });
  if (!result) throw naoEncontrado();
  return result;
};
