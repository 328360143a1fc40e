/**
 * Deleting a finance record that other rows point to. Payment methods and categories are
 * tenant-wide but the rows that use them (sale payments, register movements, receivables,
 * ledger entries) belong to units, and row-level security only shows the selected unit's:
 * a use in another unit is invisible to the checks. The foreign key still sees it, so a
 * delete that breaks one answers the same Portuguese "in use" message instead of the
 * generic one (the transaction is rolled back by the caller's scope).
 */
import { badRequest } from '../../lib/errors.ts';

type PgLikeError = { code?: string; cause?: PgLikeError };

const isForeignKeyViolation = (error: unknown): boolean => {
  let current = error as PgLikeError | undefined;
  for (let i = 0; current && i < 4; i++) {
    if (current.code === '23503') return true;
    current = current.cause;
  }
  return false;
};

/** Runs `excluir`; a foreign key violation becomes 400 with `mensagemEmUso`. */
export const deleteIfUnused = async (excluir: () => Promise<unknown>, mensagemEmUso: string): Promise<void> => {
  try {
    await excluir();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(mensagemEmUso);
    throw error;
  }
};
