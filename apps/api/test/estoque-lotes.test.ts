/**
 * Lots and expiry (issue #5 item 2) through `movimentarEstoque`: entries upsert lots and write
 * one ledger row per lot; sales consume first-expired-first-out; cancelled sales and returns go
 * back into the lots they came from; purchase cancellations take back the purchase's lots;
 * adjustments by lot; the lots list and the position's next expiry; products without lots
 * unchanged; tenancy.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Devolucao } from '@petshop/shared/devolucao';
import type { AjusteEstoque, Lote, MovimentacaoEstoque, PosicaoEstoque } from '@petshop/shared/estoque';
import { todayISO } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import type { Produto } from '@petshop/shared/produto';
import { addDays } from '@petshop/shared/venda';
import { lotes, movimentacoesEstoque } from '../src/db/schema/index.ts';
import { movimentarEstoque, type MovimentoEstoque } from '../src/modules/estoque/movimentar-estoque.ts';
import { abrirCaixa, noTenant, novoProduto, PDV, saldoEstoque, segundaUnidade, vendaFinalizada } from './fixtures/vendas.ts';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
type Errors = { errors: Record<string, string[]> };
const hoje = () => todayISO('America/Sao_Paulo');

const produtoLote = (t: TenantFixture, nome: string, controlaLote = true): Promise<Produto> =>
  novoProduto(ctx, t, { nome, precoCusto: 10, precoVenda: 20, controlaLote });

const ajuste = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/estoque/ajuste', headers, payload });
const ajusteOk = async (headers: Record<string, string>, payload: object): Promise<AjusteEstoque> => {
  const res = await ajuste(headers, payload);
  if (res.statusCode !== 200) throw new Error(`ajuste: ${res.statusCode} ${res.body}`);
  return res.json<AjusteEstoque>();
};
/** An opening-stock entry of one lot. */
const entradaLote = (
  headers: Record<string, string>,
  produtoId: string,
  quantidade: number,
  lote: { numero: string; dataValidade?: string | null; dataFabricacao?: string | null },
) => ajusteOk(headers, { modo: 'entrada', motivo: 'Estoque inicial', itens: [{ produtoId, quantidade, lote }] });

const lotesDe = async (headers: Record<string, string>, qs: string) => {
  const res = await ctx.app.inject({ url: `/api/estoques/lotes?pageSize=100&${qs}`, headers });
  if (res.statusCode !== 200) throw new Error(`lotes: ${res.statusCode} ${res.body}`);
  return res.json<Page<Lote>>();
};
/** `numero → quantidade` of the product's lots (zeros included). */
const mapaLotes = async (t: TenantFixture, produtoId: string, unidadeNegocioId?: string) =>
  noTenant(
    ctx,
    t,
    async (tx) =>
      Object.fromEntries(
        (
          await tx
            .select({ numero: lotes.numero, q: lotes.quantidade })
            .from(lotes)
            .where(eq(lotes.produtoId, produtoId))
            .orderBy(asc(lotes.numero))
        ).map((l) => [l.numero, Number(l.q)]),
      ),
    unidadeNegocioId,
  );
/** Ledger rows of a document: [tipo, lot number or null, quantity]. */
const ledgerDe = (t: TenantFixture, origemId: string, produtoId: string) =>
  noTenant(ctx, t, async (tx) =>
    (
      await tx
        .select({
          tipo: movimentacoesEstoque.tipo,
          numero: lotes.numero,
          q: movimentacoesEstoque.quantidade,
          saldo: movimentacoesEstoque.saldoResultante,
        })
        .from(movimentacoesEstoque)
        .leftJoin(lotes, eq(lotes.id, movimentacoesEstoque.loteId))
        .where(and(eq(movimentacoesEstoque.origemId, origemId), eq(movimentacoesEstoque.produtoId, produtoId)))
        .orderBy(asc(movimentacoesEstoque.saldoResultante))
    ).map((r) => [r.tipo, r.numero, Number(r.q), Number(r.saldo)]),
  );

/** A lot product with L20 (expires in 20 days, 5 units) and L60 (60 days, 5 units). */
const cenario = async () => {
  const t = await newTenant(ctx);
  const p = await produtoLote(t, 'Vermífugo Drontal');
  await entradaLote(t.headers, p.id, 5, { numero: 'L60', dataValidade: addDays(hoje(), 60) });
  await entradaLote(t.headers, p.id, 5, {
    numero: 'L20',
    dataValidade: addDays(hoje(), 20),
    dataFabricacao: addDays(hoje(), -300),
  });
  return { t, p };
};

describe('lots', () => {
  it('entries create lots (later ones add, keeping dates), one ledger row per lot; listed by expiry', async () => {
    const { t, p } = await cenario();
    const r = await entradaLote(t.headers, p.id, 2, { numero: 'L60', dataValidade: null });
    expect(r.movimentacoes.map((m) => [m.tipo, m.quantidade, m.saldoResultante, m.lote?.numero])).toEqual([
      ['ajuste_entrada', 2, 12, 'L60'],
    ]);
    expect(r.movimentacoes[0]!.lote!.dataValidade).toBe(addDays(hoje(), 60));

    const page = await lotesDe(t.headers, `produtoId=${p.id}`);
    expect(page.items.map((l) => [l.numero, l.quantidade, l.dataValidade, l.vencido, l.diasParaVencer])).toEqual([
      ['L20', 5, addDays(hoje(), 20), false, 20],
      ['L60', 7, addDays(hoje(), 60), false, 60],
    ]);
    expect(page.items[0]).toMatchObject({
      produtoId: p.id,
      produtoNome: 'Vermífugo Drontal',
      unidadeSigla: 'UN',
      dataFabricacao: addDays(hoje(), -300),
    });

    const posicao = await ctx.app.inject({ url: `/api/estoques?produtoId=${p.id}`, headers: t.headers });
    expect(posicao.json<Page<PosicaoEstoque>>().items[0]).toMatchObject({
      quantidade: 12,
      controlaLote: true,
      proximaValidade: addDays(hoje(), 20),
    });

    // Expiring within 30 days across products; an expired lot too.
    const outro = await produtoLote(t, 'Antipulgas');
    await entradaLote(t.headers, outro.id, 1, { numero: 'V1', dataValidade: addDays(hoje(), -2) });
    await entradaLote(t.headers, outro.id, 1, { numero: 'SEMDATA' });
    const vencendo = await lotesDe(t.headers, 'diasVencimento=30');
    expect(vencendo.items.map((l) => [l.produtoNome, l.numero, l.vencido, l.diasParaVencer])).toEqual([
      ['Antipulgas', 'V1', true, -2],
      ['Vermífugo Drontal', 'L20', false, 20],
    ]);
    expect((await lotesDe(t.headers, `produtoId=${outro.id}`)).items.map((l) => [l.numero, l.dataValidade])).toEqual([
      ['V1', addDays(hoje(), -2)],
      ['SEMDATA', null],
    ]);
    const invalido = await ctx.app.inject({ url: '/api/estoques/lotes?diasVencimento=-1', headers: t.headers });
    expect(invalido.statusCode).toBe(400);
    expect(Object.keys(invalido.json<Errors>().errors)).toEqual(['diasVencimento']);

    // Another unit and another tenant see none of these lots.
    const loja2 = await segundaUnidade(ctx, t);
    expect((await lotesDe(loja2.headers, `produtoId=${p.id}`)).total).toBe(0);
    expect((await lotesDe(loja2.headers, 'diasVencimento=365')).total).toBe(0);
    const alheio = await newTenant(ctx);
    expect((await lotesDe(alheio.headers, `produtoId=${p.id}`)).total).toBe(0);
  });

  it('sales consume first-expired-first-out, spanning lots; cancelling puts it back into the same lots', async () => {
    const { t, p } = await cenario();
    await abrirCaixa(ctx, t);
    const v1 = await vendaFinalizada(ctx, t, { itens: [{ produto: p, quantidade: 3 }] });
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 2, L60: 5 });
    expect(await ledgerDe(t, v1.id, p.id)).toEqual([['saida_venda', 'L20', -3, 7]]);

    const v2 = await vendaFinalizada(ctx, t, { itens: [{ produto: p, quantidade: 4 }] });
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 0, L60: 3 });
    // Two ledger rows, each with the balance right after it.
    expect(await ledgerDe(t, v2.id, p.id)).toEqual([
      ['saida_venda', 'L60', -2, 3],
      ['saida_venda', 'L20', -2, 5],
    ]);
    expect(await saldoEstoque(ctx, t, p.id)).toBe(3);

    const mov = await ctx.app.inject({
      url: `/api/estoques/movimentacoes?tipo=saida_venda&produtoId=${p.id}`,
      headers: t.headers,
    });
    expect(
      mov
        .json<Page<MovimentacaoEstoque>>()
        .items.map((m) => m.lote?.numero)
        .sort(),
    ).toEqual(['L20', 'L20', 'L60']);

    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${v2.id}?motivo=${encodeURIComponent('Cliente desistiu')}`,
      headers: t.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 2, L60: 5 });
    expect(await saldoEstoque(ctx, t, p.id)).toBe(7);
    const estorno = (await ledgerDe(t, v2.id, p.id)).filter((r) => r[0] === 'estorno_venda');
    expect(estorno).toEqual([
      ['estorno_venda', 'L60', 2, 5],
      ['estorno_venda', 'L20', 2, 7],
    ]);
    // FEFO again: the next sale takes L20 first.
    const v3 = await vendaFinalizada(ctx, t, { itens: [{ produto: p, quantidade: 1 }] });
    expect(await ledgerDe(t, v3.id, p.id)).toEqual([['saida_venda', 'L20', -1, 6]]);
  });

  it('returns go back into the lots the sale consumed, never more than it took from each', async () => {
    const { t, p } = await cenario();
    await abrirCaixa(ctx, t);
    const venda = await vendaFinalizada(ctx, t, { itens: [{ produto: p, quantidade: 7 }] });
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 0, L60: 3 });
    const devolver = async (quantidade: number) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/comercial/devolucoes',
        headers: t.headers,
        payload: { vendaId: venda.id, itens: [{ vendaItemId: venda.itens[0]!.id, quantidade }], reembolso: 'dinheiro' },
      });
      if (res.statusCode !== 201) throw new Error(`devolução: ${res.statusCode} ${res.body}`);
      return res.json<Devolucao>();
    };
    // The sale took L20 5 and L60 2: a return refills the latest consumption (L60) first.
    const d1 = await devolver(3);
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 1, L60: 5 });
    expect(await ledgerDe(t, d1.id, p.id)).toEqual([
      ['entrada_devolucao', 'L60', 2, 5],
      ['entrada_devolucao', 'L20', 1, 6],
    ]);
    const d2 = await devolver(4);
    expect(await ledgerDe(t, d2.id, p.id)).toEqual([['entrada_devolucao', 'L20', 4, 10]]);
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 5, L60: 5 });
  });

  it('outs beyond the lots leave a row without lot; stock without lot is kept apart', async () => {
    const t = await newTenant(ctx);
    const p = await produtoLote(t, 'Coleira antipulgas');
    await entradaLote(t.headers, p.id, 2, { numero: 'A', dataValidade: addDays(hoje(), 90) });
    // An entry of a lot product without a lot goes to no lot.
    const semLote = await ajusteOk(t.headers, { modo: 'entrada', motivo: 'Achado', itens: [{ produtoId: p.id, quantidade: 3 }] });
    expect(semLote.movimentacoes.map((m) => [m.quantidade, m.lote])).toEqual([[3, null]]);
    const saida = await ajusteOk(t.headers, { modo: 'saida', motivo: 'Quebra', itens: [{ produtoId: p.id, quantidade: 4 }] });
    const linhas = saida.movimentacoes.map((m) => [m.quantidade, m.lote?.numero ?? null, m.saldoResultante] as const);
    // Lots first (the balance after each row: 3, then 1 for the rest without lot).
    expect(linhas.sort((a, b) => b[2] - a[2])).toEqual([
      [-2, 'A', 3],
      [-2, null, 1],
    ]);
    expect(await mapaLotes(t, p.id)).toEqual({ A: 0 });
    expect(await saldoEstoque(ctx, t, p.id)).toBe(1);
  });

  it('adjusts one lot by loteId: removal from it, its count, and refuses another unit lot', async () => {
    const { t, p } = await cenario();
    const [l60] = (await lotesDe(t.headers, `produtoId=${p.id}`)).items.filter((l) => l.numero === 'L60');
    const saida = await ajusteOk(t.headers, {
      modo: 'saida',
      motivo: 'Avaria',
      itens: [{ produtoId: p.id, quantidade: 2, loteId: l60!.id }],
    });
    expect(saida.movimentacoes.map((m) => [m.quantidade, m.lote?.numero])).toEqual([[-2, 'L60']]);
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 5, L60: 3 });

    const demais = await ajuste(t.headers, {
      modo: 'saida',
      motivo: 'Avaria',
      itens: [{ produtoId: p.id, quantidade: 4, loteId: l60!.id }],
    });
    expect(demais.statusCode).toBe(400);
    expect(demais.json<Errors>().errors).toEqual({ 'itens.0.quantidade': ['O lote L60 tem 3 UN'] });

    const contagem = await ajusteOk(t.headers, {
      modo: 'contagem',
      motivo: 'Contagem do lote',
      itens: [{ produtoId: p.id, quantidade: 1, loteId: l60!.id }],
    });
    expect(contagem.itens).toEqual([{ produtoId: p.id, saldoAnterior: 8, saldo: 6 }]);
    expect(contagem.movimentacoes.map((m) => [m.tipo, m.quantidade, m.lote?.numero])).toEqual([['ajuste_saida', -2, 'L60']]);
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 5, L60: 1 });

    const entrada = await ajusteOk(t.headers, {
      modo: 'entrada',
      motivo: 'Achado',
      itens: [{ produtoId: p.id, quantidade: 4, loteId: l60!.id }],
    });
    expect(entrada.movimentacoes.map((m) => [m.quantidade, m.lote?.numero])).toEqual([[4, 'L60']]);
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 5, L60: 5 });

    // A lot of another unit, or of another product, is not found; a product without lots refuses lots.
    const loja2 = await segundaUnidade(ctx, t);
    const la = await ajuste(loja2.headers, {
      modo: 'saida',
      motivo: 'Avaria',
      itens: [{ produtoId: p.id, quantidade: 1, loteId: l60!.id }],
    });
    expect(la.statusCode).toBe(400);
    expect(la.json<Errors>().errors).toEqual({ 'itens.0.loteId': ['Lote não encontrado'] });
    const outro = await produtoLote(t, 'Outro com lote');
    const errado = await ajuste(t.headers, {
      modo: 'entrada',
      motivo: 'Teste',
      itens: [{ produtoId: outro.id, quantidade: 1, loteId: l60!.id }],
    });
    expect(errado.json<Errors>().errors).toEqual({ 'itens.0.loteId': ['Lote não encontrado'] });
    const simples = await produtoLote(t, 'Sem lote', false);
    const semLote = await ajuste(t.headers, {
      modo: 'entrada',
      motivo: 'Teste',
      itens: [{ produtoId: simples.id, quantidade: 1, loteId: l60!.id }],
    });
    expect(semLote.json<Errors>().errors).toEqual({ 'itens.0.loteId': ['"Sem lote" não controla lote'] });
    const lotesInvalidos = await ajuste(t.headers, {
      modo: 'saida',
      motivo: 'Teste',
      itens: [{ produtoId: p.id, quantidade: 1, lote: { numero: 'X' } }],
    });
    expect(lotesInvalidos.json<Errors>().errors).toEqual({ 'itens.0.lote': ['Novo lote só em entradas'] });
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 5, L60: 5 });
  });

  it('purchase entries with lots, their sum checked; a cancelled purchase takes back its own lots', async () => {
    const { t, p } = await cenario();
    const compraId = randomUUID();
    const compra: MovimentoEstoque = {
      tipo: 'entrada_compra',
      origem: 'compra',
      origemId: compraId,
      usuarioId: t.usuarioId,
      permitirNegativo: false,
    };
    const lote = (numero: string, quantidade: number, dias: number | null) => ({
      numero,
      quantidade,
      dataFabricacao: null,
      dataValidade: dias === null ? null : addDays(hoje(), dias),
    });

    await expect(
      noTenant(ctx, t, (tx) =>
        movimentarEstoque(tx, [{ produtoId: p.id, quantidade: 4, custoUnitario: 12, lotes: [lote('C1', 3, 90)] }], compra),
      ),
    ).rejects.toThrow('A soma dos lotes de "Vermífugo Drontal" (3 UN) difere da quantidade do item (4 UN)');
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 5, L60: 5 });

    await noTenant(ctx, t, (tx) =>
      movimentarEstoque(
        tx,
        [{ produtoId: p.id, quantidade: 6, custoUnitario: 12, lotes: [lote('C1', 4, 90), lote('L20', 2, null)] }],
        compra,
      ),
    );
    expect(await mapaLotes(t, p.id)).toEqual({ C1: 4, L20: 7, L60: 5 });
    expect(await ledgerDe(t, compraId, p.id)).toEqual([
      ['entrada_compra', 'C1', 4, 14],
      ['entrada_compra', 'L20', 2, 16],
    ]);
    // L20's expiry kept (the purchase gave none).
    const l20 = (await lotesDe(t.headers, `produtoId=${p.id}`)).items.find((l) => l.numero === 'L20')!;
    expect(l20.dataValidade).toBe(addDays(hoje(), 20));

    await noTenant(ctx, t, (tx) =>
      movimentarEstoque(tx, [{ produtoId: p.id, quantidade: -6 }], { ...compra, tipo: 'cancelamento_compra' }),
    );
    expect(await mapaLotes(t, p.id)).toEqual({ C1: 0, L20: 5, L60: 5 });
    expect(
      (await ledgerDe(t, compraId, p.id))
        .filter((r) => r[0] === 'cancelamento_compra')
        .map((r) => [r[1], r[2]])
        .sort(),
    ).toEqual([
      ['C1', -4],
      ['L20', -2],
    ]);
  });

  it('products without lots keep a single ledger row without lot and no lot rows', async () => {
    const t = await newTenant(ctx);
    const p = await produtoLote(t, 'Petisco', false);
    await ajusteOk(t.headers, { modo: 'entrada', motivo: 'Estoque inicial', itens: [{ produtoId: p.id, quantidade: 5 }] });
    await abrirCaixa(ctx, t);
    const venda = await vendaFinalizada(ctx, t, { itens: [{ produto: p, quantidade: 2 }] });
    expect(await ledgerDe(t, venda.id, p.id)).toEqual([['saida_venda', null, -2, 3]]);
    expect(await mapaLotes(t, p.id)).toEqual({});
    // Lots given for a product that does not control them are ignored by the writer.
    await noTenant(ctx, t, (tx) =>
      movimentarEstoque(
        tx,
        [{ produtoId: p.id, quantidade: 1, lotes: [{ numero: 'X', quantidade: 1, dataFabricacao: null, dataValidade: null }] }],
        {
          tipo: 'ajuste_entrada',
          origem: 'ajuste',
          usuarioId: t.usuarioId,
          permitirNegativo: false,
        },
      ),
    );
    expect(await mapaLotes(t, p.id)).toEqual({});
    expect(await saldoEstoque(ctx, t, p.id)).toBe(4);
  });

  it('concurrent outs and counts never consume a lot twice nor lose an update', async () => {
    const { t, p } = await cenario();
    const saida = (origemId: string) =>
      noTenant(ctx, t, (tx) =>
        movimentarEstoque(tx, [{ produtoId: p.id, quantidade: -2 }], {
          tipo: 'saida_venda',
          origem: 'venda',
          origemId,
          usuarioId: t.usuarioId,
          permitirNegativo: false,
        }),
      );
    const resultados = await Promise.allSettled(Array.from({ length: 6 }, () => saida(randomUUID())));
    expect(resultados.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await mapaLotes(t, p.id)).toEqual({ L20: 0, L60: 0 });
    expect(await saldoEstoque(ctx, t, p.id)).toBe(0);

    // A count and removals at once: whatever the order, the ledger adds up to the balance.
    await entradaLote(t.headers, p.id, 10, { numero: 'L90', dataValidade: addDays(hoje(), 90) });
    const respostas = await Promise.all([
      ajuste(t.headers, { modo: 'contagem', motivo: 'Inventário', itens: [{ produtoId: p.id, quantidade: 8 }] }),
      ajuste(t.headers, { modo: 'saida', motivo: 'Quebra', itens: [{ produtoId: p.id, quantidade: 1 }] }),
      ajuste(t.headers, { modo: 'saida', motivo: 'Quebra', itens: [{ produtoId: p.id, quantidade: 1 }] }),
    ]);
    expect(respostas.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const saldo = await saldoEstoque(ctx, t, p.id);
    const [soma] = await noTenant(ctx, t, (tx) =>
      tx
        .select({
          q: sql<string>`sum(${movimentacoesEstoque.quantidade})`,
          l: sql<string>`sum(${movimentacoesEstoque.quantidade}) filter (where ${movimentacoesEstoque.loteId} is not null)`,
        })
        .from(movimentacoesEstoque)
        .where(eq(movimentacoesEstoque.produtoId, p.id)),
    );
    expect(Number(soma!.q)).toBe(saldo);
    expect([6, 7, 8]).toContain(saldo);
    // Every movement named a lot here, so the lots add up to the balance.
    expect(Number(soma!.l)).toBe(saldo);
    expect(Object.values(await mapaLotes(t, p.id)).reduce((a, b) => a + b, 0)).toBe(saldo);
  });
});
