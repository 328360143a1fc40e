/**
 * Expected card and PIX receipts (issue #6 items 1–2, 4; DOMAIN.md §7 "Recebimentos"; spec §7
 * GET /api/financeiro/recebimentos/resumo): real sales through the PDV API (credit, debit,
 * PIX, a prazo) → the resumo per day and per method with fees (a prazo and cancelled sales
 * left out), the period filter, confirming receipts (Baixada, the account gets valor − taxa,
 * repeated confirmation settles nothing twice), a settled receivable blocks cancelling the
 * sale until its settlement is reversed, and tenancy (another tenant, another unit: nothing
 * seen, ids 404 and nothing settled).
 */
import { describe, expect, it } from 'vitest';
import type { Conta } from '@petshop/shared/conta';
import type { Receita, RecebimentosResumo } from '@petshop/shared/financeiro';
import { fromCents, todayISO, toCents } from '@petshop/shared/format';
import { addDays, valorTaxa, type Venda } from '@petshop/shared/venda';
import {
  abrirCaixa,
  formasDoTenant,
  novoCliente,
  novoProduto,
  pagamento,
  PDV,
  pdvOk,
  segundaUnidade,
  vendaInput,
} from './fixtures/vendas.ts';
import { saldoDaConta } from './financeiro-helper.ts';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/financeiro/recebimentos';
type Errors = { errors: Record<string, string[]> };

const hoje = () => todayISO('America/Sao_Paulo');
const cents = (v: number) => toCents(v);
const req = (t: TenantFixture, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object, headers = t.headers) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const resumo = async (t: TenantFixture, qs = '', headers = t.headers) => {
  const res = await req(t, 'GET', `${URL}/resumo${qs}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RecebimentosResumo>();
};
const banco = async (t: TenantFixture) => {
  const items = (await req(t, 'GET', '/api/financeiro/contas?pageSize=100')).json<{ items: Conta[] }>().items;
  return items.find((c) => c.tipo === 'banco')!;
};
const saldo = (t: TenantFixture, contaId: string) => saldoDaConta(ctx, t, contaId);
const receitasDoCartao = async (t: TenantFixture, headers = t.headers) =>
  (
    await req(t, 'GET', '/api/financeiro/receitas?pageSize=100&tipoForma=pix,cartao_debito,cartao_credito', undefined, headers)
  ).json<{ items: Receita[] }>().items;

/** A shop with an open register and a product; sells `valor` per payment through the PDV. */
const loja = async () => {
  const t = await newTenant(ctx);
  const formas = await formasDoTenant(ctx, t);
  await abrirCaixa(ctx, t, 100);
  const produto = await novoProduto(ctx, t, { nome: 'Shampoo neutro', precoVenda: 1, estoque: 10_000 });
  const vender = (pagamentos: ReturnType<typeof pagamento>[], clienteId?: string): Promise<Venda> => {
    const total = pagamentos.reduce((s, p) => s + cents(p.valorRecebido), 0);
    return pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({ itens: [{ produto, quantidade: total / 100 }], financeiros: pagamentos, clienteId }),
    );
  };
  return { t, formas, vender };
};

describe('recebimentos: resumo', () => {
  it('lists card and PIX receivables per day and per method with fees; a prazo and cancelled sales stay out', async () => {
    const { t, formas, vender } = await loja();
    const cliente = await novoCliente(ctx, t);
    await vender([pagamento(formas.cartao_credito, 100), pagamento(formas.cartao_debito, 50), pagamento(formas.pix, 25)]);
    await vender([pagamento(formas.a_prazo, 40)], cliente.id);
    const cancelada = await vender([pagamento(formas.pix, 7)]);
    const cancelar = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${cancelada.id}`,
      headers: t.headers,
      payload: { motivo: 'Cliente desistiu' },
    });
    expect(cancelar.statusCode, cancelar.body).toBe(200);

    const credito = { bruto: 100, taxa: valorTaxa(100, formas.cartao_credito.taxaPercentual) };
    const debito = { bruto: 50, taxa: valorTaxa(50, formas.cartao_debito.taxaPercentual) };
    const pix = { bruto: 25, taxa: valorTaxa(25, formas.pix.taxaPercentual) };
    const dia = (d: number) => addDays(hoje(), d);
    const linha = (data: string, v: { bruto: number; taxa: number }) => ({
      data,
      quantidade: 1,
      bruto: v.bruto,
      taxa: v.taxa,
      liquido: fromCents(cents(v.bruto) - cents(v.taxa)),
      recebido: 0,
      aReceber: v.bruto,
    });
    const r = await resumo(t);
    expect(r.dataInicio).toBe(hoje());
    expect(r.dataFim).toBe(dia(30));
    expect(r.dias).toEqual(
      [
        linha(dia(formas.pix.diasRecebimento), pix),
        linha(dia(formas.cartao_debito.diasRecebimento), debito),
        linha(dia(formas.cartao_credito.diasRecebimento), credito),
      ].sort((a, b) => a.data.localeCompare(b.data)),
    );
    expect(r.porForma.map((f) => [f.formaPagamento.tipo, f.bruto, f.taxa, f.aReceber])).toEqual(
      (
        [
          [formas.cartao_credito, credito],
          [formas.cartao_debito, debito],
          [formas.pix, pix],
        ] as const
      )
        .slice()
        .sort((a, b) => a[0].nome.localeCompare(b[0].nome, 'pt-BR'))
        .map(([f, v]) => [f.tipo, v.bruto, v.taxa, v.bruto]),
    );
    expect(r.totais).toEqual({
      quantidade: 3,
      bruto: 175,
      taxa: fromCents(cents(credito.taxa) + cents(debito.taxa) + cents(pix.taxa)),
      liquido: fromCents(17500 - cents(credito.taxa) - cents(debito.taxa) - cents(pix.taxa)),
      recebido: 0,
      aReceber: 175,
    });

    // The period: only today's PIX.
    const soHoje = await resumo(t, `?dataInicio=${hoje()}&dataFim=${hoje()}`);
    expect(soHoje.dias.map((d) => [d.data, d.bruto])).toEqual([[hoje(), 25]]);
    const invertido = await req(t, 'GET', `${URL}/resumo?dataInicio=${dia(2)}&dataFim=${hoje()}`);
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json<Errors>().errors).toEqual({ dataFim: ['Data final anterior à data inicial'] });
    const ruim = await req(t, 'GET', `${URL}/resumo?dataInicio=ontem`);
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json<Errors>().errors.dataInicio).toEqual(['Data inicial inválida']);
  });
});

describe('recebimentos: confirmar', () => {
  it('settles each one fully with its fee, the account gets valor − taxa; again settles nothing; the sale cannot be cancelled until reversed', async () => {
    const { t, formas, vender } = await loja();
    const conta = await banco(t);
    const saldoAntes = await saldo(t, conta.id);
    const venda = await vender([pagamento(formas.cartao_credito, 200, { parcelas: 2 }), pagamento(formas.cartao_debito, 80)]);
    const receitas = await receitasDoCartao(t);
    expect(receitas).toHaveLength(3);
    const liquido = receitas.reduce((s, r) => s + cents(r.valorLiquido), 0);
    expect(receitas.reduce((s, r) => s + cents(r.valorTaxa), 0)).toBe(
      cents(valorTaxa(100, formas.cartao_credito.taxaPercentual)) * 2 + cents(valorTaxa(80, formas.cartao_debito.taxaPercentual)),
    );

    const futura = await req(t, 'POST', `${URL}/confirmar`, { ids: [receitas[0]!.id], dataRecebimento: addDays(hoje(), 1) });
    expect(futura.statusCode).toBe(400);
    expect(futura.json<Errors>().errors).toEqual({ dataRecebimento: ['Data de recebimento não pode ser posterior a hoje'] });
    const vazia = await req(t, 'POST', `${URL}/confirmar`, { ids: [] });
    expect(vazia.statusCode).toBe(400);
    expect(vazia.json<Errors>().errors.ids).toEqual(['Escolha ao menos um recebimento']);

    const ok = await req(t, 'POST', `${URL}/confirmar`, { ids: receitas.map((r) => r.id) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ confirmados: 3 });
    expect(await saldo(t, conta.id)).toBe(fromCents(cents(saldoAntes) + liquido));
    for (const r of receitas) {
      const depois = (await req(t, 'GET', `/api/financeiro/receitas/${r.id}`)).json<Receita>();
      expect(depois).toMatchObject({ status: 'Baixada', valorPago: r.valor, dataBaixa: hoje() });
      expect(depois.baixas).toMatchObject([
        { valor: r.valor, taxa: r.valorTaxa, total: r.valorLiquido, conta: { id: conta.id } },
      ]);
    }
    const r = await resumo(t, `?dataInicio=${hoje()}&dataFim=${addDays(hoje(), 90)}`);
    expect(r.totais).toMatchObject({ quantidade: 3, bruto: 280, recebido: fromCents(liquido), aReceber: 0 });

    // Again (a double click): nothing settled twice.
    expect((await req(t, 'POST', `${URL}/confirmar`, { ids: receitas.map((x) => x.id) })).json()).toEqual({ confirmados: 0 });
    expect(await saldo(t, conta.id)).toBe(fromCents(cents(saldoAntes) + liquido));

    // Settled in finance: the sale cannot be cancelled until the settlements are reversed.
    const cancelar = () =>
      ctx.app.inject({
        method: 'DELETE',
        url: `${PDV}/excluir-venda/${venda.id}`,
        headers: t.headers,
        payload: { motivo: 'Erro' },
      });
    const recusado = await cancelar();
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json<Errors>().errors.generalErrors).toEqual([
      'Este pagamento já foi baixado no financeiro: cancele a baixa antes de estornar',
    ]);
    for (const x of receitas) {
      const res = await req(t, 'POST', '/api/financeiro/receitas/cancelar-baixar', { id: x.id });
      expect(res.json<Receita>().status).toBe('EmAberto');
    }
    expect(await saldo(t, conta.id)).toBe(saldoAntes);
    expect((await cancelar()).statusCode).toBe(200);
    expect((await resumo(t, `?dataFim=${addDays(hoje(), 90)}`)).totais.quantidade).toBe(0);
  });

  it('confirms into another account on an earlier date', async () => {
    const { t, formas, vender } = await loja();
    await vender([pagamento(formas.pix, 60)]);
    const caixa = (await req(t, 'GET', '/api/financeiro/contas?pageSize=100'))
      .json<{ items: Conta[] }>()
      .items.find((c) => c.tipo === 'caixa')!;
    const [receita] = await receitasDoCartao(t);
    const antes = await saldo(t, caixa.id);
    const ontem = addDays(hoje(), -1);
    const res = await req(t, 'POST', `${URL}/confirmar`, { ids: [receita!.id], contaId: caixa.id, dataRecebimento: ontem });
    expect(res.json()).toEqual({ confirmados: 1 });
    const depois = (await req(t, 'GET', `/api/financeiro/receitas/${receita!.id}`)).json<Receita>();
    expect(depois.baixas).toMatchObject([{ dataPagamento: ontem, conta: { id: caixa.id }, total: receita!.valorLiquido }]);
    expect(await saldo(t, caixa.id)).toBe(fromCents(cents(antes) + cents(receita!.valorLiquido)));
  });
});

describe('recebimentos: tenancy', () => {
  it('another tenant and another unit of the same tenant see nothing and cannot confirm its receipts', async () => {
    const { t, formas, vender } = await loja();
    await vender([pagamento(formas.cartao_debito, 90)]);
    const [receita] = await receitasDoCartao(t);
    const outro = await newTenant(ctx);
    const unidade = await segundaUnidade(ctx, t);
    const periodo = `?dataInicio=${addDays(hoje(), -5)}&dataFim=${addDays(hoje(), 60)}`;
    for (const headers of [outro.headers, unidade.headers]) {
      const r = await resumo(t, periodo, headers);
      expect(r.dias).toEqual([]);
      expect(r.totais.quantidade).toBe(0);
      expect(await receitasDoCartao(t, headers)).toEqual([]);
      const res = await req(t, 'POST', `${URL}/confirmar`, { ids: [receita!.id] }, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json<Errors>().errors.generalErrors).toEqual(['Recebimento não encontrado']);
    }
    // One foreign id among good ones: 404 and nothing settled.
    const [alheia] = await (async () => {
      const o = await loja();
      await o.vender([pagamento(o.formas.pix, 10)]);
      return receitasDoCartao(o.t);
    })();
    const misturado = await req(t, 'POST', `${URL}/confirmar`, { ids: [receita!.id, alheia!.id] });
    expect(misturado.statusCode).toBe(404);
    expect((await req(t, 'GET', `/api/financeiro/receitas/${receita!.id}`)).json<Receita>().status).toBe('EmAberto');
    expect((await resumo(t, periodo)).totais.quantidade).toBe(1);
  });
});
