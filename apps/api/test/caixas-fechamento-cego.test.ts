/**
 * Blind register closing (issue #15 item 1; fechamento-cego.ts): the unit's "Fechamento de
 * caixa cego" withholds expected amounts and differences from the cashier — register list and
 * detail, the closing answer, the movements' totals, the cash-out refusal, the closing report —
 * while a manager (caixa.fechar) or the back office (financeiro) keeps seeing them; off, the
 * cashier sees everything as before. Tenancy: another tenant's or unit's register is a 404.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Caixa, CaixaResumo, MovimentacoesCaixaPage } from '@petshop/shared/caixa';
import type { Page } from '@petshop/shared/http';
import type { UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import { unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { lancarMovimentoCaixa } from '../src/modules/comercial/caixas/caixa-ledger.ts';
import { formasDoTenant, noTenant, novoProduto, pagamento, segundaUnidade, vendaFinalizada } from './fixtures/vendas.ts';
import { textoDoPdf } from './vendas-helper.ts';
import { injectMultipart, newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const BASE = '/api/comercial/caixas';
type Headers = Record<string, string>;

const get = (headers: Headers, url: string) => ctx.app.inject({ url, headers });
const post = (headers: Headers, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });

const json = async <T>(res: Promise<{ statusCode: number; body: string; json: <U>() => U }>, status = 200): Promise<T> => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json<T>();
};

const fechamentoCego = (t: TenantFixture, ligado: boolean) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(unidadesNegocio).set({ fechamentoCego: ligado }).where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
  );

/**
 * A tenant with a cashier ('caixa' profile) who opened a register with R$ 100,00 and received
 * a cash sale of R$ 50,00 and a PIX of R$ 30,00; a manager ('gerente') and the back office
 * ('financeiro') of the same unit.
 */
const cenario = async (cego: boolean) => {
  const t = await newTenant(ctx);
  await fechamentoCego(t, cego);
  const formas = await formasDoTenant(ctx, t);
  const caixa = await usuarioComPerfil(ctx, t, 'caixa');
  const gerente = await usuarioComPerfil(ctx, t, 'gerente');
  const financeiro = await usuarioComPerfil(ctx, t, 'financeiro');
  const aberto = await json<Caixa>(post(caixa.headers, `${BASE}/abrir-caixa`, { valorAbertura: 100 }), 201);
  await noTenant(ctx, t, async (tx) => {
    await lancarMovimentoCaixa(tx, {
      caixaId: aberto.id,
      tipo: 'recebimento',
      valor: 50,
      descricao: 'Venda teste',
      usuarioId: caixa.usuarioId,
      formaPagamentoId: formas.dinheiro.id,
    });
    await lancarMovimentoCaixa(tx, {
      caixaId: aberto.id,
      tipo: 'recebimento',
      valor: 30,
      descricao: 'Venda teste PIX',
      usuarioId: caixa.usuarioId,
      formaPagamentoId: formas.pix.id,
    });
  });
  return { t, formas, caixa, gerente, financeiro, caixaId: aberto.id, aberto };
};

type Cenario = Awaited<ReturnType<typeof cenario>>;

/** Closes the register as the cashier: R$ 140,00 in cash (R$ 10,00 short), R$ 30,00 in PIX. */
const fecharComoCaixa = (c: Cenario) =>
  json<Caixa>(
    post(c.caixa.headers, `${BASE}/${c.caixaId}/fechar`, {
      contagens: [
        { formaPagamentoId: null, valorContado: 140 },
        { formaPagamentoId: c.formas.pix.id, valorContado: 30 },
      ],
    }),
  );

const semEsperado = (caixa: Caixa) => {
  expect(caixa.fechamentoCego).toBe(true);
  expect(caixa).toMatchObject({ valorEsperado: null, diferenca: null, saldoDinheiro: null, entradas: null, saidas: null });
  for (const t of caixa.totaisPorForma)
    expect(t).toMatchObject({ esperado: null, entradas: null, saidas: null, diferenca: null });
  for (const c of caixa.conferencia ?? []) expect(c).toMatchObject({ esperado: null, diferenca: null });
};

describe('blind register closing (fechamento cego)', () => {
  it('is a unit setting: off by default, saved by the unit form', async () => {
    const t = await newTenant(ctx);
    const url = `/api/geral/unidades-negocio/${t.unidadeNegocioId}`;
    const atual = await json<UnidadeNegocio>(get(t.headers, `/api/geral/unidades_negocio/${t.unidadeNegocioId}`));
    expect(atual.fechamentoCego).toBe(false);
    const dados = { nomeFantasia: atual.nomeFantasia, razaoSocial: atual.razaoSocial, cnpj: atual.cnpj, fechamentoCego: true };
    const salvo = await injectMultipart(ctx, 'PUT', url, t.headers, dados);
    expect(salvo.statusCode, salvo.body).toBe(200);
    expect(salvo.json<UnidadeNegocio>().fechamentoCego).toBe(true);
    const [row] = await ctx.database.db
      .select({ cego: unidadesNegocio.fechamentoCego })
      .from(unidadesNegocio)
      .where(eq(unidadesNegocio.id, t.unidadeNegocioId));
    expect(row!.cego).toBe(true);
  });

  it('off: the cashier sees expected amounts before and after closing', async () => {
    const c = await cenario(false);
    expect(c.aberto.fechamentoCego).toBe(false);
    const aberto = await json<Caixa>(get(c.caixa.headers, `${BASE}/${c.caixaId}`));
    expect(aberto).toMatchObject({ fechamentoCego: false, saldoDinheiro: 150 });
    expect(aberto.totaisPorForma.map((t) => [t.nome, t.esperado])).toEqual([
      ['Dinheiro', 150],
      [c.formas.pix.nome, 30],
    ]);
    const movs = await json<MovimentacoesCaixaPage>(
      get(c.caixa.headers, `/api/comercial/movimentacoes-caixa?caixaId=${c.caixaId}`),
    );
    expect(movs.resumo).toEqual({ entradas: 180, saidas: 0, saldo: 180 });

    const fechado = await fecharComoCaixa(c);
    expect(fechado).toMatchObject({ status: 'Fechado', valorEsperado: 150, valorContado: 140, diferenca: -10 });
    const lista = await json<Page<CaixaResumo>>(get(c.caixa.headers, BASE));
    expect(lista.items[0]).toMatchObject({ fechamentoCego: false, valorEsperado: 150, valorContado: 140, diferenca: -10 });
  });

  it('on: the cashier counts without the expected amounts, before and after closing; the API withholds them', async () => {
    const c = await cenario(true);
    // Opening answer, detail and list: no expected cash, no totals that would give it away.
    semEsperado(c.aberto);
    const aberto = await json<Caixa>(get(c.caixa.headers, `${BASE}/${c.caixaId}`));
    semEsperado(aberto);
    expect(aberto.totaisPorForma.map((t) => t.nome)).toEqual(['Dinheiro', c.formas.pix.nome]);
    // The movements themselves stay: they are the cashier's own work.
    expect(aberto.movimentacoes.map((m) => m.valor).sort((a, b) => a - b)).toEqual([30, 50, 100]);
    const lista = await json<Page<CaixaResumo>>(get(c.caixa.headers, BASE));
    expect(lista.items[0]).toMatchObject({ fechamentoCego: true, saldoDinheiro: null, valorEsperado: null, entradas: null });
    const movs = await json<MovimentacoesCaixaPage>(
      get(c.caixa.headers, `/api/comercial/movimentacoes-caixa?caixaId=${c.caixaId}`),
    );
    expect(movs.resumo).toBeNull();
    expect(movs.items).toHaveLength(3);

    // A withdrawal beyond the drawer is refused without telling how much is in it.
    const sangria = await post(c.caixa.headers, `${BASE}/${c.caixaId}/sangria`, { valor: 1000, descricao: 'Depósito' });
    expect(sangria.statusCode).toBe(400);
    expect(sangria.json().errors.valor).toEqual(['Valor maior que o dinheiro em caixa']);

    // Nor is a cash refund beyond the drawer (R$ 150,00 − 120,00 of sangria = R$ 30,00).
    const sangriaOk = await post(c.caixa.headers, `${BASE}/${c.caixaId}/sangria`, { valor: 120, descricao: 'Cofre' });
    expect(sangriaOk.statusCode, sangriaOk.body).toBe(201);
    const petisco = await novoProduto(ctx, c.t, { nome: 'Petisco Cego', precoVenda: 40, estoque: 5 });
    const venda = await vendaFinalizada(
      ctx,
      { ...c.t, headers: c.caixa.headers },
      { itens: [{ produto: petisco, quantidade: 1 }], financeiros: [pagamento(c.formas.pix, 40)] },
    );
    const devolucao = await post(c.caixa.headers, '/api/comercial/devolucoes', {
      vendaId: venda.id,
      itens: [{ vendaItemId: venda.itens[0]!.id, quantidade: 1 }],
      reembolso: 'dinheiro',
    });
    expect(devolucao.statusCode).toBe(400);
    expect(devolucao.json().errors.reembolso).toEqual(['Não há dinheiro suficiente no caixa: devolva como crédito do cliente']);
    const suprimento = await post(c.caixa.headers, `${BASE}/${c.caixaId}/suprimento`, {
      valor: 120,
      descricao: 'Volta do cofre',
    });
    expect(suprimento.statusCode, suprimento.body).toBe(201);

    // Closing: the cashier's answer has what was counted, no expected amount nor difference.
    const fechado = await fecharComoCaixa(c);
    semEsperado(fechado);
    expect(fechado).toMatchObject({ status: 'Fechado', valorContado: 140 });
    expect(fechado.conferencia?.map((l) => [l.nome, l.contado])).toEqual([
      ['Dinheiro', 140],
      [c.formas.pix.nome, 30],
    ]);
    semEsperado(await json<Caixa>(get(c.caixa.headers, `${BASE}/${c.caixaId}`)));
    const listaFechada = await json<Page<CaixaResumo>>(get(c.caixa.headers, BASE));
    expect(listaFechada.items[0]).toMatchObject({
      fechamentoCego: true,
      valorContado: 140,
      valorEsperado: null,
      diferenca: null,
    });

    // The stored check is whole: the manager and the back office see expected, counted and difference.
    for (const quem of [c.gerente, c.financeiro]) {
      const visto = await json<Caixa>(get(quem.headers, `${BASE}/${c.caixaId}`));
      expect(visto).toMatchObject({ fechamentoCego: false, valorEsperado: 150, valorContado: 140, diferenca: -10 });
      expect(visto.conferencia?.map((l) => [l.nome, l.esperado, l.contado, l.diferenca])).toEqual([
        ['Dinheiro', 150, 140, -10],
        [c.formas.pix.nome, 70, 30, -40],
      ]);
      const listaGerente = await json<Page<CaixaResumo>>(get(quem.headers, BASE));
      expect(listaGerente.items[0]).toMatchObject({ valorEsperado: 150, diferenca: -10, saldoDinheiro: 150 });
      const movsGerente = await json<MovimentacoesCaixaPage>(
        get(quem.headers, `/api/comercial/movimentacoes-caixa?caixaId=${c.caixaId}`),
      );
      expect(movsGerente.resumo).toEqual({ entradas: 340, saidas: 120, saldo: 220 });
    }

    // The closing report follows the same rule.
    const doCaixa = textoDoPdf((await get(c.caixa.headers, `${BASE}/${c.caixaId}/imprimir`)).rawPayload);
    expect(doCaixa).toContain('Fechamento cego');
    expect(doCaixa).toContain('ContadoR$ 140,00');
    expect(doCaixa).not.toContain('Esperado');
    expect(doCaixa).not.toContain('R$ 150,00');
    const doGerente = textoDoPdf((await get(c.gerente.headers, `${BASE}/${c.caixaId}/imprimir`)).rawPayload);
    expect(doGerente).toContain('EsperadoR$ 150,00');
    expect(doGerente).toContain('Diferença-R$ 10,00');
    expect(doGerente).not.toContain('Fechamento cego');
  });

  it('on: a manager closing a cashier register sees the difference in the answer', async () => {
    const c = await cenario(true);
    const gerenteVe = await json<Caixa>(get(c.gerente.headers, `${BASE}/${c.caixaId}`));
    expect(gerenteVe).toMatchObject({ fechamentoCego: false, saldoDinheiro: 150 });
    const fechado = await json<Caixa>(
      post(c.gerente.headers, `${BASE}/${c.caixaId}/fechar`, { contagens: [{ formaPagamentoId: null, valorContado: 150 }] }),
    );
    expect(fechado).toMatchObject({ fechamentoCego: false, valorEsperado: 150, valorContado: 150, diferenca: 0 });
  });

  it('on: a method not counted at the till (a prazo) shows no count to the cashier: it would be the expected amount', async () => {
    const c = await cenario(true);
    await noTenant(ctx, c.t, (tx) =>
      lancarMovimentoCaixa(tx, {
        caixaId: c.caixaId,
        tipo: 'recebimento',
        valor: 20,
        descricao: 'Venda a prazo',
        usuarioId: c.caixa.usuarioId,
        formaPagamentoId: c.formas.a_prazo.id,
      }),
    );
    const fechado = await fecharComoCaixa(c);
    semEsperado(fechado);
    expect(fechado.totaisPorForma.map((t) => [t.nome, t.contado])).toEqual([
      ['Dinheiro', 140],
      [c.formas.a_prazo.nome, null],
      [c.formas.pix.nome, 30],
    ]);
    expect(fechado.conferencia?.find((l) => l.tipo === 'a_prazo')?.contado).toBeNull();
    const doCaixa = textoDoPdf((await get(c.caixa.headers, `${BASE}/${c.caixaId}/imprimir`)).rawPayload);
    expect(doCaixa).not.toContain('R$ 20,00');
    expect(doCaixa).toContain('Total contadoR$ 170,00');
    const gerente = await json<Caixa>(get(c.gerente.headers, `${BASE}/${c.caixaId}`));
    expect(gerente.conferencia?.find((l) => l.tipo === 'a_prazo')).toMatchObject({ esperado: 20, contado: 20, diferenca: 0 });
  });

  it('another tenant or another unit never sees the register (404), blind or not', async () => {
    const c = await cenario(true);
    const outro = await newTenant(ctx);
    for (const url of [`${BASE}/${c.caixaId}`, `${BASE}/${c.caixaId}/imprimir`]) {
      expect((await get(outro.headers, url)).statusCode).toBe(404);
    }
    expect((await json<Page<CaixaResumo>>(get(outro.headers, BASE))).items).toEqual([]);
    const fechar = await post(outro.headers, `${BASE}/${c.caixaId}/fechar`, { contagens: [] });
    expect(fechar.statusCode).toBe(404);

    const bairro = await segundaUnidade(ctx, c.t);
    expect((await get(bairro.headers, `${BASE}/${c.caixaId}`)).statusCode).toBe(404);
    expect((await get(bairro.headers, `${BASE}/${c.caixaId}/imprimir?formato=a4`)).statusCode).toBe(404);
  });
});
