/**
 * GET /api/comercial/vendas, /vendas/resumo-venda and /vendas/{id}/imprimir (spec §5 "Sales
 * list"; DOMAIN.md §6 "Printing"; issue #4 items 5 and 6).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayISO } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import type { ResumoVenda, VendaResumo } from '@petshop/shared/venda';
import { unidadesNegocio } from '../src/db/schema/index.ts';
import {
  abrirCaixa,
  formasDoTenant,
  novoCliente as clienteDoPdv,
  novoProduto,
  pagamento,
  pdvOk,
  vendaFinalizada,
  vendaInput,
} from './fixtures/vendas.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, validCpf, type TenantFixture } from './helper.ts';
import {
  addDaysISO,
  cenario,
  inserirDevolucao,
  inserirVenda,
  largurasDoPdf,
  novoCliente,
  scopeOf,
  textoDoPdf,
  type Cenario,
  type VendaSpec,
} from './vendas-helper.ts';

const ctx = useTestApp();
const URL = '/api/comercial/vendas';

const listar = async (t: TenantFixture, qs = '', headers = t.headers) => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<VendaResumo>>();
};
const resumir = async (t: TenantFixture, qs = '') => {
  const res = await ctx.app.inject({ url: `${URL}/resumo-venda?${qs}`, headers: t.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResumoVenda>();
};
const imprimir = (t: TenantFixture, id: string, qs = '', headers = t.headers) =>
  ctx.app.inject({ url: `${URL}/${id}/imprimir${qs}`, headers });

/** A moment of the unit's (São Paulo, UTC−3) calendar day `iso` at hh:mm. */
const em = (iso: string, hh: number, mm = 0) =>
  new Date(`${iso}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00-03:00`);

const item = (c: Cenario, quantidade = 1, valorUnitario = 189.9) => ({
  produtoId: c.racao.id,
  descricao: c.racao.nome,
  quantidade,
  valorUnitario,
});

const vendaSimples = (c: Cenario, extra: Partial<VendaSpec> = {}): VendaSpec => ({
  status: 'Finalizada',
  itens: [item(c)],
  pagamentos: [{ formaPagamentoId: c.formas.pix, tipo: 'pix', valor: 189.9 }],
  ...extra,
});

describe('GET /api/comercial/vendas', () => {
  it('lists the sales of today by default: no quotes, none still at a till; newest first', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const s = scopeOf(t);
    const hoje = todayISO('America/Sao_Paulo');
    const joao = await novoCliente(ctx, t, 'João da Silva');

    const a = await inserirVenda(ctx, s, {
      status: 'Finalizada',
      clienteId: joao.id,
      itens: [item(c, 2, 50)],
      pagamentos: [
        { formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 40, valorRecebido: 50 },
        { formaPagamentoId: c.formas.cartao_credito, tipo: 'cartao_credito', valor: 60, parcelas: 2 },
      ],
      createdAt: em(hoje, 1, 0),
    });
    const aberta = await inserirVenda(
      ctx,
      s,
      vendaSimples(c, { status: 'EmAberto', pagamentos: [], createdAt: em(hoje, 1, 10) }),
    );
    await inserirVenda(ctx, s, vendaSimples(c, { status: 'EmAberto', emAtendimento: true, createdAt: em(hoje, 1, 20) }));
    await inserirVenda(
      ctx,
      s,
      vendaSimples(c, { tipo: 'Orcamento', status: 'EmAberto', pagamentos: [], createdAt: em(hoje, 1, 30) }),
    );
    await inserirVenda(ctx, s, vendaSimples(c, { createdAt: em(addDaysISO(hoje, -3), 12) }));
    // Created three days ago, finalised today: it counts for today.
    const finalizadaHoje = await inserirVenda(
      ctx,
      s,
      vendaSimples(c, { createdAt: em(addDaysISO(hoje, -3), 12), dataFinalizacao: em(hoje, 1, 40) }),
    );
    const cancelada = await inserirVenda(ctx, s, vendaSimples(c, { status: 'Cancelada', createdAt: em(hoje, 1, 50) }));

    const page = await listar(t);
    expect(page.items.map((v) => v.numero)).toEqual([cancelada.numero, finalizadaHoje.numero, aberta.numero, a.numero]);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 100 });
    const primeira = page.items.find((v) => v.id === a.id)!;
    expect(primeira).toMatchObject({
      tipo: 'Venda',
      status: 'Finalizada',
      emAtendimento: false,
      cliente: { id: joao.id, nome: 'João da Silva' },
      usuario: { id: t.usuarioId, nome: 'Administradora Teste' },
      quantidadeItens: 1,
      valorLiquido: 100,
      valorPago: 100,
      valorEmAberto: 0,
      formasPagamento: ['Cartão de crédito', 'Dinheiro'],
      dataFinalizacao: em(hoje, 1, 0).toISOString(),
    });
    expect(page.items.find((v) => v.id === aberta.id)).toMatchObject({ status: 'EmAberto', cliente: null, formasPagamento: [] });

    // Paging keeps the order and the total.
    const p2 = await ctx.app.inject({ url: `${URL}?pageSize=3&page=2`, headers: t.headers });
    expect(p2.json()).toMatchObject({ total: 4, page: 2, pageSize: 3, items: [{ id: a.id }] });
  });

  it('reads the period on the unit’s wall clock (dataInicio 00:00 to dataFim 24:00)', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const s = scopeOf(t);
    // 23:30 on 09/03 in São Paulo is already 10/03 in UTC.
    const noite = await inserirVenda(ctx, s, vendaSimples(c, { createdAt: new Date('2025-03-10T02:30:00Z') }));
    const meiaNoite = await inserirVenda(ctx, s, vendaSimples(c, { createdAt: new Date('2025-03-10T03:00:00Z') }));
    const ids = async (qs: string) => (await listar(t, qs)).items.map((v) => v.id);

    expect(await ids('&dataInicio=2025-03-09&dataFim=2025-03-09')).toEqual([noite.id]);
    expect(await ids('&dataInicio=2025-03-10&dataFim=2025-03-10')).toEqual([meiaNoite.id]);
    expect(await ids('&dataInicio=2025-03-09&dataFim=2025-03-10')).toEqual([meiaNoite.id, noite.id]);
    expect(await ids('')).toEqual([]);

    // In Manaus (UTC−4) 02:30Z is still 22:30 on 09/03 and 03:00Z is 23:00 on 09/03.
    await ctx.database.db
      .update(unidadesNegocio)
      .set({ timeZone: 'America/Manaus' })
      .where(eq(unidadesNegocio.id, t.unidadeNegocioId));
    expect(await ids('&dataInicio=2025-03-09&dataFim=2025-03-09')).toEqual([meiaNoite.id, noite.id]);
    expect(await ids('&dataInicio=2025-03-10&dataFim=2025-03-10')).toEqual([]);
  });

  it('filters by statuses, customer and query (sale number or customer name, accents ignored)', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const s = scopeOf(t);
    const dia = '2025-04-15';
    const joao = await novoCliente(ctx, t, 'João Araújo');
    const maria = await novoCliente(ctx, t, 'Maria Souza');
    const v1 = await inserirVenda(ctx, s, vendaSimples(c, { clienteId: joao.id, createdAt: em(dia, 9) }));
    const v2 = await inserirVenda(
      ctx,
      s,
      vendaSimples(c, { clienteId: maria.id, status: 'EmAberto', pagamentos: [], createdAt: em(dia, 10) }),
    );
    const v3 = await inserirVenda(ctx, s, vendaSimples(c, { clienteId: joao.id, status: 'Cancelada', createdAt: em(dia, 11) }));
    const periodo = `&dataInicio=${dia}&dataFim=${dia}`;
    const ids = async (qs: string) => (await listar(t, periodo + qs)).items.map((v) => v.id);

    expect(await ids('')).toEqual([v3.id, v2.id, v1.id]);
    expect(await ids('&statuses=Finalizada')).toEqual([v1.id]);
    expect(await ids('&statuses=Finalizada,Cancelada')).toEqual([v3.id, v1.id]);
    expect(await ids('&statuses=EmAberto&statuses=Cancelada')).toEqual([v3.id, v2.id]);
    expect(await ids(`&clienteId=${joao.id}`)).toEqual([v3.id, v1.id]);
    expect(await ids(`&clienteId=${joao.id}&statuses=Finalizada`)).toEqual([v1.id]);
    expect(await ids('&query=joao araujo')).toEqual([v3.id, v1.id]);
    expect(await ids('&query=SOUZA')).toEqual([v2.id]);
    expect(await ids(`&query=${v2.numero}`)).toEqual([v2.id]);
    expect(await ids('&query=ninguem')).toEqual([]);
  });

  it('a cancelled sale owes nothing: valorEmAberto 0 in the list and the sale, whatever was open when cancelled (issue #15)', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const s = scopeOf(t);
    const dia = '2025-04-16';
    const parcial = { pagamentos: [{ formaPagamentoId: c.formas.pix, tipo: 'pix' as const, valor: 40 }] };
    const aberta = await inserirVenda(ctx, s, vendaSimples(c, { status: 'EmAberto', ...parcial, createdAt: em(dia, 9) }));
    const cancelada = await inserirVenda(ctx, s, vendaSimples(c, { status: 'Cancelada', ...parcial, createdAt: em(dia, 10) }));
    const page = await listar(t, `&dataInicio=${dia}&dataFim=${dia}`);
    expect(page.items.find((v) => v.id === aberta.id)).toMatchObject({ valorPago: 40, valorEmAberto: 149.9 });
    expect(page.items.find((v) => v.id === cancelada.id)).toMatchObject({ status: 'Cancelada', valorEmAberto: 0 });
    const res = await ctx.app.inject({ url: `/api/comercial/pdv/${cancelada.id}`, headers: t.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelada', valorEmAberto: 0 });
  });

  it('refuses bad filters with field messages (400)', async () => {
    const t = await newTenant(ctx);
    const errors = async (qs: string) => {
      const res = await ctx.app.inject({ url: `${URL}?${qs}`, headers: t.headers });
      expect(res.statusCode).toBe(400);
      return res.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect((await errors('dataInicio=2025-03-10&dataFim=2025-03-09')).dataFim).toEqual([
      'A data final deve ser igual ou posterior à data inicial',
    ]);
    expect((await errors('dataInicio=31/02/2025')).dataInicio).toEqual(['Data inicial inválida']);
    expect(Object.keys(await errors('statuses=Paga'))[0]).toMatch(/^statuses/);
    expect((await errors('clienteId=123')).clienteId).toEqual(['Cliente inválido']);
    const resumo = await ctx.app.inject({
      url: `${URL}/resumo-venda?dataInicio=2025-03-10&dataFim=2025-03-01`,
      headers: t.headers,
    });
    expect(resumo.statusCode).toBe(400);
  });
});

describe('GET /api/comercial/vendas/resumo-venda', () => {
  it('totals the filtered sales: cancelled ones only in porStatus; ticket of the finalised; per payment method', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const s = scopeOf(t);
    const dia = '2025-05-20';
    // 2 × 100 − 10 = 190; −10 % = 171; + 9 freight = 180 (discounts 29).
    await inserirVenda(ctx, s, {
      status: 'Finalizada',
      itens: [{ ...item(c, 2, 100), desconto: 10 }],
      desconto: 10,
      tipoDesconto: 'Percentual',
      valorEntregaFrete: 9,
      pagamentos: [
        { formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 100, valorRecebido: 120 },
        { formaPagamentoId: c.formas.cartao_credito, tipo: 'cartao_credito', valor: 80, parcelas: 3 },
      ],
      createdAt: em(dia, 9),
    });
    await inserirVenda(ctx, s, {
      status: 'Finalizada',
      itens: [{ produtoId: c.granel.id, descricao: c.granel.nome, sigla: 'KG', quantidade: 1.5, valorUnitario: 24.5 }],
      pagamentos: [{ formaPagamentoId: c.formas.pix, tipo: 'pix', valor: 36.75 }],
      createdAt: em(dia, 10),
    });
    await inserirVenda(ctx, s, {
      status: 'EmAberto',
      itens: [item(c)],
      pagamentos: [{ formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 50 }],
      createdAt: em(dia, 11),
    });
    await inserirVenda(ctx, s, {
      status: 'Cancelada',
      itens: [item(c)],
      pagamentos: [{ formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 189.9 }],
      createdAt: em(dia, 12),
    });
    // Another day and a sale still at the till stay out.
    await inserirVenda(ctx, s, vendaSimples(c, { createdAt: em('2025-05-21', 9) }));
    await inserirVenda(ctx, s, vendaSimples(c, { status: 'EmAberto', emAtendimento: true, createdAt: em(dia, 13) }));

    const periodo = `dataInicio=${dia}&dataFim=${dia}`;
    const r = await resumir(t, periodo);
    expect(r).toEqual({
      quantidade: 3,
      valorBruto: 426.65,
      valorDescontos: 29,
      valorLiquido: 406.65,
      valorPago: 266.75,
      valorEmAberto: 139.9,
      // (180 + 36.75) ÷ 2 = 108.375 → 108.38
      ticketMedio: 108.38,
      porFormaPagamento: [
        { formaPagamentoId: c.formas.dinheiro, nome: 'Dinheiro', tipo: 'dinheiro', valor: 150 },
        { formaPagamentoId: c.formas.cartao_credito, nome: 'Cartão de crédito', tipo: 'cartao_credito', valor: 80 },
        { formaPagamentoId: c.formas.pix, nome: 'PIX', tipo: 'pix', valor: 36.75 },
      ],
      porStatus: [
        { status: 'EmAberto', quantidade: 1, valorLiquido: 189.9 },
        { status: 'Finalizada', quantidade: 2, valorLiquido: 216.75 },
        { status: 'Cancelada', quantidade: 1, valorLiquido: 189.9 },
      ],
    });

    const canceladas = await resumir(t, `${periodo}&statuses=Cancelada`);
    expect(canceladas).toMatchObject({ quantidade: 0, valorLiquido: 0, ticketMedio: 0, porFormaPagamento: [] });
    expect(canceladas.porStatus).toEqual([
      { status: 'EmAberto', quantidade: 0, valorLiquido: 0 },
      { status: 'Finalizada', quantidade: 0, valorLiquido: 0 },
      { status: 'Cancelada', quantidade: 1, valorLiquido: 189.9 },
    ]);
    // Today (the default period) has nothing.
    expect(await resumir(t, '')).toMatchObject({ quantidade: 0, valorLiquido: 0, porFormaPagamento: [] });
  });
});

describe('GET /api/comercial/vendas/{id}/imprimir', () => {
  const cupom = async (t: TenantFixture) => {
    const c = await cenario(ctx, t);
    const cpf = validCpf();
    const cliente = await novoCliente(ctx, t, 'Maria Souza', { cpfCnpj: cpf, pet: 'Rex' });
    const venda = await inserirVenda(ctx, scopeOf(t), {
      status: 'Finalizada',
      clienteId: cliente.id,
      petId: cliente.petId,
      itens: [
        { ...item(c, 2, 100), desconto: 10 },
        { produtoId: c.granel.id, descricao: c.granel.nome, sigla: 'KG', quantidade: 1.5, valorUnitario: 24.5 },
      ],
      desconto: 10,
      tipoDesconto: 'Percentual',
      valorEntregaFrete: 9,
      pagamentos: [
        { formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 100, valorRecebido: 120 },
        { formaPagamentoId: c.formas.cartao_credito, tipo: 'cartao_credito', valor: 111.83, parcelas: 3 },
      ],
      observacoes: 'Entregar na portaria',
    });
    return { c, cpf, cliente, venda };
  };

  it('answers an 80 mm receipt by default, with the unit, the sale, items, totals and payments', async () => {
    const t = await newTenant(ctx);
    const { cpf, venda } = await cupom(t);
    const res = await imprimir(t, venda.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="venda-${venda.numero}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(largurasDoPdf(pdf)).toEqual([226.77]);

    const texto = textoDoPdf(pdf);
    const [unidade] = await ctx.database.db.select().from(unidadesNegocio).where(eq(unidadesNegocio.id, t.unidadeNegocioId));
    const cnpj = unidade!.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    const cpfFormatado = cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    for (const esperado of [
      'Loja Centro',
      'Loja Centro Ltda',
      `CNPJ ${cnpj}`,
      'CUPOM NÃO FISCAL',
      `Venda nº ${venda.numero}`,
      'Operador: Administradora Teste',
      `Cliente: Maria Souza — CPF ${cpfFormatado}`,
      'Pet: Rex',
      '1. Ração Golden Adultos 15 kg',
      '2 UN x R$ 100,00',
      'desc. R$ 10,00',
      '2. Ração a granel Premium',
      '1,5 KG x R$ 24,50',
      'R$ 36,75',
      // 200 − 10 + 36.75 = 226.75; −10 % (22.68) = 204.07; + 9 = 213.07 (−32.68 in discounts).
      'SubtotalR$ 236,75',
      'Descontos- R$ 32,68',
      'Entrega/freteR$ 9,00',
      'TOTALR$ 213,07',
      'DinheiroR$ 100,00',
      'RecebidoR$ 120,00',
      'TrocoR$ 20,00',
      'Cartão de créditoR$ 111,83',
      '1x de R$ 37,29 + 2x de R$ 37,27',
      'Total pagoR$ 211,83',
      'Saldo em abertoR$ 1,24',
      'Obs.: Entregar na portaria',
      'Documento sem valor fiscal',
      'Impresso em',
    ]) {
      expect(texto).toContain(esperado);
    }
    expect(texto).not.toContain('CANCELAD');
  });

  it('lays out A4 on request; quotes, cancelled sales and returns say so', async () => {
    const t = await newTenant(ctx);
    const { c, cliente, venda } = await cupom(t);
    const a4 = await imprimir(t, venda.id, '?formato=a4');
    expect(a4.statusCode).toBe(200);
    expect(largurasDoPdf(a4.rawPayload)).toEqual([595.28]);
    const texto = textoDoPdf(a4.rawPayload);
    expect(texto).toContain(`Venda nº ${venda.numero}`);
    expect(texto).toContain('Ração Golden Adultos 15 kg');
    expect(texto).toContain('R$ 213,07');

    const validade = addDaysISO(todayISO('America/Sao_Paulo'), 7);
    const orcamento = await inserirVenda(
      ctx,
      scopeOf(t),
      vendaSimples(c, { tipo: 'Orcamento', status: 'EmAberto', validadeOrcamento: validade, pagamentos: [] }),
    );
    const [y, m, d] = validade.split('-');
    const textoOrcamento = textoDoPdf((await imprimir(t, orcamento.id)).rawPayload);
    expect(textoOrcamento).toContain(`ORÇAMENTO — válido até ${d}/${m}/${y}`);
    expect(textoOrcamento).toContain(`Orçamento nº ${orcamento.numero}`);
    expect(textoOrcamento).not.toContain('CUPOM NÃO FISCAL');
    expect(textoOrcamento).not.toContain('Saldo em aberto');

    const cancelada = await inserirVenda(
      ctx,
      scopeOf(t),
      vendaSimples(c, { status: 'Cancelada', motivoCancelamento: 'Cliente desistiu da compra' }),
    );
    const textoCancelada = textoDoPdf((await imprimir(t, cancelada.id)).rawPayload);
    expect(textoCancelada).toContain('VENDA CANCELADA');
    expect(textoCancelada).toContain('Motivo: Cliente desistiu da compra');

    await inserirDevolucao(ctx, scopeOf(t), { vendaId: venda.id, clienteId: cliente.id, valorTotal: 36.75 });
    const textoDevolucao = textoDoPdf((await imprimir(t, venda.id)).rawPayload);
    expect(textoDevolucao).toContain('Devoluções');
    expect(textoDevolucao).toMatch(/Devolução nº 1 — \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}R\$ 36,75/);
    expect(textoDevolucao).toContain('Reembolso em crédito do cliente');
  });

  it('refuses an unknown format (400) and a sale it cannot see (404)', async () => {
    const t = await newTenant(ctx);
    const { venda } = await cupom(t);
    const bad = await imprimir(t, venda.id, '?formato=58mm');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.formato).toEqual(['Formato inválido (use 80mm ou a4)']);
    const missing = await imprimir(t, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors.generalErrors).toEqual(['Venda não encontrada']);
  });
});

describe('sales: tenancy and permissions', () => {
  it('another tenant and another unit of the same tenant neither list, total nor print the sale', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const c = await cenario(ctx, a);
    const venda = await inserirVenda(ctx, scopeOf(a), vendaSimples(c));

    const { headers: headersNorte } = await novaUnidade(ctx, a, 'Loja Norte');

    expect((await listar(a)).items.map((v) => v.id)).toEqual([venda.id]);
    expect((await listar(a, '', headersNorte)).total).toBe(0);
    expect((await listar(b)).total).toBe(0);
    const resumoB = await ctx.app.inject({ url: `${URL}/resumo-venda`, headers: b.headers });
    expect(resumoB.json()).toMatchObject({ quantidade: 0, valorLiquido: 0 });
    expect((await imprimir(a, venda.id, '', headersNorte)).statusCode).toBe(404);
    expect((await imprimir(b, venda.id)).statusCode).toBe(404);
    expect((await imprimir(a, venda.id)).statusCode).toBe(200);
  });

  it('list and totals need vendas, financeiro or relatorios; printing vendas, orcamentos or financeiro', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const venda = await inserirVenda(ctx, scopeOf(t), vendaSimples(c));
    const status = async (headers: Record<string, string>) => [
      (await ctx.app.inject({ url: URL, headers })).statusCode,
      (await ctx.app.inject({ url: `${URL}/resumo-venda`, headers })).statusCode,
      (await imprimir(t, venda.id, '', headers)).statusCode,
    ];
    expect(await status((await usuarioComPerfil(ctx, t, 'caixa')).headers)).toEqual([200, 200, 200]);
    expect(await status((await usuarioComPerfil(ctx, t, 'financeiro')).headers)).toEqual([200, 200, 200]);
    expect(await status((await usuarioComPerfil(ctx, t, 'recepcao')).headers)).toEqual([403, 403, 200]);
    expect(await status((await usuarioComPerfil(ctx, t, 'banhista')).headers)).toEqual([403, 403, 403]);
    expect(await status((await usuarioComPerfil(ctx, t, 'veterinario')).headers)).toEqual([403, 403, 403]);
    expect((await ctx.app.inject({ url: URL })).statusCode).toBe(401);
  });
});

describe('sales made at the till', () => {
  it('a day at the till shows in the list, the totals and the receipt', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    await abrirCaixa(ctx, t, 100);
    const racao = await novoProduto(ctx, t, { nome: 'Ração Premier Filhotes 12 kg', precoVenda: 150, estoque: 10 });
    const petisco = await novoProduto(ctx, t, { nome: 'Petisco Bifinho', precoVenda: 12.5, estoque: 50 });
    const cliente = await clienteDoPdv(ctx, t, { nome: 'Joana Prado', pet: 'Thor' });

    // 150 + 2 × 12.50 = 175; −10 % = 157.50: 100 on card in 3x, then R$ 100 in cash for 57.50 (change 42.50).
    const vendida = await vendaFinalizada(ctx, t, {
      itens: [
        { produto: racao, quantidade: 1 },
        { produto: petisco, quantidade: 2 },
      ],
      clienteId: cliente.id,
      petId: cliente.petId!,
      desconto: 10,
      tipoDesconto: 'Percentual',
      financeiros: [pagamento(formas.cartao_credito, 100, { parcelas: 3 }), pagamento(formas.dinheiro, 100)],
    });
    expect(vendida).toMatchObject({ status: 'Finalizada', valorLiquido: 157.5, valorTroco: 42.5 });
    const aberta = await pdvOk(
      ctx,
      t.headers,
      'deixar-venda-aberta',
      vendaInput({ itens: [{ produto: racao, quantidade: 1 }], clienteId: cliente.id, financeiros: [pagamento(formas.pix, 50)] }),
    );
    expect(aberta).toMatchObject({ status: 'EmAberto', valorEmAberto: 100 });
    // A quote and a sale still being served stay out of the list.
    await pdvOk(ctx, t.headers, 'snapshot', { venda: vendaInput({ itens: [{ produto: petisco, quantidade: 1 }] }) });
    await pdvOk(ctx, t.headers, 'salvar-venda', vendaInput({ tipo: 'Orcamento', itens: [{ produto: racao, quantidade: 1 }] }));

    const page = await listar(t);
    expect(page.items.map((v) => v.id)).toEqual([aberta.id, vendida.id]);
    expect(page.items[1]).toMatchObject({
      numero: vendida.numero,
      status: 'Finalizada',
      cliente: { id: cliente.id, nome: 'Joana Prado' },
      quantidadeItens: 2,
      valorLiquido: 157.5,
      valorPago: 157.5,
      formasPagamento: [formas.cartao_credito.nome, formas.dinheiro.nome].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    });

    const r = await resumir(t, '');
    expect(r).toMatchObject({
      quantidade: 2,
      valorBruto: 325,
      valorDescontos: 17.5,
      valorLiquido: 307.5,
      valorPago: 207.5,
      valorEmAberto: 100,
      ticketMedio: 157.5,
    });
    expect(r.porFormaPagamento.map((f) => [f.tipo, f.valor])).toEqual([
      ['cartao_credito', 100],
      ['dinheiro', 57.5],
      ['pix', 50],
    ]);

    const res = await imprimir(t, vendida.id);
    expect(res.statusCode).toBe(200);
    const texto = textoDoPdf(res.rawPayload);
    for (const esperado of [
      `Venda nº ${vendida.numero}`,
      '1. Ração Premier Filhotes 12 kg',
      '2 UN x R$ 12,50',
      'Descontos- R$ 17,50',
      'TOTALR$ 157,50',
      'TrocoR$ 42,50',
      '1x de R$ 33,34 + 2x de R$ 33,33',
      'Pet: Thor',
    ]) {
      expect(texto).toContain(esperado);
    }
  });
});
