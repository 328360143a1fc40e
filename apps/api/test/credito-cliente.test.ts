/**
 * Customer credit (issue #4 item 8, DOMAIN.md §7): POST /api/financeiro/credito-cliente/creditos,
 * GET /credito-cliente/{id}/creditos and /total — the ledger and its balance, debits never
 * beyond the balance, the ledger shared by the tenant's units, permissions and tenancy.
 */
import { describe, expect, it } from 'vitest';
import type { CreditoClienteLancamento } from '@petshop/shared/credito-cliente';
import type { Page } from '@petshop/shared/http';
import { withTenant } from '../src/db/tenant-scope.ts';
import { lancarCreditoCliente } from '../src/modules/financeiro/credito-cliente-ledger.ts';
import {
  authHeaders,
  injectMultipart,
  newTenant,
  novaUnidade,
  useTestApp,
  usuarioComPerfil,
  type TenantFixture,
} from './helper.ts';

const ctx = useTestApp();
const URL = '/api/financeiro/credito-cliente';

const novaPessoa = async (t: TenantFixture, nome = 'Ana Tutora') => {
  const res = await injectMultipart(ctx, 'POST', '/api/pessoal/pessoas', t.headers, { nome });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
};

const lancar = (t: TenantFixture, payload: object, headers = t.headers) =>
  ctx.app.inject({ method: 'POST', url: `${URL}/creditos`, headers, payload });
const extrato = (t: TenantFixture, pessoaId: string, qs = '', headers = t.headers) =>
  ctx.app.inject({ url: `${URL}/${pessoaId}/creditos${qs}`, headers });
const total = async (t: TenantFixture, pessoaId: string, headers = t.headers) => {
  const res = await ctx.app.inject({ url: `${URL}/${pessoaId}/total`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ pessoaId: string; total: number }>().total;
};

describe('/api/financeiro/credito-cliente', () => {
  it('credits and debit adjustments add up; the ledger lists them newest first with the running balance', async () => {
    const t = await newTenant(ctx);
    const pessoaId = await novaPessoa(t);
    expect(await total(t, pessoaId)).toBe(0);
    expect((await extrato(t, pessoaId)).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });

    const credito = await lancar(t, { pessoaId, valor: '100,00', descricao: 'Crédito de cortesia' });
    expect(credito.statusCode).toBe(201);
    expect(credito.json<CreditoClienteLancamento>()).toEqual({
      id: expect.any(String),
      pessoaId,
      valor: 100,
      origem: 'ajuste',
      origemLabel: 'Ajuste',
      origemId: null,
      descricao: 'Crédito de cortesia',
      usuario: { id: t.usuarioId, nome: 'Administradora Teste' },
      unidadeNegocio: { id: t.unidadeNegocioId, nomeFantasia: 'Loja Centro' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      saldo: 100,
    });
    const debito = await lancar(t, { pessoaId, valor: -30.555, descricao: 'Correção de lançamento' });
    expect(debito.json()).toMatchObject({ valor: -30.56, saldo: 69.44 });
    await lancar(t, { pessoaId, valor: 0.56, descricao: 'Arredondamento' });
    expect(await total(t, pessoaId)).toBe(70);

    const pagina = (await extrato(t, pessoaId)).json<Page<CreditoClienteLancamento>>();
    expect(pagina.total).toBe(3);
    expect(pagina.items.map((l) => [l.descricao, l.valor, l.saldo])).toEqual([
      ['Arredondamento', 0.56, 70],
      ['Correção de lançamento', -30.56, 69.44],
      ['Crédito de cortesia', 100, 100],
    ]);
    const segunda = (await extrato(t, pessoaId, '?page=2&pageSize=2')).json<Page<CreditoClienteLancamento>>();
    expect(segunda).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(segunda.items.map((l) => l.descricao)).toEqual(['Crédito de cortesia']);
  });

  it('refuses a debit beyond the balance, on the valor field', async () => {
    const t = await newTenant(ctx);
    const pessoaId = await novaPessoa(t);
    await lancar(t, { pessoaId, valor: 50, descricao: 'Depósito' });
    const res = await lancar(t, { pessoaId, valor: -50.01, descricao: 'Estorno' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.valor).toEqual([
      expect.stringMatching(/^Crédito insuficiente: o cliente tem R\$\s50,00 de crédito$/),
    ]);
    expect(await total(t, pessoaId)).toBe(50);
    // Exactly the balance is fine.
    expect((await lancar(t, { pessoaId, valor: -50, descricao: 'Estorno' })).json()).toMatchObject({ saldo: 0 });
  });

  it('validates the body in Portuguese', async () => {
    const t = await newTenant(ctx);
    const pessoaId = await novaPessoa(t);
    const vazio = await lancar(t, {});
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().errors).toEqual({
      pessoaId: ['Cliente inválido'],
      valor: ['Valor é obrigatório'],
      descricao: ['Descrição é obrigatória'],
    });
    expect((await lancar(t, { pessoaId, valor: 0.001, descricao: 'x' })).json().errors).toEqual({
      valor: ['Valor deve ser diferente de zero'],
    });
    expect((await lancar(t, { pessoaId, valor: 'dez', descricao: 'x' })).json().errors).toEqual({
      valor: ['Valor deve ser um número'],
    });
    expect((await lancar(t, { pessoaId, valor: 1e10, descricao: 'x' })).json().errors).toEqual({
      valor: ['Valor deve ser no máximo 999.999.999,99'],
    });
    expect((await lancar(t, { pessoaId, valor: 1, descricao: 'x'.repeat(201) })).json().errors).toEqual({
      descricao: ['Descrição deve ter no máximo 200 caracteres'],
    });
    expect((await extrato(t, 'nao-e-id')).statusCode).toBe(400);
    expect(await total(t, pessoaId)).toBe(0);
  });

  it('is one ledger for the tenant: credit from a return in another unit shows and can be spent here', async () => {
    const t = await newTenant(ctx);
    const pessoaId = await novaPessoa(t);
    const { id: filialId } = await novaUnidade(ctx, t);
    await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: filialId }, (tx) =>
      lancarCreditoCliente(tx, {
        pessoaId,
        valor: 40,
        origem: 'devolucao',
        descricao: 'Devolução da venda nº 7',
        usuarioId: t.usuarioId,
      }),
    );
    expect(await total(t, pessoaId)).toBe(40);
    expect(await total(t, pessoaId, authHeaders(t.token, filialId))).toBe(40);
    const [entrada] = (await extrato(t, pessoaId)).json<Page<CreditoClienteLancamento>>().items;
    expect(entrada).toMatchObject({
      origem: 'devolucao',
      origemLabel: 'Devolução',
      unidadeNegocio: { id: filialId, nomeFantasia: 'Loja Bairro' },
      saldo: 40,
    });
    expect((await lancar(t, { pessoaId, valor: -40, descricao: 'Reembolso em dinheiro' })).json()).toMatchObject({ saldo: 0 });
  });

  it('a repeated POST with the same Idempotency-Key records the entry once', async () => {
    const t = await newTenant(ctx);
    const pessoaId = await novaPessoa(t);
    const headers = { ...t.headers, 'idempotency-key': 'credito-1' };
    const first = await lancar(t, { pessoaId, valor: 25, descricao: 'Crédito' }, headers);
    const second = await lancar(t, { pessoaId, valor: 25, descricao: 'Crédito' }, headers);
    expect(second.json().id).toBe(first.json().id);
    expect(await total(t, pessoaId)).toBe(25);
  });

  it('financeiro posts; caixa (the till) reads; recepção is refused', async () => {
    const t = await newTenant(ctx);
    const pessoaId = await novaPessoa(t);
    await lancar(t, { pessoaId, valor: 10, descricao: 'Crédito' });
    const caixa = (await usuarioComPerfil(ctx, t, 'caixa')).headers;
    const financeiro = (await usuarioComPerfil(ctx, t, 'financeiro')).headers;
    const recepcao = (await usuarioComPerfil(ctx, t, 'recepcao')).headers;
    expect(await total(t, pessoaId, caixa)).toBe(10);
    expect((await extrato(t, pessoaId, '', caixa)).statusCode).toBe(200);
    expect((await lancar(t, { pessoaId, valor: 5, descricao: 'X' }, caixa)).statusCode).toBe(403);
    expect((await extrato(t, pessoaId, '', recepcao)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `${URL}/${pessoaId}/total`, headers: recepcao })).statusCode).toBe(403);
    const feito = await lancar(t, { pessoaId, valor: 5, descricao: 'X' }, financeiro);
    expect(feito.statusCode).toBe(201);
    expect(feito.json().usuario.nome).toBe('Usuário financeiro');
  });

  it('keeps tenants apart: 404 for a person of another tenant, on every call', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const pessoaId = await novaPessoa(a);
    await lancar(a, { pessoaId, valor: 80, descricao: 'Crédito' });
    expect((await extrato(b, pessoaId)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `${URL}/${pessoaId}/total`, headers: b.headers })).statusCode).toBe(404);
    const post = await lancar(b, { pessoaId, valor: 10, descricao: 'Intruso' });
    expect(post.statusCode).toBe(404);
    expect(post.json().errors.generalErrors).toEqual(['Cliente não encontrado']);
    expect(await total(a, pessoaId)).toBe(80);
  });
});
