/**
 * Audit of manual stock adjustments (issue #22 item 4, `EstoqueAjustado`): one adjustment (a
 * count, an entry or a removal with a reason) that moved stock records ONE event with each
 * changed product's balance before and after in its unit (the first MAX_ITENS_AUDITORIA of a
 * big count, with the total); a count that changed nothing, a replay of the same `chave` and a
 * refused adjustment (400) record none; the rows carry the unit and are the tenant's only.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AcaoAuditoria } from '@petshop/shared/auditoria';
import type { AjusteEstoque } from '@petshop/shared/estoque';
import { auditoriaEventos, produtos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { MAX_ITENS_AUDITORIA } from '../src/modules/estoque/ajustar-estoque.ts';
import { darEntrada, noTenant, novoProduto, unidadeMedidaId } from './fixtures/vendas.ts';
import { newTenant, novaUnidade, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();

/** The tenant's audit events of `acao`, oldest first (read as the tenant, RLS on). */
const eventos = (t: TenantFixture, acao: AcaoAuditoria) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.select().from(auditoriaEventos).where(eq(auditoriaEventos.acao, acao)).orderBy(asc(auditoriaEventos.criadoEm)),
  );

const ajuste = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/estoque/ajuste', headers, payload });
const ajusteOk = async (headers: Record<string, string>, payload: object) => {
  const res = await ajuste(headers, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AjusteEstoque>();
};

describe('audit of stock adjustments', () => {
  it('a count records one event with the changed products only; a replay or an unchanged count, none', async () => {
    const t = await newTenant(ctx);
    const racao = await novoProduto(ctx, t, { nome: 'Ração Premium', precoVenda: 40, estoque: 10 });
    const granel = await novoProduto(ctx, t, { nome: 'Ração a granel', precoVenda: 20, sigla: 'KG', estoque: 5 });
    const areia = await novoProduto(ctx, t, { nome: 'Areia sanitária', precoVenda: 15, estoque: 4 });
    const chave = randomUUID();
    const contagem = {
      chave,
      modo: 'contagem',
      motivo: 'Inventário de março',
      itens: [
        { produtoId: racao.id, quantidade: 8 },
        { produtoId: granel.id, quantidade: '6,25' },
        { produtoId: areia.id, quantidade: 4 },
      ],
    };
    await ajusteOk(t.headers, contagem);
    const [evento, ...outros] = await eventos(t, 'EstoqueAjustado');
    expect(outros).toEqual([]);
    expect(evento).toMatchObject({
      entidade: 'ajuste_estoque',
      entidadeId: chave,
      usuarioId: t.usuarioId,
      unidadeNegocioId: t.unidadeNegocioId,
      descricao: 'Contagem de estoque (Inventário de março): Ração Premium 10 UN → 8 UN; Ração a granel 5 KG → 6,25 KG',
      antes: {
        itens: [
          { produtoId: racao.id, produto: 'Ração Premium', unidade: 'UN', quantidade: 10 },
          { produtoId: granel.id, produto: 'Ração a granel', unidade: 'KG', quantidade: 5 },
        ],
      },
      depois: {
        modo: 'contagem',
        motivo: 'Inventário de março',
        totalItens: 2,
        itens: [
          { produtoId: racao.id, produto: 'Ração Premium', unidade: 'UN', quantidade: 8, diferenca: -2 },
          { produtoId: granel.id, produto: 'Ração a granel', unidade: 'KG', quantidade: 6.25, diferenca: 1.25 },
        ],
      },
    });

    // The same request again (same chave) answers the first one and records nothing.
    await ajusteOk(t.headers, contagem);
    // A count that matches the balances moves nothing and records nothing.
    await ajusteOk(t.headers, { ...contagem, chave: randomUUID() });
    expect(await eventos(t, 'EstoqueAjustado')).toHaveLength(1);

    // A refused removal (below zero, the unit does not allow it) rolls back with no event.
    const refusada = await ajuste(t.headers, {
      modo: 'saida',
      motivo: 'Quebra',
      itens: [{ produtoId: areia.id, quantidade: 9 }],
    });
    expect(refusada.statusCode).toBe(400);
    expect(await eventos(t, 'EstoqueAjustado')).toHaveLength(1);

    const saida = await ajusteOk(t.headers, {
      modo: 'saida',
      motivo: 'Embalagem rasgada',
      itens: [{ produtoId: areia.id, quantidade: 1 }],
    });
    const ultimo = (await eventos(t, 'EstoqueAjustado')).at(-1)!;
    expect(ultimo).toMatchObject({
      entidadeId: saida.movimentacoes[0]!.origemId,
      descricao: 'Saída manual de estoque (Embalagem rasgada): Areia sanitária 4 UN → 3 UN',
      depois: { modo: 'saida', totalItens: 1, itens: [{ produtoId: areia.id, quantidade: 3, diferenca: -1 }] },
    });

    // Another tenant reads none of it.
    expect(await eventos(await newTenant(ctx), 'EstoqueAjustado')).toEqual([]);
  });

  it('an entry in another unit carries that unit', async () => {
    const t = await newTenant(ctx);
    const bairro = await novaUnidade(ctx, t);
    const shampoo = await novoProduto(ctx, t, { nome: 'Shampoo neutro', precoVenda: 30 });
    await ajusteOk(bairro.headers, {
      modo: 'entrada',
      motivo: 'Doação do fornecedor',
      itens: [{ produtoId: shampoo.id, quantidade: 3 }],
    });
    const [evento] = await eventos(t, 'EstoqueAjustado');
    expect(evento).toMatchObject({
      unidadeNegocioId: bairro.id,
      descricao: 'Entrada manual de estoque (Doação do fornecedor): Shampoo neutro 0 UN → 3 UN',
    });
  });

  it(`a big count keeps the first ${MAX_ITENS_AUDITORIA} products and the total, and names three in the sentence`, async () => {
    const t = await newTenant(ctx);
    const un = await unidadeMedidaId(ctx, t, 'UN');
    const total = MAX_ITENS_AUDITORIA + 5;
    const ids = await noTenant(ctx, t, async (tx) =>
      (
        await tx
          .insert(produtos)
          .values(Array.from({ length: total }, (_, i) => ({ nome: `Item ${String(i).padStart(3, '0')}`, unidadeMedidaId: un })))
          .returning({ id: produtos.id, nome: produtos.nome })
      ).sort((a, b) => a.nome.localeCompare(b.nome)),
    );
    await darEntrada(ctx, t, ids[0]!.id, 1);
    await ajusteOk(t.headers, {
      modo: 'contagem',
      motivo: 'Inventário anual',
      itens: ids.map((p) => ({ produtoId: p.id, quantidade: 2 })),
    });
    const [evento] = await eventos(t, 'EstoqueAjustado');
    const depois = evento!.depois as { totalItens: number; itens: { produto: string }[] };
    expect(depois.totalItens).toBe(total);
    expect(depois.itens).toHaveLength(MAX_ITENS_AUDITORIA);
    expect((evento!.antes as { itens: unknown[] }).itens).toHaveLength(MAX_ITENS_AUDITORIA);
    expect(evento!.descricao).toBe(
      `Contagem de estoque (Inventário anual): Item 000 1 UN → 2 UN; Item 001 0 UN → 2 UN; Item 002 0 UN → 2 UN e mais ${total - 3} produtos`,
    );
  });
});
