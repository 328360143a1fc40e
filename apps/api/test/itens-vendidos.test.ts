/**
 * The reports' rollup `itens_vendidos` (issue #20 "Performance"; migration 0026) follows the sales
 * made through the till, whatever path: a finalised sale's lines with the discount prorated, a
 * return's negative lines on the return's time, a cancellation removing the sale and its returns, a
 * sale still being served absent. The fixture's products cost half their price. Figures by hand: 3 treats at 12,50 + a bag at 150,00 = 187,50,
 * R$ 10,00 off → 177,50; the treats carry 37,50 × 177,50 ÷ 187,50 = 35,50, the bag 142,00.
 *
 * The till writes its own finalised sale's rollup rows (`pagamentos_vendidos` too) in the sale's
 * round trip instead of the deferred triggers (migration 0032, rollups-venda.ts): the last test
 * proves those rows are, to the last digit, the triggers' rule over the base tables.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { itensVendidos } from '../src/db/schema/index.ts';
import { queryRows } from '../src/db/rows.ts';
import {
  abrirCaixa,
  formasDoTenant,
  noTenant,
  novoCliente,
  novoProduto,
  pagamento,
  PDV,
  pdvOk,
  segundaUnidade,
  vendaFinalizada,
  vendaInput,
} from './fixtures/vendas.ts';
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

  it('the till’s own rollup rows of the sale it finalises are the triggers’ rule to the last digit', async () => {
    const t = await newTenant(ctx);
    await abrirCaixa(ctx, t, 100);
    const formas = await formasDoTenant(ctx, t);
    const cliente = await novoCliente(ctx, t);
    const a = await novoProduto(ctx, t, { nome: 'Areia 4 kg', precoVenda: 3.33, estoque: 50 });
    const b = await novoProduto(ctx, t, { nome: 'Shampoo 500 ml', precoVenda: 27.9, estoque: 50 });
    const c = await novoProduto(ctx, t, { nome: 'Bolinha', precoVenda: 0.99, estoque: 50 });

    // A new sale finalised at once (no draft): 7 % off, freight, two PIX payments and cash with change.
    const nova = vendaInput({
      clienteId: cliente.id,
      itens: [
        { produto: a, quantidade: 3 },
        { produto: b, quantidade: 1, desconto: 1.17, tipoDesconto: 'Valor' },
        { produto: c, quantidade: 7 },
      ],
      desconto: 7,
      tipoDesconto: 'Percentual',
      valorEntregaFrete: 4.5,
    });
    const primeira = await pdvOk(ctx, t.headers, 'salvar-venda', {
      ...nova,
      financeiros: [pagamento(formas.pix, 10), pagamento(formas.pix, 5.55), pagamento(formas.dinheiro, 100)],
    });
    expect(primeira.status).toBe('Finalizada');

    // A draft with a payment recorded, finalised later by the till with another one.
    const rascunho = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: vendaInput({
        itens: [
          { produto: b, quantidade: 2 },
          { produto: c, quantidade: 1 },
        ],
        desconto: 3.01,
        financeiros: [pagamento(formas.pix, 20)],
      }),
    });
    const segunda = await pdvOk(ctx, t.headers, 'salvar-venda', {
      ...vendaInput({
        id: rascunho.id,
        itens: [
          { id: rascunho.itens[0]!.id, produto: b, quantidade: 2 },
          { id: rascunho.itens[1]!.id, produto: c, quantidade: 1 },
        ],
        desconto: 3.01,
      }),
      // The recorded PIX stays (payments are kept by their chave); cash pays the rest with change.
      financeiros: [pagamento(formas.dinheiro, 50)],
    });
    expect(segunda.status).toBe('Finalizada');

    for (const venda of [primeira, segunda]) {
      const [rollup, regra] = await noTenant(ctx, t, (tx) =>
        Promise.all([
          queryRows<Record<string, string | null>>(
            tx,
            sql`select tenant_id::text, unidade_negocio_id::text, venda_item_id::text as item, produto_id::text, cliente_id::text,
                       usuario_id::text, em::text, quantidade::text, receita::text, custo::text
                  from itens_vendidos where venda_id = ${venda.id} order by venda_item_id`,
          ),
          queryRows<Record<string, string | null>>(
            tx,
            sql`select v.tenant_id::text, v.unidade_negocio_id::text, vi.id::text as item, vi.produto_id::text, v.cliente_id::text,
                       v.usuario_id::text, coalesce(v.data_finalizacao, v.updated_at)::text as em, vi.quantidade::text,
                       coalesce(vi.valor_total * (v.valor_liquido - v.valor_entrega_frete)
                                / nullif(sum(vi.valor_total) over (), 0), 0)::text as receita,
                       (vi.quantidade * vi.preco_custo)::text as custo
                  from vendas v join venda_itens vi on vi.venda_id = v.id
                 where v.id = ${venda.id} order by vi.id`,
          ),
        ]),
      );
      expect(rollup).toHaveLength(venda.itens.length);
      expect(rollup).toEqual(regra);
      expect(rollup.every((r) => r.tenant_id === t.tenantId && r.unidade_negocio_id === t.unidadeNegocioId)).toBe(true);

      const [pagos, somas] = await noTenant(ctx, t, (tx) =>
        Promise.all([
          queryRows<Record<string, string>>(
            tx,
            sql`select forma_pagamento_id::text as forma, em::text, valor::text, unidade_negocio_id::text
                  from pagamentos_vendidos where venda_id = ${venda.id} order by 1`,
          ),
          queryRows<Record<string, string>>(
            tx,
            sql`select vf.forma_pagamento_id::text as forma, v.data_finalizacao::text as em, sum(vf.valor)::text as valor,
                       v.unidade_negocio_id::text
                  from vendas v join venda_financeiros vf on vf.venda_id = v.id
                 where v.id = ${venda.id} group by 1, 2, 4 order by 1`,
          ),
        ]),
      );
      expect(pagos.length).toBeGreaterThan(0);
      expect(pagos).toEqual(somas);
    }
    // Another unit of the tenant and another tenant read none of it (RLS).
    const contar = (tx: Parameters<Parameters<typeof noTenant>[2]>[0]) =>
      queryRows<{ n: string }>(
        tx,
        sql`select ((select count(*) from itens_vendidos) + (select count(*) from pagamentos_vendidos))::text as n`,
      ).then((r) => r[0]!.n);
    expect(await noTenant(ctx, t, contar)).toBe(String(primeira.itens.length + segunda.itens.length + 2 + 2));
    const loja2 = await segundaUnidade(ctx, t);
    expect(await noTenant(ctx, t, contar, loja2.id)).toBe('0');
    const outro = await newTenant(ctx);
    expect(await noTenant(ctx, outro, contar)).toBe('0');
  });
});
