/**
 * The reports' rollup `itens_vendidos` (issue #20 "Performance"; migration 0026) follows the sales
 * made through the till, whatever path: a finalised sale's lines with the discount prorated, a
 * return's negative lines on the return's time, a cancellation removing the sale and its returns, a
 * sale still being served absent. The fixture's products cost half their price. Figures by hand: 3 treats at 12,50 + a bag at 150,00 = 187,50,
 * R$ 10,00 off → 177,50; the treats carry 37,50 × 177,50 ÷ 187,50 = 35,50, the bag 142,00.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { itensVendidos } from '../src/db/schema/index.ts';
import { abrirCaixa, noTenant, novoProduto, PDV, pdvOk, vendaFinalizada, vendaInput } from './fixtures/vendas.ts';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();

const linhas = (t: TenantFixture, vendaId: string) =>
  noTenant(ctx, t, (tx) =>
    tx.select().from(itensVendidos).where(eq(itensVendidos.vendaId, vendaId)).orderBy(asc(itensVendidos.quantidade)),
  );
const resumo = (rows: Awaited<ReturnType<typeof linhas>>) =>
  rows.map((r) => [
    Number(r.quantidade),
    Number(Number(r.receita).toFixed(2)),
    Number(Number(r.custo).toFixed(2)),
    r.devolucaoItemId !== null,
  ]);

describe('itens_vendidos (the reports’ rollup)', () => {
  it('holds a finalised sale’s lines, a return’s negative lines, and nothing once cancelled', async () => {
    const t = await newTenant(ctx);
    await abrirCaixa(ctx, t, 100);
    const petisco = await novoProduto(ctx, t, { nome: 'Petisco Bifinho', precoVenda: 12.5, estoque: 50 });
    const racao = await novoProduto(ctx, t, { nome: 'Ração Premier 10 kg', precoVenda: 150, estoque: 10 });

    // A sale still being served is not sold yet.
    const rascunho = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: racao, quantidade: 1 }] }),
    });
    expect(await linhas(t, rascunho.id)).toEqual([]);

    const venda = await vendaFinalizada(ctx, t, {
      itens: [
        { produto: petisco, quantidade: 3 },
        { produto: racao, quantidade: 1 },
      ],
      desconto: 10,
      tipoDesconto: 'Valor',
    });
    const vendidas = await linhas(t, venda.id);
    expect(resumo(vendidas)).toEqual([
      [1, 142, 75, false],
      [3, 35.5, 18.75, false],
    ]);
    expect(vendidas.every((l) => l.unidadeNegocioId === t.unidadeNegocioId && l.em.getTime() > 0)).toBe(true);

    const dev = await ctx.app.inject({
      method: 'POST',
      url: '/api/comercial/devolucoes',
      headers: t.headers,
      payload: { vendaId: venda.id, itens: [{ vendaItemId: venda.itens[0]!.id, quantidade: 1 }], reembolso: 'dinheiro' },
    });
    expect(dev.statusCode, dev.body).toBe(201);
    expect(resumo(await linhas(t, venda.id))).toEqual([
      [-1, -11.83, -6.25, true],
      [1, 142, 75, false],
      [3, 35.5, 18.75, false],
    ]);

    // A sale with returns cannot be cancelled; another one can, and leaves the rollup.
    const outra = await vendaFinalizada(ctx, t, { itens: [{ produto: racao, quantidade: 2 }] });
    expect(resumo(await linhas(t, outra.id))).toEqual([[2, 300, 150, false]]);
    const cancelada = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${outra.id}?motivo=${encodeURIComponent('Cliente desistiu')}`,
      headers: t.headers,
    });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(await linhas(t, outra.id)).toEqual([]);
    expect(await linhas(t, venda.id)).toHaveLength(3);
  });
});
