/**
 * /api/financeiro/contas (issue #4 item 1, DOMAIN.md §7): every new unit's cash and bank
 * accounts, CRUD with the balance (saldo inicial + ledger), delete refused while in use,
 * permissions, and tenancy down to the unit.
 */
import { describe, expect, it } from 'vitest';
import type { Conta } from '@petshop/shared/conta';
import type { FormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Page } from '@petshop/shared/http';
import { withTenant } from '../src/db/tenant-scope.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { findContaDestino, lancarMovimentoFinanceiro } from '../src/modules/financeiro/contas-ledger.ts';
import { listContas } from '../src/modules/financeiro/contas-repository.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/financeiro/contas';

const criar = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload });
const listar = async (headers: Record<string, string>, qs = '') => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<Page<Conta>>();
};

/** Writes a ledger entry on `contaId` as `t`'s administrator in `unidadeNegocioId`. */
const lancar = (t: TenantFixture, unidadeNegocioId: string, contaId: string, valor: number) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId }, (tx) =>
    lancarMovimentoFinanceiro(tx, {
      contaId,
      data: '2025-03-10',
      valor,
      descricao: 'Transferência do caixa',
      origem: 'transferencia_caixa',
      usuarioId: t.usuarioId,
    }),
  );

describe('/api/financeiro/contas', () => {
  it('every new unit, the first one included, starts with a cash account and a bank account', async () => {
    const t = await newTenant(ctx);
    const primeira = await listar(t.headers);
    expect(primeira.items.map((c) => [c.nome, c.tipo, c.saldo, c.ativo])).toEqual([
      ['Caixa', 'caixa', 0, true],
      ['Conta bancária', 'banco', 0, true],
    ]);
    const filial = await novaUnidade(ctx, t);
    const segunda = await listar(filial.headers);
    expect(segunda.items.map((c) => [c.nome, c.tipo])).toEqual([
      ['Caixa', 'caixa'],
      ['Conta bancária', 'banco'],
    ]);
    // Each unit has its own accounts.
    expect(segunda.items.map((c) => c.id)).not.toContain(primeira.items[0]!.id);
    // The creator's unit is untouched (the defaults ran scoped to the new unit only).
    expect((await listar(t.headers)).total).toBe(2);
  });

  // The demo needs an empty database (its e-mails are global): PGlite starts each file empty;
  // a shared PostgreSQL test database may already hold it.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the demo tenant has accounts in Matriz and in Filial', async () => {
    // Only the demo's tenants and units: the areas' demo data is not what this checks.
    const ids = await seedDemo(ctx.database.db, []);
    for (const unidadeNegocioId of [ids.petShop.unidadeNegocioId, ids.petShop.filialId]) {
      const contas = await withTenant(ctx.database.db, { tenantId: ids.petShop.tenantId, unidadeNegocioId }, (tx) =>
        listContas(tx, { page: 1, pageSize: 20 }),
      );
      expect(contas.items.map((c) => [c.nome, c.tipo])).toEqual([
        ['Caixa', 'caixa'],
        ['Conta bancária', 'banco'],
      ]);
    }
  });

  it('creates, gets, updates and deletes an account; the balance is saldo inicial plus its ledger', async () => {
    const t = await newTenant(ctx);
    const res = await criar(t.headers, {
      nome: ' Itaú PJ ',
      tipo: 'banco',
      banco: 'Itaú',
      agencia: '0001',
      numeroConta: '12345-6',
      saldoInicial: '-1.500,555',
    });
    expect(res.statusCode).toBe(201);
    const conta = res.json<Conta>();
    expect(conta).toEqual({
      id: expect.any(String),
      nome: 'Itaú PJ',
      tipo: 'banco',
      banco: 'Itaú',
      agencia: '0001',
      numeroConta: '12345-6',
      saldoInicial: -1500.56,
      saldo: -1500.56,
      ativo: true,
    });
    await lancar(t, t.unidadeNegocioId, conta.id, 2000);
    await lancar(t, t.unidadeNegocioId, conta.id, -99.99);
    const lida = (await ctx.app.inject({ url: `${URL}/${conta.id}`, headers: t.headers })).json<Conta>();
    expect(lida.saldo).toBe(399.45);
    expect((await listar(t.headers, '&query=itau')).items[0]!.saldo).toBe(399.45);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${conta.id}`,
      headers: t.headers,
      payload: { nome: 'Itaú', tipo: 'banco', saldoInicial: 0, banco: '', ativo: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Itaú', banco: null, agencia: null, saldoInicial: 0, saldo: 1900.01, ativo: false });

    const carteira = (await criar(t.headers, { nome: 'Carteira do dono', tipo: 'carteira' })).json<Conta>();
    expect(carteira).toMatchObject({ saldoInicial: 0, saldo: 0, banco: null });
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${carteira.id}`, headers: t.headers })).json()).toEqual({
      ok: true,
    });
    expect((await ctx.app.inject({ url: `${URL}/${carteira.id}`, headers: t.headers })).statusCode).toBe(404);
  });

  it('validates in Portuguese and keeps names unique per unit', async () => {
    const t = await newTenant(ctx);
    const ruim = await criar(t.headers, { nome: '', tipo: 'poupanca', saldoInicial: 'abc', agencia: 'x'.repeat(21) });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().errors).toEqual({
      nome: ['Nome é obrigatório'],
      tipo: ['Tipo inválido'],
      saldoInicial: ['Saldo inicial deve ser um número'],
      agencia: ['Agência deve ter no máximo 20 caracteres'],
    });
    expect((await criar(t.headers, { nome: 'X', tipo: 'banco', saldoInicial: 1e10 })).json().errors).toEqual({
      saldoInicial: ['Saldo inicial deve estar entre -999.999.999,99 e 999.999.999,99'],
    });
    const dup = await criar(t.headers, { nome: 'CAIXA', tipo: 'carteira' });
    expect(dup.json().errors).toEqual({ nome: ['Já existe uma conta com este nome nesta unidade'] });
    // Another unit has its own "Caixa": the same name is free there.
    const filial = await novaUnidade(ctx, t);
    expect((await criar(filial.headers, { nome: 'Bradesco', tipo: 'banco' })).statusCode).toBe(201);
    expect((await criar(t.headers, { nome: 'Bradesco', tipo: 'banco' })).statusCode).toBe(201);
    const ruimLista = await ctx.app.inject({ url: `${URL}?tipo=poupanca`, headers: t.headers });
    expect(ruimLista.statusCode).toBe(400);
  });

  it('filters by tipo and ativo, page 1 of 20 by default', async () => {
    const t = await newTenant(ctx);
    await criar(t.headers, { nome: 'Nubank', tipo: 'banco' });
    await criar(t.headers, { nome: 'Antiga', tipo: 'banco', ativo: false });
    expect((await ctx.app.inject({ url: URL, headers: t.headers })).json()).toMatchObject({ page: 1, pageSize: 20, total: 4 });
    expect((await listar(t.headers, '&tipo=banco')).items.map((c) => c.nome)).toEqual(['Antiga', 'Conta bancária', 'Nubank']);
    expect((await listar(t.headers, '&tipo=banco&ativo=true')).items.map((c) => c.nome)).toEqual(['Conta bancária', 'Nubank']);
    expect((await listar(t.headers, '&tipo=caixa')).items.map((c) => c.nome)).toEqual(['Caixa']);
  });

  it('refuses to delete an account with ledger entries or that a payment method sends money to', async () => {
    const t = await newTenant(ctx);
    const [caixa, banco] = (await listar(t.headers)).items;
    await lancar(t, t.unidadeNegocioId, caixa!.id, 50);
    const comMovimento = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${caixa!.id}`, headers: t.headers });
    expect(comMovimento.statusCode).toBe(400);
    expect(comMovimento.json().errors.generalErrors).toEqual([
      'Esta conta tem movimentações ou receitas e não pode ser excluída. Desative-a para que não seja mais usada.',
    ]);
    const pix = (await ctx.app.inject({ url: '/api/financeiro/formas-pagamento?tipo=pix', headers: t.headers })).json<
      Page<FormaPagamento>
    >().items[0]!;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/financeiro/formas-pagamento/${pix.id}`,
      headers: t.headers,
      payload: { ...pix, contaDestinoId: banco!.id },
    });
    const destino = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${banco!.id}`, headers: t.headers });
    expect(destino.statusCode).toBe(400);
    expect(destino.json().errors.generalErrors[0]).toMatch(/conta de destino de uma forma de pagamento/);
    expect((await listar(t.headers)).total).toBe(2);
  });

  it('caixa and financeiro read; only financeiro writes; others are refused', async () => {
    const t = await newTenant(ctx);
    const caixa = (await usuarioComPerfil(ctx, t, 'caixa')).headers;
    const financeiro = (await usuarioComPerfil(ctx, t, 'financeiro')).headers;
    const recepcao = (await usuarioComPerfil(ctx, t, 'recepcao')).headers;
    expect((await listar(caixa)).total).toBe(2);
    expect((await ctx.app.inject({ url: URL, headers: recepcao })).statusCode).toBe(403);
    expect((await criar(caixa, { nome: 'Y', tipo: 'banco' })).statusCode).toBe(403);
    const conta = (await listar(t.headers)).items[0]!;
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${conta.id}`, headers: caixa })).statusCode).toBe(403);
    expect((await criar(financeiro, { nome: 'Y', tipo: 'banco' })).statusCode).toBe(201);
  });

  it("a payment method's money lands in its destination account when active and the unit's, else the first bank account, else the cash account", async () => {
    const t = await newTenant(ctx);
    const destino = (id: string | null, unidadeNegocioId = t.unidadeNegocioId) =>
      withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId }, (tx) => findContaDestino(tx, id));
    const desativar = async (conta: Conta) =>
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: `${URL}/${conta.id}`,
            headers: t.headers,
            payload: { ...conta, ativo: false },
          })
        ).statusCode,
      ).toBe(200);
    const inicial = (await listar(t.headers)).items;
    const caixa = inicial.find((c) => c.tipo === 'caixa')!;
    const banco = inicial.find((c) => c.tipo === 'banco')!;
    const nubank = (await criar(t.headers, { nome: 'Nubank', tipo: 'banco' })).json<Conta>();
    const filial = await novaUnidade(ctx, t);

    expect(await destino(nubank.id)).toBe(nubank.id);
    expect(await destino(null)).toBe(banco.id); // the oldest bank account
    const bancoFilial = (await listar(filial.headers, '&tipo=banco')).items[0]!;
    expect(await destino(nubank.id, filial.id)).toBe(bancoFilial.id); // another unit's account: that unit's own bank
    await desativar(nubank);
    expect(await destino(nubank.id)).toBe(banco.id);
    await desativar(banco);
    expect(await destino(nubank.id)).toBe(caixa.id);
    await desativar(caixa);
    expect(await destino(nubank.id)).toBeNull();
  });

  it('keeps tenants and units apart: another tenant or unit cannot see, change or delete an account', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const conta = (await criar(a.headers, { nome: 'Sicredi', tipo: 'banco', saldoInicial: 10 })).json<Conta>();
    const filial = await novaUnidade(ctx, a);
    for (const headers of [b.headers, filial.headers]) {
      expect((await ctx.app.inject({ url: `${URL}/${conta.id}`, headers })).statusCode).toBe(404);
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `${URL}/${conta.id}`,
        headers,
        payload: { nome: 'X', tipo: 'banco' },
      });
      expect(put.statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${conta.id}`, headers })).statusCode).toBe(404);
      expect((await listar(headers, '&query=sicredi')).total).toBe(0);
    }
    expect((await ctx.app.inject({ url: `${URL}/${conta.id}`, headers: a.headers })).json()).toMatchObject({
      nome: 'Sicredi',
      saldo: 10,
    });
  });
});
