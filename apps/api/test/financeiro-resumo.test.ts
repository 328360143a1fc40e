/**
 * The owner's overview after a day of business (issue #6 "balance equals sum of movements after
 * a day of sales, purchases and register closing"; item 4 /financeiro/): sales in cash (one bag
 * returned, refunded in cash), credit card, debit card and PIX through the till's API, a register expense, the register closed after
 * a transfer of its cash to the bank account, a purchase finalised in installments (one already
 * overdue), the PIX receivable settled and a transfer between accounts. Then every account's
 * balance is saldo inicial + Σ its movements and /contas/saldo agrees, and /resumo shows what to
 * receive and to pay (7/30 days, overdue, card fees), the month's figures, the cash flow with
 * its running balance and the income statement ('Vendas' and the purchase category). Tenancy:
 * another tenant and another unit see none of it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Caixa } from '@petshop/shared/caixa';
import type { Compra } from '@petshop/shared/compra';
import type { ResumoFinanceiro, SaldoContas } from '@petshop/shared/financeiro';
import { fromCents, todayISO, toCents } from '@petshop/shared/format';
import { addDays, addMonths } from '@petshop/shared/venda';
import { queryRows } from '../src/db/rows.ts';
import { formasDoTenant, noTenant, novoProduto, pagamento, pdvOk, vendaInput } from './fixtures/vendas.ts';
import { newTenant, useTestApp, validCnpj, type TenantFixture } from './helper.ts';
import { segundaUnidade } from './fixtures/vendas.ts';

const ctx = useTestApp();

const post = (t: TenantFixture, url: string, payload?: object, method: 'POST' | 'PATCH' = 'POST') =>
  ctx.app.inject({ method, url, headers: t.headers, ...(payload ? { payload } : {}) });
const ok = async <T>(res: Awaited<ReturnType<typeof post>>, status = 200): Promise<T> => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};
const soma = (...v: number[]) => fromCents(v.reduce((s, x) => s + toCents(x), 0));

const resumo = async (headers: Record<string, string>, mes?: string) =>
  ok<ResumoFinanceiro>(await ctx.app.inject({ url: `/api/financeiro/resumo${mes ? `?mes=${mes}` : ''}`, headers }));

/** A day of business in `t`'s unit (see the module comment). */
const umDia = async (t: TenantFixture) => {
  const hoje = todayISO();
  const formas = await formasDoTenant(ctx, t);
  const saldo0 = await ok<SaldoContas>(await ctx.app.inject({ url: '/api/financeiro/contas/saldo', headers: t.headers }));
  const banco = saldo0.contas.find((c) => c.tipo === 'banco')!;
  const contaCaixa = saldo0.contas.find((c) => c.tipo === 'caixa')!;

  const caixa = await ok<Caixa>(await post(t, '/api/comercial/caixas/abrir-caixa', { valorAbertura: 100 }), 201);
  const racao = await novoProduto(ctx, t, { nome: 'Ração Premium 10 kg', precoVenda: 100, estoque: 50 });
  const vender = (quantidade: number, forma: { id: string }, valor: number) =>
    pdvOk(ctx, t.headers, 'salvar-venda', {
      ...vendaInput({ itens: [{ produto: racao, quantidade }], caixaId: caixa.id }),
      financeiros: [pagamento(forma, valor)],
    });
  const emDinheiro = await vender(2, formas.dinheiro, 200);
  // One of the two bags comes back, refunded in cash.
  await ok(
    await post(t, '/api/comercial/devolucoes', {
      vendaId: emDinheiro.id,
      itens: [{ vendaItemId: emDinheiro.itens[0]!.id, quantidade: 1 }],
      reembolso: 'dinheiro',
    }),
    201,
  );
  await vender(2, formas.cartao_credito, 200);
  await vender(1, formas.cartao_debito, 100);
  await vender(1, formas.pix, 100);

  // The register: an expense paid in cash, its cash to the bank, closed.
  const manutencao = await noTenant(ctx, t, async (tx) => {
    const [c] = await queryRows<{ id: string }>(tx, sql`select id from categorias_financeiras where nome = 'Manutenção'`);
    return c!.id;
  });
  await ok(
    await post(t, `/api/comercial/caixas/${caixa.id}/despesa`, {
      valor: 20,
      descricao: 'Lâmpada',
      categoriaFinanceiraId: manutencao,
    }),
    201,
  );
  await ok(await post(t, `/api/comercial/caixas/${caixa.id}/transferencia`, { valor: 150, contaId: banco.id }), 201);
  await ok(
    await post(t, `/api/comercial/caixas/${caixa.id}/fechar`, {
      contagens: [
        { formaPagamentoId: null, valorContado: 30 },
        { formaPagamentoId: formas.pix.id, valorContado: 100 },
        { formaPagamentoId: formas.cartao_debito.id, valorContado: 100 },
        { formaPagamentoId: formas.cartao_credito.id, valorContado: 200 },
      ],
    }),
  );

  // A purchase in four installments, the first already overdue.
  const fornecedor = await ok<{ id: string }>(
    await post(t, '/api/inventario/fornecedores', { razaoSocial: 'Distribuidora PetMix Ltda', cpfCnpj: validCnpj() }),
    201,
  );
  const parcelas = [
    { dataVencimento: addDays(hoje, -3), valor: 60 },
    { dataVencimento: addDays(hoje, 5), valor: 80 },
    { dataVencimento: addDays(hoje, 20), valor: 80 },
    { dataVencimento: addDays(hoje, 40), valor: 80 },
  ];
  const compra = await ok<Compra>(
    await post(t, '/api/compras', {
      fornecedorId: fornecedor.id,
      itens: [{ produtoId: racao.id, quantidade: 10, custoUnitario: 30 }],
      parcelas,
    }),
    201,
  );
  await ok(await post(t, `/api/compras/${compra.id}/finalizar`));

  // The PIX landed: its receivable settled into the bank account; then 50 to the cash account.
  const receitas = await noTenant(ctx, t, (tx) =>
    queryRows<{ id: string; tipo: string; valor: string; valor_taxa: string; vencimento: string }>(
      tx,
      sql`select r.id, f.tipo, r.valor, r.valor_taxa, r.data_vencimento::text as vencimento
          from receitas r join formas_pagamento f on f.id = r.forma_pagamento_id order by f.tipo`,
    ),
  );
  const pix = receitas.find((r) => r.tipo === 'pix')!;
  await ok(await post(t, `/api/financeiro/receitas/${pix.id}/baixa`, { contaId: banco.id, chave: randomUUID() }, 'PATCH'));
  await ok(
    await post(t, '/api/financeiro/contas/transferencia', { contaOrigemId: banco.id, contaDestinoId: contaCaixa.id, valor: 50 }),
    201,
  );
  return { hoje, banco, contaCaixa, parcelas, receitas };
};

describe('GET /api/financeiro/resumo after a day of business', () => {
  it('balances are sums of movements; to receive/pay, month, cash flow and DRE add up', async () => {
    const t = await newTenant(ctx);
    const { hoje, banco, contaCaixa, parcelas, receitas } = await umDia(t);

    // Every account: saldo inicial + Σ its movements, and /contas/saldo says the same.
    const ledger = await noTenant(ctx, t, (tx) =>
      queryRows<{ id: string; saldo: string }>(
        tx,
        sql`select c.id, c.saldo_inicial + coalesce(sum(m.valor), 0) as saldo
            from contas c left join movimentacoes_financeiras m on m.conta_id = c.id group by c.id`,
      ),
    );
    const saldos = await ok<SaldoContas>(await ctx.app.inject({ url: '/api/financeiro/contas/saldo', headers: t.headers }));
    expect(saldos.contas.map((c) => [c.id, c.saldo]).sort()).toEqual(ledger.map((l) => [l.id, Number(l.saldo)]).sort());
    expect(saldos.contas.find((c) => c.id === banco.id)!.saldo).toBe(200); // 150 from the register + 100 PIX − 50
    expect(saldos.contas.find((c) => c.id === contaCaixa.id)!.saldo).toBe(50);
    expect(saldos.total).toBe(250);

    const r = await resumo(t.headers);
    const mes = hoje.slice(0, 7);
    expect(r.hoje).toBe(hoje);
    expect(r.mes).toBe(mes);
    expect(r.saldos).toEqual(saldos);

    // To receive: the cards, net of their fees (the PIX was settled).
    const abertas = receitas
      .filter((x) => x.tipo !== 'pix')
      .map((x) => ({ vencimento: x.vencimento, liquido: soma(Number(x.valor), -Number(x.valor_taxa)) }));
    expect(abertas.map((x) => x.liquido).sort((a, b) => a - b)).toEqual([98.01, 193.02]); // 100 − 1,99 %, 200 − 3,49 %
    const ate = (dias: number) => soma(...abertas.filter((x) => x.vencimento <= addDays(hoje, dias)).map((x) => x.liquido));
    expect(r.aReceber).toEqual({ dias7: ate(7), dias30: ate(30), vencido: 0, quantidadeVencida: 0 });
    expect(r.aReceber.dias30).toBe(291.03);
    // To pay: the purchase's installments.
    expect(r.aPagar).toEqual({ dias7: 80, dias30: 160, vencido: 60, quantidadeVencida: 1 });

    // The month: the PIX settled and the cash sale (net of its refund) in; the register's expense out; what is still due in it.
    expect(r.mesAtual.recebido).toBe(200);
    expect(r.mesAtual.pago).toBe(20);
    const noMes = (d: string) => d.slice(0, 7) === mes;
    expect(r.mesAtual.aReceber).toBe(soma(...abertas.filter((x) => noMes(x.vencimento)).map((x) => x.liquido)));
    expect(r.mesAtual.aPagar).toBe(soma(...parcelas.filter((p) => noMes(p.dataVencimento)).map((p) => p.valor)));

    // Cash flow: every day of the month; today the register's cash and the PIX in (the transfer
    // between accounts is not a flow); after today what is due; the running balance ends today at the total.
    const dias = r.fluxoCaixa;
    expect(dias[0]!.data).toBe(`${mes}-01`);
    expect(dias.at(-1)!.data).toBe(addDays(addMonths(`${mes}-01`, 1), -1));
    const dia = dias.find((d) => d.data === hoje)!;
    expect(dia).toEqual({ data: hoje, entradas: 250, saidas: 0, previsto: false, saldo: 250 });
    expect(dias.filter((d) => d.data < hoje).every((d) => d.saldo === 0 && !d.previsto)).toBe(true);
    // Open títulos due since the month's first day up to today are expected on the first day after today.
    const fimDoMes = dias.at(-1)!.data;
    const esperadoEm = (vencimento: string) =>
      vencimento < `${mes}-01` ? null : vencimento <= hoje ? (hoje < fimDoMes ? addDays(hoje, 1) : hoje) : vencimento;
    let corrente = 250;
    for (const d of dias.filter((x) => x.data > hoje)) {
      const entradas = soma(...abertas.filter((x) => esperadoEm(x.vencimento) === d.data).map((x) => x.liquido));
      const saidas = soma(...parcelas.filter((p) => esperadoEm(p.dataVencimento) === d.data).map((p) => p.valor));
      corrente = soma(corrente, entradas, -saidas);
      expect(d).toEqual({ data: d.data, entradas, saidas, previsto: true, saldo: corrente });
    }
    // …and ends at "saldo previsto no fim do mês" = saldo + a receber − a pagar of the month.
    expect(r.saldoPrevisto).toEqual({
      saldoAtual: 250,
      aReceber: r.mesAtual.aReceber,
      aPagar: r.mesAtual.aPagar,
      valor: soma(250, r.mesAtual.aReceber, -r.mesAtual.aPagar),
      vencimentoDesde: `${mes}-01`,
      vencimentoAte: fimDoMes,
    });
    expect(dias.at(-1)!.saldo).toBe(r.saldoPrevisto!.valor);

    // DRE: six months up to this one; sales net of the return under 'Vendas', the purchase under its category by due date.
    expect(r.dre.meses).toEqual([5, 4, 3, 2, 1, 0].map((n) => addMonths(`${mes}-01`, -n).slice(0, 7)));
    const linha = (categoria: string) => r.dre.linhas.find((l) => l.categoria === categoria)!;
    expect(r.dre.linhas[0]).toMatchObject({ tipo: 'receita', categoria: 'Vendas' });
    expect(linha('Vendas').valores.at(-1)).toBe(500);
    const compraPorMes = r.dre.meses.map((m) =>
      soma(...parcelas.filter((p) => p.dataVencimento.slice(0, 7) === m).map((p) => p.valor)),
    );
    expect(linha('Fornecedores/mercadorias')).toEqual({
      tipo: 'despesa',
      categoria: 'Fornecedores/mercadorias',
      valores: compraPorMes,
    });
    expect(linha('Manutenção').valores.at(-1)).toBe(20);
    expect(r.dre.receitas.at(-1)).toBe(500);
    expect(r.dre.despesas.at(-1)).toBe(soma(compraPorMes.at(-1)!, 20));
    expect(r.dre.resultado.at(-1)).toBe(soma(500, -compraPorMes.at(-1)!, -20));

    // Another month: the next one starts from today's balance plus what is expected until its eve.
    const proximo = addMonths(`${mes}-01`, 1).slice(0, 7);
    const seguinte = await resumo(t.headers, proximo);
    expect(seguinte.fluxoCaixa[0]!.previsto).toBe(true);
    const ultimoDoMes = dias.at(-1)!.saldo;
    const primeiro = seguinte.fluxoCaixa[0]!;
    expect(soma(primeiro.saldo, -primeiro.entradas, primeiro.saidas)).toBe(ultimoDoMes);
    expect(seguinte.dre.meses.at(-1)).toBe(proximo);

    const invalido = await ctx.app.inject({ url: '/api/financeiro/resumo?mes=2026-13', headers: t.headers });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().errors.mes).toEqual(['Mês inválido']);
  });

  it('another tenant and another unit of the same tenant see none of it', async () => {
    const t = await newTenant(ctx);
    await umDia(t);
    const outro = await newTenant(ctx);
    const filial = await segundaUnidade(ctx, t);
    for (const headers of [outro.headers, filial.headers]) {
      const r = await resumo(headers);
      expect(r.saldos.total).toBe(0);
      expect(r.aReceber).toEqual({ dias7: 0, dias30: 0, vencido: 0, quantidadeVencida: 0 });
      expect(r.aPagar).toEqual({ dias7: 0, dias30: 0, vencido: 0, quantidadeVencida: 0 });
      expect(r.mesAtual).toEqual({ recebido: 0, pago: 0, aReceber: 0, aPagar: 0 });
      expect(r.fluxoCaixa.every((d) => d.entradas === 0 && d.saidas === 0 && d.saldo === 0)).toBe(true);
      expect(r.dre.linhas).toEqual([]);
      expect(r.dre.resultado.every((v) => v === 0)).toBe(true);
    }
  });
});
