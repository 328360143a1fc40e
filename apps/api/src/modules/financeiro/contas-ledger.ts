/**
 * Financial account primitives (DOMAIN.md §7 "Contas"): the unit's default accounts, the
 * ledger entry, the balance. Shared by the register's transferência, the till's receivables
 * and (issue #6) settlements and transfers.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { TipoConta } from '@petshop/shared/conta';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { contas, movimentacoesFinanceiras } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

/** 'caixa' | 'banco' | 'carteira' (TIPOS_CONTA of the shared contract). */
export type { TipoConta };

/** The unit's first active account of `tipo` (oldest first) as an SQL expression (null: none). */
const contaPadraoSql = (tipo: TipoConta): SQL =>
  sql`(select c.id from contas c where c.tipo = ${tipo} and c.ativo order by c.created_at, c.id limit 1)`;

/**
 * Where money of a payment method lands in this unit: its destination account when the unit
 * owns it (RLS hides other units' accounts), else the unit's first active 'banco' account
 * (oldest first), else its first active 'caixa' account; null when none. As an SQL
 * expression, so a write can take it inside its own statement (`efetivarPagamentos`).
 */
export const contaDestinoSql = (contaDestinoId: string | null): SQL =>
  sql`coalesce(${
    contaDestinoId ? sql`(select c.id from contas c where c.id = ${contaDestinoId}::uuid and c.ativo), ` : sql``
  }${contaPadraoSql('banco')}, ${contaPadraoSql('caixa')})`;

/** `contaDestinoSql` read: the account's id, or null. */
export const findContaDestino = async (tx: Db, contaDestinoId: string | null): Promise<string | null> =>
  (await queryRows<{ id: string | null }>(tx, sql`select ${contaDestinoSql(contaDestinoId)} as id`))[0]?.id ?? null;

/** Balance of account `contaId` (reais): saldo_inicial + Σ ledger. 404 outside the unit. */
export const getSaldoConta = async (tx: Db, contaId: string): Promise<number> => {
  const [row] = await tx
    .select({
      // "contas"."id" by hand: in a one-table select Drizzle renders ${contas.id} as a bare "id",
      // which inside the subquery would mean m.id.
      saldo: sql<string>`${contas.saldoInicial} + coalesce((select sum(m.valor) from movimentacoes_financeiras m where m.conta_id = "contas"."id"), 0)`,
    })
    .from(contas)
    .where(eq(contas.id, contaId));
  if (!row) throw notFound('Conta não encontrada');
  return Number(row.saldo);
};

export type NovoMovimentoFinanceiro = {
  contaId: string;
  /** yyyy-MM-dd in the unit's time zone. */
  data: string;
  /** Signed reais. */
  valor: number;
  descricao: string;
  origem: string;
  origemId?: string | null;
  categoriaFinanceiraId?: string | null;
  usuarioId: string;
};

/** Writes one ledger entry; 400 when the account is missing or inactive in the unit. */
export const lancarMovimentoFinanceiro = async (tx: Db, m: NovoMovimentoFinanceiro): Promise<string> => {
  const [conta] = await tx.select({ ativo: contas.ativo }).from(contas).where(eq(contas.id, m.contaId));
  if (!conta || !conta.ativo) throw badRequest({ contaId: ['Conta inválida ou inativa'] });
  const [row] = await tx
    .insert(movimentacoesFinanceiras)
    .values({
      contaId: m.contaId,
      data: m.data,
      valor: m.valor.toFixed(2),
      descricao: m.descricao,
      origem: m.origem,
      origemId: m.origemId ?? null,
      categoriaFinanceiraId: m.categoriaFinanceiraId ?? null,
      usuarioId: m.usuarioId,
    })
    .returning({ id: movimentacoesFinanceiras.id });
  return row!.id;
};
