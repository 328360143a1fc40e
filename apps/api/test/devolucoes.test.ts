import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Devolucao } from '@petshop/shared/devolucao';
import type { Venda } from '@petshop/shared/venda';
import { movimentacoesCaixa, movimentacoesEstoque } from '../src/db/schema/index.ts';
import { getSaldoDinheiroCaixa } from '../src/modules/comercial/caixas/caixa-ledger.ts';
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
  saldoEstoque,
  segundaUnidade,
  vendaFinalizada,
  vendaInput,
} from './fixtures/vendas.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/comercial/devolucoes';
type Errors = { errors: Record<string, string[]> };

const devolver = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload });
const devolverOk = async (t: TenantFixture, payload: object): Promise<Devolucao> => {
  const res = await devolver(t.headers, payload);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<Devolucao>();
};
const dinheiroNoCaixa = (t: TenantFixture, caixaId: string) => noTenant(ctx, t, (tx) => getSaldoDinheiroCaixa(tx, caixaId));

/** A tenant with an open register (R$ 100,00) and a finalised sale: 3 treats and a bag of food, R$ 10,00 off. */
const vendaComDesconto = async (opts: { cliente?: boolean } = {}) => {
  const t = await newTenant(ctx);
  const formas = await formasDoTenant(ctx, t);
  const caixaId = await abrirCaixa(ctx, t, 100);
  const petisco = await novoProduto(ctx, t, { nome: 'Petisco Bifinho', precoVenda: 12.5, estoque: 50 });
  const racao = await novoProduto(ctx, t, { nome: 'Ração Premier 10 kg', precoVenda: 150, estoque: 10 });
  const cliente = opts.cliente ? await novoCliente(ctx, t, { nome: 'Carla Devolve' }) : null;
  const venda = await vendaFinalizada(ctx, t, {
    itens: [
      { produto: petisco, quantidade: 3 },
      { produto: racao, quantidade: 1 },
    ],
    desconto: 10,
    tipoDesconto: 'Valor',
    ...(cliente ? { clienteId: cliente.id } : {}),
  });
  expect(venda.valorLiquido).toBe(177.5);
  return { t, formas, caixaId, petisco, racao, cliente, venda, itemPetisco: venda.itens[0]!, itemRacao: venda.itens[1]! };
};

describe('/api/comercial/devolucoes', () => {
  it('refunds the net value with the prorated sale discount, out of the register, and puts stock back', async () => {
    const { t, caixaId, petisco, venda, itemPetisco } = await vendaComDesconto();
    expect(await saldoEstoque(ctx, t, petisco.id)).toBe(47);
    const antes = await dinheiroNoCaixa(t, caixaId);
    expect(antes).toBe(277.5);

    const demais = await devolver(t.headers, {
      vendaId: venda.id,
      itens: [{ vendaItemId: itemPetisco.id, quantidade: 4 }],
      reembolso: 'dinheiro',
    });
    expect(demais.statusCode).toBe(400);
    expect(demais.json<Errors>().errors['itens.0.quantidade']).toEqual(['No máximo 3 UN pode ser devolvido']);

    // 37,50 of treats carry 2,00 of the 10,00 discount (37,50 / 187,50): 35,50 net, 11,83 each.
    const uma = await devolverOk(t, {
      vendaId: venda.id,
      itens: [{ vendaItemId: itemPetisco.id, quantidade: 1 }],
      reembolso: 'dinheiro',
      motivo: 'Embalagem violada',
    });
    expect(uma).toMatchObject({
      numero: 1,
      venda: { id: venda.id, numero: venda.numero },
      cliente: null,
      usuario: { id: t.usuarioId },
      reembolso: 'dinheiro',
      motivo: 'Embalagem violada',
      caixaId,
      valorTotal: 11.83,
      itens: [
        {
          vendaItemId: itemPetisco.id,
          produtoId: petisco.id,
          descricao: 'Petisco Bifinho',
          unidadeSigla: 'UN',
          quantidade: 1,
          valorUnitario: 11.83,
          valorTotal: 11.83,
        },
      ],
    });
    expect(await saldoEstoque(ctx, t, petisco.id)).toBe(48);
    expect(await dinheiroNoCaixa(t, caixaId)).toBe(265.67);
    const movs = await noTenant(ctx, t, (tx) =>
      tx.select().from(movimentacoesCaixa).where(eq(movimentacoesCaixa.devolucaoId, uma.id)),
    );
    expect(movs.map((m) => [m.tipo, Number(m.valor), m.caixaId])).toEqual([['devolucao', -11.83, caixaId]]);
    const estoque = await noTenant(ctx, t, (tx) =>
      tx.select().from(movimentacoesEstoque).where(eq(movimentacoesEstoque.origemId, uma.id)),
    );
    expect(estoque.map((m) => [m.tipo, Number(m.quantidade), m.origem])).toEqual([['entrada_devolucao', 1, 'devolucao']]);

    // The rest of the line refunds exactly the rest of its net value: 35,50 − 11,83.
    const resto = await devolverOk(t, {
      vendaId: venda.id,
      itens: [{ vendaItemId: itemPetisco.id, quantidade: 2 }],
      reembolso: 'dinheiro',
    });
    expect(resto).toMatchObject({ numero: 2, valorTotal: 23.67 });
    const nada = await devolver(t.headers, {
      vendaId: venda.id,
      itens: [{ vendaItemId: itemPetisco.id, quantidade: 1 }],
      reembolso: 'dinheiro',
    });
    expect(nada.statusCode).toBe(400);
    expect(nada.json<Errors>().errors['itens.0.quantidade']).toEqual(['No máximo 0 UN pode ser devolvido']);

    const depois = (await ctx.app.inject({ url: `${PDV}/${venda.id}`, headers: t.headers })).json<Venda>();
    expect(depois.itens[0]!.quantidadeDevolvida).toBe(3);
    expect(depois.devolucoes.map((d) => [d.numero, d.valorTotal, d.reembolso])).toEqual([
      [1, 11.83, 'dinheiro'],
      [2, 23.67, 'dinheiro'],
    ]);
    const got = await ctx.app.inject({ url: `${URL}/${uma.id}`, headers: t.headers });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(uma);
  });

  it('returning everything refunds exactly what was paid for the goods', async () => {
    const { t, venda, itemPetisco, itemRacao } = await vendaComDesconto();
    const tudo = await devolverOk(t, {
      vendaId: venda.id,
      itens: [
        { vendaItemId: itemRacao.id, quantidade: 1 },
        { vendaItemId: itemPetisco.id, quantidade: 3 },
      ],
      reembolso: 'dinheiro',
    });
    expect(tudo.valorTotal).toBe(177.5);
    expect(tudo.itens.map((i) => [i.descricao, i.valorTotal])).toEqual([
      ['Petisco Bifinho', 35.5],
      ['Ração Premier 10 kg', 142],
    ]);
  });

  it('refunds as customer credit; a sale without customer cannot', async () => {
    const semCliente = await vendaComDesconto();
    const recusada = await devolver(semCliente.t.headers, {
      vendaId: semCliente.venda.id,
      itens: [{ vendaItemId: semCliente.itemRacao.id, quantidade: 1 }],
      reembolso: 'credito_cliente',
    });
    expect(recusada.statusCode).toBe(400);
    expect(recusada.json<Errors>().errors.reembolso).toEqual(['A venda não tem cliente: devolva em dinheiro']);

    const { t, venda, itemRacao, cliente, caixaId } = await vendaComDesconto({ cliente: true });
    const antes = await dinheiroNoCaixa(t, caixaId);
    const credito = await devolverOk(t, {
      vendaId: venda.id,
      itens: [{ vendaItemId: itemRacao.id, quantidade: 1 }],
      reembolso: 'credito_cliente',
    });
    expect(credito).toMatchObject({
      reembolso: 'credito_cliente',
      cliente: { id: cliente!.id, nome: 'Carla Devolve' },
      caixaId: null,
      valorTotal: 142,
    });
    expect(await noTenant(ctx, t, (tx) => getSaldoCreditoCliente(tx, cliente!.id))).toBe(142);
    expect(await dinheiroNoCaixa(t, caixaId)).toBe(antes);
  });

  it('needs a finalised sale, an open register for cash and enough cash in the drawer', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    const caixaId = await abrirCaixa(ctx, t, 0);
    const produto = await novoProduto(ctx, t, { nome: 'Shampoo', precoVenda: 40, estoque: 5 });
    const rascunho = await pdvOk(ctx, t.headers, 'snapshot', { venda: vendaInput({ itens: [{ produto, quantidade: 1 }] }) });
    const aberta = await devolver(t.headers, {
      vendaId: rascunho.id,
      itens: [{ vendaItemId: rascunho.itens[0]!.id, quantidade: 1 }],
      reembolso: 'dinheiro',
    });
    expect(aberta.statusCode).toBe(400);
    expect(aberta.json<Errors>().errors.generalErrors).toEqual(['Só é possível devolver itens de uma venda finalizada']);

    const venda = await vendaFinalizada(ctx, t, {
      itens: [{ produto, quantidade: 2 }],
      financeiros: [pagamento(formas.pix, 80)],
    });
    const item = { vendaItemId: venda.itens[0]!.id, quantidade: 1 };
    const semDinheiro = await devolver(t.headers, { vendaId: venda.id, itens: [item], reembolso: 'dinheiro' });
    expect(semDinheiro.statusCode).toBe(400);
    expect(semDinheiro.json<Errors>().errors.reembolso).toEqual([
      'Não há dinheiro suficiente no caixa (R$ 0,00): devolva como crédito do cliente',
    ]);

    await fecharCaixa(ctx, t, caixaId);
    const semCaixa = await devolver(t.headers, { vendaId: venda.id, itens: [item], reembolso: 'dinheiro' });
    expect(semCaixa.statusCode).toBe(400);
    expect(semCaixa.json<Errors>().errors.generalErrors).toEqual(['Abra o caixa para devolver em dinheiro']);
    expect(await saldoEstoque(ctx, t, produto.id)).toBe(3);

    const outra = await devolver(t.headers, {
      vendaId: venda.id,
      itens: [{ vendaItemId: randomUUID(), quantidade: 1 }],
      reembolso: 'dinheiro',
    });
    expect(outra.statusCode).toBe(400);
    expect(outra.json<Errors>().errors['itens.0.vendaItemId']).toBeDefined();
  });

  it('rounds fractional quantities and never returns more than sold, even two returns at once', async () => {
    const t = await newTenant(ctx);
    await formasDoTenant(ctx, t);
    await abrirCaixa(ctx, t, 500);
    const granel = await novoProduto(ctx, t, { nome: 'Ração a granel', precoVenda: 20, sigla: 'KG', estoque: 10 });
    const venda = await vendaFinalizada(ctx, t, { itens: [{ produto: granel, quantidade: 1.5 }] });
    const item = venda.itens[0]!;
    const primeira = await devolverOk(t, {
      vendaId: venda.id,
      itens: [{ vendaItemId: item.id, quantidade: 0.4996 }],
      reembolso: 'dinheiro',
    });
    expect(primeira.itens[0]).toMatchObject({ quantidade: 0.5, valorTotal: 10 });

    const dupla = await Promise.all([
      devolver(t.headers, { vendaId: venda.id, itens: [{ vendaItemId: item.id, quantidade: 0.6 }], reembolso: 'dinheiro' }),
      devolver(t.headers, { vendaId: venda.id, itens: [{ vendaItemId: item.id, quantidade: 0.6 }], reembolso: 'dinheiro' }),
    ]);
    expect(dupla.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(dupla.find((r) => r.statusCode === 400)!.json<Errors>().errors['itens.0.quantidade']).toEqual([
      'No máximo 0,4 KG pode ser devolvido',
    ]);
    expect(await saldoEstoque(ctx, t, granel.id)).toBe(9.6);
  });

  it('the same return sent twice with its id is made once', async () => {
    const { t, venda, itemPetisco, petisco } = await vendaComDesconto();
    const payload = {
      id: randomUUID(),
      vendaId: venda.id,
      itens: [{ vendaItemId: itemPetisco.id, quantidade: 1 }],
      reembolso: 'dinheiro',
    };
    const a = await devolverOk(t, payload);
    const b = await devolverOk(t, payload);
    expect(b).toEqual(a);
    expect(a.id).toBe(payload.id);
    expect(await saldoEstoque(ctx, t, petisco.id)).toBe(48);
  });

  it('a sale with returns cannot be cancelled', async () => {
    const { t, venda, itemPetisco } = await vendaComDesconto();
    await devolverOk(t, { vendaId: venda.id, itens: [{ vendaItemId: itemPetisco.id, quantidade: 1 }], reembolso: 'dinheiro' });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${venda.id}?motivo=Desistiu`,
      headers: t.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors.generalErrors).toEqual(['Esta venda tem devoluções e não pode ser cancelada']);
  });

  it('needs the vendas permission; another tenant or unit gets 404', async () => {
    const { t, venda, itemPetisco } = await vendaComDesconto();
    const recepcao = await usuarioComPerfil(ctx, t, 'recepcao');
    const payload = { vendaId: venda.id, itens: [{ vendaItemId: itemPetisco.id, quantidade: 1 }], reembolso: 'dinheiro' };
    expect((await devolver(recepcao.headers, payload)).statusCode).toBe(403);
    const feita = await devolverOk(t, payload);

    const outro = await newTenant(ctx);
    await abrirCaixa(ctx, outro, 100);
    const unidade = await segundaUnidade(ctx, t);
    await abrirCaixa(ctx, t, 100, t.usuarioId, unidade.id);
    for (const headers of [outro.headers, unidade.headers]) {
      expect((await ctx.app.inject({ url: `${URL}/${feita.id}`, headers })).statusCode).toBe(404);
      expect((await devolver(headers, payload)).statusCode).toBe(404);
    }
    const movimentos = await noTenant(ctx, t, (tx) =>
      tx
        .select()
        .from(movimentacoesCaixa)
        .where(eq(movimentacoesCaixa.vendaId, venda.id))
        .orderBy(asc(movimentacoesCaixa.createdAt)),
    );
    expect(movimentos.map((m) => m.tipo)).toEqual(['recebimento', 'devolucao']);
  });
});
