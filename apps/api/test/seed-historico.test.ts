/**
 * The demo's first start (issue #22 item 1): the essentials (tenants, users, catalogue, customers)
 * are enough to log in; the history is seeded after, one step per transaction, and a start that
 * stopped mid-way resumes after the last whole step (never half a day). A short history
 * (DEMO_VENDAS_DIAS=3, set before the seed is imported). The demo needs an empty database: PGlite only.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/rows.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { authHeaders, login, testConfig, useTestApp } from './helper.ts';

process.env.DEMO_VENDAS_DIAS = '3';
const { findHistoricoPendente, getProgressoDemo, seedDemoEssenciais, seedDemoHistorico, etapasHistorico, DEMO_PASSWORD } =
  await import('../src/db/seed/demo.ts');
const { demoProgressoRoutes } = await import('../src/db/seed/demo-progresso-routes.ts');

const ctx = useTestApp();

describe('demo seed in two parts', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'logs in on the essentials, stops mid-history and resumes it whole',
    async () => {
      const db = ctx.database.db;
      const ids = await seedDemoEssenciais(db);
      // Enough to log in and find the till's catalogue and customers.
      const admin = await login(ctx, 'admin@demo.com.br', DEMO_PASSWORD);
      const produtos = await ctx.app.inject({
        method: 'GET',
        url: '/api/inventario/produtos?pageSize=5',
        headers: authHeaders(admin.accessToken, ids.petShop.unidadeNegocioId),
      });
      expect(produtos.statusCode).toBe(200);
      expect(produtos.json<{ total: number }>().total).toBeGreaterThan(100);

      // The progress route as server.ts registers it.
      const app = await buildApp(testConfig(), ctx.database);
      await app.register(demoProgressoRoutes, { prefix: '/api/demo' });
      await app.ready();
      const token = (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'admin@demo.com.br', senha: DEMO_PASSWORD },
        })
      ).json<{ accessToken: string }>().accessToken;
      const progresso = async () =>
        (await app.inject({ method: 'GET', url: '/api/demo/progresso', headers: authHeaders(token) })).json<{
          percentual: number;
          concluido: boolean;
        }>();
      expect(await progresso()).toEqual({ percentual: 0, concluido: false });
      expect((await app.inject({ method: 'GET', url: '/api/demo/progresso' })).statusCode).toBe(401);

      // The first start stops after the opening stock and two days of sales (a shutdown).
      const etapas = etapasHistorico();
      expect(etapas.map((e) => e.etapa).slice(0, 5)).toEqual(['estoque-inicial', 'vendas:3', 'vendas:2', 'vendas:1', 'vendas:0']);
      let passos = 0;
      const vistos: number[] = [];
      const primeira = await findHistoricoPendente(db);
      expect(primeira?.ids).toEqual(ids);
      const completo = await seedDemoHistorico(
        db,
        primeira!,
        (p) => vistos.push(p),
        () => passos++ >= 3,
      );
      expect(completo).toBe(false);
      expect(vistos).toEqual([1, 2, 3].map((n) => Math.floor((100 * n) / etapas.length)));
      expect(await progresso()).toEqual({ percentual: vistos[2], concluido: false });

      const scope = { tenantId: ids.petShop.tenantId, unidadeNegocioId: ids.petShop.unidadeNegocioId };
      const q = <T>(query: ReturnType<typeof sql>) => withTenant(db, scope, (tx) => queryRows<T>(tx, query));
      const dias = () =>
        q<{ dia: string; vendas: number; caixas: number }>(
          sql`select (v.created_at at time zone 'America/Sao_Paulo')::date::text as dia, count(*)::int as vendas,
                     count(distinct v.caixa_id)::int as caixas
                from vendas v where v.tipo = 'Venda' group by 1 order by 1`,
        );
      // Two whole days: each with its register closed and its sales moved to it.
      const parcial = await dias();
      expect(parcial).toHaveLength(2);
      expect(parcial.every((d) => d.vendas >= 25 && d.caixas === 1)).toBe(true);
      const [abertos] = await q<{ n: number }>(sql`select count(*)::int as n from caixas where data_fechamento is null`);
      expect(abertos!.n).toBe(0);

      // The next start resumes: the days left, then the areas, then the history is whole.
      const segunda = await findHistoricoPendente(db);
      expect([...segunda!.feitas].sort()).toEqual(['essenciais', 'estoque-inicial', 'vendas:2', 'vendas:3']);
      expect(await seedDemoHistorico(db, segunda!)).toBe(true);
      expect(await findHistoricoPendente(db)).toBeNull();
      expect(await getProgressoDemo(db)).toEqual({ percentual: 100, concluido: true });
      expect(await progresso()).toEqual({ percentual: 100, concluido: true });

      const todos = await dias();
      expect(todos).toHaveLength(4);
      // (The agenda's charges add sales to past days, through registers of their own.)
      expect(todos.slice(0, 3).every((d) => d.vendas >= 25 && d.caixas >= 1)).toBe(true);
      // The cashier's register of today stays open (the agenda's charges open registers of their own).
      const [hoje] = await q<{ n: number }>(
        sql`select count(*)::int as n from caixas c join usuarios u on u.id = c.usuario_id
             where c.data_fechamento is null and u.email = 'caixa@demo.com.br'`,
      );
      expect(hoje!.n).toBe(1);
      const [compras] = await q<{ n: number }>(sql`select count(*)::int as n from compras where status = 'Finalizada'`);
      expect(compras!.n).toBeGreaterThan(0);
      await app.close();
    },
    240_000,
  );
});
