/**
 * Audit of price changes (issue #22 item 4, `PrecoAlterado`): a product update that changes
 * the sale or cost price records one event with only the changed prices in reais, tenant-wide
 * (the catalogue's prices hold in every unit); an update that keeps the prices and a refused
 * update (400) record none; the sale prices reviewed after a purchase record one event per
 * product whose price changed. The rows are the tenant's only.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AcaoAuditoria } from '@petshop/shared/auditoria';
import type { Compra } from '@petshop/shared/compra';
import { auditoriaEventos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { novoProduto, unidadeMedidaId } from './fixtures/vendas.ts';
import { newTenant, useTestApp, validCnpj, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const PRODUTOS = '/api/inventario/produtos';

/** The tenant's audit events of `acao`, oldest first (read as the tenant, RLS on). */
const eventos = (t: TenantFixture, acao: AcaoAuditoria) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.select().from(auditoriaEventos).where(eq(auditoriaEventos.acao, acao)).orderBy(asc(auditoriaEventos.criadoEm)),
  );

const alterar = async (t: TenantFixture, id: string, campos: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${PRODUTOS}/${id}`,
    headers: t.headers,
    payload: { tipo: 'produto', unidadeMedidaId: await unidadeMedidaId(ctx, t, 'UN'), ...campos },
  });

describe('audit of price changes', () => {
  it('the product form: a sale price change records one tenant-wide event; same prices or a refusal, none', async () => {
    const t = await newTenant(ctx);
    const racao = await novoProduto(ctx, t, { nome: 'Ração X', precoCusto: 6, precoVenda: 10 });
    // Creating a product is no price change.
    expect(await eventos(t, 'PrecoAlterado')).toEqual([]);

    // Same prices, another name: nothing.
    expect((await alterar(t, racao.id, { nome: 'Ração X 1 kg', precoCusto: 6, precoVenda: 10 })).statusCode).toBe(200);
    expect(await eventos(t, 'PrecoAlterado')).toEqual([]);
    // Refused (sale below cost): nothing, and the price stays.
    expect((await alterar(t, racao.id, { nome: 'Ração X 1 kg', precoCusto: 6, precoVenda: 5 })).statusCode).toBe(400);
    expect(await eventos(t, 'PrecoAlterado')).toEqual([]);

    const res = await alterar(t, racao.id, { nome: 'Ração X 1 kg', precoCusto: 6, precoVenda: 12 });
    expect(res.statusCode, res.body).toBe(200);
    const [evento, ...outros] = await eventos(t, 'PrecoAlterado');
    expect(outros).toEqual([]);
    expect(evento).toMatchObject({
      entidade: 'produto',
      entidadeId: racao.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: null,
      descricao: 'Preço de venda de Ração X 1 kg: R$ 10,00 → R$ 12,00',
      antes: { precoVenda: 10 },
      depois: { precoVenda: 12 },
    });

    // Both prices: one event with both, only them.
    expect((await alterar(t, racao.id, { nome: 'Ração X 1 kg', precoCusto: 7.5, precoVenda: 13.9 })).statusCode).toBe(200);
    const ambos = (await eventos(t, 'PrecoAlterado')).at(-1)!;
    expect(ambos).toMatchObject({
      descricao: 'Preço de venda de Ração X 1 kg: R$ 12,00 → R$ 13,90; preço de custo: R$ 6,00 → R$ 7,50',
      antes: { precoVenda: 12, precoCusto: 6 },
      depois: { precoVenda: 13.9, precoCusto: 7.5 },
    });
    // The cost alone.
    expect((await alterar(t, racao.id, { nome: 'Ração X 1 kg', precoCusto: 8, precoVenda: 13.9 })).statusCode).toBe(200);
    const custo = (await eventos(t, 'PrecoAlterado')).at(-1)!;
    expect(custo).toMatchObject({
      descricao: 'Preço de custo de Ração X 1 kg: R$ 7,50 → R$ 8,00',
      antes: { precoCusto: 7.5 },
      depois: { precoCusto: 8 },
    });
    expect(Object.keys(custo.depois!)).toEqual(['precoCusto']);
    expect(await eventos(t, 'PrecoAlterado')).toHaveLength(3);

    // Another tenant reads none of it.
    expect(await eventos(await newTenant(ctx), 'PrecoAlterado')).toEqual([]);
  });

  it("a purchase's price review records one event per product whose sale price changed", async () => {
    const t = await newTenant(ctx);
    const post = (url: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url, headers: t.headers, ...(payload ? { payload } : {}) });
    const fornecedor = await post('/api/inventario/fornecedores', {
      razaoSocial: 'Distribuidora PetMix Ltda',
      cpfCnpj: validCnpj(),
    });
    expect(fornecedor.statusCode).toBe(201);
    const sobe = await novoProduto(ctx, t, { nome: 'Ração Sobe', precoCusto: 5, precoVenda: 20 });
    const fica = await novoProduto(ctx, t, { nome: 'Petisco Fica', precoCusto: 4, precoVenda: 10 });
    const criada = await post('/api/compras', {
      fornecedorId: fornecedor.json<{ id: string }>().id,
      itens: [
        { produtoId: sobe.id, quantidade: 1, custoUnitario: 8 },
        { produtoId: fica.id, quantidade: 1, custoUnitario: 4 },
      ],
    });
    expect(criada.statusCode, criada.body).toBe(201);
    const compra = criada.json<Compra>();
    expect((await post(`/api/compras/${compra.id}/finalizar`)).statusCode).toBe(200);
    // The purchase's automatic cost update is no price a person chose.
    expect(await eventos(t, 'PrecoAlterado')).toEqual([]);

    const res = await post(`/api/compras/${compra.id}/precos-venda`, {
      precos: [
        { produtoId: sobe.id, precoVenda: 26 },
        { produtoId: fica.id, precoVenda: 10 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const lista = await eventos(t, 'PrecoAlterado');
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({
      entidadeId: sobe.id,
      unidadeNegocioId: null,
      usuarioId: t.usuarioId,
      descricao: `Preço de venda de Ração Sobe: R$ 20,00 → R$ 26,00 (revisão de preços da compra nº ${compra.numero})`,
      antes: { precoVenda: 20 },
      depois: { precoVenda: 26 },
    });
  });
});
