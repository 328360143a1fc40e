/**
 * Payables (*despesas*, DOMAIN.md §7) of a purchase (DOMAIN.md §5; issue #5 item 3): created
 * EmAberto when the purchase is finalised, one per installment, and cancelled when the
 * purchase is deleted — refused once any of them was (partly) paid. `criarDespesas` is the one
 * writer of new payables, also used by manual entry and recurrences (issue #6).
 *
 * Money in reais; dates 'yyyy-MM-dd'. Runs inside the caller's scoped transaction (RLS keeps
 * other units' payables out).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categoriasFinanceiras, despesas } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * Names of the expense category for goods bought for resale, most specific first: the
 * default tree of a new tenant has 'Compras' › 'Fornecedores/mercadorias' (financeiro/defaults.ts).
 */
export const CATEGORIAS_DESPESA_COMPRA = ['Fornecedores/mercadorias', 'Mercadorias para revenda', 'Compras'] as const;

/**
 * The tenant's active expense category for purchases of goods (the first of
 * CATEGORIAS_DESPESA_COMPRA that exists, compared ignoring case and accents), or null.
 */
export const categoriaDespesaCompra = async (tx: Db): Promise<string | null> => {
  for (const nome of CATEGORIAS_DESPESA_COMPRA) {
    const [row] = await tx
      .select({ id: categoriasFinanceiras.id })
      .from(categoriasFinanceiras)
      .where(
        and(
          eq(categoriasFinanceiras.tipo, 'despesa'),
          eq(categoriasFinanceiras.ativo, true),
          sql`f_busca(${categoriasFinanceiras.nome}) = f_busca(${nome})`,
        ),
      )
      .orderBy(asc(categoriasFinanceiras.createdAt))
      .limit(1);
    if (row) return row.id;
  }
  return null;
};

/**
 * A payable to create (one installment). The origin is at most one of `compraId` (a
 * purchase), `recorrenciaId` + `recorrenciaOcorrencia` (a recurrence) or neither (manual);
 * `grupoId` ties installments created together. `id` (optional) is the row's id (the client's
 * uuid of a manual payable).
 */
export type NovaDespesa = {
  id?: string;
  compraId?: string | null;
  recorrenciaId?: string | null;
  recorrenciaOcorrencia?: number | null;
  grupoId?: string | null;
  fornecedorId: string | null;
  categoriaFinanceiraId: string | null;
  formaPagamentoId?: string | null;
  contaId?: string | null;
  descricao: string;
  /** Invoice number or the installment's own number (nDup). */
  documento: string | null;
  parcela: number;
  totalParcelas: number;
  /** yyyy-MM-dd. */
  dataEmissao: string;
  dataVencimento: string;
  /** Reais, > 0. */
  valor: number;
  observacoes?: string | null;
};

/**
 * The one writer of new payables (purchases, manual entry, recurrences), status EmAberto.
 * With `ignorarRepetidas`, a recurrence occurrence that already exists (unique
 * recorrencia_id + recorrencia_ocorrencia) is skipped instead of failing. Answers the ids
 * written, in order.
 */
export const criarDespesas = async (
  tx: Db,
  novas: readonly NovaDespesa[],
  opcoes: { ignorarRepetidas?: boolean } = {},
): Promise<string[]> => {
  if (novas.length === 0) return [];
  const insert = tx.insert(despesas).values(
    novas.map((d) => ({
      ...(d.id ? { id: d.id } : {}),
      compraId: d.compraId ?? null,
      recorrenciaId: d.recorrenciaId ?? null,
      recorrenciaOcorrencia: d.recorrenciaOcorrencia ?? null,
      grupoId: d.grupoId ?? null,
      fornecedorId: d.fornecedorId,
      categoriaFinanceiraId: d.categoriaFinanceiraId,
      formaPagamentoId: d.formaPagamentoId ?? null,
      contaId: d.contaId ?? null,
      descricao: d.descricao,
      documento: d.documento,
      parcela: d.parcela,
      totalParcelas: d.totalParcelas,
      dataEmissao: d.dataEmissao,
      dataVencimento: d.dataVencimento,
      valor: d.valor.toFixed(2),
      observacoes: d.observacoes ?? null,
      status: 'EmAberto',
    })),
  );
  const rows = await (
    opcoes.ignorarRepetidas
      ? insert.onConflictDoNothing({ target: [despesas.recorrenciaId, despesas.recorrenciaOcorrencia] })
      : insert
  ).returning({ id: despesas.id });
  return rows.map((r) => r.id);
};

/** The message when a purchase cannot be deleted because a payable of it was paid. */
export const DESPESA_PAGA = 'Esta compra tem parcela já paga: estorne o pagamento antes de excluir';

/**
 * Cancels the payables of purchase `compraId` (status Cancelada), locking them first. 400
 * DESPESA_PAGA when any has valor_pago > 0 or a status other than EmAberto/Cancelada
 * (BaixaParcial, Baixada): nothing is changed then. Answers how many were cancelled.
 */
export const cancelarDespesasCompra = async (tx: Db, compraId: string): Promise<number> => {
  const rows = await tx
    .select({ id: despesas.id, status: despesas.status, valorPago: despesas.valorPago })
    .from(despesas)
    .where(eq(despesas.compraId, compraId))
    .orderBy(asc(despesas.parcela), asc(despesas.id))
    .for('update');
  if (rows.some((d) => Number(d.valorPago) > 0 || (d.status !== 'EmAberto' && d.status !== 'Cancelada')))
    throw badRequest(DESPESA_PAGA);
  const abertas = rows.filter((d) => d.status === 'EmAberto');
  if (abertas.length === 0) return 0;
  await tx
    .update(despesas)
    .set({ status: 'Cancelada' })
    .where(and(eq(despesas.compraId, compraId), eq(despesas.status, 'EmAberto')));
  return abertas.length;
};
