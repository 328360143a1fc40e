/**
 * Transfers between the unit's financial accounts (DOMAIN.md §7 "Contas"; spec §7 POST
 * /api/financeiro/contas/transferencia; issue #6 items 1–2) and their reversal.
 *
 * A transfer is not a row of its own: it is two ledger entries written by
 * `lancarMovimentoFinanceiro` with origem 'transferencia' and the same `origem_id` (the
 * transfer's id): −valor in the origin account, +valor in the destination, so the unit's total
 * balance never changes. Its reversal writes the two opposite entries under the same
 * `origem_id` (description 'Estorno de transferência …'), so a transfer has 2 entries while
 * standing and 4 once reversed.
 *
 * Repeats: a transaction-scoped advisory lock on the transfer's id serialises two requests
 * with the same id; the second finds the entries of the first and answers them.
 * Money in reais (2 decimals); dates 'yyyy-MM-dd' in the unit's time zone.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatDate, formatMoney } from '@petshop/shared/format';
import type { Transferencia, TransferenciaInputParsed } from '@petshop/shared/financeiro';
import type { Db } from '../../db/client.ts';
import { contas, movimentacoesFinanceiras } from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { lancarMovimentoFinanceiro, getSaldoConta } from './contas-ledger.ts';

/** The ledger origin of transfers and of their reversals. */
export const ORIGEM_TRANSFERENCIA = 'transferencia';
export const TRANSFERENCIA_NAO_ENCONTRADA = 'Transferência não encontrada';
export const TRANSFERENCIA_JA_ESTORNADA = 'Transferência já estornada';

const lockTransferencia = (tx: Db, id: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${id}, 0))`);

/** An active account of the unit (RLS hides other units' and tenants'), or 400 on `campo`. */
const contaAtiva = async (tx: Db, id: string, campo: string, rotulo: string): Promise<{ id: string; nome: string }> => {
  const [row] = await tx.select({ id: contas.id, nome: contas.nome, ativo: contas.ativo }).from(contas).where(eq(contas.id, id));
  if (!row) throw fieldError(campo, `${rotulo} não encontrada nesta unidade`);
  if (!row.ativo) throw fieldError(campo, `${rotulo} está inativa`);
  return { id: row.id, nome: row.nome };
};

type Lancamento = {
  id: string;
  contaId: string;
  contaNome: string;
  valor: number;
  data: string;
  descricao: string;
  createdAt: Date;
};

const PREFIXO_ESTORNO = 'Estorno de transferência';

/**
 * The ledger entries of transfer `id` in the unit, the original pair first: by creation time
 * (each pair is written in one transaction), and within the same time (both written in one
 * transaction, as the demo seeding does) the reversal's entries last.
 */
const lancamentos = async (tx: Db, id: string): Promise<Lancamento[]> => {
  const rows = await tx
    .select({
      id: movimentacoesFinanceiras.id,
      contaId: movimentacoesFinanceiras.contaId,
      contaNome: contas.nome,
      valor: movimentacoesFinanceiras.valor,
      data: movimentacoesFinanceiras.data,
      descricao: movimentacoesFinanceiras.descricao,
      createdAt: movimentacoesFinanceiras.createdAt,
    })
    .from(movimentacoesFinanceiras)
    .innerJoin(contas, eq(contas.id, movimentacoesFinanceiras.contaId))
    .where(and(eq(movimentacoesFinanceiras.origem, ORIGEM_TRANSFERENCIA), eq(movimentacoesFinanceiras.origemId, id)))
    .orderBy(asc(movimentacoesFinanceiras.createdAt), asc(movimentacoesFinanceiras.valor));
  const estorno = (r: { descricao: string }) => (r.descricao.startsWith(PREFIXO_ESTORNO) ? 1 : 0);
  return rows
    .map((r) => ({ ...r, valor: Number(r.valor) }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || estorno(a) - estorno(b));
};

/** The transfer of `rows` (its first pair): date, value and both accounts with their balance now. */
const transferenciaDe = async (tx: Db, id: string, rows: Lancamento[]): Promise<Transferencia> => {
  const par = rows.slice(0, 2);
  const saida = par.find((r) => r.valor < 0)!;
  const entrada = par.find((r) => r.valor > 0)!;
  return {
    id,
    data: saida.data,
    valor: Math.abs(saida.valor),
    contaOrigem: { id: saida.contaId, nome: saida.contaNome, saldo: await getSaldoConta(tx, saida.contaId) },
    contaDestino: { id: entrada.contaId, nome: entrada.contaNome, saldo: await getSaldoConta(tx, entrada.contaId) },
  };
};

/**
 * Moves `input.valor` from `contaOrigemId` to `contaDestinoId` (both active accounts of the
 * unit: 400 on the field otherwise; the same account: 400 `contaDestinoId`, by the schema),
 * dated `input.data` (default the unit's today; after today: 400 `data`). The transfer's id
 * is `input.id` or a new uuid; sent again with the same id it answers the first transfer and
 * moves nothing. Answers the transfer with both accounts' balances after it.
 */
export const transferirEntreContas = async (
  tx: Db,
  input: TransferenciaInputParsed,
  usuarioId: string,
): Promise<Transferencia> => {
  const id = input.id ?? randomUUID();
  await lockTransferencia(tx, id);
  const existentes = await lancamentos(tx, id);
  if (existentes.length > 0) return transferenciaDe(tx, id, existentes);

  if (input.contaOrigemId === input.contaDestinoId)
    throw fieldError('contaDestinoId', 'A conta de destino deve ser diferente da conta de origem');
  const { hoje } = await getUnidadeAtual(tx);
  const data = input.data ?? hoje;
  if (data > hoje) throw fieldError('data', 'A data da transferência não pode ser depois de hoje');
  const origem = await contaAtiva(tx, input.contaOrigemId, 'contaOrigemId', 'Conta de origem');
  const destino = await contaAtiva(tx, input.contaDestinoId, 'contaDestinoId', 'Conta de destino');

  const descricao = input.descricao ?? `Transferência de ${origem.nome} para ${destino.nome}`;
  await lancarMovimentoFinanceiro(tx, {
    contaId: origem.id,
    data,
    valor: -input.valor,
    descricao,
    origem: ORIGEM_TRANSFERENCIA,
    origemId: id,
    usuarioId,
  });
  await lancarMovimentoFinanceiro(tx, {
    contaId: destino.id,
    data,
    valor: input.valor,
    descricao,
    origem: ORIGEM_TRANSFERENCIA,
    origemId: id,
    usuarioId,
  });
  return transferenciaDe(tx, id, await lancamentos(tx, id));
};

/**
 * Reverses transfer `id`: the opposite entries (+valor back in the origin, −valor out of the
 * destination), origem 'transferencia', same `origem_id`, dated the unit's today, described
 * 'Estorno de transferência de dd/MM/yyyy (R$ x)'. 404 when the unit has no such transfer;
 * 400 'Transferência já estornada' the second time (a lock on the id serialises two at once).
 * Both accounts must still be active (400 `contaId` from the ledger writer). Answers the
 * transfer with the balances after the reversal.
 */
export const estornarTransferencia = async (tx: Db, id: string, usuarioId: string): Promise<Transferencia> => {
  await lockTransferencia(tx, id);
  const rows = await lancamentos(tx, id);
  if (rows.length === 0) throw notFound(TRANSFERENCIA_NAO_ENCONTRADA);
  if (rows.length > 2) throw badRequest(TRANSFERENCIA_JA_ESTORNADA);
  const transferencia = await transferenciaDe(tx, id, rows);
  const { hoje } = await getUnidadeAtual(tx);
  const descricao = `${PREFIXO_ESTORNO} de ${formatDate(transferencia.data)} (${formatMoney(transferencia.valor)})`;
  await lancarMovimentoFinanceiro(tx, {
    contaId: transferencia.contaDestino.id,
    data: hoje,
    valor: -transferencia.valor,
    descricao,
    origem: ORIGEM_TRANSFERENCIA,
    origemId: id,
    usuarioId,
  });
  await lancarMovimentoFinanceiro(tx, {
    contaId: transferencia.contaOrigem.id,
    data: hoje,
    valor: transferencia.valor,
    descricao,
    origem: ORIGEM_TRANSFERENCIA,
    origemId: id,
    usuarioId,
  });
  return transferenciaDe(tx, id, rows);
};
