/**
 * The appointment types a new tenant starts with (modules/agenda/defaults.ts, issue #17):
 * Banho, Tosa higiênica, Tosa completa, Hidratação (banho e tosa, box), Consulta, Retorno,
 * Vacinação (clínica, sala), each priced by a service of the tenant's catalogue, created when
 * the catalogue has none by that name and reused when it has.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { aplicarTiposAtendimentoPadrao } from '../src/modules/agenda/defaults.ts';
import { newTenant, useTestApp } from './helper.ts';

const ctx = useTestApp();

type TipoRow = {
  nome: string;
  area: string;
  recurso: string;
  duracao_minutos: number;
  cor: string;
  produto_id: string | null;
  produto_nome: string | null;
  produto_tipo: string | null;
  preco: string | null;
  controla_estoque: boolean | null;
  categoria: string | null;
};

const tiposDe = (tenantId: string) =>
  withTenant(ctx.database.db, { tenantId }, (tx) =>
    queryRows<TipoRow>(
      tx,
      sql`select t.nome, t.area, t.recurso, t.duracao_minutos, t.cor, t.produto_id, p.nome as produto_nome,
                 p.tipo as produto_tipo, p.preco_venda as preco, p.controla_estoque, c.nome as categoria
            from tipos_atendimento t
            left join produtos p on p.id = t.produto_id
            left join categorias_produto c on c.id = p.categoria_id
           order by t.created_at, t.nome`,
    ),
  );

describe('appointment types of a new tenant', () => {
  it('starts with the usual types, each with its own service product', async () => {
    const t = await newTenant(ctx);
    const tipos = await tiposDe(t.tenantId);
    expect(tipos.map((x) => [x.nome, x.area, x.recurso]).sort()).toEqual(
      [
        ['Banho', 'BanhoTosa', 'Box'],
        ['Consulta', 'Clinica', 'Sala'],
        ['Hidratação', 'BanhoTosa', 'Box'],
        ['Retorno', 'Clinica', 'Sala'],
        ['Tosa completa', 'BanhoTosa', 'Box'],
        ['Tosa higiênica', 'BanhoTosa', 'Box'],
        ['Vacinação', 'Clinica', 'Sala'],
      ].sort(),
    );
    for (const tipo of tipos) {
      expect(tipo.duracao_minutos).toBeGreaterThanOrEqual(15);
      expect(tipo.cor).toMatch(/^#[0-9a-f]{6}$/);
      expect(tipo).toMatchObject({ produto_nome: tipo.nome, produto_tipo: 'servico', controla_estoque: false });
      expect(Number(tipo.preco)).toBeGreaterThan(0);
    }
    expect(new Set(tipos.map((x) => x.produto_id)).size).toBe(7);
    expect(tipos.find((x) => x.nome === 'Banho')!.categoria).toBe('Serviços de Banho e Tosa');
    expect(tipos.find((x) => x.nome === 'Vacinação')!.categoria).toBe('Vacinas');

    // The catalogue lists their services.
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/inventario/produtos?tipo=servico&pageSize=50',
      headers: t.headers,
    });
    expect(res.statusCode).toBe(200);
    const nomes = res.json<{ items: { nome: string }[] }>().items.map((p) => p.nome);
    expect(nomes).toEqual(expect.arrayContaining(['Banho', 'Consulta', 'Vacinação']));
  });

  it('reuses a service of the catalogue by the same name (any case or accents) instead of making another', async () => {
    const t = await newTenant(ctx);
    const produtoBanho = await withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
      // The tenant's own catalogue already has "VACINACAO" and "banho"; the types are made again.
      await tx.execute(sql`delete from tipos_atendimento`);
      await tx.execute(sql`delete from produtos where nome in ('Vacinação', 'Banho')`);
      const [un] = await queryRows<{ id: string }>(tx, sql`select id from unidades_medida where sigla = 'UN'`);
      const criados = await queryRows<{ id: string; nome: string }>(
        tx,
        sql`insert into produtos (tipo, nome, unidade_medida_id, preco_venda, controla_estoque)
            values ('servico', 'banho', ${un!.id}, 75, false), ('servico', 'VACINACAO', ${un!.id}, 95, false)
            returning id, nome`,
      );
      await aplicarTiposAtendimentoPadrao(tx);
      return criados;
    });
    const tipos = await tiposDe(t.tenantId);
    expect(tipos).toHaveLength(7);
    expect(tipos.find((x) => x.nome === 'Banho')!.produto_id).toBe(produtoBanho.find((p) => p.nome === 'banho')!.id);
    expect(tipos.find((x) => x.nome === 'Vacinação')!.produto_id).toBe(produtoBanho.find((p) => p.nome === 'VACINACAO')!.id);
    const [servicos] = await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from produtos where tipo = 'servico'`),
    );
    // 5 made again (Tosa higiênica, Tosa completa, Hidratação, Consulta, Retorno were not deleted: reused) + 2 of the tenant.
    expect(servicos!.n).toBe(7);
  });

  it('keeps each tenant’s types to itself', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const [deA, deB] = await Promise.all([tiposDe(a.tenantId), tiposDe(b.tenantId)]);
    expect(deA).toHaveLength(7);
    expect(deB).toHaveLength(7);
    expect(deA.some((x) => deB.some((y) => y.produto_id === x.produto_id))).toBe(false);
  });
});
