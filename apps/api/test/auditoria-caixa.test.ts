/**
 * Audit of register closings (issue #22 item 4, `CaixaFechadoComDiferenca`): a closing whose
 * count differs from the expected records one event (who closed it, the unit, expected ×
 * counted per method, in reais) in the closing's transaction; a closing without difference and
 * a refused closing (400) record nothing; the rows are the tenant's only.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AcaoAuditoria } from '@petshop/shared/auditoria';
import type { Caixa } from '@petshop/shared/caixa';
import { auditoriaEventos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { formasDoTenant } from './fixtures/vendas.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const BASE = '/api/comercial/caixas';

/** The tenant's audit events of `acao`, oldest first (read as the tenant, RLS on). */
const eventos = (t: TenantFixture, acao: AcaoAuditoria) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.select().from(auditoriaEventos).where(eq(auditoriaEventos.acao, acao)).orderBy(asc(auditoriaEventos.criadoEm)),
  );

const abrir = async (headers: Record<string, string>, valorAbertura: number) => {
  const res = await ctx.app.inject({ method: 'POST', url: `${BASE}/abrir-caixa`, headers, payload: { valorAbertura } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Caixa>();
};

const fechar = (headers: Record<string, string>, id: string, contagens: object[]) =>
  ctx.app.inject({ method: 'POST', url: `${BASE}/${id}/fechar`, headers, payload: { contagens } });

describe('audit of register closings', () => {
  it('a short drawer records one event with expected, counted and difference; an exact one records nothing', async () => {
    const t = await newTenant(ctx);
    const exato = await abrir(t.headers, 50);
    expect((await fechar(t.headers, exato.id, [{ formaPagamentoId: null, valorContado: 50 }])).statusCode).toBe(200);
    expect(await eventos(t, 'CaixaFechadoComDiferenca')).toEqual([]);

    const curto = await abrir(t.headers, 100);
    const res = await fechar(t.headers, curto.id, [{ formaPagamentoId: null, valorContado: 87.5 }]);
    expect(res.statusCode, res.body).toBe(200);
    const [evento, ...outros] = await eventos(t, 'CaixaFechadoComDiferenca');
    expect(outros).toEqual([]);
    expect(evento).toMatchObject({
      entidade: 'caixa',
      entidadeId: curto.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: t.unidadeNegocioId,
      descricao: `Caixa nº ${curto.numero} de Administradora Teste fechado com diferença de −R$ 12,50 (Dinheiro)`,
      antes: null,
    });
    expect(evento!.depois).toMatchObject({
      numero: curto.numero,
      operadorId: t.usuarioId,
      fechadoPorId: t.usuarioId,
      esperado: 100,
      contado: 87.5,
      diferenca: -12.5,
      diferencaTotal: -12.5,
      porForma: [{ formaPagamentoId: null, nome: 'Dinheiro', esperado: 100, contado: 87.5, diferenca: -12.5 }],
    });

    // Closing again is refused (400) and records nothing more.
    expect((await fechar(t.headers, curto.id, [{ formaPagamentoId: null, valorContado: 1 }])).statusCode).toBe(400);
    expect(await eventos(t, 'CaixaFechadoComDiferenca')).toHaveLength(1);
  });

  it('a difference in another method is listed per method; a refused closing (400) rolls back with no event', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    const caixa = await abrir(t.headers, 30);
    const repetida = await fechar(t.headers, caixa.id, [
      { formaPagamentoId: formas.pix.id, valorContado: 5 },
      { formaPagamentoId: formas.pix.id, valorContado: 5 },
    ]);
    expect(repetida.statusCode).toBe(400);
    expect(await eventos(t, 'CaixaFechadoComDiferenca')).toEqual([]);

    const res = await fechar(t.headers, caixa.id, [
      { formaPagamentoId: null, valorContado: 30 },
      { formaPagamentoId: formas.pix.id, valorContado: 5 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [evento] = await eventos(t, 'CaixaFechadoComDiferenca');
    expect(evento!.descricao).toBe(
      `Caixa nº ${caixa.numero} de Administradora Teste fechado com diferença de +R$ 5,00 (${formas.pix.nome})`,
    );
    expect(evento!.depois).toMatchObject({
      esperado: 30,
      contado: 30,
      diferenca: 0,
      diferencaTotal: 5,
      porForma: [{ formaPagamentoId: formas.pix.id, nome: formas.pix.nome, esperado: 0, contado: 5, diferenca: 5 }],
    });
  });

  it("a supervisor closing a cashier's register is the event's user and is named; the unit is the register's", async () => {
    const t = await newTenant(ctx);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa', 'Carla Caixa');
    const aberto = await abrir(caixa.headers, 40);
    const res = await fechar(t.headers, aberto.id, [{ formaPagamentoId: null, valorContado: 39 }]);
    expect(res.statusCode, res.body).toBe(200);
    const [evento] = await eventos(t, 'CaixaFechadoComDiferenca');
    expect(evento).toMatchObject({
      usuarioId: t.usuarioId,
      unidadeNegocioId: t.unidadeNegocioId,
      descricao: `Caixa nº ${aberto.numero} de Carla Caixa fechado com diferença de −R$ 1,00 (Dinheiro), fechado por Administradora Teste`,
    });
    expect(evento!.depois).toMatchObject({ operadorId: caixa.usuarioId, fechadoPorId: t.usuarioId });

    // Another unit of the same tenant: the event carries that unit.
    const bairro = await novaUnidade(ctx, t);
    const outro = await abrir(bairro.headers, 10);
    expect((await fechar(bairro.headers, outro.id, [{ formaPagamentoId: null, valorContado: 0 }])).statusCode).toBe(200);
    const doBairro = (await eventos(t, 'CaixaFechadoComDiferenca')).filter((e) => e.entidadeId === outro.id);
    expect(doBairro.map((e) => [e.unidadeNegocioId, (e.depois as { diferenca: number }).diferenca])).toEqual([[bairro.id, -10]]);

    // Another tenant sees none of these rows.
    const outroTenant = await newTenant(ctx);
    expect(await eventos(outroTenant, 'CaixaFechadoComDiferenca')).toEqual([]);
    expect(await eventos(t, 'CaixaFechadoComDiferenca')).toHaveLength(2);
  });
});
