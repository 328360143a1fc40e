/**
 * POST /api/compras/{id}/precos-venda (issue #15): the sale prices chosen on the purchase's
 * summary after its costs went up, saved in the request's one transaction:
 * - the purchase is read under the unit's scope (404 for another unit's or tenant's);
 * - every product must be a product of its items (400 `precos.N.produtoId` 'Este produto não
 *   faz parte da compra'), so the route cannot reach beyond the purchase;
 * - the products are locked (`for update`, in id order) and each new price checked against the
 *   cost price as it is now: below it is 400 `precos.N.precoVenda` (the catalogue's own rule);
 * - one UPDATE sets the sale price and the markup recomputed from cost and price
 *   (`resolverPrecos`, as the product form does); the cost price stays.
 * Answers each product's prices as saved. The same product twice: the last price wins.
 * Each product whose sale price changed records one `PrecoAlterado` (inventario/auditoria-preco.ts,
 * "… (revisão de preços da compra nº N)") in the same transaction.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AtualizarPrecosVendaResultado } from '@petshop/shared/compra';
import { formatMoney, toCents } from '@petshop/shared/format';
import { resolverPrecos } from '@petshop/shared/produto';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { compraItens, produtos } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { registrarPrecoAlterado } from '../inventario/auditoria-preco.ts';
import { getCompraRow } from './compras-repository.ts';

export type PrecoVendaNovo = { produtoId: string; precoVenda: number };

/** See the file's comment. `precos` as parsed by `atualizarPrecosVendaInputSchema` (reais, to the cent). */
export const atualizarPrecosVenda = async (
  tx: Db,
  compraId: string,
  precos: readonly PrecoVendaNovo[],
): Promise<AtualizarPrecosVendaResultado> => {
  const compra = await getCompraRow(tx, compraId);
  const daCompra = new Set(
    (
      await tx
        .selectDistinct({ produtoId: compraItens.produtoId })
        .from(compraItens)
        .where(and(eq(compraItens.compraId, compra.id), isNotNull(compraItens.produtoId)))
    ).map((r) => r.produtoId!),
  );
  const erros: Record<string, string[]> = {};
  precos.forEach((p, i) => {
    if (!daCompra.has(p.produtoId)) erros[`precos.${i}.produtoId`] = ['Este produto não faz parte da compra'];
  });
  if (Object.keys(erros).length > 0) throw badRequest(erros);

  const novos = new Map(precos.map((p) => [p.produtoId, p.precoVenda] as const));
  const rows = await tx
    .select({ id: produtos.id, nome: produtos.nome, precoCusto: produtos.precoCusto, precoVenda: produtos.precoVenda })
    .from(produtos)
    .where(inArray(produtos.id, [...novos.keys()]))
    .orderBy(asc(produtos.id))
    .for('update');
  const custos = new Map(rows.map((r) => [r.id, num(r.precoCusto)] as const));
  precos.forEach((p, i) => {
    const custo = custos.get(p.produtoId) ?? 0;
    if (toCents(novos.get(p.produtoId)!) < toCents(custo))
      erros[`precos.${i}.precoVenda`] = [`O preço de venda não pode ser menor que o preço de custo (${formatMoney(custo)})`];
  });
  if (Object.keys(erros).length > 0) throw badRequest(erros);

  const salvos = rows.map((r) => ({
    id: r.id,
    nome: r.nome,
    ...resolverPrecos({ precoCusto: num(r.precoCusto), precoVenda: novos.get(r.id)! }),
  }));
  if (salvos.length > 0) {
    const valores = salvos.map((p) => sql`(${p.id}::uuid, ${p.precoVenda.toFixed(2)}::numeric, ${p.markup.toFixed(2)}::numeric)`);
    await tx.execute(sql`update produtos p set preco_venda = v.venda, markup = v.markup, updated_at = now()
        from (values ${sql.join(valores, sql`, `)}) as v(id, venda, markup)
       where p.id = v.id`);
  }
  const anteriores = new Map(rows.map((r) => [r.id, num(r.precoVenda)] as const));
  for (const p of salvos) {
    const custo = custos.get(p.id) ?? 0;
    await registrarPrecoAlterado(
      tx,
      p,
      { precoVenda: anteriores.get(p.id) ?? 0, precoCusto: custo },
      { precoVenda: p.precoVenda, precoCusto: custo },
      `revisão de preços da compra nº ${compra.numero}`,
    );
  }
  return { produtos: salvos };
};
