/**
 * POST /api/financeiro/recebimentos/confirmar (DOMAIN.md §7 "Recebimentos"; issue #6 item 2:
 * "card and PIX receivables … are marked received when the money lands"): settles each open
 * receivable of `ids` fully, with its fee (what is left of `valor_taxa`), dated
 * `dataRecebimento` (default today in the unit), into `contaId` (default each one's account),
 * all through `baixarTitulo` in the caller's one transaction. Already settled or cancelled
 * ones are skipped (a repeated confirmation settles nothing twice).
 */
import type { z } from 'zod';
import type { confirmarRecebimentosInputSchema } from '@petshop/shared/financeiro';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { baixarTitulo, contaDaBaixa, listTitulosExistentes, lockTitulo } from './baixar-titulo.ts';

type ConfirmarParsed = z.output<typeof confirmarRecebimentosInputSchema>;

/**
 * Answers how many were settled. 404 'Recebimento não encontrado' when any id is not a
 * receivable of the unit (nothing is settled then); 400 `dataRecebimento` after today;
 * 400 `contaId` unknown or inactive.
 */
export const confirmarRecebimentos = async (tx: Db, input: ConfirmarParsed, usuarioId: string): Promise<number> => {
  const ids = [...new Set(input.ids)].sort();
  const existentes = await listTitulosExistentes(tx, 'receita', ids);
  if (ids.some((id) => !existentes.has(id))) throw notFound('Recebimento não encontrado');
  const { hoje } = await getUnidadeAtual(tx);
  const data = input.dataRecebimento ?? hoje;
  if (data > hoje) throw fieldError('dataRecebimento', 'Data de recebimento não pode ser posterior a hoje');
  if (input.contaId) await contaDaBaixa(tx, input.contaId, { contaId: null }, null);

  let confirmados = 0;
  // In id order: two confirmations of overlapping lists lock in the same order (no deadlock).
  for (const id of ids) {
    const titulo = await lockTitulo(tx, 'receita', id);
    if (titulo.status !== 'EmAberto' && titulo.status !== 'BaixaParcial') continue;
    await baixarTitulo(
      tx,
      'receita',
      id,
      { dataPagamento: data, contaId: input.contaId, valor: undefined, taxa: undefined, juros: 0, multa: 0, desconto: 0 },
      usuarioId,
    );
    confirmados++;
  }
  return confirmados;
};
