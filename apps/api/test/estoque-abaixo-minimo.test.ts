/**
 * Stock below minimum (`GET /api/estoques?situacao=abaixo_minimo` and the totals' count, issue #20
 * item 4): answered from the partial indexes of migration relatorios_desempenho instead of a
 * walk over the whole catalogue, with the same meaning as before — a minimum (> 0) above the
 * unit's balance (no balance row: 0), or a negative balance; balance == minimum is not below;
 * services, products that do not control stock and inactive products with a zero balance stay
 * out. Each unit reads its own balances; another tenant sees nothing. The home page's card
 * (GET /api/indicadores `estoqueBaixo`) is the list's total, in every unit and tenant.
 *
 * Since migration estoque_abaixo_minimo the fact lives with the balance: `estoques` keeps a copy
 * of the product's minimum (triggers on `produtos`), a product with a minimum has a balance row in
 * every unit (also a unit created later), and the partial index `estoques_abaixo_minimo_idx`
 * finds the rows below. The second test follows the copy through a product's life: minimum
 * raised, lowered to the balance, removed; a new unit; the sale-like upsert of an out; deletion.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PosicaoEstoque, ResumoEstoque } from '@petshop/shared/estoque';
import type { Page } from '@petshop/shared/http';
import type { Indicadores } from '@petshop/shared/indicadores';
import type { Produto } from '@petshop/shared/produto';
import { darEntrada, novoProduto, permitirEstoqueNegativo, segundaUnidade, type NovoProduto } from './fixtures/vendas.ts';
import { queryRows } from '../src/db/rows.ts';
import { newTenant, novaUnidade, useTestApp, type TenantFixture } from './helper.ts';

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

/** The product as the form sends it back (PUT /api/inventario/produtos/:id), with changes. */
const alterar = async (t: TenantFixture, p: Produto, mudancas: { estoqueMinimo?: number; ativo?: boolean }) => {
  const r = await ctx.app.inject({
    method: 'PUT',
    url: `/api/inventario/produtos/${p.id}`,
    headers: t.headers,
    payload: {
      nome: p.nome,
      unidadeMedidaId: p.unidadeMedidaId,
      precoCusto: p.precoCusto,
      precoVenda: p.precoVenda,
      estoqueMinimo: p.estoqueMinimo,
      ativo: p.ativo,
      ...mudancas,
    },
  });
  if (r.statusCode !== 200) throw new Error(`alterar ${p.nome}: ${r.statusCode} ${r.body}`);
};

/** An out of `quantidade` by the stock adjustment (the balance's upsert, as a sale's). */
const saida = async (t: TenantFixture, produtoId: string, quantidade: number) => {
  const r = await ctx.app.inject({
    method: 'POST',
    url: '/api/estoque/ajuste',
    headers: t.headers,
    payload: { modo: 'saida', motivo: 'Quebra', itens: [{ produtoId, quantidade }] },
  });
  if (r.statusCode !== 200) throw new Error(`saída: ${r.statusCode} ${r.body}`);
};

/**
 * The tenant's balance rows whose copy of the minimum differs from the product's, and the
 * (unit, product) pairs of products with a minimum that have no balance row: both must be empty
 * (read outside row-level security, every unit at once).
 */
const copiasErradas = async (t: TenantFixture) => ({
  copia: await queryRows<{ nome: string }>(
    ctx.database.db,
    sql`select p.nome from estoques e join produtos p on p.id = e.produto_id
         where e.tenant_id = ${t.tenantId} and e.estoque_minimo <> p.estoque_minimo`,
  ),
  semLinha: await queryRows<{ nome: string }>(
    ctx.database.db,
    sql`select p.nome from produtos p join unidades_negocio u on u.tenant_id = p.tenant_id
         where p.tenant_id = ${t.tenantId} and p.estoque_minimo > 0
           and not exists (select from estoques e where e.unidade_negocio_id = u.id and e.produto_id = p.id)`,
  ),
});

describe('the minimum kept with the balance (estoques.estoque_minimo)', () => {
  it('follows the minimum when it changes after the balance, in every unit, and lets a product go', async () => {
    const t = await newTenant(ctx);
    const loja2 = await novaUnidade(ctx, t, 'Loja Dois');
    const racao = await produto(t, { nome: 'A ração' });
    await darEntrada(ctx, t, racao.id, 3);
    const areia = await produto(t, { nome: 'B areia', estoqueMinimo: 4 });
    const petisco = await produto(t, { nome: 'C petisco a granel', sigla: 'KG', estoqueMinimo: 2 });
    await darEntrada(ctx, t, petisco.id, 2);
    expect(await copiasErradas(t)).toEqual({ copia: [], semLinha: [] });
    // A: no minimum (3, 0); B: no balance row moved, 0 < 4 in both units; C: 2 = 2 here, 0 < 2 there.
    expect(nomes(await abaixo(t.headers))).toEqual(['B areia']);
    expect(nomes(await abaixo(loja2.headers))).toEqual(['B areia', 'C petisco a granel']);

    // The minimum raised above the balance after it was counted: A is below, in both units.
    await alterar(t, racao, { estoqueMinimo: 5 });
    expect(nomes(await abaixo(t.headers))).toEqual(['A ração', 'B areia']);
    expect(await cartaoELista(t.headers)).toEqual({ cartao: 2, lista: 2 });
    expect(nomes(await abaixo(loja2.headers))).toEqual(['A ração', 'B areia', 'C petisco a granel']);
    // Lowered to the balance: equal is not below (here); still 0 < 3 in the other unit.
    await alterar(t, racao, { estoqueMinimo: 3 });
    expect(nomes(await abaixo(t.headers))).toEqual(['B areia']);
    expect(nomes(await abaixo(loja2.headers))).toEqual(['A ração', 'B areia', 'C petisco a granel']);
    // Removed: below nowhere, unless the balance goes negative (minimum 0).
    await alterar(t, racao, { estoqueMinimo: 0 });
    expect(nomes(await abaixo(loja2.headers))).toEqual(['B areia', 'C petisco a granel']);
    expect(await copiasErradas(t)).toEqual({ copia: [], semLinha: [] });

    // An out through the balance's upsert (the sale's path) takes C (kg) under its minimum, then A negative.
    await saida(t, petisco.id, 0.5);
    await permitirEstoqueNegativo(ctx, t, true);
    await saida(t, racao.id, 4);
    const pagina = await abaixo(t.headers);
    expect(pagina.items.map((i) => [i.nome, i.quantidade, i.estoqueMinimo])).toEqual([
      ['A ração', -1, 0],
      ['B areia', 0, 4],
      ['C petisco a granel', 1.5, 2],
    ]);
    expect((await get<ResumoEstoque>(t.headers, '/api/estoques/resumo?situacao=abaixo_minimo')).abaixoMinimo).toBe(3);

    // Inactive: B has no balance (0), so it leaves the list while inactive, in every unit.
    await alterar(t, areia, { ativo: false });
    expect(nomes(await abaixo(t.headers))).toEqual(['A ração', 'C petisco a granel']);
    expect(nomes(await abaixo(loja2.headers))).toEqual(['C petisco a granel']);
    await alterar(t, areia, { ativo: true });

    // A unit opened later starts with every product that has a minimum below it (balance 0).
    const loja3 = await novaUnidade(ctx, t, 'Loja Três');
    expect(nomes(await abaixo(loja3.headers))).toEqual(['B areia', 'C petisco a granel']);
    expect(await cartaoELista(loja3.headers)).toEqual({ cartao: 2, lista: 2 });
    expect(await copiasErradas(t)).toEqual({ copia: [], semLinha: [] });

    // A product with a minimum that never moved can still be deleted (its zero rows go with it).
    const excluir = await ctx.app.inject({ method: 'DELETE', url: `/api/inventario/produtos/${areia.id}`, headers: t.headers });
    expect(excluir.statusCode).toBe(200);
    expect(nomes(await abaixo(loja3.headers))).toEqual(['C petisco a granel']);
    // One that moved still cannot (its ledger keeps it).
    const movido = await ctx.app.inject({ method: 'DELETE', url: `/api/inventario/produtos/${petisco.id}`, headers: t.headers });
    expect(movido.statusCode).toBe(400);
    expect(nomes(await abaixo(loja3.headers))).toEqual(['C petisco a granel']);

    // Another tenant with the same kind of products sees only its own.
    const outro = await newTenant(ctx);
    await produto(outro, { nome: 'Z do outro', estoqueMinimo: 1 });
    expect(nomes(await abaixo(outro.headers))).toEqual(['Z do outro']);
    expect(nomes(await abaixo(loja3.headers))).toEqual(['C petisco a granel']);
  });
});
