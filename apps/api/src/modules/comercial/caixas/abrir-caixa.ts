/**
 * Opens a cash register session (DOMAIN.md §6 "Caixa"; spec §7 POST /caixas/abrir-caixa): the
 * next register number of the unit, and an 'abertura' movement with the opening float in
 * cash, in one transaction.
 *
 * One open register per cashier per unit (partial unique index caixas_aberto_por_operador_idx):
 * a second opening answers 400 naming the open one. The check runs first for the message; the
 * index settles a race between two openings at once (the loser gets the same 400).
 */
import { formatMoney } from '@petshop/shared/format';
import type { AbrirCaixaInputParsed } from '@petshop/shared/caixa';
import type { Db } from '../../../db/client.ts';
import { caixas } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/errors.ts';
import { findCaixaAbertoDoUsuario, lancarMovimentoCaixa } from './caixa-ledger.ts';
import { proximoNumero } from '../contador.ts';

const jaAberto = (numero: number) => badRequest(`Você já tem um caixa aberto nesta unidade (nº ${numero})`);

type PgLikeError = { code?: string; constraint?: string; cause?: PgLikeError };

/** Whether `error` (or what Drizzle wrapped) is a unique violation of `constraint`. */
const violatesIndex = (error: unknown, constraint: string): boolean => {
  let current = error as PgLikeError | undefined;
  for (let i = 0; current && i < 4; i++) {
    if (current.code === '23505') return current.constraint === constraint;
    current = current.cause;
  }
  return false;
};

/** Opens a register for `usuarioId` in the scope's unit; answers its id. */
export const abrirCaixa = async (tx: Db, usuarioId: string, input: AbrirCaixaInputParsed): Promise<string> => {
  const aberto = await findCaixaAbertoDoUsuario(tx, usuarioId);
  if (aberto) throw jaAberto(aberto.numero);
  const numero = await proximoNumero(tx, 'caixa');
  let id: string;
  try {
    // A savepoint, so a lost race leaves the transaction usable to name the winner.
    id = await tx.transaction(async (sp) => {
      const [row] = await sp
        .insert(caixas)
        .values({
          numero,
          usuarioId,
          status: 'Aberto',
          valorAbertura: input.valorAbertura.toFixed(2),
          observacoes: input.observacoes ?? null,
        })
        .returning({ id: caixas.id });
      return row!.id;
    });
  } catch (error) {
    if (!violatesIndex(error, 'caixas_aberto_por_operador_idx')) throw error;
    const vencedor = await findCaixaAbertoDoUsuario(tx, usuarioId);
    throw vencedor ? jaAberto(vencedor.numero) : badRequest('Você já tem um caixa aberto nesta unidade');
  }
  await lancarMovimentoCaixa(tx, {
    caixaId: id,
    tipo: 'abertura',
    valor: input.valorAbertura,
    descricao: `Abertura do caixa nº ${numero} com ${formatMoney(input.valorAbertura)}`,
    usuarioId,
  });
  return id;
};
