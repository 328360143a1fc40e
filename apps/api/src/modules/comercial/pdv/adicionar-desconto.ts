/**
 * POST /pdv/adicionar-desconto (spec §2 "add discount"; DOMAIN.md §6 discounts per item and
 * on the whole sale, Percentual or Valor): applies the discount to item `itemId` of the
 * working record, or to the sale when absent, and writes the record as a draft
 * (`gravarVenda`). A Valor discount above its base — the item's gross value, or the items'
 * net total for the sale — is 400 `desconto` (the arithmetic would silently cap it).
 */
import { eq } from 'drizzle-orm';
import { formatMoney, fromCents, toCents } from '@petshop/shared/format';
import { multiplyCents, type adicionarDescontoInputSchema } from '@petshop/shared/venda';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { vendaItens } from '../../../db/schema/index.ts';
import { fieldError } from '../../../lib/errors.ts';
import { gravarVenda } from '../vendas/gravar-venda.ts';
import type { PdvContexto } from '../pdv-contexto.ts';
import { num } from '../../../db/rows.ts';

/** See the file's comment. 400 `itemId` when the item is not in the record. Answers the sale's id. */
export const adicionarDesconto = async (
  tx: Db,
  input: z.output<typeof adicionarDescontoInputSchema>,
  ctx: PdvContexto,
): Promise<string> => {
  const { itemId, desconto, tipoDesconto } = input;
  const venda = itemId
    ? {
        ...input.venda,
        itens: input.venda.itens.map((i) => (i.id === itemId ? { ...i, desconto, tipoDesconto } : i)),
      }
    : { ...input.venda, desconto, tipoDesconto };
  if (itemId && !input.venda.itens.some((i) => i.id === itemId)) throw fieldError('itemId', 'Item não encontrado na venda');

  const { venda: gravada } = await gravarVenda(tx, venda, ctx);
  if (tipoDesconto !== 'Valor' || desconto <= 0) return gravada.id;

  let base: number;
  if (itemId) {
    const [item] = await tx
      .select({ quantidade: vendaItens.quantidade, valorUnitario: vendaItens.valorUnitario })
      .from(vendaItens)
      .where(eq(vendaItens.id, itemId));
    base = multiplyCents(toCents(num(item!.valorUnitario)), num(item!.quantidade));
  } else {
    base = toCents(num(gravada.valorBruto)) - toCents(num(gravada.valorDescontoItens));
  }
  if (toCents(desconto) > base) throw fieldError('desconto', `Desconto maior que o valor (${formatMoney(fromCents(base))})`);
  return gravada.id;
};
