/**
 * Stock below minimum (`GET /api/estoques?situacao=abaixo_minimo` and the totals' count, issue #20
 * item 4): answered from the partial indexes of migration relatorios_desempenho instead of a
 * walk over the whole catalogue, with the same meaning as before — a minimum (> 0) above the
 * unit's balance (no balance row: 0), or a negative balance; balance == minimum is not below;
 * services, products that do not control stock and inactive products with a zero balance stay
 * out. Each unit reads its own balances; another tenant sees nothing. The home page's card
 * (GET /api/indicadores `estoqueBaixo`) is the list's total, in every unit and tenant.
 */
import { describe, expect, it } from 'vitest';
import type { PosicaoEstoque, ResumoEstoque } from '@petshop/shared/estoque';
import type { Page } from '@petshop/shared/http';
import type { Indicadores } from '@petshop/shared/indicadores';
import type { Produto } from '@petshop/shared/produto';
import { darEntrada, novoProduto, permitirEstoqueNegativo, segundaUnidade, type NovoProduto } from './fixtures/vendas.ts';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();

const produto = (t: TenantFixture, p: Omit<NovoProduto, 'precoVenda'> & { nome: string }): Promise<Produto> =>
  novoProduto(ctx, t, { precoCusto: 10, precoVenda: 20, estoqueMinimo: 0, ...p });

const get = <T>(headers: Record<string, string>, url: string) =>
  ctx.app.inject({ url, headers }).then((r) => {
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r.json<T>();
  });
const abaixo = (headers: Record<string, string>, qs = '') =>
  get<Page<PosicaoEstoque>>(headers, `/api/estoques?situacao=abaixo_minimo${qs}`);
const nomes = (p: Page<PosicaoEstoque>) => p.items.map((i) => i.nome);
/** The home page's card and the list's total, side by side. */
const cartaoELista = async (headers: Record<string, string>) => ({
  cartao: (await get<Indicadores>(headers, '/api/indicadores')).estoqueBaixo?.quantidade,
  lista: (await abaixo(headers)).total,
});

describe('GET /api/estoques?situacao=abaixo_minimo', () => {
  it('lists exactly the products under their minimum or negative, and counts them the same way', async () => {
    const t = await newTenant(ctx);
    const igual = await produto(t, { nome: 'A igual ao mínimo', estoqueMinimo: 5 });
    const quase = await produto(t, { nome: 'B quase no mínimo', sigla: 'KG', estoqueMinimo: 5 });
    const semSaldo = await produto(t, { nome: 'C sem saldo', estoqueMinimo: 3 });
    const negativo = await produto(t, { nome: 'D negativo sem mínimo' });
    await produto(t, { nome: 'E sem mínimo sem saldo' });
    const folgado = await produto(t, { nome: 'F acima do mínimo', estoqueMinimo: 2 });
    await produto(t, { nome: 'G inativo sem saldo', estoqueMinimo: 5, ativo: false });
    const inativoComSaldo = await produto(t, { nome: 'H inativo com saldo', estoqueMinimo: 5, ativo: false });
    await produto(t, { nome: 'I serviço', tipo: 'servico', estoqueMinimo: 5 });
    await produto(t, { nome: 'J sem controle', controlaEstoque: false, estoqueMinimo: 5 });

    await darEntrada(ctx, t, igual.id, 5);
    await darEntrada(ctx, t, quase.id, 4.999);
    await darEntrada(ctx, t, folgado.id, 10);
    await darEntrada(ctx, t, inativoComSaldo.id, 1);
    await permitirEstoqueNegativo(ctx, t, true);
    const saida = await ctx.app.inject({
      method: 'POST',
      url: '/api/estoque/ajuste',
      headers: t.headers,
      payload: { modo: 'saida', motivo: 'Quebra', itens: [{ produtoId: negativo.id, quantidade: 1 }] },
    });
    expect(saida.statusCode).toBe(200);

    // By hand: B (4.999 < 5), C (0 < 3), D (-1 < 0), H (inactive but 1 < 5). A (5 = 5), E (0, no
    // minimum), F (10 > 2), G (inactive, zero), I (service), J (no stock control) are not.
    const esperados = ['B quase no mínimo', 'C sem saldo', 'D negativo sem mínimo', 'H inativo com saldo'];
    const pagina = await abaixo(t.headers, '&pageSize=50');
    expect(nomes(pagina)).toEqual(esperados);
    expect(pagina.total).toBe(4);
    expect(pagina.items.every((i) => i.abaixoMinimo)).toBe(true);
    expect(pagina.items[1]!.produtoId).toBe(semSaldo.id);
    expect(pagina.items.map((i) => [i.quantidade, i.estoqueMinimo])).toEqual([
      [4.999, 5],
      [0, 3],
      [-1, 0],
      [1, 5],
    ]);

    // Paged: the count is the whole set's, the page its slice in name order.
    const segunda = await abaixo(t.headers, '&pageSize=3&page=2');
    expect({ total: segunda.total, nomes: nomes(segunda) }).toEqual({ total: 4, nomes: ['H inativo com saldo'] });
    // A page past the end still tells the total (counted apart).
    const alem = await abaixo(t.headers, '&pageSize=3&page=5');
    expect({ total: alem.total, nomes: nomes(alem) }).toEqual({ total: 4, nomes: [] });
    // With the other filters.
    expect(nomes(await abaixo(t.headers, '&query=saldo'))).toEqual(['C sem saldo', 'H inativo com saldo']);
    expect((await abaixo(t.headers, `&produtoId=${igual.id}`)).total).toBe(0);
    expect(nomes(await get<Page<PosicaoEstoque>>(t.headers, '/api/estoques?situacao=negativo'))).toEqual([
      'D negativo sem mínimo',
    ]);

    // The totals count the same products.
    const resumo = await get<ResumoEstoque>(t.headers, '/api/estoques/resumo?situacao=abaixo_minimo');
    expect(resumo).toMatchObject({ produtos: 4, abaixoMinimo: 4, negativos: 1 });
    expect((await get<ResumoEstoque>(t.headers, '/api/estoques/resumo')).abaixoMinimo).toBe(4);
    // The home page's card counts the same products (C has no balance row and counts).
    expect(await cartaoELista(t.headers)).toEqual({ cartao: 4, lista: 4 });

    // Reaching the minimum takes a product off the list; going under it again puts it back.
    await darEntrada(ctx, t, quase.id, 0.001);
    expect(nomes(await abaixo(t.headers))).toEqual(['C sem saldo', 'D negativo sem mínimo', 'H inativo com saldo']);
    expect(await cartaoELista(t.headers)).toEqual({ cartao: 3, lista: 3 });

    // Another unit of the tenant: no balances there, so every active product with a minimum is
    // below it (0 < minimum) and none is negative; the inactive ones have no balance there.
    const loja2 = await segundaUnidade(ctx, t);
    const outra = await abaixo(loja2.headers);
    expect(nomes(outra)).toEqual(['A igual ao mínimo', 'B quase no mínimo', 'C sem saldo', 'F acima do mínimo']);
    expect(outra.total).toBe(4);
    expect(await cartaoELista(loja2.headers)).toEqual({ cartao: 4, lista: 4 });

    // Another tenant sees none of it.
    const outro = await newTenant(ctx);
    expect((await abaixo(outro.headers)).total).toBe(0);
    expect(await cartaoELista(outro.headers)).toEqual({ cartao: 0, lista: 0 });
  });
});
