/**
 * POST /api/comercial/devolucoes (spec §7 "Returns"; DOMAIN.md §6 *Devolução*; issue #4
 * item 7), in one transaction:
 * - the sale must be Finalizada (400) and is locked with its items, so two returns of the
 *   same sale (or a return and a cancellation) are serialised;
 * - each quantity is rounded by the unit (spec §4) and may not exceed what was sold minus
 *   what was already returned (400 `itens.N.quantidade` "No máximo X pode ser devolvido");
 * - value: `valoresDevolviveis` (the item's net value with its share of the sale discount);
 *   returning all that is left of a line refunds exactly the rest of its net value;
 * - stock comes back ('entrada_devolucao', at the line's cost); of a line charging a clinic's
 *   applied dose (issue #19) only the units beyond that dose not yet returned: the dose was
 *   applied, it cannot go back on the shelf (the money is refunded all the same);
 * - refund 'dinheiro': out of the user's open register (400 "Abra o caixa para devolver em
 *   dinheiro"), never more than the cash in the drawer (400 `reembolso`); 'credito_cliente':
 *   credit to the sale's customer (400 `reembolso` when the sale has none);
 * - the return's number comes from the unit's counter;
 * - a package item returned cancels that many of its unused packages (400 "O pacote desta
 *   venda já foi usado" otherwise; agenda/pacotes.ts, issue #17).
 * With the client's `id`, sending the same return again answers the one already made.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DevolucaoInputParsed } from '@petshop/shared/devolucao';
import { formatMoney, formatQuantidade, fromCents, roundQuantidade, toCents } from '@petshop/shared/format';
import { multiplyCents, valoresDevolviveis } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { devolucaoItens, devolucoes, produtos, unidadesMedida, vendaItens } from '../../../db/schema/index.ts';
import { badRequest, fieldError } from '../../../lib/errors.ts';
import { cancelarPacotesDoItem } from '../../agenda/pacotes.ts';
import { movimentarEstoque } from '../../estoque/movimentar-estoque.ts';
import { lancarCreditoCliente } from '../../financeiro/credito-cliente-ledger.ts';
import { findCaixaAbertoDoUsuario, lancarMovimentoCaixa, assertDinheiroNoCaixa } from '../caixas/caixa-ledger.ts';
import { proximoNumero } from '../contador.ts';
import { esperadoOculto } from '../caixas/fechamento-cego.ts';
import { lockVenda } from '../vendas/vendas-repository.ts';
import { num } from '../../../db/rows.ts';

const milesimos = (q: number | string) => Math.round(Number(q) * 1000);

/** See the file's comment. 404 for a sale of another unit or tenant. Answers the return's id. */
export const registrarDevolucao = async (
  tx: Db,
  input: DevolucaoInputParsed,
  usuarioId: string,
  /** May see the drawer's cash under a blind closing (fechamento-cego.ts); absent: yes. */
  veEsperado = true,
): Promise<string> => {
  if (input.id) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.id}, 0))`);
    const [existente] = await tx.select({ id: devolucoes.id }).from(devolucoes).where(eq(devolucoes.id, input.id));
    if (existente) return existente.id;
  }
  const venda = await lockVenda(tx, input.vendaId);
  if (venda.tipo !== 'Venda' || venda.status !== 'Finalizada')
    throw badRequest('Só é possível devolver itens de uma venda finalizada');

  const itens = await tx
    .select({
      item: vendaItens,
      fracionada: unidadesMedida.permiteVendaFracionada,
    })
    .from(vendaItens)
    .innerJoin(produtos, eq(produtos.id, vendaItens.produtoId))
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .where(eq(vendaItens.vendaId, venda.id))
    .orderBy(asc(vendaItens.ordem), asc(vendaItens.id))
    .for('update', { of: vendaItens });
  const valores = valoresDevolviveis(
    itens.map(({ item }) => ({ valorTotal: num(item.valorTotal), quantidade: num(item.quantidade) })),
    fromCents(toCents(num(venda.valorDescontos)) - toCents(num(venda.valorDescontoItens))),
  );
  const indice = new Map(itens.map(({ item }, n) => [item.id, n] as const));

  const pedidos = new Set<string>();
  const linhas = input.itens.map((pedido, n) => {
    const idx = indice.get(pedido.vendaItemId);
    if (idx === undefined) throw fieldError(`itens.${n}.vendaItemId`, 'Este item não é desta venda');
    if (pedidos.has(pedido.vendaItemId)) throw fieldError(`itens.${n}.vendaItemId`, 'Item repetido');
    pedidos.add(pedido.vendaItemId);
    const { item, fracionada } = itens[idx]!;
    const unidade = { sigla: item.unidadeSigla, permiteVendaFracionada: fracionada };
    const quantidade = roundQuantidade(pedido.quantidade, fracionada);
    const restante = milesimos(item.quantidade) - milesimos(item.quantidadeDevolvida);
    if (quantidade <= 0) throw fieldError(`itens.${n}.quantidade`, 'Quantidade deve ser maior que zero');
    if (milesimos(quantidade) > restante)
      throw fieldError(
        `itens.${n}.quantidade`,
        `No máximo ${formatQuantidade(Math.max(0, restante) / 1000, unidade)} pode ser devolvido`,
      );
    return { item, idx, quantidade, tudo: milesimos(quantidade) === restante };
  });

  // What each line already refunded, so the last return of a line refunds exactly the rest.
  const jaDevolvido = new Map(
    (
      await tx
        .select({ vendaItemId: devolucaoItens.vendaItemId, total: sql<string>`sum(${devolucaoItens.valorTotal})` })
        .from(devolucaoItens)
        .where(
          inArray(
            devolucaoItens.vendaItemId,
            linhas.map((l) => l.item.id),
          ),
        )
        .groupBy(devolucaoItens.vendaItemId)
    ).map((r) => [r.vendaItemId, toCents(num(r.total))] as const),
  );
  const calculadas = linhas.map((l) => {
    const v = valores[l.idx]!;
    const resto = Math.max(0, toCents(v.valorLiquidoItem) - (jaDevolvido.get(l.item.id) ?? 0));
    const total = l.tudo ? resto : Math.min(resto, multiplyCents(toCents(v.valorUnitario), l.quantidade));
    return { ...l, valorUnitario: v.valorUnitario, total };
  });
  const totalCentavos = calculadas.reduce((s, l) => s + l.total, 0);
  const valorTotal = fromCents(totalCentavos);

  let caixaId: string | null = null;
  if (input.reembolso === 'dinheiro') {
    const caixa = await findCaixaAbertoDoUsuario(tx, usuarioId);
    if (!caixa) throw badRequest('Abra o caixa para devolver em dinheiro');
    caixaId = caixa.id;
    // A cashier of a unit that closes blind is not told the drawer's cash.
    const oculto = await esperadoOculto(tx, veEsperado);
    await assertDinheiroNoCaixa(tx, caixa.id, valorTotal, (dinheiro) =>
      fieldError(
        'reembolso',
        `Não há dinheiro suficiente no caixa${oculto ? '' : ` (${formatMoney(dinheiro)})`}: devolva como crédito do cliente`,
      ),
    );
  } else if (!venda.clienteId) {
    throw fieldError('reembolso', 'A venda não tem cliente: devolva em dinheiro');
  }

  const numero = await proximoNumero(tx, 'devolucao');
  const [devolucao] = await tx
    .insert(devolucoes)
    .values({
      ...(input.id ? { id: input.id } : {}),
      numero,
      vendaId: venda.id,
      clienteId: venda.clienteId,
      reembolso: input.reembolso,
      valorTotal: valorTotal.toFixed(2),
      motivo: input.motivo ?? null,
      caixaId,
      usuarioId,
    })
    .returning({ id: devolucoes.id });
  const devolucaoId = devolucao!.id;
  await tx.insert(devolucaoItens).values(
    calculadas.map((l) => ({
      devolucaoId,
      vendaItemId: l.item.id,
      produtoId: l.item.produtoId,
      quantidade: l.quantidade.toFixed(3),
      valorUnitario: l.valorUnitario.toFixed(2),
      valorTotal: fromCents(l.total).toFixed(2),
    })),
  );
  for (const l of calculadas) {
    // A package returned: that many unused packages cancelled, 400 when used (issue #17).
    await cancelarPacotesDoItem(tx, l.item.id, l.quantidade);
    await tx
      .update(vendaItens)
      .set({ quantidadeDevolvida: sql`${vendaItens.quantidadeDevolvida} + ${l.quantidade.toFixed(3)}::numeric` })
      .where(and(eq(vendaItens.id, l.item.id), eq(vendaItens.vendaId, venda.id)));
  }

  await movimentarEstoque(
    tx,
    calculadas
      .map((l) => ({
        produtoId: l.item.produtoId,
        // Issue #19: the applied dose itself stays out (see the file's comment); l.item is the row before this return.
        quantidade: l.item.vacinaAplicadaId
          ? Math.min(l.quantidade, Math.max(0, num(l.item.quantidade) - 1 - num(l.item.quantidadeDevolvida)))
          : l.quantidade,
        custoUnitario: num(l.item.precoCusto),
      }))
      .filter((l) => l.quantidade > 0),
    {
      tipo: 'entrada_devolucao',
      origem: 'devolucao',
      origemId: devolucaoId,
      usuarioId,
      observacao: `Devolução nº ${numero} da venda nº ${venda.numero}`,
      permitirNegativo: true,
    },
  );

  if (totalCentavos > 0) {
    if (caixaId) {
      await lancarMovimentoCaixa(tx, {
        caixaId,
        tipo: 'devolucao',
        valor: -valorTotal,
        descricao: `Devolução nº ${numero} – venda nº ${venda.numero}`,
        vendaId: venda.id,
        devolucaoId,
        pessoaId: venda.clienteId,
        usuarioId,
      });
    } else {
      await lancarCreditoCliente(tx, {
        pessoaId: venda.clienteId!,
        valor: valorTotal,
        origem: 'devolucao',
        origemId: devolucaoId,
        descricao: `Devolução nº ${numero} da venda nº ${venda.numero}`,
        usuarioId,
      });
    }
  }
  return devolucaoId;
};
