/**
 * Manual purchases (issue #5 item 3; DOMAIN.md §5): draft → resumo → finalise (stock in with
 * lots, cost price by average or last cost, payables), idempotent finalise and create,
 * delete of a finalised purchase (stock and payables back as before), refusals (paid payable,
 * stock already sold, pendências, bad input), the list and tenancy.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  AtualizarPrecosVendaResultado,
  Compra,
  CompraFinalizada,
  CompraListItem,
  ExcluirCompraResultado,
  ResumoCompra,
} from '@petshop/shared/compra';
import type { Produto } from '@petshop/shared/produto';
import {
  categoriasFinanceiras,
  compras,
  despesas,
  estoques,
  lotes,
  movimentacoesEstoque,
  produtos,
  unidadesNegocio,
} from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { movimentarEstoque } from '../src/modules/estoque/movimentar-estoque.ts';
import { noTenant, novoProduto, segundaUnidade, unidadeMedidaId } from './fixtures/vendas.ts';
import { newTenant, useTestApp, usuarioComPerfil, validCnpj, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/compras';

const post = (t: TenantFixture, url: string, payload?: object, headers = t.headers) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const put = (t: TenantFixture, url: string, payload: object, headers = t.headers) =>
  ctx.app.inject({ method: 'PUT', url, headers, payload });
const get = (t: TenantFixture, url: string, headers = t.headers) => ctx.app.inject({ url, headers });
const del = (t: TenantFixture, url: string, headers = t.headers) => ctx.app.inject({ method: 'DELETE', url, headers });

const novoFornecedor = async (t: TenantFixture, razaoSocial = 'Distribuidora PetMix Ltda') => {
  const res = await post(t, '/api/inventario/fornecedores', { razaoSocial, cpfCnpj: validCnpj() });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; razaoSocial: string; cpfCnpj: string }>();
};

const produtoLote = async (t: TenantFixture, nome = `Vermífugo ${randomUUID().slice(0, 6)}`) => {
  const res = await post(t, '/api/inventario/produtos', {
    nome,
    unidadeMedidaId: await unidadeMedidaId(ctx, t, 'UN'),
    precoCusto: 2,
    precoVenda: 9.9,
    controlaLote: true,
  });
  expect(res.statusCode).toBe(201);
  return res.json<Produto>();
};

/** Puts `quantidade` in stock at `custo` (an adjustment in). */
const estoqueInicial = (t: TenantFixture, produtoId: string, quantidade: number, custo: number) =>
  noTenant(ctx, t, (tx) =>
    movimentarEstoque(tx, [{ produtoId, quantidade, custoUnitario: custo }], {
      tipo: 'ajuste_entrada',
      origem: 'ajuste',
      usuarioId: t.usuarioId,
      permitirNegativo: true,
    }),
  );

const saldo = (t: TenantFixture, produtoId: string) =>
  noTenant(ctx, t, async (tx) => {
    const [row] = await tx
      .select({ q: estoques.quantidade, custo: estoques.custoMedio })
      .from(estoques)
      .where(eq(estoques.produtoId, produtoId));
    return { quantidade: Number(row?.q ?? 0), custoMedio: Number(row?.custo ?? 0) };
  });

const precoCusto = (t: TenantFixture, produtoId: string) =>
  noTenant(ctx, t, async (tx) => {
    const [row] = await tx
      .select({ custo: produtos.precoCusto, markup: produtos.markup })
      .from(produtos)
      .where(eq(produtos.id, produtoId));
    return { precoCusto: Number(row!.custo), markup: Number(row!.markup) };
  });

const despesasDa = (t: TenantFixture, compraId: string) =>
  noTenant(ctx, t, (tx) => tx.select().from(despesas).where(eq(despesas.compraId, compraId)).orderBy(asc(despesas.parcela)));

const metodoCusto = (t: TenantFixture, metodo: 'medio' | 'ultimo') =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(unidadesNegocio).set({ metodoCusto: metodo }).where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
  );

const criarCompra = async (t: TenantFixture, payload: object) => {
  const res = await post(t, URL, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Compra>();
};

const finalizar = async (t: TenantFixture, id: string) => {
  const res = await post(t, `${URL}/${id}/finalizar`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Compra>();
};

describe('manual purchase: draft, resumo, finalise, delete', () => {
  it('finalises by average cost: stock and lots in, freight/discount apportioned, cost price, payables; finalise again changes nothing; delete reverses it', async () => {
    const t = await newTenant(ctx);
    const fornecedor = await novoFornecedor(t);
    const racao = await novoProduto(ctx, t, { nome: 'Ração Premium 1 kg', precoVenda: 20, precoCusto: 5 });
    const granel = await novoProduto(ctx, t, { nome: 'Ração a granel', precoVenda: 30, precoCusto: 10, sigla: 'KG' });
    const vermifugo = await produtoLote(t, 'Vermífugo Drontal');
    await estoqueInicial(t, racao.id, 10, 5);

    const compra = await criarCompra(t, {
      fornecedorId: fornecedor.id,
      numeroNota: '3456',
      serie: '1',
      dataEmissao: '2025-03-01',
      dataEntrada: '2025-03-02',
      valorFrete: 10,
      valorDesconto: 5,
      valorOutros: 0,
      itens: [
        { produtoId: racao.id, quantidade: 10, custoUnitario: 8 },
        { produtoId: granel.id, quantidade: '2,5', custoUnitario: 10 },
        {
          produtoId: vermifugo.id,
          quantidade: 6,
          custoUnitario: 3,
          lotes: [
            { numero: 'L1', dataValidade: '2026-01-31', quantidade: 4 },
            { numero: 'L2', dataFabricacao: '2025-01-10', dataValidade: '2026-06-30', quantidade: 2 },
          ],
        },
      ],
      parcelas: [
        { dataVencimento: '2025-04-01', valor: 64, numero: '3456-1' },
        { dataVencimento: '2025-05-01', valor: 64 },
      ],
    });
    // Products 80 + 25 + 18 = 123; total 123 + 10 − 5 = 128.
    expect(compra).toMatchObject({
      numero: 1,
      status: 'Rascunho',
      origem: 'manual',
      fornecedor: { id: fornecedor.id, razaoSocial: 'Distribuidora PetMix Ltda', cpfCnpj: fornecedor.cpfCnpj },
      numeroNota: '3456',
      dataEntrada: '2025-03-02',
      valorProdutos: 123,
      valorFrete: 10,
      valorDesconto: 5,
      valorTotal: 128,
      valorParcelas: 128,
      quantidadeItens: 3,
      itensPendentes: 0,
    });
    // +5 apportioned by value: 80/123 → 3.25, 25/123 → 1.02, the rest 0.73.
    expect(compra.itens.map((i) => [i.produto?.nome, i.quantidade, i.valorTotal, i.valorRateio, i.custoUnitarioFinal])).toEqual([
      ['Ração Premium 1 kg', 10, 80, 3.25, 8.325],
      ['Ração a granel', 2.5, 25, 1.02, 10.408],
      ['Vermífugo Drontal', 6, 18, 0.73, 3.1217],
    ]);
    expect(compra.itens[2]!.produto).toMatchObject({ controlaLote: true, unidadeMedida: { sigla: 'UN' } });

    const resumoRes = await get(t, `${URL}/${compra.id}/resumo`);
    expect(resumoRes.statusCode).toBe(200);
    const resumo = resumoRes.json<ResumoCompra>();
    expect(resumo).toMatchObject({ metodoCusto: 'medio', pendencias: [], podeFinalizar: true, valorTotal: 128 });
    expect(resumo.itens.map((i) => [i.saldoAtual, i.saldoNovo, i.custoAtual, i.custoNovo, i.custoUnitarioEntrada])).toEqual([
      // (10 × 5 + 10 × 8.325) / 20 = 6.6625 → cost price 6.66.
      [10, 20, 5, 6.66, 8.325],
      [0, 2.5, 10, 10.41, 10.408],
      [0, 6, 2, 3.12, 3.1217],
    ]);
    expect(resumo.parcelas).toEqual([
      { parcela: 1, numero: '3456-1', dataVencimento: '2025-04-01', valor: 64, descricao: 'Compra nº 1 – NF 3456 – parcela 1/2' },
      { parcela: 2, numero: null, dataVencimento: '2025-05-01', valor: 64, descricao: 'Compra nº 1 – NF 3456 – parcela 2/2' },
    ]);

    const finalizada = await finalizar(t, compra.id);
    expect(finalizada.status).toBe('Finalizada');
    expect(finalizada.finalizadaEm).not.toBeNull();
    expect(finalizada.despesas.map((d) => [d.parcela, d.totalParcelas, d.valor, d.valorPago, d.status, d.documento])).toEqual([
      [1, 2, 64, 0, 'EmAberto', '3456-1'],
      [2, 2, 64, 0, 'EmAberto', '3456'],
    ]);
    expect(
      finalizada.movimentacoes
        .map((m) => [m.tipo, m.produtoNome, m.unidadeSigla, m.quantidade, m.lote?.numero ?? null])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1])) || String(a[4]).localeCompare(String(b[4]))),
    ).toEqual([
      ['entrada_compra', 'Ração a granel', 'KG', 2.5, null],
      ['entrada_compra', 'Ração Premium 1 kg', 'UN', 10, null],
      ['entrada_compra', 'Vermífugo Drontal', 'UN', 4, 'L1'],
      ['entrada_compra', 'Vermífugo Drontal', 'UN', 2, 'L2'],
    ]);
    expect(finalizada.movimentacoes.find((m) => m.produtoNome === 'Ração Premium 1 kg')).toMatchObject({
      custoUnitario: 8.325,
      saldoResultante: 20,
    });
    expect(await saldo(t, racao.id)).toEqual({ quantidade: 20, custoMedio: 6.6625 });
    expect(await saldo(t, granel.id)).toEqual({ quantidade: 2.5, custoMedio: 10.408 });
    expect(await saldo(t, vermifugo.id)).toEqual({ quantidade: 6, custoMedio: 3.1217 });
    expect(await precoCusto(t, racao.id)).toEqual({ precoCusto: 6.66, markup: 200.3 });
    expect((await precoCusto(t, vermifugo.id)).precoCusto).toBe(3.12);
    const lotesRows = await noTenant(ctx, t, (tx) =>
      tx
        .select({ numero: lotes.numero, validade: lotes.dataValidade, fabricacao: lotes.dataFabricacao, q: lotes.quantidade })
        .from(lotes)
        .where(eq(lotes.produtoId, vermifugo.id))
        .orderBy(asc(lotes.numero)),
    );
    expect(lotesRows).toEqual([
      { numero: 'L1', validade: '2026-01-31', fabricacao: null, q: '4.000' },
      { numero: 'L2', validade: '2026-06-30', fabricacao: '2025-01-10', q: '2.000' },
    ]);
    const ledger = await noTenant(ctx, t, (tx) =>
      tx
        .select({
          produtoId: movimentacoesEstoque.produtoId,
          q: movimentacoesEstoque.quantidade,
          tipo: movimentacoesEstoque.tipo,
        })
        .from(movimentacoesEstoque)
        .where(eq(movimentacoesEstoque.origemId, compra.id)),
    );
    expect(
      ledger
        .filter((l) => l.produtoId === vermifugo.id)
        .map((l) => l.q)
        .sort(),
    ).toEqual(['2.000', '4.000']);
    expect(ledger.every((l) => l.tipo === 'entrada_compra')).toBe(true);

    const [categoria] = await noTenant(ctx, t, (tx) =>
      tx
        .select({ id: categoriasFinanceiras.id })
        .from(categoriasFinanceiras)
        .where(eq(categoriasFinanceiras.nome, 'Fornecedores/mercadorias')),
    );
    const contas = await despesasDa(t, compra.id);
    expect(
      contas.map((d) => [
        d.descricao,
        d.documento,
        d.parcela,
        d.totalParcelas,
        d.dataVencimento,
        d.valor,
        d.status,
        d.fornecedorId,
      ]),
    ).toEqual([
      ['Compra nº 1 – NF 3456 – parcela 1/2', '3456-1', 1, 2, '2025-04-01', '64.00', 'EmAberto', fornecedor.id],
      ['Compra nº 1 – NF 3456 – parcela 2/2', '3456', 2, 2, '2025-05-01', '64.00', 'EmAberto', fornecedor.id],
    ]);
    expect(contas.every((d) => d.categoriaFinanceiraId === (categoria?.id ?? null) && d.dataEmissao === '2025-03-01')).toBe(true);

    // Finalising again answers the purchase as it is: no second entry, no second payables.
    const denovo = await finalizar(t, compra.id);
    expect(denovo.status).toBe('Finalizada');
    expect((await saldo(t, racao.id)).quantidade).toBe(20);
    expect(await despesasDa(t, compra.id)).toHaveLength(2);

    // A finalised purchase is no longer a draft.
    const alterar = await put(t, `${URL}/${compra.id}`, { itens: [] });
    expect(alterar.statusCode).toBe(400);
    expect(alterar.json().errors.generalErrors).toEqual(['Só é possível alterar uma compra em rascunho']);

    // Delete: stock out of the same lots, payables cancelled, purchase Cancelada; cost price stays.
    const excluir = await del(t, `${URL}/${compra.id}`);
    expect(excluir.statusCode, excluir.body).toBe(200);
    const resultado = excluir.json<ExcluirCompraResultado>();
    expect(resultado).toMatchObject({ ok: true, resultado: 'cancelada', compra: { status: 'Cancelada' } });
    expect(resultado.compra?.canceladaEm).not.toBeNull();
    expect(resultado.compra?.despesas.map((d) => d.status)).toEqual(['Cancelada', 'Cancelada']);
    expect(
      resultado.compra?.movimentacoes
        .filter((m) => m.tipo === 'cancelamento_compra')
        .map((m) => [m.produtoNome, m.quantidade, m.lote?.numero ?? null])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[2]).localeCompare(String(b[2]))),
    ).toEqual([
      ['Ração a granel', -2.5, null],
      ['Ração Premium 1 kg', -10, null],
      ['Vermífugo Drontal', -4, 'L1'],
      ['Vermífugo Drontal', -2, 'L2'],
    ]);
    expect((await saldo(t, racao.id)).quantidade).toBe(10);
    expect((await saldo(t, granel.id)).quantidade).toBe(0);
    expect((await saldo(t, vermifugo.id)).quantidade).toBe(0);
    const lotesDepois = await noTenant(ctx, t, (tx) =>
      tx.select({ q: lotes.quantidade }).from(lotes).where(eq(lotes.produtoId, vermifugo.id)),
    );
    expect(lotesDepois.map((l) => l.q)).toEqual(['0.000', '0.000']);
    expect((await despesasDa(t, compra.id)).map((d) => d.status)).toEqual(['Cancelada', 'Cancelada']);
    expect((await precoCusto(t, racao.id)).precoCusto).toBe(6.66);
    const saidas = await noTenant(ctx, t, (tx) =>
      tx
        .select({ q: movimentacoesEstoque.quantidade })
        .from(movimentacoesEstoque)
        .where(and(eq(movimentacoesEstoque.origemId, compra.id), eq(movimentacoesEstoque.tipo, 'cancelamento_compra'))),
    );
    expect(saidas.length).toBeGreaterThanOrEqual(3);

    const outraVez = await del(t, `${URL}/${compra.id}`);
    expect(outraVez.statusCode).toBe(400);
    expect(outraVez.json().errors.generalErrors).toEqual(['Esta compra já foi cancelada']);
    const finalizarCancelada = await post(t, `${URL}/${compra.id}/finalizar`);
    expect(finalizarCancelada.statusCode).toBe(400);
  });

  it('by last cost: the cost price becomes the purchase cost; no installments → one payable of the total due on the entry date', async () => {
    const t = await newTenant(ctx);
    await metodoCusto(t, 'ultimo');
    const fornecedor = await novoFornecedor(t);
    const racao = await novoProduto(ctx, t, { precoVenda: 20, precoCusto: 5 });
    await estoqueInicial(t, racao.id, 10, 5);
    const compra = await criarCompra(t, {
      fornecedorId: fornecedor.id,
      dataEntrada: '2025-02-10',
      itens: [{ produtoId: racao.id, quantidade: 10, custoUnitario: 8, valorDesconto: 4 }],
    });
    expect(compra).toMatchObject({ valorProdutos: 76, valorTotal: 76, parcelas: [] });
    const resumo = (await get(t, `${URL}/${compra.id}/resumo`)).json<ResumoCompra>();
    expect(resumo.metodoCusto).toBe('ultimo');
    expect(resumo.itens[0]).toMatchObject({
      saldoAtual: 10,
      saldoNovo: 20,
      custoAtual: 5,
      custoNovo: 7.6,
      custoUnitarioEntrada: 7.6,
    });
    expect(resumo.parcelas).toEqual([
      {
        parcela: 1,
        numero: null,
        dataVencimento: '2025-02-10',
        valor: 76,
        descricao: `Compra nº ${compra.numero} – parcela 1/1`,
      },
    ]);
    await finalizar(t, compra.id);
    expect(await precoCusto(t, racao.id)).toEqual({ precoCusto: 7.6, markup: 163.16 });
    // The balance's average still moves (the ledger's cost); the cost price follows the method.
    expect(await saldo(t, racao.id)).toEqual({ quantidade: 20, custoMedio: 6.3 });
    const contas = await despesasDa(t, compra.id);
    expect(contas.map((d) => [d.valor, d.dataVencimento, d.documento, d.dataEmissao])).toEqual([
      ['76.00', '2025-02-10', null, '2025-02-10'],
    ]);
  });

  it('refuses to delete when a payable was paid, or when the goods were already sold (no negative stock)', async () => {
    const t = await newTenant(ctx);
    const fornecedor = await novoFornecedor(t);
    const racao = await novoProduto(ctx, t, { nome: 'Areia Higiênica 4 kg', precoVenda: 20 });
    const compra = await criarCompra(t, {
      fornecedorId: fornecedor.id,
      itens: [{ produtoId: racao.id, quantidade: 5, custoUnitario: 10 }],
      parcelas: [
        { dataVencimento: '2030-01-10', valor: 25 },
        { dataVencimento: '2030-02-10', valor: 25 },
      ],
    });
    await finalizar(t, compra.id);
    const [primeira] = await despesasDa(t, compra.id);
    await noTenant(ctx, t, (tx) => tx.update(despesas).set({ valorPago: '10.00' }).where(eq(despesas.id, primeira!.id)));
    const pago = await del(t, `${URL}/${compra.id}`);
    expect(pago.statusCode).toBe(400);
    expect(pago.json().errors.generalErrors).toEqual(['Esta compra tem parcela já paga: estorne o pagamento antes de excluir']);
    expect((await saldo(t, racao.id)).quantidade).toBe(5);
    expect((await despesasDa(t, compra.id)).map((d) => d.status)).toEqual(['EmAberto', 'EmAberto']);
    // A settled one (status Baixada) counts as paid too.
    await noTenant(ctx, t, (tx) =>
      tx.update(despesas).set({ valorPago: '0', status: 'Baixada' }).where(eq(despesas.id, primeira!.id)),
    );
    expect((await del(t, `${URL}/${compra.id}`)).statusCode).toBe(400);
    await noTenant(ctx, t, (tx) => tx.update(despesas).set({ status: 'EmAberto' }).where(eq(despesas.id, primeira!.id)));

    // Sold 3 of the 5: taking 5 out would go below zero.
    await noTenant(ctx, t, (tx) =>
      movimentarEstoque(tx, [{ produtoId: racao.id, quantidade: -3 }], {
        tipo: 'saida_venda',
        origem: 'venda',
        usuarioId: t.usuarioId,
        permitirNegativo: false,
      }),
    );
    const vendido = await del(t, `${URL}/${compra.id}`);
    expect(vendido.statusCode).toBe(400);
    expect(vendido.json().errors.generalErrors[0]).toMatch(/^Estoque insuficiente de "Areia Higiênica 4 kg"/);
    expect((await saldo(t, racao.id)).quantidade).toBe(2);
    expect((await despesasDa(t, compra.id)).map((d) => d.status)).toEqual(['EmAberto', 'EmAberto']);
    expect((await get(t, `${URL}/${compra.id}`)).json<Compra>().status).toBe('Finalizada');

    // A unit that allows negative stock lets it go.
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx.update(unidadesNegocio).set({ permiteEstoqueNegativo: true }).where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
    );
    const ok = await del(t, `${URL}/${compra.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await saldo(t, racao.id)).quantidade).toBe(-3);
  });

  it('blocks finalising while there are pendências, listed in the resumo and in the 400', async () => {
    const t = await newTenant(ctx);
    const racao = await novoProduto(ctx, t, { nome: 'Ração X', precoVenda: 20 });
    const vermifugo = await produtoLote(t, 'Vermífugo Y');
    const compra = await criarCompra(t, {
      itens: [
        { produtoId: racao.id, quantidade: 2, custoUnitario: 10 },
        { produtoId: vermifugo.id, quantidade: 5, custoUnitario: 3 },
        {
          produtoId: vermifugo.id,
          quantidade: 3,
          custoUnitario: 3,
          lotes: [{ numero: 'A1', dataValidade: '2027-01-01', quantidade: 2 }],
        },
      ],
      parcelas: [{ dataVencimento: '2030-01-01', valor: 10 }],
    });
    const pendencias = [
      'Informe o fornecedor da compra',
      'Item 2 (Vermífugo Y): informe o lote e a validade (o produto controla lote)',
      'Item 3 (Vermífugo Y): a soma dos lotes (2 UN) difere da quantidade (3 UN)',
      'A soma das parcelas (R$ 10,00) difere do total da compra (R$ 44,00)',
    ];
    const resumo = (await get(t, `${URL}/${compra.id}/resumo`)).json<ResumoCompra>();
    expect(resumo.pendencias).toEqual(pendencias);
    expect(resumo.podeFinalizar).toBe(false);
    // Two lines of the same product: balances progress line by line.
    expect(resumo.itens.slice(1).map((i) => [i.saldoAtual, i.saldoNovo])).toEqual([
      [0, 5],
      [5, 8],
    ]);
    const res = await post(t, `${URL}/${compra.id}/finalizar`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.generalErrors).toEqual(pendencias);
    expect((await saldo(t, racao.id)).quantidade).toBe(0);
    expect(await despesasDa(t, compra.id)).toEqual([]);

    // Fixed through PUT: same ids keep the lines.
    const fornecedor = await novoFornecedor(t);
    const corrigida = await put(t, `${URL}/${compra.id}`, {
      fornecedorId: fornecedor.id,
      itens: [
        { id: compra.itens[0]!.id, produtoId: racao.id, quantidade: 2, custoUnitario: 10 },
        {
          id: compra.itens[1]!.id,
          produtoId: vermifugo.id,
          quantidade: 8,
          custoUnitario: 3,
          lotes: [
            { numero: 'A1', dataValidade: '2027-01-01', quantidade: 6 },
            { numero: 'B2', dataValidade: '2027-03-01', quantidade: 2 },
          ],
        },
      ],
      parcelas: [{ dataVencimento: '2030-01-01', valor: 44 }],
    });
    expect(corrigida.statusCode, corrigida.body).toBe(200);
    const c = corrigida.json<Compra>();
    expect(c.itens.map((i) => i.id)).toEqual([compra.itens[0]!.id, compra.itens[1]!.id]);
    expect(c.valorTotal).toBe(44);
    const finalizada = await finalizar(t, compra.id);
    expect(finalizada.status).toBe('Finalizada');
    expect((await saldo(t, vermifugo.id)).quantidade).toBe(8);
  });

  it('deletes a draft for good; a repeated POST with the same id answers the same purchase', async () => {
    const t = await newTenant(ctx);
    const racao = await novoProduto(ctx, t, { precoVenda: 20 });
    const id = randomUUID();
    const corpo = { id, itens: [{ produtoId: racao.id, quantidade: 1, custoUnitario: 10 }] };
    const a = await criarCompra(t, corpo);
    const b = await criarCompra(t, corpo);
    expect(b.id).toBe(id);
    expect(b.numero).toBe(a.numero);
    const todas = await noTenant(ctx, t, (tx) => tx.select({ id: compras.id }).from(compras));
    expect(todas).toHaveLength(1);

    const res = await del(t, `${URL}/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ExcluirCompraResultado>()).toEqual({ ok: true, resultado: 'excluida', compra: null });
    expect((await get(t, `${URL}/${id}`)).statusCode).toBe(404);
  });
});

describe('input errors (400) and tenancy (404)', () => {
  it('answers 400 with field keys for bad input, other tenants’ products and suppliers, services', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const racao = await novoProduto(ctx, t, { precoVenda: 20 });
    const alheio = await novoProduto(ctx, outro, { precoVenda: 20 });
    const fornecedorAlheio = await novoFornecedor(outro);
    const servico = await novoProduto(ctx, t, { precoVenda: 50, tipo: 'servico' });
    const casos: [object, string, string][] = [
      [
        { itens: [{ produtoId: racao.id, quantidade: 1, custoUnitario: -1 }] },
        'itens.0.custoUnitario',
        'Custo unitário não pode ser negativo',
      ],
      [
        { itens: [{ produtoId: racao.id, quantidade: 0, custoUnitario: 1 }] },
        'itens.0.quantidade',
        'Quantidade deve ser maior que zero',
      ],
      [
        { itens: [{ produtoId: racao.id, quantidade: 0.4, custoUnitario: 1 }] },
        'itens.0.quantidade',
        'Quantidade deve ser maior que zero',
      ],
      [{ itens: [{ produtoId: alheio.id, quantidade: 1, custoUnitario: 1 }] }, 'itens.0.produtoId', 'Produto não encontrado'],
      [{ itens: [{ produtoId: 'x', quantidade: 1, custoUnitario: 1 }] }, 'itens.0.produtoId', 'Produto inválido'],
      [{ itens: [{ quantidade: 1, custoUnitario: 1 }] }, 'itens.0.produtoId', 'Produto é obrigatório'],
      [
        { itens: [{ produtoId: servico.id, quantidade: 1, custoUnitario: 1 }] },
        'itens.0.produtoId',
        'Serviços não entram em compras: escolha um produto',
      ],
      [{ fornecedorId: fornecedorAlheio.id, itens: [] }, 'fornecedorId', 'Fornecedor não encontrado'],
      [{ valorFrete: -3, itens: [] }, 'valorFrete', 'Frete não pode ser negativo'],
      [
        { itens: [{ produtoId: racao.id, quantidade: 1, custoUnitario: 10 }], valorDesconto: 11 },
        'valorDesconto',
        'Desconto maior que o total da compra',
      ],
      [
        { itens: [{ produtoId: racao.id, quantidade: 1, custoUnitario: 10, valorDesconto: 11 }] },
        'itens.0.valorDesconto',
        'Desconto maior que o valor do item',
      ],
      [{ dataEntrada: '2025-02-30', itens: [] }, 'dataEntrada', 'Data de entrada inválida'],
      [
        { itens: [], parcelas: [{ dataVencimento: '2025-01-01', valor: 0 }] },
        'parcelas.0.valor',
        'Valor da parcela deve ser maior que zero',
      ],
      [
        {
          itens: [
            {
              produtoId: racao.id,
              quantidade: 2,
              custoUnitario: 1,
              lotes: [
                { numero: 'A', quantidade: 1 },
                { numero: 'a', quantidade: 1 },
              ],
            },
          ],
        },
        'itens.0.lotes.1.numero',
        'Lote repetido neste item',
      ],
    ];
    for (const [corpo, campo, mensagem] of casos) {
      const res = await post(t, URL, corpo);
      expect(res.statusCode, JSON.stringify(corpo)).toBe(400);
      expect(res.json().errors[campo], `${campo}: ${res.body}`).toEqual([mensagem]);
    }
    const enorme = await post(t, URL, { itens: [{ produtoId: racao.id, quantidade: 999_999_999, custoUnitario: 9_999_999 }] });
    expect(enorme.statusCode).toBe(400);
    expect(enorme.json().errors['itens.0.custoUnitario']).toEqual(['O valor do item (quantidade × custo) é grande demais']);
    // Junk of any shape is a 400, never a 500.
    for (const payload of ['[]', 'null', '"texto"', '{"itens": "x"}', '{"itens": [null]}', '{"parcelas": [{}]}', '{']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...t.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    // Nothing was written by the refused bodies (no number taken either).
    expect(await noTenant(ctx, t, (tx) => tx.select().from(compras))).toEqual([]);
    expect((await get(t, `${URL}/nao-e-uuid`)).statusCode).toBe(400);
    expect((await get(t, `${URL}/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('keeps purchases inside their tenant and unit (404), and the list filters by period, supplier, status and text', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const filial = await segundaUnidade(ctx, t);
    const fornecedor = await novoFornecedor(t, 'Distribuidora Aurora Pet');
    const outroFornecedor = await novoFornecedor(t, 'Atacado Bicho Feliz');
    const racao = await novoProduto(ctx, t, { precoVenda: 20 });
    const a = await criarCompra(t, {
      fornecedorId: fornecedor.id,
      numeroNota: '000123',
      itens: [{ produtoId: racao.id, quantidade: 1, custoUnitario: 10 }],
    });
    const b = await criarCompra(t, {
      fornecedorId: outroFornecedor.id,
      numeroNota: '777',
      dataEntrada: '2020-01-15',
      itens: [{ produtoId: racao.id, quantidade: 3, custoUnitario: 10 }],
    });
    await finalizar(t, a.id);

    for (const [headers, quem] of [
      [outro.headers, 'outro tenant'],
      [filial.headers, 'outra unidade'],
    ] as const) {
      for (const res of [
        await get(t, `${URL}/${a.id}`, headers),
        await get(t, `${URL}/${a.id}/resumo`, headers),
        await post(t, `${URL}/${a.id}/finalizar`, undefined, headers),
        await put(t, `${URL}/${b.id}`, { itens: [] }, headers),
        await del(t, `${URL}/${b.id}`, headers),
        await put(t, `${URL}/${b.id}/itens/${b.itens[0]!.id}/vincular`, { produtoId: racao.id }, headers),
      ])
        expect(res.statusCode, `${quem}: ${res.body}`).toBe(404);
      const lista = await get(t, `${URL}?dataInicio=2000-01-01`, headers);
      expect(lista.json<{ total: number }>().total, quem).toBe(0);
    }
    // Another tenant cannot use this tenant's product either.
    const alheia = await post(t, URL, { itens: [{ produtoId: racao.id, quantidade: 1, custoUnitario: 1 }] }, outro.headers);
    expect(alheia.statusCode).toBe(400);

    const listar = async (qs: string) => {
      const res = await get(t, `${URL}?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: CompraListItem[]; total: number }>();
    };
    // Default period: the last 30 days (b entered in 2020).
    expect((await listar('')).items.map((i) => i.id)).toEqual([a.id]);
    const todas = await listar('dataInicio=2019-01-01');
    expect(todas.items.map((i) => i.numero)).toEqual([a.numero, b.numero]);
    expect(todas.items[1]).toMatchObject({
      status: 'Rascunho',
      origem: 'manual',
      fornecedor: { razaoSocial: 'Atacado Bicho Feliz' },
      numeroNota: '777',
      dataEntrada: '2020-01-15',
      valorTotal: 30,
      quantidadeItens: 1,
      itensPendentes: 0,
    });
    expect((await listar('dataInicio=2019-01-01&status=Finalizada')).items.map((i) => i.id)).toEqual([a.id]);
    expect((await listar('dataInicio=2019-01-01&status=Finalizada,Rascunho')).total).toBe(2);
    expect((await listar(`dataInicio=2019-01-01&fornecedorId=${outroFornecedor.id}`)).items.map((i) => i.id)).toEqual([b.id]);
    expect((await listar('dataInicio=2019-01-01&query=aurora')).items.map((i) => i.id)).toEqual([a.id]);
    expect((await listar('dataInicio=2019-01-01&query=123')).items.map((i) => i.id)).toEqual([a.id]);
    expect((await listar(`dataInicio=2019-01-01&query=${fornecedor.cpfCnpj.slice(0, 8)}`)).items.map((i) => i.id)).toEqual([
      a.id,
    ]);
    expect((await listar(`dataInicio=2019-01-01&query=${b.numero}`)).items.map((i) => i.id)).toContain(b.id);
    const invertido = await get(t, `${URL}?dataInicio=2025-02-01&dataFim=2025-01-01`);
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().errors.dataFim).toBeDefined();
    expect((await get(t, `${URL}?status=Aberta`)).statusCode).toBe(400);
  });

  it('needs the compras permission', async () => {
    const t = await newTenant(ctx);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await get(t, URL, caixa.headers)).statusCode).toBe(403);
    expect((await post(t, URL, { itens: [] }, caixa.headers)).statusCode).toBe(403);
  });
});

describe('cost rise: reviewing sale prices (issue #15)', () => {
  const precosVenda = (t: TenantFixture, compraId: string, precos: object[], headers = t.headers) =>
    post(t, `${URL}/${compraId}/precos-venda`, { precos }, headers);
  const produto = async (t: TenantFixture, id: string) => (await get(t, `/api/inventario/produtos/${id}`)).json<Produto>();

  it('by average cost: lists only the products whose cost goes up, with the margin figures; finalising answers them; the chosen prices are saved', async () => {
    const t = await newTenant(ctx);
    const fornecedor = await novoFornecedor(t);
    // Rises: 10 on hand at 5 + 10 at 8 → 6,50.
    const sobe = await novoProduto(ctx, t, { nome: 'Ração Sobe 1 kg', precoCusto: 5, precoVenda: 20 });
    await estoqueInicial(t, sobe.id, 10, 5);
    // Falls (10 → 9) and stays (4 → 4): not listed.
    const desce = await novoProduto(ctx, t, { nome: 'Areia Desce', precoCusto: 10, precoVenda: 15 });
    const igual = await novoProduto(ctx, t, { nome: 'Petisco Igual', precoCusto: 4, precoVenda: 10 });
    const compra = await criarCompra(t, {
      fornecedorId: fornecedor.id,
      dataEntrada: '2025-03-10',
      itens: [
        { produtoId: sobe.id, quantidade: 10, custoUnitario: 8 },
        { produtoId: desce.id, quantidade: 2, custoUnitario: 9 },
        { produtoId: igual.id, quantidade: 5, custoUnitario: 4 },
      ],
    });
    const esperado = {
      produtoId: sobe.id,
      nome: 'Ração Sobe 1 kg',
      unidadeSigla: 'UN',
      custoAtual: 5,
      custoNovo: 6.5,
      precoVenda: 20,
      markupAtual: 300,
      markupNovo: 207.69,
      precoSugerido: 26,
    };
    const resumo = (await get(t, `${URL}/${compra.id}/resumo`)).json<ResumoCompra>();
    expect(resumo.revisaoPrecos).toEqual([esperado]);

    const fim = await post(t, `${URL}/${compra.id}/finalizar`);
    expect(fim.statusCode, fim.body).toBe(200);
    const finalizada = fim.json<CompraFinalizada>();
    expect(finalizada.status).toBe('Finalizada');
    expect(finalizada.revisaoPrecos).toEqual([esperado]);
    expect(await precoCusto(t, sobe.id)).toEqual({ precoCusto: 6.5, markup: 207.69 });
    // Finalising again, and the summary of a finalised purchase, offer nothing more.
    expect((await post(t, `${URL}/${compra.id}/finalizar`)).json<CompraFinalizada>().revisaoPrecos).toEqual([]);
    expect((await get(t, `${URL}/${compra.id}/resumo`)).json<ResumoCompra>().revisaoPrecos).toEqual([]);

    // The user keeps the margin on one product and types a price for another.
    const res = await precosVenda(t, compra.id, [
      { produtoId: sobe.id, precoVenda: 26 },
      { produtoId: desce.id, precoVenda: '16,90' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AtualizarPrecosVendaResultado>().produtos).toEqual(
      expect.arrayContaining([
        { id: sobe.id, nome: 'Ração Sobe 1 kg', precoCusto: 6.5, markup: 300, precoVenda: 26 },
        { id: desce.id, nome: 'Areia Desce', precoCusto: 9, markup: 87.78, precoVenda: 16.9 },
      ]),
    );
    expect(await produto(t, sobe.id)).toMatchObject({ precoCusto: 6.5, markup: 300, precoVenda: 26 });
    expect(await produto(t, desce.id)).toMatchObject({ precoVenda: 16.9 });
    expect(await produto(t, igual.id)).toMatchObject({ precoVenda: 10 });
  });

  it('by last cost: the new cost is the purchase cost; products without a cost before are not listed', async () => {
    const t = await newTenant(ctx);
    await metodoCusto(t, 'ultimo');
    const fornecedor = await novoFornecedor(t);
    const racao = await novoProduto(ctx, t, { nome: 'Ração Último', precoCusto: 5, precoVenda: 20 });
    await estoqueInicial(t, racao.id, 10, 5);
    const semCusto = await novoProduto(ctx, t, { nome: 'Sem Custo', precoCusto: 0, precoVenda: 20 });
    const compra = await criarCompra(t, {
      fornecedorId: fornecedor.id,
      itens: [
        { produtoId: racao.id, quantidade: 10, custoUnitario: 8, valorDesconto: 4 },
        { produtoId: semCusto.id, quantidade: 1, custoUnitario: 7 },
      ],
    });
    const resumo = (await get(t, `${URL}/${compra.id}/resumo`)).json<ResumoCompra>();
    expect(resumo.revisaoPrecos).toEqual([
      {
        produtoId: racao.id,
        nome: 'Ração Último',
        unidadeSigla: 'UN',
        custoAtual: 5,
        custoNovo: 7.6,
        precoVenda: 20,
        markupAtual: 300,
        markupNovo: 163.16,
        precoSugerido: 30.4,
      },
    ]);
  });

  it('refuses prices below the cost and products outside the purchase; keeps to the tenant and unit; needs produtos.gerenciar', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const fornecedor = await novoFornecedor(t);
    const racao = await novoProduto(ctx, t, { precoCusto: 5, precoVenda: 20 });
    const fora = await novoProduto(ctx, t, { precoCusto: 5, precoVenda: 20 });
    const compra = await criarCompra(t, {
      fornecedorId: fornecedor.id,
      itens: [{ produtoId: racao.id, quantidade: 1, custoUnitario: 6 }],
    });
    await finalizar(t, compra.id);

    const abaixo = await precosVenda(t, compra.id, [{ produtoId: racao.id, precoVenda: 5.99 }]);
    expect(abaixo.statusCode).toBe(400);
    expect(abaixo.json().errors).toEqual({
      'precos.0.precoVenda': ['O preço de venda não pode ser menor que o preço de custo (R$ 6,00)'],
    });
    const alheio = await precosVenda(t, compra.id, [
      { produtoId: racao.id, precoVenda: 30 },
      { produtoId: fora.id, precoVenda: 30 },
    ]);
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().errors).toEqual({ 'precos.1.produtoId': ['Este produto não faz parte da compra'] });
    expect((await precosVenda(t, compra.id, [])).statusCode).toBe(400);
    expect((await precosVenda(t, compra.id, [{ produtoId: racao.id, precoVenda: 0 }])).json().errors).toEqual({
      'precos.0.precoVenda': ['Preço de venda deve ser maior que zero'],
    });
    // Nothing was saved by the refusals (one transaction).
    expect(await produto(t, racao.id)).toMatchObject({ precoVenda: 20 });
    expect(await produto(t, fora.id)).toMatchObject({ precoVenda: 20 });

    // Another tenant: the purchase is not found, and its own purchase cannot reach this product.
    expect((await precosVenda(outro, compra.id, [{ produtoId: racao.id, precoVenda: 30 }])).statusCode).toBe(404);
    const fornecedorOutro = await novoFornecedor(outro);
    const produtoOutro = await novoProduto(ctx, outro, { precoCusto: 1, precoVenda: 2 });
    const compraOutro = await criarCompra(outro, {
      fornecedorId: fornecedorOutro.id,
      itens: [{ produtoId: produtoOutro.id, quantidade: 1, custoUnitario: 1 }],
    });
    const cruzado = await precosVenda(outro, compraOutro.id, [{ produtoId: racao.id, precoVenda: 30 }]);
    expect(cruzado.statusCode).toBe(400);
    expect(cruzado.json().errors).toEqual({ 'precos.0.produtoId': ['Este produto não faz parte da compra'] });
    // Another unit of the same tenant does not see the purchase either.
    const unidade2 = await segundaUnidade(ctx, t);
    expect((await precosVenda(t, compra.id, [{ produtoId: racao.id, precoVenda: 30 }], unidade2.headers)).statusCode).toBe(404);
    expect(await produto(t, racao.id)).toMatchObject({ precoVenda: 20 });

    // Financeiro finalises purchases but does not manage products.
    const financeiro = await usuarioComPerfil(ctx, t, 'financeiro');
    expect((await precosVenda(t, compra.id, [{ produtoId: racao.id, precoVenda: 30 }], financeiro.headers)).statusCode).toBe(403);
    const ok = await precosVenda(t, compra.id, [{ produtoId: racao.id, precoVenda: 30 }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await produto(t, racao.id)).toMatchObject({ precoCusto: 6, markup: 400, precoVenda: 30 });
  });
});

describe('OpenAPI', () => {
  it('documents every purchase call under the compras tag, with Portuguese summaries', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> }>().paths;
    const chamadas = Object.entries(paths)
      .filter(([p]) => p.startsWith('/api/compras') || p.startsWith('/api/api/compras'))
      .flatMap(([p, metodos]) => Object.entries(metodos).map(([m, op]) => ({ chamada: `${m.toUpperCase()} ${p}`, op })));
    expect(chamadas.map((c) => c.chamada).sort()).toEqual(
      [
        'GET /api/compras',
        'POST /api/compras',
        'GET /api/compras/{id}',
        'PUT /api/compras/{id}',
        'DELETE /api/compras/{id}',
        'GET /api/compras/{id}/resumo',
        'POST /api/compras/{id}/finalizar',
        'POST /api/compras/{id}/precos-venda',
        'PUT /api/compras/{id}/itens/{itemId}/vincular',
        'POST /api/compras/{id}/itens/{itemId}/criar-produto',
        'POST /api/api/compras/importar-xml',
        'POST /api/compras/importar-xml',
      ].sort(),
    );
    for (const { chamada, op } of chamadas) {
      expect(op.tags, chamada).toEqual(['compras']);
      expect(op.summary, chamada).toMatch(/^[A-Z]/);
    }
  });
});
