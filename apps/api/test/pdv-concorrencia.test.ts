/**
 * DOMAIN.md §4 "concurrent sales never oversell or lose an update" (issue #4: "20 concurrent
 * sales of the last 5 units → exactly 5 succeed"). On PGlite the requests are serialised by
 * the single connection; on PostgreSQL (TEST_DATABASE_URL) they really run at once and the
 * stock row lock decides.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Venda } from '@petshop/shared/venda';
import { movimentacoesCaixa, movimentacoesEstoque } from '../src/db/schema/index.ts';
import {
  abrirCaixa,
  formasDoTenant,
  noTenant,
  novoProduto,
  pagamento,
  pdvOk,
  pdvPost,
  saldoEstoque,
  vendaInput,
} from './fixtures/vendas.ts';
import { newTenant, useTestApp } from './helper.ts';

const ctx = useTestApp();

describe('PDV: concurrent finalisations', () => {
  it('20 tills selling the last 5 units at once: exactly 5 succeed and the balance is 0', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    const caixaId = await abrirCaixa(ctx, t, 0);
    const produto = await novoProduto(ctx, t, { nome: 'Areia higiênica 4 kg', precoVenda: 19.9, estoque: 5 });

    // Twenty sales being served (as the till's autosave leaves them), then finalised at once.
    const inputs = [];
    for (let i = 0; i < 20; i++) {
      const input = vendaInput({ itens: [{ produto, quantidade: 1 }], financeiros: [pagamento(formas.dinheiro, 20)] });
      await pdvOk(ctx, t.headers, 'snapshot', { venda: input });
      inputs.push(input);
    }
    const respostas = await Promise.all(inputs.map((input) => pdvPost(ctx, t.headers, 'salvar-venda', input)));

    const ok = respostas.filter((r) => r.statusCode === 200);
    const recusadas = respostas.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(5);
    expect(recusadas.map((r) => r.statusCode)).toEqual(Array(15).fill(400));
    for (const r of recusadas)
      expect(r.json().errors.generalErrors[0]).toMatch(/^Estoque insuficiente de "Areia higiênica 4 kg"/);
    expect(ok.every((r) => r.json<Venda>().status === 'Finalizada')).toBe(true);

    expect(await saldoEstoque(ctx, t, produto.id)).toBe(0);
    const saidas = await noTenant(ctx, t, (tx) =>
      tx.select().from(movimentacoesEstoque).where(eq(movimentacoesEstoque.tipo, 'saida_venda')),
    );
    expect(saidas).toHaveLength(5);
    expect(saidas.map((m) => Number(m.saldoResultante)).sort()).toEqual([0, 1, 2, 3, 4]);
    // Only the successful sales took money.
    const recebimentos = await noTenant(ctx, t, (tx) =>
      tx.select().from(movimentacoesCaixa).where(eq(movimentacoesCaixa.caixaId, caixaId)),
    );
    expect(recebimentos.map((m) => Number(m.valor))).toEqual(Array(5).fill(19.9));
  });

  it('the same sale finalised 10 times at once is finalised once', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    await abrirCaixa(ctx, t, 0);
    const produto = await novoProduto(ctx, t, { precoVenda: 10, estoque: 5 });
    const input = vendaInput({ itens: [{ produto, quantidade: 1 }], financeiros: [pagamento(formas.pix, 10)] });
    const respostas = await Promise.all(Array.from({ length: 10 }, () => pdvPost(ctx, t.headers, 'salvar-venda', input)));
    expect(
      respostas.map((r) => r.statusCode),
      respostas.map((r) => r.body).join('\n'),
    ).toEqual(Array(10).fill(200));
    expect(new Set(respostas.map((r) => r.json<Venda>().numero)).size).toBe(1);
    expect(await saldoEstoque(ctx, t, produto.id)).toBe(4);
    const movs = await noTenant(ctx, t, (tx) =>
      tx.select().from(movimentacoesCaixa).where(eq(movimentacoesCaixa.tipo, 'recebimento')),
    );
    expect(movs).toHaveLength(1);
  });
});
