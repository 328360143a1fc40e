/**
 * The stock primitive (modules/estoque/movimentar-estoque.ts): balances, weighted average
 * cost of entries, the ledger with resulting balances, the zero floor, and several products
 * moved by one call.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { estoques, movimentacoesEstoque } from '../src/db/schema/index.ts';
import { movimentarEstoque, type MovimentoEstoque } from '../src/modules/estoque/movimentar-estoque.ts';
import { noTenant, novoProduto } from './fixtures/vendas.ts';
import { newTenant, useTestApp } from './helper.ts';

const ctx = useTestApp();

describe('movimentarEstoque', () => {
  it('keeps the weighted average cost of entries, moves several products at once and writes the ledger', async () => {
    const t = await newTenant(ctx);
    const a = await novoProduto(ctx, t, { precoVenda: 20 });
    const b = await novoProduto(ctx, t, { precoVenda: 30 });
    const entrada: MovimentoEstoque = {
      tipo: 'entrada_compra',
      origem: 'compra',
      usuarioId: t.usuarioId,
      permitirNegativo: false,
    };
    const saida: MovimentoEstoque = { tipo: 'saida_venda', origem: 'venda', usuarioId: t.usuarioId, permitirNegativo: false };

    await noTenant(ctx, t, (tx) =>
      movimentarEstoque(
        tx,
        [
          { produtoId: a.id, quantidade: 10, custoUnitario: 5 },
          { produtoId: b.id, quantidade: 4, custoUnitario: 12 },
        ],
        entrada,
      ),
    );
    // 10 at 5 + 10 at 8 → 20 at 6.5.
    await noTenant(ctx, t, (tx) => movimentarEstoque(tx, [{ produtoId: a.id, quantidade: 10, custoUnitario: 8 }], entrada));
    const saldos = await noTenant(ctx, t, (tx) =>
      movimentarEstoque(
        tx,
        [
          { produtoId: a.id, quantidade: -3 },
          { produtoId: b.id, quantidade: -1 },
          { produtoId: a.id, quantidade: -2 },
        ],
        saida,
      ),
    );
    expect(saldos.sort((x, y) => (x.produtoId === a.id ? -1 : y.produtoId === a.id ? 1 : 0))).toEqual([
      { produtoId: a.id, saldo: 15 },
      { produtoId: b.id, saldo: 3 },
    ]);

    const linhas = await noTenant(ctx, t, (tx) =>
      tx.select({ q: estoques.quantidade, custo: estoques.custoMedio }).from(estoques).where(eq(estoques.produtoId, a.id)),
    );
    expect(linhas).toEqual([{ q: '15.000', custo: '6.5000' }]);
    const ledger = await noTenant(ctx, t, (tx) =>
      tx
        .select({
          tipo: movimentacoesEstoque.tipo,
          q: movimentacoesEstoque.quantidade,
          saldo: movimentacoesEstoque.saldoResultante,
        })
        .from(movimentacoesEstoque)
        .where(and(eq(movimentacoesEstoque.produtoId, a.id)))
        .orderBy(asc(movimentacoesEstoque.createdAt), asc(movimentacoesEstoque.saldoResultante)),
    );
    expect(ledger.map((l) => [l.tipo, Number(l.q), Number(l.saldo)])).toEqual(
      expect.arrayContaining([
        ['entrada_compra', 10, 10],
        ['entrada_compra', 10, 20],
        ['saida_venda', -5, 15],
      ]),
    );
    expect(ledger).toHaveLength(3);
  });

  it('refuses to take a controlled product below zero, unless allowed, and changes nothing then', async () => {
    const t = await newTenant(ctx);
    const p = await novoProduto(ctx, t, { nome: 'Ração Teste 1 kg', precoVenda: 20, estoque: 2 });
    const saida: MovimentoEstoque = { tipo: 'saida_venda', origem: 'venda', usuarioId: t.usuarioId, permitirNegativo: false };
    await expect(noTenant(ctx, t, (tx) => movimentarEstoque(tx, [{ produtoId: p.id, quantidade: -3 }], saida))).rejects.toThrow(
      'Estoque insuficiente de "Ração Teste 1 kg": disponível 2 UN',
    );
    const [row] = await noTenant(ctx, t, (tx) =>
      tx.select({ q: estoques.quantidade }).from(estoques).where(eq(estoques.produtoId, p.id)),
    );
    expect(Number(row!.q)).toBe(2);
    const saldos = await noTenant(ctx, t, (tx) =>
      movimentarEstoque(tx, [{ produtoId: p.id, quantidade: -3 }], { ...saida, permitirNegativo: true }),
    );
    expect(saldos).toEqual([{ produtoId: p.id, saldo: -1 }]);
  });
});
