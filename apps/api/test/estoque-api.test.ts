/**
 * The stock calls (issue #5 item 1): the position and its totals, the ledger and its filters,
 * adjustments (count, entry, removal) with their 400s and idempotency, the bulk conversion,
 * permissions and tenancy (another tenant's or unit's stock is never seen nor touched).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AjusteEstoque, MovimentacaoEstoque, PosicaoEstoque, ResumoEstoque, SaidaGranel } from '@petshop/shared/estoque';
import type { Page } from '@petshop/shared/http';
import type { Produto } from '@petshop/shared/produto';
import { addDays } from '@petshop/shared/venda';
import { estoques, movimentacoesEstoque } from '../src/db/schema/index.ts';
import { noTenant, novoProduto, permitirEstoqueNegativo, segundaUnidade, type NovoProduto } from './fixtures/vendas.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
type Errors = { errors: Record<string, string[]> };

/** A product costing `precoCusto` (10 unless given), sold at twice that. */
const produto = (t: TenantFixture, p: Omit<NovoProduto, 'precoVenda'> & { nome: string }): Promise<Produto> => {
  const precoCusto = p.precoCusto ?? 10;
  return novoProduto(ctx, t, {
    ...p,
    precoCusto,
    precoVenda: precoCusto * 2,
    estoqueMinimo: p.estoqueMinimo ?? 0,
    ativo: p.ativo ?? true,
    granel: p.granel ?? null,
  });
};

const criar = async (t: TenantFixture, recurso: 'marcas' | 'categorias-produto', nome: string): Promise<string> => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/inventario/${recurso}`, headers: t.headers, payload: { nome } });
  if (res.statusCode !== 201) throw new Error(`${recurso}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
};

const ajuste = (headers: Record<string, string>, payload: object, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/estoque/ajuste', headers: { ...headers, ...extra }, payload });
const ajusteOk = async (t: TenantFixture, payload: object, headers = t.headers): Promise<AjusteEstoque> => {
  const res = await ajuste(headers, payload);
  if (res.statusCode !== 200) throw new Error(`ajuste: ${res.statusCode} ${res.body}`);
  return res.json<AjusteEstoque>();
};
const entrada = (t: TenantFixture, produtoId: string, quantidade: number, headers = t.headers) =>
  ajusteOk(t, { modo: 'entrada', motivo: 'Estoque inicial', itens: [{ produtoId, quantidade }] }, headers);

const get = <T>(headers: Record<string, string>, url: string) =>
  ctx.app.inject({ url, headers }).then((r) => {
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r.json<T>();
  });
const posicao = (headers: Record<string, string>, qs = '') =>
  get<Page<PosicaoEstoque>>(headers, `/api/estoques?pageSize=100${qs}`);
const movimentacoes = (headers: Record<string, string>, qs = '') =>
  get<Page<MovimentacaoEstoque>>(headers, `/api/estoques/movimentacoes?pageSize=100${qs}`);
const saldo = (t: TenantFixture, produtoId: string, unidadeNegocioId?: string) =>
  noTenant(
    ctx,
    t,
    async (tx) => {
      const [row] = await tx
        .select({ q: estoques.quantidade, c: estoques.custoMedio })
        .from(estoques)
        .where(eq(estoques.produtoId, produtoId));
      return { quantidade: Number(row?.q ?? 0), custoMedio: Number(row?.c ?? 0) };
    },
    unidadeNegocioId,
  );

describe('GET /api/estoques', () => {
  it('lists every stock-controlled product of the unit with balance, cost, value, minimum and filters', async () => {
    const t = await newTenant(ctx);
    const categoria = await criar(t, 'categorias-produto', 'Linha Super Premium');
    const marca = await criar(t, 'marcas', 'Golden Teste');
    const racao = await produto(t, {
      nome: 'Ração Golden 15 kg',
      sigla: 'SC',
      precoCusto: 150,
      estoqueMinimo: 5,
      codigo: 'RG15',
      codigoBarras: '7891000100103',
      categoriaId: categoria,
      marcaId: marca,
    });
    const granel = await produto(t, { nome: 'Ração a granel', sigla: 'KG', precoCusto: 12 });
    const areia = await produto(t, { nome: 'Areia sanitária', precoCusto: 8.5, estoqueMinimo: 1 });
    const banho = await produto(t, { nome: 'Banho', tipo: 'servico' });
    const sacola = await produto(t, { nome: 'Sacola', controlaEstoque: false });
    const inativo = await produto(t, { nome: 'Antigo', ativo: false });

    await entrada(t, racao.id, 2);
    await entrada(t, granel.id, 7.5);
    await permitirEstoqueNegativo(ctx, t, true);
    await ajusteOk(t, { modo: 'saida', motivo: 'Quebra', itens: [{ produtoId: areia.id, quantidade: 3 }] });

    const page = await posicao(t.headers);
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.nome)).toEqual(['Areia sanitária', 'Ração a granel', 'Ração Golden 15 kg']);
    const ids = page.items.map((i) => i.produtoId);
    expect(ids).not.toContain(banho.id);
    expect(ids).not.toContain(sacola.id);
    expect(ids).not.toContain(inativo.id);
    expect(page.items[2]).toEqual({
      produtoId: racao.id,
      nome: 'Ração Golden 15 kg',
      codigo: 'RG15',
      codigoBarras: '7891000100103',
      unidadeSigla: 'SC',
      permiteVendaFracionada: false,
      ativo: true,
      quantidade: 2,
      custoMedio: 150,
      valorEstoque: 300,
      estoqueMinimo: 5,
      abaixoMinimo: true,
      controlaLote: false,
      proximaValidade: null,
    });
    expect(page.items[1]).toMatchObject({ quantidade: 7.5, custoMedio: 12, valorEstoque: 90, abaixoMinimo: false });
    // Negative: below the minimum, no value.
    expect(page.items[0]).toMatchObject({ quantidade: -3, custoMedio: 8.5, valorEstoque: 0, abaixoMinimo: true });

    const nomes = async (qs: string) => (await posicao(t.headers, qs)).items.map((i) => i.nome);
    expect(await nomes('&situacao=abaixo_minimo')).toEqual(['Areia sanitária', 'Ração Golden 15 kg']);
    expect(await nomes('&situacao=negativo')).toEqual(['Areia sanitária']);
    expect(await nomes('&situacao=zerado')).toEqual([]);
    expect(await nomes('&query=golden')).toEqual(['Ração Golden 15 kg']);
    expect(await nomes('&query=racao')).toEqual(['Ração a granel', 'Ração Golden 15 kg']);
    expect(await nomes('&query=rg15')).toEqual(['Ração Golden 15 kg']);
    expect(await nomes('&query=7891000100103')).toEqual(['Ração Golden 15 kg']);
    expect(await nomes(`&categoriaId=${categoria}`)).toEqual(['Ração Golden 15 kg']);
    expect(await nomes(`&marcaId=${marca}`)).toEqual(['Ração Golden 15 kg']);
    expect(await nomes(`&produtoId=${granel.id}`)).toEqual(['Ração a granel']);
    const paged = await get<Page<PosicaoEstoque>>(t.headers, '/api/estoques?pageSize=2&page=2');
    expect({ total: paged.total, nomes: paged.items.map((i) => i.nome) }).toEqual({ total: 3, nomes: ['Ração Golden 15 kg'] });

    const resumo = await get<ResumoEstoque>(t.headers, '/api/estoques/resumo');
    expect(resumo).toEqual({ produtos: 3, valorTotal: 390, abaixoMinimo: 2, zerados: 0, negativos: 1 });
    expect(await get<ResumoEstoque>(t.headers, '/api/estoques/resumo?query=golden')).toEqual({
      produtos: 1,
      valorTotal: 300,
      abaixoMinimo: 1,
      zerados: 0,
      negativos: 0,
    });

    // An inactive product with stock stays listed until its balance is zero.
    await entrada(t, inativo.id, 1);
    expect(await nomes('&query=antigo')).toEqual(['Antigo']);

    // Another unit of the tenant: same catalogue, its own (empty) balances.
    const loja2 = await segundaUnidade(ctx, t);
    const outra = await posicao(loja2.headers);
    expect(outra.items.map((i) => [i.nome, i.quantidade])).toEqual([
      ['Areia sanitária', 0],
      ['Ração a granel', 0],
      ['Ração Golden 15 kg', 0],
    ]);
    expect(await nomes('&situacao=zerado')).toEqual([]);
    expect((await posicao(loja2.headers, '&situacao=zerado')).total).toBe(3);

    // Another tenant sees none of it.
    const outro = await newTenant(ctx);
    expect((await posicao(outro.headers)).total).toBe(0);
    expect((await posicao(outro.headers, `&produtoId=${racao.id}`)).items).toEqual([]);
  });

  it('needs estoque or produtos: a receptionist reads, cannot adjust; a groomer cannot read', async () => {
    const t = await newTenant(ctx);
    const p = await produto(t, { nome: 'Petisco' });
    const recepcao = await usuarioComPerfil(ctx, t, 'recepcao');
    expect((await ctx.app.inject({ url: '/api/estoques', headers: recepcao.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/estoques/movimentacoes', headers: recepcao.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/estoques/lotes', headers: recepcao.headers })).statusCode).toBe(200);
    const negado = await ajuste(recepcao.headers, {
      modo: 'entrada',
      motivo: 'Teste',
      itens: [{ produtoId: p.id, quantidade: 1 }],
    });
    expect(negado.statusCode).toBe(403);
    const granel = await ctx.app.inject({
      method: 'POST',
      url: '/api/estoques/saida_para_granel',
      headers: recepcao.headers,
      payload: { produtoId: p.id },
    });
    expect(granel.statusCode).toBe(403);
    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    expect((await ctx.app.inject({ url: '/api/estoques', headers: banhista.headers })).statusCode).toBe(403);
    expect((await saldo(t, p.id)).quantidade).toBe(0);
  });
});

describe('POST /api/estoque/ajuste', () => {
  it('count mode turns each difference into one movement and leaves equal counts alone', async () => {
    const t = await newTenant(ctx);
    const a = await produto(t, { nome: 'A Coleira', precoCusto: 20 });
    const b = await produto(t, { nome: 'B Ração granel', sigla: 'KG', precoCusto: 12 });
    const c = await produto(t, { nome: 'C Brinquedo' });
    await entrada(t, a.id, 10);
    await entrada(t, c.id, 4);

    const res = await ajusteOk(t, {
      modo: 'contagem',
      motivo: 'Inventário de março',
      itens: [
        { produtoId: a.id, quantidade: 7 },
        { produtoId: b.id, quantidade: '2,5' },
        { produtoId: c.id, quantidade: 4 },
      ],
    });
    expect(res.itens).toEqual([
      { produtoId: a.id, saldoAnterior: 10, saldo: 7 },
      { produtoId: b.id, saldoAnterior: 0, saldo: 2.5 },
      { produtoId: c.id, saldoAnterior: 4, saldo: 4 },
    ]);
    expect(
      res.movimentacoes.map((m) => [m.produtoNome, m.tipo, m.tipoLabel, m.quantidade, m.saldoResultante, m.custoUnitario]),
    ).toEqual([
      ['A Coleira', 'ajuste_saida', 'Ajuste de saída', -3, 7, 20],
      ['B Ração granel', 'ajuste_entrada', 'Ajuste de entrada', 2.5, 2.5, 12],
    ]);
    for (const m of res.movimentacoes) {
      expect(m).toMatchObject({
        origem: 'ajuste',
        observacao: 'Inventário de março',
        usuarioNome: 'Administradora Teste',
        lote: null,
      });
    }
    expect(res.movimentacoes[0]!.origemId).toBe(res.movimentacoes[1]!.origemId);
    expect(await saldo(t, a.id)).toEqual({ quantidade: 7, custoMedio: 20 });
    expect(await saldo(t, b.id)).toEqual({ quantidade: 2.5, custoMedio: 12 });

    // A count sets exactly what was counted, even over a negative balance.
    await permitirEstoqueNegativo(ctx, t, true);
    await ajusteOk(t, { modo: 'saida', motivo: 'Quebra', itens: [{ produtoId: c.id, quantidade: 6 }] });
    expect((await saldo(t, c.id)).quantidade).toBe(-2);
    const contagem = await ajusteOk(t, { modo: 'contagem', motivo: 'Recontagem', itens: [{ produtoId: c.id, quantidade: 0 }] });
    expect(contagem.itens).toEqual([{ produtoId: c.id, saldoAnterior: -2, saldo: 0 }]);
    expect(contagem.movimentacoes.map((m) => [m.tipo, m.quantidade])).toEqual([['ajuste_entrada', 2]]);
  });

  it('adds and removes with a reason; removal below zero refused unless the unit allows it', async () => {
    const t = await newTenant(ctx);
    const p = await produto(t, { nome: 'Shampoo', precoCusto: 15 });
    const r = await ajusteOk(t, { modo: 'entrada', motivo: 'Doação do fornecedor', itens: [{ produtoId: p.id, quantidade: 5 }] });
    expect(r.itens).toEqual([{ produtoId: p.id, saldoAnterior: 0, saldo: 5 }]);
    expect(r.movimentacoes.map((m) => [m.tipo, m.quantidade, m.custoUnitario])).toEqual([['ajuste_entrada', 5, 15]]);

    const demais = await ajuste(t.headers, { modo: 'saida', motivo: 'Vencido', itens: [{ produtoId: p.id, quantidade: 6 }] });
    expect(demais.statusCode).toBe(400);
    expect(demais.json<Errors>().errors).toEqual({
      'itens.0.quantidade': ['Estoque insuficiente de "Shampoo": disponível 5 UN'],
    });
    expect((await saldo(t, p.id)).quantidade).toBe(5);

    const s = await ajusteOk(t, { modo: 'saida', motivo: 'Vencido', itens: [{ produtoId: p.id, quantidade: 5 }] });
    expect(s.itens).toEqual([{ produtoId: p.id, saldoAnterior: 5, saldo: 0 }]);
    expect(s.movimentacoes.map((m) => [m.tipo, m.quantidade, m.saldoResultante])).toEqual([['ajuste_saida', -5, 0]]);

    await permitirEstoqueNegativo(ctx, t, true);
    const negativo = await ajusteOk(t, { modo: 'saida', motivo: 'Furto', itens: [{ produtoId: p.id, quantidade: 1 }] });
    expect(negativo.itens).toEqual([{ produtoId: p.id, saldoAnterior: 0, saldo: -1 }]);
  });

  it('answers 400 with the field keys and moves nothing', async () => {
    const t = await newTenant(ctx);
    const un = await produto(t, { nome: 'Coleira' });
    const kg = await produto(t, { nome: 'Granel', sigla: 'KG' });
    const servico = await produto(t, { nome: 'Banho', tipo: 'servico' });
    const livre = await produto(t, { nome: 'Sacola', controlaEstoque: false });
    const outro = await newTenant(ctx);
    const alheio = await produto(outro, { nome: 'Alheio' });

    const erros = async (payload: object) => {
      const res = await ajuste(t.headers, payload);
      expect(res.statusCode).toBe(400);
      return res.json<Errors>().errors;
    };
    const item = (produtoId: string, quantidade: unknown = 1) => ({ produtoId, quantidade });
    expect(await erros({ modo: 'entrada', itens: [item(un.id)] })).toEqual({ motivo: ['Motivo é obrigatório'] });
    expect(await erros({ modo: 'entrada', motivo: ' x ', itens: [item(un.id)] })).toEqual({
      motivo: ['Motivo deve ter ao menos 3 caracteres'],
    });
    expect(await erros({ modo: 'entrada', motivo: 'x'.repeat(201), itens: [item(un.id)] })).toEqual({
      motivo: ['Motivo deve ter no máximo 200 caracteres'],
    });
    expect(await erros({ modo: 'troca', motivo: 'Teste', itens: [item(un.id)] })).toEqual({ modo: ['Modo do ajuste inválido'] });
    expect(await erros({ modo: 'entrada', motivo: 'Teste', itens: [] })).toEqual({ itens: ['Informe ao menos um item'] });
    expect(await erros({ modo: 'entrada', motivo: 'Teste', itens: [item(un.id, 1.5)] })).toEqual({
      'itens.0.quantidade': ['A unidade UN não permite quantidade fracionada'],
    });
    expect(await erros({ modo: 'contagem', motivo: 'Teste', itens: [item(kg.id, 1), item(un.id, '2,5')] })).toEqual({
      'itens.1.quantidade': ['A unidade UN não permite quantidade fracionada'],
    });
    expect(await erros({ modo: 'entrada', motivo: 'Teste', itens: [item(un.id, 0)] })).toEqual({
      'itens.0.quantidade': ['Quantidade deve ser maior que zero'],
    });
    expect(await erros({ modo: 'entrada', motivo: 'Teste', itens: [item(un.id, -1)] })).toEqual({
      'itens.0.quantidade': ['Quantidade não pode ser negativa'],
    });
    expect(await erros({ modo: 'entrada', motivo: 'Teste', itens: [item(servico.id), item(livre.id)] })).toEqual({
      'itens.0.produtoId': ['"Banho" não controla estoque'],
      'itens.1.produtoId': ['"Sacola" não controla estoque'],
    });
    expect(await erros({ modo: 'entrada', motivo: 'Teste', itens: [item(un.id), item(un.id, 2)] })).toEqual({
      'itens.1.produtoId': ['Produto repetido no ajuste'],
    });
    expect(await erros({ modo: 'entrada', motivo: 'Teste', itens: [item(alheio.id)] })).toEqual({
      'itens.0.produtoId': ['Produto não encontrado'],
    });
    expect(await erros({ modo: 'entrada', motivo: 'Teste', itens: [{ ...item(un.id), lote: { numero: 'L1' } }] })).toEqual({
      'itens.0.lote': ['"Coleira" não controla lote'],
    });
    expect(await erros({ modo: 'entrada', motivo: 'Teste', itens: [item(un.id, 1)], chave: 'abc' })).toEqual({
      chave: ['Chave inválida'],
    });
    // Fractional units take 3 decimals (rounded).
    const ok = await ajusteOk(t, { modo: 'entrada', motivo: 'Teste', itens: [item(kg.id, 1.2345)] });
    expect(ok.itens[0]!.saldo).toBe(1.235);
    expect((await saldo(t, un.id)).quantidade).toBe(0);
    expect((await saldo(outro, alheio.id)).quantidade).toBe(0);
  });

  it('is idempotent by chave and by the Idempotency-Key header', async () => {
    const t = await newTenant(ctx);
    const p = await produto(t, { nome: 'Petisco' });
    const chave = randomUUID();
    const body = { modo: 'entrada', motivo: 'Estoque inicial', chave, itens: [{ produtoId: p.id, quantidade: 3 }] };
    const primeira = await ajusteOk(t, body);
    const segunda = await ajusteOk(t, body);
    expect(segunda).toEqual(primeira);
    expect(segunda.itens).toEqual([{ produtoId: p.id, saldoAnterior: 0, saldo: 3 }]);
    expect(primeira.movimentacoes[0]!.origemId).toBe(chave);
    expect((await saldo(t, p.id)).quantidade).toBe(3);

    const key = randomUUID();
    const semChave = { modo: 'saida', motivo: 'Quebra', itens: [{ produtoId: p.id, quantidade: 1 }] };
    const r1 = await ajuste(t.headers, semChave, { 'idempotency-key': key });
    const r2 = await ajuste(t.headers, semChave, { 'idempotency-key': key });
    expect(r1.statusCode).toBe(200);
    expect(r2.statusCode).toBe(200);
    expect(r2.headers['idempotent-replayed']).toBe('true');
    expect(r2.json()).toEqual(r1.json());
    expect((await saldo(t, p.id)).quantidade).toBe(2);
  });

  it('never touches another tenant or unit', async () => {
    const t = await newTenant(ctx);
    const p = await produto(t, { nome: 'Petisco' });
    await entrada(t, p.id, 5);
    const loja2 = await segundaUnidade(ctx, t);
    // The same product in the second unit: its own balance.
    const r = await ajusteOk(
      t,
      { modo: 'contagem', motivo: 'Inventário', itens: [{ produtoId: p.id, quantidade: 2 }] },
      loja2.headers,
    );
    expect(r.itens).toEqual([{ produtoId: p.id, saldoAnterior: 0, saldo: 2 }]);
    expect((await saldo(t, p.id)).quantidade).toBe(5);
    expect((await saldo(t, p.id, loja2.id)).quantidade).toBe(2);
    const outro = await newTenant(ctx);
    const res = await ajuste(outro.headers, { modo: 'saida', motivo: 'Invasão', itens: [{ produtoId: p.id, quantidade: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors).toEqual({ 'itens.0.produtoId': ['Produto não encontrado'] });
    expect((await saldo(t, p.id)).quantidade).toBe(5);
  });
});

describe('GET /api/estoques/movimentacoes', () => {
  it('lists the unit ledger newest first with period, product, type and search filters', async () => {
    const t = await newTenant(ctx);
    const a = await produto(t, { nome: 'Areia', precoCusto: 8 });
    const b = await produto(t, { nome: 'Bolinha', precoCusto: 3, codigo: 'BOL1' });
    await entrada(t, a.id, 10);
    await entrada(t, b.id, 4);
    await ajusteOk(t, { modo: 'saida', motivo: 'Quebra', itens: [{ produtoId: a.id, quantidade: 2 }] });
    // One entry of 40 days ago and one of 10 days ago (moved back in time directly).
    const antigo = await ajusteOk(t, { modo: 'entrada', motivo: 'Antigo', itens: [{ produtoId: b.id, quantidade: 1 }] });
    const recente = await ajusteOk(t, { modo: 'entrada', motivo: 'Recente', itens: [{ produtoId: b.id, quantidade: 1 }] });
    await ctx.database.db
      .update(movimentacoesEstoque)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(movimentacoesEstoque.id, antigo.movimentacoes[0]!.id));
    await ctx.database.db
      .update(movimentacoesEstoque)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(movimentacoesEstoque.id, recente.movimentacoes[0]!.id));

    const todas = await movimentacoes(t.headers);
    expect(todas.total).toBe(4);
    expect(todas.items.map((m) => [m.produtoNome, m.tipo, m.quantidade, m.observacao])).toEqual([
      ['Areia', 'ajuste_saida', -2, 'Quebra'],
      ['Bolinha', 'ajuste_entrada', 4, 'Estoque inicial'],
      ['Areia', 'ajuste_entrada', 10, 'Estoque inicial'],
      ['Bolinha', 'ajuste_entrada', 1, 'Recente'],
    ]);
    expect(todas.items[0]).toMatchObject({
      produtoId: a.id,
      unidadeSigla: 'UN',
      tipoLabel: 'Ajuste de saída',
      custoUnitario: 8,
      saldoResultante: 8,
      origem: 'ajuste',
      usuarioNome: 'Administradora Teste',
      lote: null,
    });
    const hoje = new Date().toISOString().slice(0, 10);
    const desde = addDays(hoje, -60);
    expect((await movimentacoes(t.headers, `&dataInicio=${desde}`)).total).toBe(5);
    expect(
      (await movimentacoes(t.headers, `&dataInicio=${desde}&dataFim=${addDays(hoje, -20)}`)).items.map((m) => m.observacao),
    ).toEqual(['Antigo']);
    expect((await movimentacoes(t.headers, `&produtoId=${b.id}`)).items.map((m) => m.observacao)).toEqual([
      'Estoque inicial',
      'Recente',
    ]);
    expect((await movimentacoes(t.headers, '&tipo=ajuste_saida')).items.map((m) => m.produtoNome)).toEqual(['Areia']);
    expect((await movimentacoes(t.headers, '&tipo=ajuste_saida,ajuste_entrada')).total).toBe(4);
    expect((await movimentacoes(t.headers, '&tipo=saida_venda')).total).toBe(0);
    expect((await movimentacoes(t.headers, '&query=bolinha')).total).toBe(2);
    expect((await movimentacoes(t.headers, '&query=bol1')).total).toBe(2);
    const paged = await get<Page<MovimentacaoEstoque>>(t.headers, '/api/estoques/movimentacoes?pageSize=3&page=2');
    expect({ total: paged.total, n: paged.items.length }).toEqual({ total: 4, n: 1 });

    const invalido = await ctx.app.inject({
      url: `/api/estoques/movimentacoes?dataInicio=${hoje}&dataFim=${addDays(hoje, -1)}`,
      headers: t.headers,
    });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json<Errors>().errors).toEqual({ dataFim: ['A data final deve ser igual ou posterior à data inicial'] });
    const tipoInvalido = await ctx.app.inject({ url: '/api/estoques/movimentacoes?tipo=roubo', headers: t.headers });
    expect(tipoInvalido.statusCode).toBe(400);
    expect(Object.keys(tipoInvalido.json<Errors>().errors)).toEqual(['tipo.0']);

    const loja2 = await segundaUnidade(ctx, t);
    expect((await movimentacoes(loja2.headers, `&dataInicio=${desde}`)).total).toBe(0);
    const outro = await newTenant(ctx);
    expect((await movimentacoes(outro.headers, `&dataInicio=${desde}&produtoId=${a.id}`)).total).toBe(0);
  });
});

describe('POST /api/estoques/saida_para_granel', () => {
  const abrir = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/estoques/saida_para_granel', headers, payload });

  it('opens a bag into its bulk counterpart at proportional cost, in one transaction', async () => {
    const t = await newTenant(ctx);
    const kg = await produto(t, { nome: 'Ração Premium a granel', sigla: 'KG', precoCusto: 12 });
    const saco = await produto(t, {
      nome: 'Ração Premium 15 kg',
      sigla: 'SC',
      precoCusto: 150,
      granel: { produtoGranelId: kg.id, fatorConversao: 15 },
    });
    await entrada(t, saco.id, 2);
    await entrada(t, kg.id, 3);

    const res = await abrir(t.headers, { produtoId: saco.id });
    expect(res.statusCode).toBe(200);
    const r = res.json<SaidaGranel>();
    expect(r.produto).toEqual({
      produtoId: saco.id,
      nome: 'Ração Premium 15 kg',
      unidadeSigla: 'SC',
      quantidade: 1,
      custoUnitario: 150,
      saldo: 1,
    });
    expect(r.produtoGranel).toEqual({
      produtoId: kg.id,
      nome: 'Ração Premium a granel',
      unidadeSigla: 'KG',
      quantidade: 15,
      custoUnitario: 10,
      saldo: 18,
    });
    expect(r.fatorConversao).toBe(15);
    expect(r.movimentacoes.map((m) => [m.produtoNome, m.tipo, m.quantidade, m.custoUnitario, m.saldoResultante])).toEqual([
      ['Ração Premium 15 kg', 'saida_granel', -1, 150, 1],
      ['Ração Premium a granel', 'entrada_granel', 15, 10, 18],
    ]);
    expect(r.movimentacoes[0]!.origem).toBe('granel');
    // The value is preserved: 3 KG at 12 + 15 KG at 10 = 18 KG at 10,3333.
    expect(await saldo(t, kg.id)).toEqual({ quantidade: 18, custoMedio: 10.3333 });
    expect(await saldo(t, saco.id)).toEqual({ quantidade: 1, custoMedio: 150 });

    // Not enough bags: 400 on quantidade, nothing moves.
    const demais = await abrir(t.headers, { produtoId: saco.id, quantidade: 2 });
    expect(demais.statusCode).toBe(400);
    expect(demais.json<Errors>().errors).toEqual({
      quantidade: ['Estoque insuficiente de "Ração Premium 15 kg": disponível 1 SC'],
    });
    expect((await saldo(t, kg.id)).quantidade).toBe(18);

    // Idempotent by chave.
    const chave = randomUUID();
    const a = await abrir(t.headers, { produtoId: saco.id, chave });
    const b = await abrir(t.headers, { produtoId: saco.id, chave });
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(await saldo(t, saco.id)).toEqual({ quantidade: 0, custoMedio: 150 });
    expect((await saldo(t, kg.id)).quantidade).toBe(33);

    // The unit may allow negative stock.
    await permitirEstoqueNegativo(ctx, t, true);
    const negativo = await abrir(t.headers, { produtoId: saco.id, quantidade: 2 });
    expect(negativo.statusCode).toBe(200);
    expect(negativo.json<SaidaGranel>().produto.saldo).toBe(-2);
    expect(negativo.json<SaidaGranel>().produtoGranel).toMatchObject({ quantidade: 30, saldo: 63 });
  });

  it('refuses products without a bulk counterpart, bad quantities and other tenants', async () => {
    const t = await newTenant(ctx);
    const kg = await produto(t, { nome: 'Granel', sigla: 'KG' });
    const saco = await produto(t, { nome: 'Saco', sigla: 'SC', granel: { produtoGranelId: kg.id, fatorConversao: 10 } });
    const simples = await produto(t, { nome: 'Simples' });
    await entrada(t, saco.id, 3);

    const semGranel = await abrir(t.headers, { produtoId: simples.id });
    expect(semGranel.statusCode).toBe(400);
    expect(semGranel.json<Errors>().errors).toEqual({ produtoId: ['Produto sem produto a granel vinculado'] });
    for (const quantidade of [0, 1.5, -1, 'abc']) {
      const res = await abrir(t.headers, { produtoId: saco.id, quantidade });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<Errors>().errors)).toEqual(['quantidade']);
    }
    const outro = await newTenant(ctx);
    const alheio = await abrir(outro.headers, { produtoId: saco.id });
    expect(alheio.statusCode).toBe(404);
    expect((await saldo(t, saco.id)).quantidade).toBe(3);
    // Another unit of the tenant has no bags: refused there, this unit untouched.
    const loja2 = await segundaUnidade(ctx, t);
    const vazio = await abrir(loja2.headers, { produtoId: saco.id });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json<Errors>().errors).toEqual({ quantidade: ['Estoque insuficiente de "Saco": disponível 0 SC'] });
    expect((await saldo(t, saco.id)).quantidade).toBe(3);
  });
});
