/**
 * /api/financeiro/formas-pagamento (issue #4 item 1, DOMAIN.md §7): the defaults of a new
 * tenant, CRUD with its rules, delete refused while in use (in this unit or another),
 * permissions and tenancy.
 */
import { describe, expect, it } from 'vitest';
import type { Conta } from '@petshop/shared/conta';
import type { FormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Page } from '@petshop/shared/http';
import { receitas } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { FORMAS_PAGAMENTO_PADRAO } from '../src/modules/financeiro/defaults.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/financeiro/formas-pagamento';

const criar = (t: TenantFixture, payload: object, headers = t.headers) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload });
const listar = async (t: TenantFixture, qs = '', headers = t.headers) => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<Page<FormaPagamento>>();
};
const formaPorTipo = async (t: TenantFixture, tipo: string) => (await listar(t, `&tipo=${tipo}`)).items[0]!;

const contasDa = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ url: '/api/financeiro/contas', headers })).json<Page<Conta>>().items;

describe('/api/financeiro/formas-pagamento', () => {
  it('a new tenant starts with cash, PIX, debit, credit in 12x, customer credit, a prazo, boleto and bank transfer', async () => {
    const t = await newTenant(ctx);
    const { items, total } = await listar(t);
    expect(total).toBe(8);
    const porNome = Object.fromEntries(items.map((f) => [f.nome, f]));
    expect(porNome['Dinheiro']).toMatchObject({
      tipo: 'dinheiro',
      taxaPercentual: 0,
      diasRecebimento: 0,
      maxParcelas: 1,
      ativo: true,
    });
    expect(porNome['PIX']).toMatchObject({ tipo: 'pix', taxaPercentual: 0, diasRecebimento: 0, maxParcelas: 1 });
    expect(porNome['Cartão de débito']).toMatchObject({ tipo: 'cartao_debito', taxaPercentual: 1.99, diasRecebimento: 1 });
    expect(porNome['Cartão de crédito']).toMatchObject({
      tipo: 'cartao_credito',
      taxaPercentual: 3.49,
      diasRecebimento: 30,
      maxParcelas: 12,
    });
    expect(porNome['Crédito do cliente']).toMatchObject({ tipo: 'credito_cliente', maxParcelas: 1 });
    expect(porNome['A prazo']).toMatchObject({ tipo: 'a_prazo', maxParcelas: 12, contaDestinoId: null, contaDestinoNome: null });
    // Payables are paid by boleto and bank transfer (issue #15 item 2).
    expect(porNome['Boleto']).toMatchObject({ tipo: 'boleto', taxaPercentual: 0, maxParcelas: 1, ativo: true });
    expect(porNome['Transferência bancária']).toMatchObject({
      tipo: 'transferencia',
      taxaPercentual: 0,
      maxParcelas: 1,
      ativo: true,
    });
    expect(items.map((f) => f.nome).sort()).toEqual(FORMAS_PAGAMENTO_PADRAO.map((f) => f.nome).sort());
  });

  it('creates, gets, updates and deletes a method, with its destination account of the unit', async () => {
    const t = await newTenant(ctx);
    const banco = (await contasDa(t.headers)).find((c) => c.tipo === 'banco')!;
    const res = await criar(t, {
      nome: ' Boleto Itaú ',
      tipo: 'boleto',
      taxaPercentual: '2,123456',
      diasRecebimento: 2,
      maxParcelas: 6,
      contaDestinoId: banco.id,
    });
    expect(res.statusCode).toBe(201);
    const forma = res.json<FormaPagamento>();
    expect(forma).toEqual({
      id: expect.any(String),
      nome: 'Boleto Itaú',
      tipo: 'boleto',
      taxaPercentual: 2.1235,
      diasRecebimento: 2,
      maxParcelas: 6,
      contaDestinoId: banco.id,
      contaDestinoNome: 'Conta bancária',
      adquirente: null,
      adquirenteCnpj: null,
      ativo: true,
    });
    expect((await ctx.app.inject({ url: `${URL}/${forma.id}`, headers: t.headers })).json()).toEqual(forma);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${forma.id}`,
      headers: t.headers,
      payload: {
        nome: 'Boleto Bradesco',
        tipo: 'boleto',
        taxaPercentual: 1.5,
        diasRecebimento: 3,
        maxParcelas: 1,
        contaDestinoId: null,
        ativo: false,
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      nome: 'Boleto Bradesco',
      taxaPercentual: 1.5,
      contaDestinoId: null,
      contaDestinoNome: null,
      ativo: false,
    });

    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${forma.id}`, headers: t.headers });
    expect(del.json()).toEqual({ ok: true });
    expect((await ctx.app.inject({ url: `${URL}/${forma.id}`, headers: t.headers })).statusCode).toBe(404);
  });

  it('validates every field in Portuguese', async () => {
    const t = await newTenant(ctx);
    const vazio = await criar(t, { nome: ' ', tipo: 'cheque' });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().errors).toEqual({ nome: ['Nome é obrigatório'], tipo: ['Tipo inválido'] });

    const foraDosLimites = await criar(t, {
      nome: 'X',
      tipo: 'cartao_credito',
      taxaPercentual: 100.01,
      diasRecebimento: 366,
      maxParcelas: 49,
    });
    expect(foraDosLimites.json().errors).toEqual({
      taxaPercentual: ['Taxa deve estar entre 0 e 100 %'],
      diasRecebimento: ['Dias para recebimento deve ser um número inteiro entre 0 e 365'],
      maxParcelas: ['Máximo de parcelas deve ser um número inteiro entre 1 e 48'],
    });
    const negativos = await criar(t, { nome: 'X', tipo: 'pix', taxaPercentual: -1, diasRecebimento: 1.5, maxParcelas: 0 });
    expect(Object.keys(negativos.json().errors).sort()).toEqual(['diasRecebimento', 'maxParcelas', 'taxaPercentual']);
    expect((await criar(t, { nome: 'X', tipo: 'pix', taxaPercentual: 'muito' })).json().errors).toEqual({
      taxaPercentual: ['Taxa deve ser um número'],
    });

    const parceladoSemPoder = await criar(t, { nome: 'PIX parcelado', tipo: 'pix', maxParcelas: 3 });
    expect(parceladoSemPoder.json().errors).toEqual({
      maxParcelas: ['Somente cartão de crédito, boleto e a prazo podem ser parcelados'],
    });

    expect((await criar(t, { nome: 'X', tipo: 'pix', contaDestinoId: 'abc' })).json().errors).toEqual({
      contaDestinoId: ['Conta de destino inválida'],
    });
    const outra = await newTenant(ctx);
    const contaAlheia = (await contasDa(outra.headers))[0]!;
    expect((await criar(t, { nome: 'X', tipo: 'pix', contaDestinoId: contaAlheia.id })).json().errors).toEqual({
      contaDestinoId: ['Conta de destino não encontrada nesta unidade'],
    });

    // Absent numbers take their defaults.
    const minima = await criar(t, { nome: 'Vale-presente', tipo: 'dinheiro' });
    expect(minima.json()).toMatchObject({ taxaPercentual: 0, diasRecebimento: 0, maxParcelas: 1, ativo: true });
  });

  it('refuses an inactive destination account or one of another unit, but keeps the one it has', async () => {
    const t = await newTenant(ctx);
    const filial = await novaUnidade(ctx, t);
    const [bancoFilial] = (await contasDa(filial.headers)).filter((c) => c.tipo === 'banco');
    const naFilial = await criar(t, { nome: 'PIX Filial', tipo: 'pix', contaDestinoId: bancoFilial!.id }, filial.headers);
    expect(naFilial.statusCode).toBe(201);
    const forma = naFilial.json<FormaPagamento>();

    // From the first unit: the account is not visible (no name), but saving keeps it.
    const vista = (await ctx.app.inject({ url: `${URL}/${forma.id}`, headers: t.headers })).json<FormaPagamento>();
    expect(vista).toMatchObject({ contaDestinoId: bancoFilial!.id, contaDestinoNome: null });
    const mantida = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${forma.id}`,
      headers: t.headers,
      payload: { ...vista, nome: 'PIX da Filial' },
    });
    expect(mantida.statusCode).toBe(200);
    expect(mantida.json()).toMatchObject({ nome: 'PIX da Filial', contaDestinoId: bancoFilial!.id });
    // Choosing the other unit's account from here is refused.
    const outra = await criar(t, { nome: 'PIX 2', tipo: 'pix', contaDestinoId: bancoFilial!.id });
    expect(outra.json().errors).toEqual({ contaDestinoId: ['Conta de destino não encontrada nesta unidade'] });

    const inativa = await ctx.app.inject({
      method: 'POST',
      url: '/api/financeiro/contas',
      headers: t.headers,
      payload: { nome: 'Conta antiga', tipo: 'banco', ativo: false },
    });
    const comInativa = await criar(t, { nome: 'PIX 3', tipo: 'pix', contaDestinoId: inativa.json<Conta>().id });
    expect(comInativa.json().errors).toEqual({ contaDestinoId: ['A conta de destino está inativa'] });
  });

  it('refuses a name already used in the tenant ignoring case and accents', async () => {
    const t = await newTenant(ctx);
    const dup = await criar(t, { nome: 'CARTAO DE DEBITO', tipo: 'cartao_debito' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ nome: ['Já existe uma forma de pagamento com este nome'] });
    const pix = await formaPorTipo(t, 'pix');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${pix.id}`,
      headers: t.headers,
      payload: { ...pix, nome: 'dinheiro' },
    });
    expect(put.json().errors).toEqual({ nome: ['Já existe uma forma de pagamento com este nome'] });
    const b = await newTenant(ctx);
    expect((await criar(b, { nome: 'Cartão Débito Elo', tipo: 'cartao_debito' })).statusCode).toBe(201);
  });

  it('lists ordered by name, page 1 of 20 by default, with search and ativo and tipo filters', async () => {
    const t = await newTenant(ctx);
    await criar(t, { nome: 'Vale-alimentação', tipo: 'cartao_debito', ativo: false });
    const padrao = await ctx.app.inject({ url: URL, headers: t.headers });
    expect(padrao.json()).toMatchObject({ page: 1, pageSize: 20, total: 9 });
    expect(padrao.json<Page<FormaPagamento>>().items.map((f) => f.nome)).toEqual([
      'A prazo',
      'Boleto',
      'Cartão de crédito',
      'Cartão de débito',
      'Crédito do cliente',
      'Dinheiro',
      'PIX',
      'Transferência bancária',
      'Vale-alimentação',
    ]);
    expect((await listar(t, '&query=CARTAO')).items.map((f) => f.nome)).toEqual(['Cartão de crédito', 'Cartão de débito']);
    expect((await listar(t, '&ativo=false')).items.map((f) => f.nome)).toEqual(['Vale-alimentação']);
    expect((await listar(t, '&tipo=cartao_debito&ativo=true')).items.map((f) => f.nome)).toEqual(['Cartão de débito']);
    expect((await ctx.app.inject({ url: `${URL}?page=2&pageSize=3`, headers: t.headers })).json()).toMatchObject({
      total: 9,
      page: 2,
      items: [{ nome: 'Cartão de débito' }, { nome: 'Crédito do cliente' }, { nome: 'Dinheiro' }],
    });
    const ruim = await ctx.app.inject({ url: `${URL}?tipo=cheque`, headers: t.headers });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().errors.tipo).toEqual(['Tipo inválido']);
  });

  it('refuses to delete a method used by receivables, in this unit or in another one', async () => {
    const t = await newTenant(ctx);
    const filial = await novaUnidade(ctx, t);
    const debito = await formaPorTipo(t, 'cartao_debito');
    const credito = await formaPorTipo(t, 'cartao_credito');
    const receita = (unidadeNegocioId: string, formaPagamentoId: string) =>
      withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId }, (tx) =>
        tx.insert(receitas).values({
          descricao: 'Venda nº 1 – parcela 1/1',
          formaPagamentoId,
          dataEmissao: '2025-01-10',
          dataVencimento: '2025-01-11',
          valor: '100.00',
        }),
      );
    await receita(t.unidadeNegocioId, debito.id);
    await receita(filial.id, credito.id);
    const mensagem =
      'Esta forma de pagamento já foi usada em vendas, caixas ou receitas e não pode ser excluída. Desative-a para que não seja mais oferecida.';
    for (const forma of [debito, credito]) {
      const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${forma.id}`, headers: t.headers });
      expect(del.statusCode).toBe(400);
      expect(del.json().errors).toEqual({ generalErrors: [mensagem] });
    }
    expect((await listar(t)).total).toBe(8);
  });

  it('the till reads methods (vendas, caixa, orçamentos); only financeiro writes', async () => {
    const t = await newTenant(ctx);
    const caixa = (await usuarioComPerfil(ctx, t, 'caixa')).headers;
    const recepcao = (await usuarioComPerfil(ctx, t, 'recepcao')).headers;
    const financeiro = (await usuarioComPerfil(ctx, t, 'financeiro')).headers;
    const banhista = (await usuarioComPerfil(ctx, t, 'banhista')).headers;
    for (const headers of [caixa, recepcao, financeiro]) {
      expect((await ctx.app.inject({ url: URL, headers })).statusCode).toBe(200);
    }
    expect((await ctx.app.inject({ url: URL, headers: banhista })).statusCode).toBe(403);
    const pix = await formaPorTipo(t, 'pix');
    expect((await criar(t, { nome: 'Y', tipo: 'pix' }, caixa)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `${URL}/${pix.id}`, headers: caixa, payload: pix })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${pix.id}`, headers: recepcao })).statusCode).toBe(403);
    expect((await criar(t, { nome: 'Y', tipo: 'pix' }, financeiro)).statusCode).toBe(201);
    expect((await ctx.app.inject({ url: URL })).statusCode).toBe(401);
  });

  it('keeps tenants apart: 404 on another tenant method, never listed', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const forma = (await criar(a, { nome: 'Ticket', tipo: 'cartao_debito' })).json<FormaPagamento>();
    expect((await ctx.app.inject({ url: `${URL}/${forma.id}`, headers: b.headers })).statusCode).toBe(404);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${forma.id}`,
      headers: b.headers,
      payload: { nome: 'X', tipo: 'pix' },
    });
    expect(put.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${forma.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await listar(b, '&query=ticket')).total).toBe(0);
  });
});
