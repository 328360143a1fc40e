/**
 * Issue #22 item 9, two finance leftovers: a título created with an `id` another tenant (or
 * another unit of the same tenant) already uses answers 400 on `id` ("Identificador já usado"),
 * not "Registro duplicado", while the same id posted again in its own unit still answers the
 * título (idempotent); and the card/PIX receivables of one day (what /financeiro/recebimentos
 * lists, GET /api/financeiro/receitas?tipoForma=…&dataInicio=dia&dataFim=dia) page past 100.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Despesa, Receita } from '@petshop/shared/financeiro';
import { todayISO } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import { receitas } from '../src/db/schema/index.ts';
import { formasDoTenant, noTenant, segundaUnidade } from './fixtures/vendas.ts';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
type Errors = { errors: Record<string, string[]> };

const post = (t: TenantFixture, url: string, payload: object, headers = t.headers) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });

describe('título com id de outro tenant ou unidade', () => {
  for (const tipo of ['despesas', 'receitas'] as const) {
    it(`${tipo}: 400 em id "Identificador já usado"; o mesmo id de novo na sua unidade responde o título`, async () => {
      const a = await newTenant(ctx);
      const b = await newTenant(ctx);
      const url = `/api/financeiro/${tipo}`;
      const id = randomUUID();
      const corpo = { id, descricao: 'Aluguel', parcelas: [{ dataVencimento: todayISO('America/Sao_Paulo'), valor: 1200 }] };

      const criada = await post(a, url, corpo);
      expect(criada.statusCode, criada.body).toBe(201);
      expect(criada.json<Despesa | Receita>().id).toBe(id);

      const outroTenant = await post(b, url, { ...corpo, descricao: 'Outra coisa' });
      expect(outroTenant.statusCode).toBe(400);
      expect(outroTenant.json<Errors>().errors).toEqual({ id: ['Identificador já usado'] });

      const unidade2 = await segundaUnidade(ctx, a);
      const outraUnidade = await post(a, url, corpo, unidade2.headers);
      expect(outraUnidade.statusCode).toBe(400);
      expect(outraUnidade.json<Errors>().errors).toEqual({ id: ['Identificador já usado'] });

      // The owner's repeat is still the same título, created once.
      const repetida = await post(a, url, corpo);
      expect(repetida.statusCode).toBe(201);
      expect(repetida.json<Despesa | Receita>().id).toBe(id);
      const lista = await ctx.app.inject({ url: `${url}?query=Aluguel`, headers: a.headers });
      expect(lista.json<{ total: number }>().total).toBe(1);
      // Nothing was written for the other tenant.
      const deB = await ctx.app.inject({ url, headers: b.headers });
      expect(deB.json<{ total: number }>().total).toBe(0);
    });
  }
});

describe('recebimentos do dia passam de 100', () => {
  it('120 recebíveis de cartão e PIX num dia: página 1 com 100, página 2 com 20, sem repetir', async () => {
    const t = await newTenant(ctx);
    const outra = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    const dia = addDays(todayISO('America/Sao_Paulo'), 3);
    await noTenant(ctx, t, (tx) =>
      tx.insert(receitas).values(
        Array.from({ length: 120 }, (_, i) => {
          const forma = [formas.pix, formas.cartao_debito, formas.cartao_credito][i % 3]!;
          return {
            descricao: `Venda cartão ${String(i + 1).padStart(3, '0')}`,
            formaPagamentoId: forma.id,
            dataEmissao: todayISO('America/Sao_Paulo'),
            dataVencimento: dia,
            valor: '10.00',
          };
        }),
      ),
    );
    // Another day and another tenant do not count.
    await noTenant(ctx, t, (tx) =>
      tx.insert(receitas).values({
        descricao: 'Outro dia',
        formaPagamentoId: formas.pix.id,
        dataEmissao: todayISO('America/Sao_Paulo'),
        dataVencimento: addDays(dia, 1),
        valor: '10.00',
      }),
    );

    const pagina = async (quem: TenantFixture, page: number) => {
      const res = await ctx.app.inject({
        url: `/api/financeiro/receitas?tipoForma=pix,cartao_debito,cartao_credito&dataInicio=${dia}&dataFim=${dia}&page=${page}&pageSize=100`,
        headers: quem.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: Receita[]; total: number; page: number; pageSize: number }>();
    };
    const p1 = await pagina(t, 1);
    const p2 = await pagina(t, 2);
    expect(p1.total).toBe(120);
    expect(p1.items).toHaveLength(100);
    expect(p2.total).toBe(120);
    expect(p2.items).toHaveLength(20);
    const ids = new Set([...p1.items, ...p2.items].map((r) => r.id));
    expect(ids.size).toBe(120);
    expect([...p1.items, ...p2.items].every((r) => r.dataVencimento === dia)).toBe(true);
    expect((await pagina(t, 3)).items).toHaveLength(0);
    expect((await pagina(outra, 1)).total).toBe(0);

    // The day's summary counts all 120.
    const resumo = await ctx.app.inject({
      url: `/api/financeiro/recebimentos/resumo?dataInicio=${dia}&dataFim=${dia}`,
      headers: t.headers,
    });
    expect(resumo.statusCode, resumo.body).toBe(200);
    const dias = resumo.json<{ dias: { data: string; quantidade: number }[] }>().dias;
    expect(dias.find((d) => d.data === dia)?.quantidade).toBe(120);
  });
});
