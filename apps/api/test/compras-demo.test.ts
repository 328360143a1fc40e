/**
 * The demo purchases (db/seed/demo-compras.ts; issue #5 item 6): finalised purchases of the
 * last two months from the demo suppliers with payables (some overdue), lots expiring in the
 * next 15–90 days, two from NF-e XML (a box linked with factor 12 and remembered), an
 * imported draft with an item to link, a consistent ledger. The sales history is left out
 * here (it takes long); the demo needs an empty database, so PGlite only.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayISO } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import { queryRows } from '../src/db/rows.ts';
import { demoSeeders, seedDemo } from '../src/db/seed/demo.ts';
import { seedDemoVendas } from '../src/db/seed/demo-vendas.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { useTestApp } from './helper.ts';

const ctx = useTestApp();

describe('demo purchases', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'seeds finalised purchases, lots, payables and an imported draft',
    async () => {
      const ids = await seedDemo(
        ctx.database.db,
        demoSeeders.filter((s) => s !== seedDemoVendas),
      );
      const scope = { tenantId: ids.petShop.tenantId, unidadeNegocioId: ids.petShop.unidadeNegocioId };
      const q = <T>(query: ReturnType<typeof sql>) => withTenant(ctx.database.db, scope, (tx) => queryRows<T>(tx, query));
      const hoje = todayISO();

      const compras = await q<{ status: string; origem: string; data_entrada: string; itens: number; pendentes: number }>(
        sql`select c.status, c.origem, c.data_entrada::text as data_entrada,
                 (select count(*)::int from compra_itens i where i.compra_id = c.id) as itens,
                 (select count(*)::int from compra_itens i where i.compra_id = c.id and i.produto_id is null) as pendentes
            from compras c order by c.numero`,
      );
      const finalizadas = compras.filter((c) => c.status === 'Finalizada');
      expect(finalizadas.length).toBeGreaterThanOrEqual(12);
      expect(finalizadas.every((c) => c.data_entrada >= addDays(hoje, -62) && c.data_entrada <= hoje)).toBe(true);
      expect(finalizadas.filter((c) => c.origem === 'xml')).toHaveLength(1);
      const rascunhos = compras.filter((c) => c.status === 'Rascunho');
      expect(rascunhos).toEqual([expect.objectContaining({ origem: 'xml', data_entrada: hoje, pendentes: 1 })]);

      const [despesas] = await q<{ abertas: string; vencidas: string; futuras: string }>(
        sql`select count(*) filter (where status = 'EmAberto')::int as abertas,
                 count(*) filter (where status = 'EmAberto' and data_vencimento < ${hoje}::date)::int as vencidas,
                 count(*) filter (where status = 'EmAberto' and data_vencimento >= ${hoje}::date)::int as futuras
            from despesas where compra_id is not null`,
      );
      expect(Number(despesas!.abertas)).toBeGreaterThan(15);
      expect(Number(despesas!.vencidas)).toBeGreaterThan(0);
      expect(Number(despesas!.futuras)).toBeGreaterThan(Number(despesas!.vencidas));

      const lotes = await q<{ validade: string }>(sql`select data_validade::text as validade from lotes where quantidade > 0`);
      expect(lotes.length).toBeGreaterThan(5);
      expect(lotes.every((l) => l.validade >= addDays(hoje, 15) && l.validade <= addDays(hoje, 90))).toBe(true);

      const memoria = await q<{ fator: string; unidade: string }>(
        sql`select fator_conversao as fator, unidade_fornecedor as unidade from fornecedor_produtos where codigo_fornecedor = 'CX-PET-0112'`,
      );
      expect(memoria).toEqual([{ fator: '12.0000', unidade: 'CX' }]);

      // The ledger reads in date order: every running balance is the sum up to it, and the
      // balances are the sums of their ledgers.
      const [errados] = await q<{ n: number }>(
        sql`select count(*)::int as n from movimentacoes_estoque m
           where m.saldo_resultante <> (select sum(x.quantidade) from movimentacoes_estoque x
                  where x.produto_id = m.produto_id and (x.created_at, x.id) <= (m.created_at, m.id))`,
      );
      expect(errados!.n).toBe(0);
      const [divergentes] = await q<{ n: number }>(
        sql`select count(*)::int as n from estoques e
           where e.quantidade <> (select coalesce(sum(m.quantidade), 0) from movimentacoes_estoque m where m.produto_id = e.produto_id)`,
      );
      expect(divergentes!.n).toBe(0);
      const [entradas] = await q<{ primeira: string }>(
        sql`select min(created_at)::text as primeira from movimentacoes_estoque where tipo = 'entrada_compra'`,
      );
      expect(entradas!.primeira.slice(0, 10) >= addDays(hoje, -62)).toBe(true);
    },
  );
});
