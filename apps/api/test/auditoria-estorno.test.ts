/**
 * Audit of payment reversals (issue #22 item 4, `PagamentoEstornado`): an effected payment
 * removed at the till and a finance título's settlement reversed each record one event (value,
 * method, the payment's state before and after) in the act's transaction; removing a payment
 * that never took effect, reversing again, a refused act (400/404) and cancelling a whole sale
 * (VendaCancelada's business) record none; the rows are the tenant's and unit's.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AcaoAuditoria } from '@petshop/shared/auditoria';
import type { Receita } from '@petshop/shared/financeiro';
import { todayISO } from '@petshop/shared/format';
import type { Venda } from '@petshop/shared/venda';
import { auditoriaEventos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import {
  PDV,
  abrirCaixa,
  fecharCaixa,
  formasDoTenant,
  novoCliente,
  novoProduto,
  pagamento,
  pdvOk,
  vendaFinalizada,
  vendaInput,
} from './fixtures/vendas.ts';
import { newTenant, novaUnidade, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const RECEITAS = '/api/financeiro/receitas';

/** The tenant's audit events of `acao`, oldest first (read as the tenant, RLS on). */
const eventos = (t: TenantFixture, acao: AcaoAuditoria) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.select().from(auditoriaEventos).where(eq(auditoriaEventos.acao, acao)).orderBy(asc(auditoriaEventos.criadoEm)),
  );

const excluirPagamento = (headers: Record<string, string>, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `${PDV}/excluir-recebimento-venda/${id}`, headers });

describe('audit of payment reversals at the till', () => {
  it('removing an effected payment records one event; without an open register (400) or never effected, none', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    const caixaId = await abrirCaixa(ctx, t, 100);
    const racao = await novoProduto(ctx, t, { nome: 'Ração Golden 15 kg', precoVenda: 150, estoque: 5 });
    const cliente = await novoCliente(ctx, t);
    const aberta = await pdvOk(
      ctx,
      t.headers,
      'deixar-venda-aberta',
      vendaInput({
        itens: [{ produto: racao, quantidade: 1 }],
        clienteId: cliente.id,
        financeiros: [pagamento(formas.pix, 100)],
      }),
    );
    const pix = aberta.financeiros[0]!;
    expect(pix.efetivado).toBe(true);

    // No open register: refused, and the event goes with the rollback.
    await fecharCaixa(ctx, t, caixaId);
    const semCaixa = await excluirPagamento(t.headers, pix.id);
    expect(semCaixa.statusCode).toBe(400);
    expect(await eventos(t, 'PagamentoEstornado')).toEqual([]);

    const novoCaixa = await abrirCaixa(ctx, t, 0);
    const res = await excluirPagamento(t.headers, pix.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Venda>().financeiros).toEqual([]);
    const [evento, ...outros] = await eventos(t, 'PagamentoEstornado');
    expect(outros).toEqual([]);
    expect(evento).toMatchObject({
      entidade: 'venda_pagamento',
      entidadeId: pix.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: t.unidadeNegocioId,
      descricao: `Pagamento de R$ 100,00 (${formas.pix.nome}) da venda nº ${aberta.numero} estornado`,
      antes: {
        vendaId: aberta.id,
        vendaNumero: aberta.numero,
        formaPagamento: formas.pix.nome,
        valor: 100,
        valorRecebido: 100,
        troco: 0,
        parcelas: 1,
        situacao: 'Efetivado',
      },
      depois: { situacao: 'Estornado', caixaEstornoId: novoCaixa },
    });
    // Gone: a second delete is 404 and records nothing.
    expect((await excluirPagamento(t.headers, pix.id)).statusCode).toBe(404);

    // A payment of a sale still at the till never took effect: removing it moves no money.
    const rascunho = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: racao, quantidade: 1 }], financeiros: [pagamento(formas.dinheiro, 50)] }),
    });
    expect(rascunho.financeiros[0]!.efetivado).toBe(false);
    expect((await excluirPagamento(t.headers, rascunho.financeiros[0]!.id)).statusCode).toBe(200);
    expect(await eventos(t, 'PagamentoEstornado')).toHaveLength(1);

    // Another tenant reads none of it.
    expect(await eventos(await newTenant(ctx), 'PagamentoEstornado')).toEqual([]);
  });

  it('cancelling a whole sale does not record each payment as reversed', async () => {
    const t = await newTenant(ctx);
    await abrirCaixa(ctx, t, 0);
    const bola = await novoProduto(ctx, t, { nome: 'Bola de vinil', precoVenda: 15.5, estoque: 5 });
    const venda = await vendaFinalizada(ctx, t, { itens: [{ produto: bola, quantidade: 2 }] });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${venda.id}?motivo=${encodeURIComponent('Cliente desistiu da compra')}`,
      headers: t.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventos(t, 'PagamentoEstornado')).toEqual([]);
  });
});

describe('audit of settlement reversals in finance', () => {
  const criarReceita = async (t: TenantFixture, headers = t.headers) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: RECEITAS,
      headers,
      payload: { descricao: 'Plano de banhos da Mel', parcelas: [{ dataVencimento: todayISO('America/Sao_Paulo'), valor: 120 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Receita>();
  };
  const baixar = async (t: TenantFixture, id: string, payload: object, headers = t.headers) => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `${RECEITAS}/${id}/baixa`, headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Receita>();
  };
  const estornar = (id: string, headers: Record<string, string>, baixaId?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${RECEITAS}/cancelar-baixar`,
      headers,
      payload: { id, ...(baixaId ? { baixaId } : {}) },
    });

  it('reversing settlements records one event per act with the título before and after; again, nothing', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    const receita = await criarReceita(t);
    await baixar(t, receita.id, { valor: 50, formaPagamentoId: formas.pix.id });
    const baixada = await baixar(t, receita.id, { valor: 70, juros: 2, formaPagamentoId: formas.dinheiro.id });
    expect(baixada.status).toBe('Baixada');
    const [ultima, primeira] = baixada.baixas;

    // A baixa that is not this título's: 404, nothing recorded.
    expect((await estornar(receita.id, t.headers, receita.id)).statusCode).toBe(404);
    expect(await eventos(t, 'PagamentoEstornado')).toEqual([]);

    const uma = await estornar(receita.id, t.headers, ultima!.id);
    expect(uma.statusCode, uma.body).toBe(200);
    const [evento] = await eventos(t, 'PagamentoEstornado');
    expect(evento).toMatchObject({
      entidade: 'receita',
      entidadeId: receita.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: t.unidadeNegocioId,
      descricao: `Baixa de R$ 72,00 (${formas.dinheiro.nome}) da receita "Plano de banhos da Mel" estornada`,
      antes: {
        valorPago: 120,
        status: 'Baixada',
        baixas: [
          {
            id: ultima!.id,
            dataPagamento: todayISO('America/Sao_Paulo'),
            valor: 70,
            total: 72,
            formaPagamento: formas.dinheiro.nome,
          },
        ],
      },
      depois: { valorPago: 50, status: 'BaixaParcial' },
    });

    // All that is left (one more) and then again: one more event, then none.
    expect((await estornar(receita.id, t.headers)).statusCode).toBe(200);
    expect((await estornar(receita.id, t.headers)).statusCode).toBe(200);
    const todos = await eventos(t, 'PagamentoEstornado');
    expect(todos).toHaveLength(2);
    expect(todos[1]).toMatchObject({
      descricao: `Baixa de R$ 50,00 (${formas.pix.nome}) da receita "Plano de banhos da Mel" estornada`,
      antes: { valorPago: 50, status: 'BaixaParcial', baixas: [{ id: primeira!.id, valor: 50 }] },
      depois: { valorPago: 0, status: 'EmAberto' },
    });
  });

  it('several settlements reversed at once are one event; the event carries the unit; other units cannot reverse', async () => {
    const t = await newTenant(ctx);
    const bairro = await novaUnidade(ctx, t);
    const receita = await criarReceita(t, bairro.headers);
    await baixar(t, receita.id, { valor: 20 }, bairro.headers);
    await baixar(t, receita.id, { valor: 30 }, bairro.headers);

    // The first unit does not see the título: 404, nothing recorded.
    expect((await estornar(receita.id, t.headers)).statusCode).toBe(404);
    expect(await eventos(t, 'PagamentoEstornado')).toEqual([]);

    expect((await estornar(receita.id, bairro.headers)).statusCode).toBe(200);
    const [evento, ...outros] = await eventos(t, 'PagamentoEstornado');
    expect(outros).toEqual([]);
    expect(evento).toMatchObject({
      unidadeNegocioId: bairro.id,
      entidadeId: receita.id,
      depois: { valorPago: 0, status: 'EmAberto' },
    });
    expect(evento!.descricao).toMatch(/^2 baixas, total R\$ 50,00 \(.+\), da receita "Plano de banhos da Mel" estornadas$/);
    expect((evento!.antes as { baixas: unknown[] }).baixas).toHaveLength(2);
  });
});
