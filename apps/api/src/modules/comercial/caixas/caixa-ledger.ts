/**
 * Cash register primitives shared by the register's own calls, the till and returns
 * (DOMAIN.md §6): find the cashier's open register, and record a movement in it.
 *
 * A movement takes a share lock on its register row and closing takes an exclusive one
 * (`fecharCaixa`), so nothing slips into a register between its count and its closing, and a
 * closed register refuses every movement (it is read only).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { queryRows } from '../../../db/rows.ts';
import { caixas, movimentacoesCaixa } from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import type { TipoMovimentacaoCaixa } from '@petshop/shared/caixa';

export const CAIXA_NAO_ENCONTRADO = 'Caixa não encontrado';
export const CAIXA_FECHADO = 'Este caixa está fechado: abra um caixa para continuar';

export type { TipoMovimentacaoCaixa } from '@petshop/shared/caixa';

/** The open register of `usuarioId` in the scope's unit, or null. */
export const findCaixaAbertoDoUsuario = async (tx: Db, usuarioId: string): Promise<{ id: string; numero: number } | null> => {
  const [row] = await tx
    .select({ id: caixas.id, numero: caixas.numero })
    .from(caixas)
    .where(and(eq(caixas.usuarioId, usuarioId), eq(caixas.status, 'Aberto')));
  return row ?? null;
};

/** Open registers this transaction holds the share lock of (see `findCaixaStatusForShare`). */
const caixasTravados = new WeakMap<Db, Set<string>>();

/**
 * Takes the share lock of register `caixaId` for movements and answers its status (null when
 * it is not in the scope's unit). An open register is remembered for the rest of the
 * transaction, so the movements that follow do not lock and read it again (one round trip
 * less per sale).
 */
export const findCaixaStatusForShare = async (tx: Db, caixaId: string): Promise<string | null> => {
  if (caixasTravados.get(tx)?.has(caixaId)) return 'Aberto';
  const [row] = await queryRows<{ status: string }>(tx, sql`select status from caixas where id = ${caixaId} for share`);
  if (row?.status === 'Aberto') {
    const travados = caixasTravados.get(tx) ?? new Set<string>();
    travados.add(caixaId);
    caixasTravados.set(tx, travados);
  }
  return row?.status ?? null;
};

/**
 * What a sale's write reads of its register before deciding (`resolverCaixa`, gravar-venda.ts):
 * the status of `caixaId` when given (share-locked, `findCaixaStatusForShare`), else the user's
 * open register. Issued by `findParaGravar` together with the write's other reads.
 */
export type CaixaParaVenda = { informado: string | null } | { doUsuario: { id: string } | null };

/** See `CaixaParaVenda`. */
export const findCaixaParaVenda = async (tx: Db, caixaId: string | undefined, usuarioId: string): Promise<CaixaParaVenda> =>
  caixaId
    ? { informado: await findCaixaStatusForShare(tx, caixaId) }
    : { doUsuario: await findCaixaAbertoDoUsuario(tx, usuarioId) };

/**
 * Locks register `caixaId` for a movement (share lock, see above): 404 when it is not in the
 * scope's unit, 400 `CAIXA_FECHADO` when it is closed.
 */
export const lockCaixaAberto = async (tx: Db, caixaId: string): Promise<void> => {
  const status = await findCaixaStatusForShare(tx, caixaId);
  if (!status) throw notFound(CAIXA_NAO_ENCONTRADO);
  if (status !== 'Aberto') throw badRequest(CAIXA_FECHADO);
};

export type NovoMovimentoCaixa = {
  caixaId: string;
  tipo: TipoMovimentacaoCaixa;
  /** Signed reais: + into the drawer, − out of it. */
  valor: number;
  descricao: string;
  /** null/absent: cash. */
  formaPagamentoId?: string | null;
  vendaId?: string | null;
  vendaFinanceiroId?: string | null;
  devolucaoId?: string | null;
  contaId?: string | null;
  categoriaFinanceiraId?: string | null;
  pessoaId?: string | null;
  usuarioId: string;
};

/**
 * Records movements in open registers: each register is locked once (share lock, see above),
 * then all rows go in one insert. Answers the movements' ids in the given order.
 */
export const lancarMovimentosCaixa = async (tx: Db, movimentos: readonly NovoMovimentoCaixa[]): Promise<string[]> => {
  if (movimentos.length === 0) return [];
  for (const caixaId of new Set(movimentos.map((m) => m.caixaId))) await lockCaixaAberto(tx, caixaId);
  const rows = await insertRows<typeof movimentacoesCaixa, { id: string }>(
    tx,
    movimentacoesCaixa,
    movimentos.map((m) => ({
      caixaId: m.caixaId,
      tipo: m.tipo,
      valor: m.valor.toFixed(2),
      descricao: m.descricao,
      formaPagamentoId: m.formaPagamentoId ?? null,
      vendaId: m.vendaId ?? null,
      vendaFinanceiroId: m.vendaFinanceiroId ?? null,
      devolucaoId: m.devolucaoId ?? null,
      contaId: m.contaId ?? null,
      categoriaFinanceiraId: m.categoriaFinanceiraId ?? null,
      pessoaId: m.pessoaId ?? null,
      usuarioId: m.usuarioId,
    })),
    { returning: { id: movimentacoesCaixa.id } },
  );
  return rows.map((r) => r.id);
};

/** Records one movement in an open register (locks it first). Answers the movement's id. */
export const lancarMovimentoCaixa = async (tx: Db, m: NovoMovimentoCaixa): Promise<string> =>
  (await lancarMovimentosCaixa(tx, [m]))[0]!;

/**
 * Cash in the drawer of register `caixaId` now (reais): Σ movements without a payment method
 * plus those whose method is of kind 'dinheiro'.
 */
export const getSaldoDinheiroCaixa = async (tx: Db, caixaId: string): Promise<number> => {
  const [row] = await queryRows<{ saldo: string | null }>(
    tx,
    sql`select coalesce(sum(m.valor), 0) as saldo
          from movimentacoes_caixa m
          left join formas_pagamento f on f.id = m.forma_pagamento_id
         where m.caixa_id = ${caixaId} and (m.forma_pagamento_id is null or f.tipo = 'dinheiro')`,
  );
  return Number(row?.saldo ?? 0);
};

/**
 * Cash going out of the drawer (sangria, despesa, transferência, cash refund): locks the
 * register `for update` first, so two cash-outs (or a cash-out and a closing) never both pass
 * the check on the same cash, then refuses with `recusa(saldo)` when the drawer's cash
 * (reais) does not cover `valor` reais.
 */
export const assertDinheiroNoCaixa = async (
  tx: Db,
  caixaId: string,
  valor: number,
  recusa: (saldo: number) => Error,
): Promise<void> => {
  await queryRows(tx, sql`select id from caixas where id = ${caixaId} for update`);
  const saldo = await getSaldoDinheiroCaixa(tx, caixaId);
  if (Math.round(valor * 100) > Math.round(saldo * 100)) throw recusa(saldo);
};
