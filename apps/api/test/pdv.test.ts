import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayISO } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import { addDays, addMonths, valorTaxa, type CaixasParaPdv, type Venda, type VendaResumo } from '@petshop/shared/venda';
import {
  creditoClienteLancamentos,
  movimentacoesCaixa,
  movimentacoesEstoque,
  produtos,
  receitas,
  vendaFinanceiros,
  vendas,
} from '../src/db/schema/index.ts';
import { getSaldoCreditoCliente } from '../src/modules/financeiro/credito-cliente-ledger.ts';
import {
  abrirCaixa,
  fecharCaixa,
  formasDoTenant,
  noTenant,
  novoCliente,
  novoProduto,
  pagamento,
  PDV,
  pdvOk,
  pdvPost,
  permitirEstoqueNegativo,
  saldoEstoque,
  segundaUnidade,
  vendaFinalizada,
  vendaInput,
} from './fixtures/vendas.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
type Errors = { errors: Record<string, string[]> };

const hoje = () => todayISO('America/Sao_Paulo');
const obter = (t: TenantFixture, id: string, headers = t.headers) => ctx.app.inject({ url: `${PDV}/${id}`, headers });
const excluirVenda = (headers: Record<string, string>, id: string, motivo?: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `${PDV}/excluir-venda/${id}${motivo ? `?motivo=${encodeURIComponent(motivo)}` : ''}`,
    headers,
  });
const excluirPagamento = (headers: Record<string, string>, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `${PDV}/excluir-recebimento-venda/${id}`, headers });

const movimentosCaixa = (t: TenantFixture, vendaId: string) =>
  noTenant(ctx, t, (tx) =>
    tx
      .select()
      .from(movimentacoesCaixa)
      .where(eq(movimentacoesCaixa.vendaId, vendaId))
      .orderBy(asc(movimentacoesCaixa.createdAt), asc(movimentacoesCaixa.valor)),
  );
const receitasDaVenda = (t: TenantFixture, vendaId: string) =>
  noTenant(ctx, t, (tx) => tx.select().from(receitas).where(eq(receitas.vendaId, vendaId)).orderBy(asc(receitas.parcela)));
const movimentosEstoque = (t: TenantFixture, produtoId: string) =>
  noTenant(ctx, t, (tx) =>
    tx
      .select()
      .from(movimentacoesEstoque)
      .where(eq(movimentacoesEstoque.produtoId, produtoId))
      .orderBy(asc(movimentacoesEstoque.createdAt)),
  );
const creditoDe = (t: TenantFixture, pessoaId: string) => noTenant(ctx, t, (tx) => getSaldoCreditoCliente(tx, pessoaId));

/** A tenant ready to sell: payment methods, an open register with R$ 100,00, two products. */
const loja = async () => {
  const t = await newTenant(ctx);
  const formas = await formasDoTenant(ctx, t);
  const caixaId = await abrirCaixa(ctx, t, 100);
  const racao = await novoProduto(ctx, t, { nome: 'Ração Golden 15 kg', precoVenda: 150, estoque: 20 });
  const petisco = await novoProduto(ctx, t, { nome: 'Petisco Bifinho', precoVenda: 12.5, estoque: 50 });
  return { t, formas, caixaId, racao, petisco };
};

describe('PDV: totals, rounding and change', () => {
  it('rounds quantities by the unit, applies item and sale percent discounts and freight', async () => {
    const t = await newTenant(ctx);
    const granel = await novoProduto(ctx, t, { nome: 'Ração a granel', precoVenda: 39.9, sigla: 'KG', estoque: 10 });
    const bola = await novoProduto(ctx, t, { nome: 'Bola de vinil', precoVenda: 15.5, estoque: 10 });
    const venda = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: vendaInput({
        itens: [
          { produto: granel, quantidade: 1.2345, desconto: 10, tipoDesconto: 'Percentual' },
          { produto: bola, quantidade: 2.4 },
        ],
        desconto: 5,
        tipoDesconto: 'Percentual',
        valorEntregaFrete: 10,
      }),
      registro: { tela: 'pdv', modo: 0 },
    });
    // 39,90 × 1,235 kg = 49,2765 → 49,28; 10 % → 4,93; 15,50 × 2 = 31,00; 5 % of 75,35 → 3,77.
    expect(venda.itens.map((i) => [i.quantidade, i.valorUnitario, i.valorDesconto, i.valorTotal])).toEqual([
      [1.235, 39.9, 4.93, 44.35],
      [2, 15.5, 0, 31],
    ]);
    expect(venda).toMatchObject({
      status: 'EmAberto',
      tipo: 'Venda',
      emAtendimento: true,
      valorBruto: 80.28,
      valorDescontoItens: 4.93,
      valorDescontos: 8.7,
      valorEntregaFrete: 10,
      valorLiquido: 81.58,
      valorPago: 0,
      valorEmAberto: 81.58,
      snapshot: { tela: 'pdv', modo: 0 },
    });
    expect(venda.sId).toBe(venda.id);
    expect(venda.itens[0]!.produto.unidadeMedida).toEqual({ sigla: 'KG', permiteVendaFracionada: true });

    const zero = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: granel, quantidade: 0.0004 }] }),
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<Errors>().errors['itens.0.quantidade']).toBeDefined();
    const meia = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: bola, quantidade: 0.4 }] }),
    });
    expect(meia.statusCode).toBe(400);
    expect(meia.json<Errors>().errors['itens.0.quantidade']).toEqual(['"Bola de vinil" é vendido em unidades inteiras']);
  });

  it('gives change for cash and records the cash net of change in the register', async () => {
    const { t, formas, racao, caixaId } = await loja();
    const input = vendaInput({ itens: [{ produto: racao, quantidade: 1 }], financeiros: [pagamento(formas.dinheiro, 200)] });
    const venda = await pdvOk(ctx, t.headers, 'salvar-venda', input);
    expect(venda).toMatchObject({
      status: 'Finalizada',
      emAtendimento: false,
      valorLiquido: 150,
      valorPago: 150,
      valorEmAberto: 0,
      valorTroco: 50,
    });
    expect(venda.caixaId).toBe(caixaId);
    expect(venda.dataFinalizacao).not.toBeNull();
    expect(venda.snapshot).toBeNull();
    expect(venda.financeiros).toMatchObject([
      { valor: 150, valorRecebido: 200, troco: 50, efetivado: true, formaPagamento: { tipo: 'dinheiro' } },
    ]);
    const movs = await movimentosCaixa(t, venda.id);
    expect(movs.map((m) => [m.tipo, Number(m.valor), m.caixaId])).toEqual([['recebimento', 150, caixaId]]);
    expect(movs[0]!.descricao).toBe(`Venda nº ${venda.numero} – ${formas.dinheiro.nome}`);
    expect(await saldoEstoque(ctx, t, racao.id)).toBe(19);
    expect(await receitasDaVenda(t, venda.id)).toEqual([]);
  });

  it('refuses a non-cash payment above the open balance and a payment when nothing is open', async () => {
    const { t, formas, petisco } = await loja();
    const acima = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: petisco, quantidade: 2 }], financeiros: [pagamento(formas.pix, 25.01)] }),
    });
    expect(acima.statusCode).toBe(400);
    expect(acima.json<Errors>().errors['financeiros.0.valorRecebido']).toEqual(['Valor maior que o saldo em aberto (R$ 25,00)']);
    const nada = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: vendaInput({
        itens: [{ produto: petisco, quantidade: 2 }],
        financeiros: [pagamento(formas.pix, 25), pagamento(formas.dinheiro, 10)],
      }),
    });
    expect(nada.statusCode).toBe(400);
    expect(nada.json<Errors>().errors['financeiros.1.valorRecebido']).toEqual(['Não há saldo em aberto para receber']);
    const parcelas = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: vendaInput({
        itens: [{ produto: petisco, quantidade: 2 }],
        financeiros: [pagamento(formas.pix, 25, { parcelas: 2 })],
      }),
    });
    expect(parcelas.statusCode).toBe(400);
    expect(parcelas.json<Errors>().errors['financeiros.0.parcelas']).toBeDefined();
  });

  it('refuses to finalise while something is open, and without items', async () => {
    const { t, formas, petisco } = await loja();
    const input = vendaInput({ itens: [{ produto: petisco, quantidade: 2 }], financeiros: [pagamento(formas.pix, 20)] });
    const falta = await pdvPost(ctx, t.headers, 'salvar-venda', input);
    expect(falta.statusCode).toBe(400);
    expect(falta.json<Errors>().errors.generalErrors).toEqual([
      'Falta receber R$ 5,00: adicione um pagamento ou deixe a venda em aberto',
    ]);
    const vazia = await pdvPost(ctx, t.headers, 'salvar-venda', vendaInput());
    expect(vazia.statusCode).toBe(400);
    expect(vazia.json<Errors>().errors.itens).toBeDefined();
    // Nothing was written by the refused calls.
    expect((await obter(t, input.id)).statusCode).toBe(404);
  });
});

describe('PDV: payment methods', () => {
  it('credit card in 3 installments makes 3 receivables with the fee and settlement dates', async () => {
    const { t, formas, petisco } = await loja();
    const cartao = formas.cartao_credito;
    const venda = await pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({ itens: [{ produto: petisco, quantidade: 8 }], financeiros: [pagamento(cartao, 100, { parcelas: 3 })] }),
    );
    expect(venda.status).toBe('Finalizada');
    const rs = await receitasDaVenda(t, venda.id);
    expect(rs.map((r) => Number(r.valor))).toEqual([33.34, 33.33, 33.33]);
    expect(rs.reduce((s, r) => s + Math.round(Number(r.valor) * 100), 0)).toBe(10000);
    expect(rs.map((r) => Number(r.valorTaxa))).toEqual([33.34, 33.33, 33.33].map((v) => valorTaxa(v, cartao.taxaPercentual)));
    expect(rs.map((r) => r.dataVencimento)).toEqual([0, 1, 2].map((i) => addDays(hoje(), cartao.diasRecebimento + 30 * i)));
    expect(rs.map((r) => [r.parcela, r.totalParcelas, r.status, r.dataEmissao])).toEqual([
      [1, 3, 'EmAberto', hoje()],
      [2, 3, 'EmAberto', hoje()],
      [3, 3, 'EmAberto', hoje()],
    ]);
    expect(rs[0]!.descricao).toBe(`Venda nº ${venda.numero} – parcela 1/3`);
    expect(rs.every((r) => r.contaId !== null && r.formaPagamentoId === cartao.id)).toBe(true);
    const movs = await movimentosCaixa(t, venda.id);
    expect(movs.map((m) => [m.tipo, Number(m.valor), m.formaPagamentoId])).toEqual([['recebimento', 100, cartao.id]]);
  });

  it('a prazo needs a customer; its receivables fall due monthly from the first due date', async () => {
    const { t, formas, racao } = await loja();
    const semCliente = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: racao, quantidade: 1 }], financeiros: [pagamento(formas.a_prazo, 150)] }),
    });
    expect(semCliente.statusCode).toBe(400);
    expect(semCliente.json<Errors>().errors.clienteId).toEqual(['Informe o cliente para receber em A prazo']);

    const cliente = await novoCliente(ctx, t);
    const primeiro = addDays(hoje(), 10);
    const venda = await pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({
        itens: [{ produto: racao, quantidade: 1 }],
        clienteId: cliente.id,
        financeiros: [pagamento(formas.a_prazo, 150, { parcelas: 2, dataVencimento: primeiro })],
      }),
    );
    const rs = await receitasDaVenda(t, venda.id);
    expect(rs.map((r) => [Number(r.valor), r.dataVencimento, r.pessoaId])).toEqual([
      [75, primeiro, cliente.id],
      [75, addMonths(primeiro, 1), cliente.id],
    ]);
    // Default first due date: today + 30 days.
    const outra = await pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({
        itens: [{ produto: racao, quantidade: 1 }],
        clienteId: cliente.id,
        financeiros: [pagamento(formas.a_prazo, 150)],
      }),
    );
    expect((await receitasDaVenda(t, outra.id)).map((r) => r.dataVencimento)).toEqual([addDays(hoje(), 30)]);
    expect(outra.financeiros[0]!.dataVencimento).toBe(addDays(hoje(), 30));
  });

  it('uses customer credit and refuses more than the balance', async () => {
    const { t, formas, petisco } = await loja();
    const cliente = await novoCliente(ctx, t, { credito: 50 });
    const venda = await pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({
        itens: [{ produto: petisco, quantidade: 4 }],
        clienteId: cliente.id,
        financeiros: [pagamento(formas.credito_cliente, 30), pagamento(formas.dinheiro, 20)],
      }),
    );
    expect(venda.status).toBe('Finalizada');
    expect(await creditoDe(t, cliente.id)).toBe(20);
    const lancamentos = await noTenant(ctx, t, (tx) =>
      tx.select().from(creditoClienteLancamentos).where(eq(creditoClienteLancamentos.origemId, venda.id)),
    );
    expect(lancamentos.map((l) => [Number(l.valor), l.origem])).toEqual([[-30, 'venda']]);

    const demais = await pdvPost(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({
        itens: [{ produto: petisco, quantidade: 4 }],
        clienteId: cliente.id,
        financeiros: [pagamento(formas.credito_cliente, 30)],
      }),
    );
    expect(demais.statusCode).toBe(400);
    expect(demais.json<Errors>().errors['financeiros.0.valorRecebido']).toEqual([
      'Crédito insuficiente: o cliente tem R$ 20,00 de crédito',
    ]);
    expect(await creditoDe(t, cliente.id)).toBe(20);
  });
});

describe('PDV: idempotent saves', () => {
  it('the same id twice is one sale; the same payment chave twice is one payment', async () => {
    const { t, formas, petisco } = await loja();
    const pix = pagamento(formas.pix, 10);
    const input = vendaInput({ itens: [{ produto: petisco, quantidade: 2 }], financeiros: [pix] });
    const a = await pdvOk(ctx, t.headers, 'snapshot', { venda: input });
    const b = await pdvOk(ctx, t.headers, 'snapshot', { venda: input });
    expect(b.id).toBe(a.id);
    expect(b.numero).toBe(a.numero);
    expect(b.financeiros).toHaveLength(1);
    expect(b.valorPago).toBe(10);
    expect(await noTenant(ctx, t, (tx) => tx.select({ id: vendas.id }).from(vendas))).toEqual([{ id: input.id }]);
    // The payment sent once more through salvar-recebimento records nothing new either.
    const c = await pdvOk(ctx, t.headers, 'salvar-recebimento', { vendaId: input.id, financeiro: pix });
    expect(c.financeiros).toHaveLength(1);
  });

  it('salvar-venda twice: one stock movement, one register movement, the same answer', async () => {
    const { t, formas, racao } = await loja();
    const input = vendaInput({ itens: [{ produto: racao, quantidade: 2 }], financeiros: [pagamento(formas.dinheiro, 300)] });
    const a = await pdvOk(ctx, t.headers, 'salvar-venda', input);
    const b = await pdvOk(ctx, t.headers, 'salvar-venda', input);
    expect(b).toEqual(a);
    expect((await movimentosEstoque(t, racao.id)).filter((m) => m.tipo === 'saida_venda')).toHaveLength(1);
    expect(await saldoEstoque(ctx, t, racao.id)).toBe(18);
    expect(await movimentosCaixa(t, a.id)).toHaveLength(1);
    // A late autosave of a finalised sale changes nothing.
    const late = await pdvOk(ctx, t.headers, 'snapshot', { venda: { ...input, itens: [] } });
    expect(late).toEqual(a);
  });

  it('keeps the stored price of a line and refuses new lines of inactive products', async () => {
    const { t, petisco } = await loja();
    const input = vendaInput({ itens: [{ produto: petisco, quantidade: 1 }] });
    await pdvOk(ctx, t.headers, 'snapshot', { venda: input });
    await noTenant(ctx, t, (tx) =>
      tx.update(produtos).set({ precoVenda: '99.00', ativo: false }).where(eq(produtos.id, petisco.id)),
    );
    const mesma = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: { ...input, itens: [{ ...input.itens[0]!, quantidade: 3 }] },
    });
    expect(mesma.itens.map((i) => [i.quantidade, i.valorUnitario, i.valorTotal])).toEqual([[3, 12.5, 37.5]]);
    const nova = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: { ...input, itens: [...input.itens, { ...input.itens[0]!, id: randomUUID() }] },
    });
    expect(nova.statusCode).toBe(400);
    expect(nova.json<Errors>().errors['itens.1.produtoId']).toEqual([`O produto "Petisco Bifinho" está inativo`]);
  });
});

describe('PDV: stock rule', () => {
  it('never takes a controlled product below zero unless the unit allows it', async () => {
    const { t, formas } = await loja();
    const ultimo = await novoProduto(ctx, t, { nome: 'Coleira P', precoVenda: 30, estoque: 1 });
    const servico = await novoProduto(ctx, t, { nome: 'Banho', precoVenda: 60, tipo: 'servico' });
    const input = vendaInput({
      itens: [
        { produto: ultimo, quantidade: 2 },
        { produto: servico, quantidade: 1 },
      ],
      financeiros: [pagamento(formas.dinheiro, 120)],
    });
    const res = await pdvPost(ctx, t.headers, 'salvar-venda', input);
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors.generalErrors).toEqual(['Estoque insuficiente de "Coleira P": disponível 1 UN']);
    // The whole sale rolled back: no sale, no movement, stock intact.
    expect((await obter(t, input.id)).statusCode).toBe(404);
    expect(await saldoEstoque(ctx, t, ultimo.id)).toBe(1);

    await permitirEstoqueNegativo(ctx, t, true);
    const venda = await pdvOk(ctx, t.headers, 'salvar-venda', input);
    expect(venda.status).toBe('Finalizada');
    expect(await saldoEstoque(ctx, t, ultimo.id)).toBe(-1);
    expect(await movimentosEstoque(t, servico.id)).toEqual([]);
  });
});

describe('PDV: registers', () => {
  it('a closed register refuses the sale’s payments', async () => {
    const { t, formas, petisco, caixaId } = await loja();
    const input = vendaInput({ itens: [{ produto: petisco, quantidade: 1 }], financeiros: [pagamento(formas.dinheiro, 12.5)] });
    const rascunho = await pdvOk(ctx, t.headers, 'snapshot', { venda: input });
    expect(rascunho.caixaId).toBe(caixaId);
    await fecharCaixa(ctx, t, caixaId);
    const res = await pdvPost(ctx, t.headers, 'salvar-venda', input);
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors.generalErrors).toEqual(['Abra o caixa para receber pagamentos']);
    const fechado = await pdvPost(ctx, t.headers, 'salvar-venda', { ...input, caixaId });
    expect(fechado.statusCode).toBe(400);
    expect(fechado.json<Errors>().errors.caixaId).toBeDefined();
    expect((await obter(t, input.id)).json<Venda>().status).toBe('EmAberto');
  });

  it('lists the open registers (the user’s first) and the payment methods in till order', async () => {
    const { t, caixaId } = await loja();
    const outra = await usuarioComPerfil(ctx, t, 'caixa');
    const caixaOutra = await abrirCaixa(ctx, t, 50, outra.usuarioId);
    const res = await ctx.app.inject({ url: `${PDV}/obter-caixas-para-pdv`, headers: outra.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json<CaixasParaPdv>();
    expect(body.caixas.map((c) => [c.id, c.doUsuario])).toEqual([
      [caixaOutra, true],
      [caixaId, false],
    ]);
    const tipos = body.formasPagamento.map((f) => f.tipo);
    expect(tipos.slice(0, 6)).toEqual(['dinheiro', 'pix', 'cartao_debito', 'cartao_credito', 'credito_cliente', 'a_prazo']);
    expect(body.permiteEstoqueNegativo).toBe(false);
    await permitirEstoqueNegativo(ctx, t, true);
    const depois = await ctx.app.inject({ url: `${PDV}/obter-caixas-para-pdv`, headers: outra.headers });
    expect(depois.json<CaixasParaPdv>().permiteEstoqueNegativo).toBe(true);
  });
});

describe('PDV: leaving a sale open', () => {
  it('needs a customer; stock leaves, payments so far take effect, a later payment finalises it', async () => {
    const { t, formas, racao } = await loja();
    const semCliente = await pdvPost(
      ctx,
      t.headers,
      'deixar-venda-aberta',
      vendaInput({ itens: [{ produto: racao, quantidade: 1 }] }),
    );
    expect(semCliente.statusCode).toBe(400);
    expect(semCliente.json<Errors>().errors.clienteId).toEqual(['Informe o cliente para deixar a venda em aberto']);

    const cliente = await novoCliente(ctx, t, { nome: 'Joana Aberta' });
    const input = vendaInput({
      itens: [{ produto: racao, quantidade: 1 }],
      clienteId: cliente.id,
      financeiros: [pagamento(formas.dinheiro, 50)],
    });
    const aberta = await pdvOk(ctx, t.headers, 'deixar-venda-aberta', input);
    expect(aberta).toMatchObject({ status: 'EmAberto', emAtendimento: false, valorPago: 50, valorEmAberto: 100 });
    expect(aberta.financeiros[0]!.efetivado).toBe(true);
    expect(await saldoEstoque(ctx, t, racao.id)).toBe(19);
    // Again: nothing twice.
    await pdvOk(ctx, t.headers, 'deixar-venda-aberta', input);
    expect(await saldoEstoque(ctx, t, racao.id)).toBe(19);
    expect(await movimentosCaixa(t, aberta.id)).toHaveLength(1);
    // Items of a sale whose stock is out cannot change.
    const mudar = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: { ...input, itens: [{ ...input.itens[0]!, quantidade: 2 }] },
    });
    expect(mudar.statusCode).toBe(400);
    expect(mudar.json<Errors>().errors.itens).toBeDefined();

    const lista = await ctx.app.inject({ url: `${PDV}/listar-venda-orcamento?tab=venda&query=joana`, headers: t.headers });
    expect(lista.json<Page<VendaResumo>>().items.map((v) => v.id)).toEqual([aberta.id]);

    const parte = await pdvOk(ctx, t.headers, 'salvar-recebimento', {
      vendaId: aberta.id,
      financeiro: pagamento(formas.pix, 60),
    });
    expect(parte).toMatchObject({ status: 'EmAberto', valorPago: 110, valorEmAberto: 40 });
    expect(parte.financeiros.every((f) => f.efetivado)).toBe(true);
    const demais = await pdvPost(ctx, t.headers, 'salvar-recebimento', {
      vendaId: aberta.id,
      financeiro: pagamento(formas.pix, 41),
    });
    expect(demais.statusCode).toBe(400);
    expect(demais.json<Errors>().errors['financeiro.valorRecebido']).toEqual(['Valor maior que o saldo em aberto (R$ 40,00)']);
    const quitada = await pdvOk(ctx, t.headers, 'salvar-recebimento', {
      vendaId: aberta.id,
      financeiro: pagamento(formas.dinheiro, 50),
    });
    expect(quitada).toMatchObject({ status: 'Finalizada', valorPago: 150, valorEmAberto: 0, valorTroco: 10 });
    expect(quitada.dataFinalizacao).not.toBeNull();
    expect((await movimentosCaixa(t, aberta.id)).map((m) => Number(m.valor))).toEqual([50, 60, 40]);
    expect((await receitasDaVenda(t, aberta.id)).map((r) => Number(r.valor))).toEqual([60]);
    expect(await saldoEstoque(ctx, t, racao.id)).toBe(19);
  });

  it('paying off a sale left open from the till (salvar-venda) moves the money once and finalises it', async () => {
    const { t, formas, petisco } = await loja();
    const cliente = await novoCliente(ctx, t, { nome: 'José Ávila' });
    const input = vendaInput({ itens: [{ produto: petisco, quantidade: 4 }], clienteId: cliente.id });
    const aberta = await pdvOk(ctx, t.headers, 'deixar-venda-aberta', input);
    expect(aberta.valorEmAberto).toBe(50);
    const porNumero = await ctx.app.inject({ url: `${PDV}/listar-venda-orcamento?query=${aberta.numero}`, headers: t.headers });
    expect(porNumero.json<Page<VendaResumo>>().items.map((v) => [v.id, v.cliente?.nome, v.emAtendimento])).toEqual([
      [aberta.id, 'José Ávila', false],
    ]);
    const semAcento = await ctx.app.inject({ url: `${PDV}/listar-venda-orcamento?query=jose%20avila`, headers: t.headers });
    expect(semAcento.json<Page<VendaResumo>>().total).toBe(1);

    // The till's autosave sends a partial payment: a sale left open takes it at once.
    const parcial = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: { ...input, financeiros: [pagamento(formas.dinheiro, 20)] },
    });
    expect(parcial).toMatchObject({ status: 'EmAberto', valorPago: 20, valorEmAberto: 30 });
    expect(parcial.financeiros.map((f) => f.efetivado)).toEqual([true]);
    const final = pagamento(formas.pix, 30);
    const quitada = await pdvOk(ctx, t.headers, 'salvar-venda', { ...input, financeiros: [final] });
    expect(quitada).toMatchObject({ status: 'Finalizada', valorPago: 50, valorEmAberto: 0 });
    expect(await pdvOk(ctx, t.headers, 'salvar-venda', { ...input, financeiros: [final] })).toEqual(quitada);
    expect((await movimentosCaixa(t, aberta.id)).map((m) => Number(m.valor))).toEqual([20, 30]);
    expect(await saldoEstoque(ctx, t, petisco.id)).toBe(46);
  });

  it('deleting an effected payment reverses it; a finalised sale must be cancelled instead', async () => {
    const { t, formas, racao, caixaId } = await loja();
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
    expect((await receitasDaVenda(t, aberta.id)).map((r) => r.status)).toEqual(['EmAberto']);
    const depois = (await excluirPagamento(t.headers, pix.id)).json<Venda>();
    expect(depois).toMatchObject({ status: 'EmAberto', valorPago: 0, valorEmAberto: 150, financeiros: [] });
    expect((await receitasDaVenda(t, aberta.id)).map((r) => r.status)).toEqual(['Cancelada']);
    expect((await movimentosCaixa(t, aberta.id)).map((m) => [m.tipo, Number(m.valor), m.formaPagamentoId, m.caixaId])).toEqual([
      ['recebimento', 100, formas.pix.id, caixaId],
      ['estorno', -100, formas.pix.id, caixaId],
    ]);
    expect((await excluirPagamento(t.headers, pix.id)).statusCode).toBe(404);

    const finalizada = await vendaFinalizada(ctx, t, { itens: [{ produto: racao, quantidade: 1 }] });
    const res = await excluirPagamento(t.headers, finalizada.financeiros[0]!.id);
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors.generalErrors).toEqual(['Cancele a venda para estornar pagamentos']);
  });

  it('deleting a payment not yet effected just removes it', async () => {
    const { t, formas, petisco } = await loja();
    const rascunho = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: petisco, quantidade: 2 }], financeiros: [pagamento(formas.dinheiro, 10)] }),
    });
    const depois = (await excluirPagamento(t.headers, rascunho.financeiros[0]!.id)).json<Venda>();
    expect(depois).toMatchObject({ valorPago: 0, valorEmAberto: 25, financeiros: [] });
    expect(await movimentosCaixa(t, rascunho.id)).toEqual([]);
  });
});

describe('PDV: cancelling', () => {
  it('a draft is cancelled without a reason and without effects', async () => {
    const { t, petisco } = await loja();
    const rascunho = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: petisco, quantidade: 2 }] }),
    });
    const res = await excluirVenda(t.headers, rascunho.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Venda>()).toMatchObject({ status: 'Cancelada', motivoCancelamento: null, emAtendimento: false });
    expect(await saldoEstoque(ctx, t, petisco.id)).toBe(50);
    const depois = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ id: rascunho.id, itens: [{ produto: petisco, quantidade: 1 }] }),
    });
    expect(depois.json<Venda>().status).toBe('Cancelada');
  });

  it('a finalised sale needs a reason and reverses stock, cash, receivables and credit', async () => {
    const { t, formas, racao, petisco, caixaId } = await loja();
    const cliente = await novoCliente(ctx, t, { credito: 40 });
    const venda = await pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({
        itens: [
          { produto: racao, quantidade: 1 },
          { produto: petisco, quantidade: 2 },
        ],
        clienteId: cliente.id,
        financeiros: [
          pagamento(formas.credito_cliente, 25),
          pagamento(formas.cartao_credito, 100, { parcelas: 2 }),
          pagamento(formas.dinheiro, 60),
        ],
      }),
    );
    expect(venda).toMatchObject({ status: 'Finalizada', valorLiquido: 175, valorTroco: 10 });
    expect(await creditoDe(t, cliente.id)).toBe(15);
    expect(await saldoEstoque(ctx, t, racao.id)).toBe(19);

    const semMotivo = await excluirVenda(t.headers, venda.id);
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json<Errors>().errors.motivo).toEqual(['Informe o motivo do cancelamento']);

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${venda.id}`,
      headers: t.headers,
      payload: { motivo: 'Cliente desistiu da compra' },
    });
    expect(res.statusCode).toBe(200);
    const cancelada = res.json<Venda>();
    expect(cancelada).toMatchObject({ status: 'Cancelada', motivoCancelamento: 'Cliente desistiu da compra' });
    expect(cancelada.dataCancelamento).not.toBeNull();
    expect(await saldoEstoque(ctx, t, racao.id)).toBe(20);
    expect(await saldoEstoque(ctx, t, petisco.id)).toBe(50);
    expect((await movimentosEstoque(t, racao.id)).map((m) => m.tipo)).toEqual(['ajuste_entrada', 'saida_venda', 'estorno_venda']);
    expect((await receitasDaVenda(t, venda.id)).map((r) => r.status)).toEqual(['Cancelada', 'Cancelada']);
    expect(await creditoDe(t, cliente.id)).toBe(40);
    const movs = await movimentosCaixa(t, venda.id);
    const porTipo = (tipo: string) =>
      movs.filter((m) => m.tipo === tipo).reduce((s, m) => s + Math.round(Number(m.valor) * 100), 0);
    expect(porTipo('recebimento')).toBe(17500);
    expect(porTipo('estorno')).toBe(-17500);
    expect(movs.every((m) => m.caixaId === caixaId)).toBe(true);

    const again = await excluirVenda(t.headers, venda.id, 'outra vez');
    expect(again.statusCode).toBe(200);
    expect(again.json<Venda>()).toEqual(cancelada);
    expect(await saldoEstoque(ctx, t, racao.id)).toBe(20);
  });

  it('refuses to reverse a receivable already settled in finance', async () => {
    const { t, formas, racao } = await loja();
    const venda = await pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({ itens: [{ produto: racao, quantidade: 1 }], financeiros: [pagamento(formas.pix, 150)] }),
    );
    await noTenant(ctx, t, (tx) => tx.update(receitas).set({ status: 'Baixada' }).where(eq(receitas.vendaId, venda.id)));
    const res = await excluirVenda(t.headers, venda.id, 'Erro de digitação');
    expect(res.statusCode).toBe(400);
    expect(await saldoEstoque(ctx, t, racao.id)).toBe(19);
  });
});

describe('PDV: quotes', () => {
  it('a quote keeps its prices when it becomes a sale; converting again answers the same sale', async () => {
    const { t, formas, petisco } = await loja();
    const cliente = await novoCliente(ctx, t, { pet: 'Rex' });
    const orcamento = await pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({
        tipo: 'Orcamento',
        itens: [{ produto: petisco, quantidade: 4, desconto: 10, tipoDesconto: 'Percentual' }],
        clienteId: cliente.id,
        petId: cliente.petId!,
        valorEntregaFrete: 5,
      }),
    );
    expect(orcamento).toMatchObject({
      tipo: 'Orcamento',
      statusOrcamento: 'Aberto',
      emAtendimento: false,
      validadeOrcamento: addDays(hoje(), 7),
      valorLiquido: 50,
      pet: { id: cliente.petId, nome: 'Rex' },
    });
    expect(await saldoEstoque(ctx, t, petisco.id)).toBe(50);
    const comPagamento = await pdvPost(ctx, t.headers, 'snapshot', {
      venda: { ...vendaInput({ id: orcamento.id, tipo: 'Orcamento', itens: [] }), financeiros: [pagamento(formas.pix, 1)] },
    });
    expect(comPagamento.statusCode).toBe(400);

    await noTenant(ctx, t, (tx) => tx.update(produtos).set({ precoVenda: '20.00' }).where(eq(produtos.id, petisco.id)));
    const venda = await pdvOk(ctx, t.headers, 'transformar-orcamento-em-venda', { id: orcamento.id });
    expect(venda.id).not.toBe(orcamento.id);
    expect(venda).toMatchObject({
      tipo: 'Venda',
      status: 'EmAberto',
      emAtendimento: true,
      valorLiquido: 50,
      valorEmAberto: 50,
      cliente: { id: cliente.id },
      pet: { id: cliente.petId },
    });
    expect(venda.itens.map((i) => [i.quantidade, i.valorUnitario, i.valorTotal])).toEqual([[4, 12.5, 45]]);
    expect((await obter(t, orcamento.id)).json<Venda>().statusOrcamento).toBe('Convertido');
    expect((await pdvOk(ctx, t.headers, 'transformar-orcamento-em-venda', { id: orcamento.id })).id).toBe(venda.id);

    // Finalising the sale keeps the quote's price on its lines.
    const finalizada = await pdvOk(ctx, t.headers, 'salvar-venda', {
      ...vendaInput({ id: venda.id, clienteId: cliente.id, petId: cliente.petId!, valorEntregaFrete: 5 }),
      itens: venda.itens.map((i) => ({
        id: i.id,
        produtoId: i.produtoId,
        quantidade: i.quantidade,
        desconto: i.desconto,
        tipoDesconto: i.tipoDesconto,
      })),
      financeiros: [pagamento(formas.dinheiro, 50)],
    });
    expect(finalizada).toMatchObject({ status: 'Finalizada', valorLiquido: 50 });
    const lista = await ctx.app.inject({ url: `${PDV}/listar-venda-orcamento?tab=orcamento`, headers: t.headers });
    expect(lista.json<Page<VendaResumo>>().items.map((v) => [v.id, v.statusOrcamento])).toEqual([[orcamento.id, 'Convertido']]);
  });

  it('an expired quote reads Expirado and cannot become a sale', async () => {
    const { t, petisco } = await loja();
    const ontem = addDays(hoje(), -1);
    const orcamento = await pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({ tipo: 'Orcamento', itens: [{ produto: petisco, quantidade: 1 }], validadeOrcamento: ontem }),
    );
    expect(orcamento.statusOrcamento).toBe('Expirado');
    const res = await pdvPost(ctx, t.headers, 'transformar-orcamento-em-venda', { id: orcamento.id });
    expect(res.statusCode).toBe(400);
    const [y, m, d] = ontem.split('-');
    expect(res.json<Errors>().errors.generalErrors).toEqual([`Orçamento expirado em ${d}/${m}/${y}`]);
  });
});

describe('PDV: discounts', () => {
  it('adds a discount to an item or to the sale; a Valor discount above its base is refused', async () => {
    const { t, petisco, racao } = await loja();
    const input = vendaInput({
      itens: [
        { produto: petisco, quantidade: 2 },
        { produto: racao, quantidade: 1 },
      ],
    });
    const item = await pdvOk(ctx, t.headers, 'adicionar-desconto', {
      venda: input,
      itemId: input.itens[0]!.id,
      desconto: 5,
      tipoDesconto: 'Valor',
    });
    expect(item.itens[0]).toMatchObject({ desconto: 5, tipoDesconto: 'Valor', valorDesconto: 5, valorTotal: 20 });
    expect(item.valorLiquido).toBe(170);
    const geral = await pdvOk(ctx, t.headers, 'adicionar-desconto', {
      venda: { ...input, itens: [{ ...input.itens[0]!, desconto: 5 }, input.itens[1]!] },
      desconto: 10,
      tipoDesconto: 'Percentual',
    });
    expect(geral).toMatchObject({ desconto: 10, tipoDesconto: 'Percentual', valorDescontos: 22, valorLiquido: 153 });
    const demais = await pdvPost(ctx, t.headers, 'adicionar-desconto', {
      venda: input,
      itemId: input.itens[0]!.id,
      desconto: 25.01,
      tipoDesconto: 'Valor',
    });
    expect(demais.statusCode).toBe(400);
    expect(demais.json<Errors>().errors.desconto).toEqual(['Desconto maior que o valor (R$ 25,00)']);
    expect((await obter(t, input.id)).json<Venda>().valorLiquido).toBe(153);
  });
});

describe('PDV: permissions and tenancy', () => {
  it('Recepção can quote but not sell nor receive', async () => {
    const { t, formas, petisco } = await loja();
    const recepcao = await usuarioComPerfil(ctx, t, 'recepcao');
    const orcamento = await pdvOk(
      ctx,
      recepcao.headers,
      'salvar-venda',
      vendaInput({ tipo: 'Orcamento', itens: [{ produto: petisco, quantidade: 1 }] }),
    );
    expect(orcamento.usuario.id).toBe(recepcao.usuarioId);
    const venda = await pdvPost(
      ctx,
      recepcao.headers,
      'salvar-venda',
      vendaInput({ itens: [{ produto: petisco, quantidade: 1 }], financeiros: [pagamento(formas.pix, 12.5)] }),
    );
    expect(venda.statusCode).toBe(403);
    const rascunho = await pdvPost(ctx, recepcao.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: petisco, quantidade: 1 }] }),
    });
    expect(rascunho.statusCode).toBe(403);
    const transformar = await pdvPost(ctx, recepcao.headers, 'transformar-orcamento-em-venda', { id: orcamento.id });
    expect(transformar.statusCode).toBe(403);
    const aberta = await vendaFinalizada(ctx, t, { itens: [{ produto: petisco, quantidade: 1 }] });
    expect(
      (await pdvPost(ctx, recepcao.headers, 'salvar-recebimento', { vendaId: aberta.id, financeiro: pagamento(formas.pix, 1) }))
        .statusCode,
    ).toBe(403);
    expect((await excluirVenda(recepcao.headers, aberta.id, 'Não pode')).statusCode).toBe(403);
    expect((await excluirVenda(recepcao.headers, orcamento.id)).statusCode).toBe(200);
    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    expect((await obter(t, orcamento.id, banhista.headers)).statusCode).toBe(403);
  });

  it('another tenant or another unit cannot see, pay or cancel a sale', async () => {
    const { t, formas, racao } = await loja();
    const cliente = await novoCliente(ctx, t);
    const aberta = await pdvOk(
      ctx,
      t.headers,
      'deixar-venda-aberta',
      vendaInput({
        itens: [{ produto: racao, quantidade: 1 }],
        clienteId: cliente.id,
        financeiros: [pagamento(formas.dinheiro, 50)],
      }),
    );
    const outro = await newTenant(ctx);
    const formasOutro = await formasDoTenant(ctx, outro);
    await abrirCaixa(ctx, outro, 100);
    const unidade = await segundaUnidade(ctx, t);
    await abrirCaixa(ctx, t, 100, t.usuarioId, unidade.id);

    for (const headers of [outro.headers, unidade.headers]) {
      expect((await obter(t, aberta.id, headers)).statusCode).toBe(404);
      const pagar = await pdvPost(ctx, headers, 'salvar-recebimento', {
        vendaId: aberta.id,
        financeiro: pagamento(headers === outro.headers ? formasOutro.dinheiro : formas.dinheiro, 100),
      });
      expect(pagar.statusCode).toBe(404);
      expect((await excluirVenda(headers, aberta.id, 'Tentativa indevida')).statusCode).toBe(404);
      expect((await excluirPagamento(headers, aberta.financeiros[0]!.id)).statusCode).toBe(404);
      expect((await pdvPost(ctx, headers, 'transformar-orcamento-em-venda', { id: aberta.id })).statusCode).toBe(404);
      const lista = await ctx.app.inject({ url: `${PDV}/listar-venda-orcamento?tab=venda`, headers });
      expect(lista.json<Page<VendaResumo>>().items).toEqual([]);
    }
    // Writing over the id from another tenant does not touch the sale.
    const produtoOutro = await novoProduto(ctx, outro, { precoVenda: 1, estoque: 5 });
    const sobre = await pdvPost(ctx, outro.headers, 'snapshot', {
      venda: vendaInput({ id: aberta.id, itens: [{ produto: produtoOutro, quantidade: 1 }] }),
    });
    expect(sobre.statusCode).toBe(400);
    const intacta = (await obter(t, aberta.id)).json<Venda>();
    expect(intacta).toMatchObject({ status: 'EmAberto', valorPago: 50, valorEmAberto: 100 });
    expect(
      await noTenant(ctx, t, (tx) => tx.select().from(vendaFinanceiros).where(eq(vendaFinanceiros.vendaId, aberta.id))),
    ).toHaveLength(1);
  });
});

describe('PDV: OpenAPI', () => {
  it('documents every call of the point of sale', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const pdv = Object.keys(paths).filter((p) => p.startsWith(PDV));
    expect(pdv.sort()).toEqual(
      [
        '/adicionar-desconto',
        '/deixar-venda-aberta',
        '/excluir-recebimento-venda/{id}',
        '/excluir-venda/{id}',
        '/listar-venda-orcamento',
        '/obter-caixas-para-pdv',
        '/salvar-recebimento',
        '/salvar-venda',
        '/snapshot',
        '/transformar-orcamento-em-venda',
        '/{id}',
      ]
        .map((p) => `${PDV}${p}`)
        .sort(),
    );
    expect(Object.keys(paths[`${PDV}/excluir-venda/{id}`]!)).toEqual(['delete']);
  });
});
