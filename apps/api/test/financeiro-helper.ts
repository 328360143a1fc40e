/**
 * Setup the finance tests (financeiro-*.test.ts) share (a second unit: `novaUnidade` of
 * helper.ts): the unit's accounts with the bank one's opening balance, an account's balance, a category by name, and the calls of a título list
 * (despesas or receitas) that must answer their success status.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CategoriaFinanceira } from '@petshop/shared/categoria-financeira';
import type { Conta } from '@petshop/shared/conta';
import type { TotaisTitulos } from '@petshop/shared/financeiro';
import { contas } from '../src/db/schema/index.ts';
import { noTenant } from './fixtures/vendas.ts';
import type { TenantFixture, TestContext } from './helper.ts';

/** The unit's accounts by type (Caixa, Conta bancária), the bank one's opening balance set to `saldoInicial` (reais). */
export const contasDaUnidade = async (ctx: TestContext, t: TenantFixture, saldoInicial: number) => {
  const res = await ctx.app.inject({ url: '/api/financeiro/contas?pageSize=100', headers: t.headers });
  expect(res.statusCode).toBe(200);
  const items = res.json<{ items: Conta[] }>().items;
  const banco = items.find((c) => c.tipo === 'banco')!;
  const caixa = items.find((c) => c.tipo === 'caixa')!;
  await noTenant(ctx, t, (tx) =>
    tx
      .update(contas)
      .set({ saldoInicial: saldoInicial.toFixed(2) })
      .where(eq(contas.id, banco.id)),
  );
  return { banco, caixa };
};

/** The balance (reais) of account `contaId` as GET /api/financeiro/contas/{id} answers it. */
export const saldoDaConta = async (ctx: TestContext, t: TenantFixture, contaId: string) => {
  const res = await ctx.app.inject({ url: `/api/financeiro/contas/${contaId}`, headers: t.headers });
  expect(res.statusCode).toBe(200);
  return res.json<Conta>().saldo;
};

/** The tenant's financial category `nome` of `tipo` (throws when there is none). */
export const categoriaPorNome = async (ctx: TestContext, t: TenantFixture, nome: string, tipo: 'despesa' | 'receita') => {
  const res = await ctx.app.inject({
    url: `/api/financeiro/categorias-financeiro?tipo=${tipo}&pageSize=100`,
    headers: t.headers,
  });
  const c = res.json<{ items: CategoriaFinanceira[] }>().items.find((i) => i.nome === nome);
  if (!c) throw new Error(`categoria ${nome} não existe`);
  return c;
};

/**
 * The calls of the título list at `url` (/api/financeiro/despesas or /receitas), each
 * expecting success: `criar` (POST, 201), `obter` (GET /{id}), `baixar` (PATCH /{id}/baixa) and
 * `lista` (GET ?pageSize=100 + `qs`), in `t`'s unit unless `headers` say otherwise.
 */
export const titulosApi = <T>(ctx: TestContext, url: string) => {
  const chamar = async (
    status: number,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const res = await ctx.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  return {
    criar: async (t: TenantFixture, payload: object, headers = t.headers) =>
      (await chamar(201, 'POST', url, headers, payload)).json<T>(),
    obter: async (t: TenantFixture, id: string) => (await chamar(200, 'GET', `${url}/${id}`, t.headers)).json<T>(),
    baixar: async (t: TenantFixture, id: string, payload: object) =>
      (await chamar(200, 'PATCH', `${url}/${id}/baixa`, t.headers, payload)).json<T>(),
    lista: async (t: TenantFixture, qs = '', headers = t.headers) =>
      (await chamar(200, 'GET', `${url}?pageSize=100${qs}`, headers)).json<{
        items: T[];
        total: number;
        totais: TotaisTitulos;
      }>(),
  };
};
