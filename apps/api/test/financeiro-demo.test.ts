/**
 * The demo finance (db/seed/demo-financeiro.ts; issue #6 item 5): seeded with the whole demo
 * (a short sales history: DEMO_VENDAS_DIAS=5, set before the app is imported), then payables
 * in every status (open, overdue, partly paid, paid, cancelled), card/PIX receivables received
 * and still expected, four recurrences (one paused) whose generation run again creates
 * nothing, transfers (one reversed), and every account's balance = saldo inicial + Σ its
 * movements, never below zero along the way. The demo needs an empty database: PGlite only.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { todayISO } from '@petshop/shared/format';

vi.hoisted(() => {
  process.env.DEMO_VENDAS_DIAS = '5';
});

import { queryRows } from '../src/db/rows.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { gerarRecorrencias, gerarRecorrenciasDeTodasAsUnidades } from '../src/modules/financeiro/gerar-recorrencias.ts';
import { getSaldoContas } from '../src/modules/financeiro/movimentacoes-repository.ts';
import { useTestApp } from './helper.ts';

const ctx = useTestApp();

describe('demo finance', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'payables in every status, receipts, recurrences, transfers and consistent balances',
    async () => {
      const ids = await seedDemo(ctx.database.db);
      const scope = { tenantId: ids.petShop.tenantId, unidadeNegocioId: ids.petShop.unidadeNegocioId };
      const q = <T>(query: ReturnType<typeof sql>) => withTenant(ctx.database.db, scope, (tx) => queryRows<T>(tx, query));
      const hoje = todayISO();

      // Payables: every status, overdue ones, rent, utilities, payroll, accountant and suppliers.
      const status = await q<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from despesas group by status order by status`,
      );
      expect(status.map((s) => s.status)).toEqual(['BaixaParcial', 'Baixada', 'Cancelada', 'EmAberto']);
      const [vencidas] = await q<{ n: number }>(
        sql`select count(*)::int as n from despesas where status in ('EmAberto', 'BaixaParcial') and data_vencimento < ${hoje}::date`,
      );
      expect(vencidas!.n).toBeGreaterThan(0);
      const descricoes = (await q<{ descricao: string }>(sql`select descricao from despesas where compra_id is null`)).map(
        (d) => d.descricao,
      );
      for (const prefixo of [
        'Aluguel da loja',
        'Energia elétrica',
        'Água e esgoto',
        'Internet fibra',
        'Salários da equipe',
        'Honorários do contador',
      ])
        expect(descricoes.some((d) => d.startsWith(prefixo))).toBe(true);
      const [periodo] = await q<{ primeira: string; ultima: string }>(
        sql`select min(data_vencimento)::text as primeira, max(data_vencimento)::text as ultima from despesas where compra_id is null`,
      );
      expect(periodo!.primeira < `${hoje.slice(0, 7)}-01`).toBe(true);
      expect(periodo!.ultima > hoje).toBe(true);
      const [compras] = await q<{ pagas: number; abertas: number }>(
        sql`select count(*) filter (where status = 'Baixada')::int as pagas, count(*) filter (where status = 'EmAberto')::int as abertas
              from despesas where compra_id is not null`,
      );
      expect(compras!.pagas).toBeGreaterThan(0);
      expect(compras!.abertas).toBeGreaterThan(0);

      // Card and PIX receivables: received once their day passed, the rest still expected.
      const recebiveis = await q<{ status: string; vencido: boolean; n: number }>(
        sql`select r.status, r.data_vencimento < ${hoje}::date as vencido, count(*)::int as n
              from receitas r join formas_pagamento f on f.id = r.forma_pagamento_id
             where f.tipo in ('pix', 'cartao_debito', 'cartao_credito') and r.status <> 'Cancelada'
             group by 1, 2`,
      );
      expect(recebiveis.find((r) => r.status === 'Baixada')?.n ?? 0).toBeGreaterThan(0);
      expect(recebiveis.find((r) => r.status === 'EmAberto' && !r.vencido)?.n ?? 0).toBeGreaterThan(0);
      expect(recebiveis.filter((r) => r.status === 'EmAberto' && r.vencido)).toEqual([]);
      const [taxas] = await q<{ n: number }>(
        sql`select count(*)::int as n from baixas_financeiras where receita_id is not null and taxa > 0`,
      );
      expect(taxas!.n).toBeGreaterThan(0);

      // Recurrences: rent, internet, insurance and the paused laundry; generated ahead, and
      // generating again creates nothing.
      const recorrencias = await q<{ descricao: string; frequencia: string; status: string; geradas: number }>(
        sql`select r.descricao, r.frequencia, r.status,
                (select count(*)::int from despesas d where d.recorrencia_id = r.id) as geradas
              from recorrencias r order by r.descricao`,
      );
      expect(recorrencias.map((r) => [r.descricao, r.frequencia, r.status])).toEqual([
        ['Aluguel da loja', 'mensal', 'Ativa'],
        ['Internet fibra 500 Mb', 'mensal', 'Ativa'],
        ['Lavanderia das toalhas do banho e tosa', 'semanal', 'Pausada'],
        ['Seguro empresarial da loja', 'anual', 'Ativa'],
      ]);
      expect(recorrencias.every((r) => r.geradas > 0)).toBe(true);
      const [futuraDaPausada] = await q<{ n: number }>(
        sql`select count(*)::int as n from despesas d join recorrencias r on r.id = d.recorrencia_id
             where r.status = 'Pausada' and d.data_vencimento > ${hoje}::date and d.status = 'EmAberto'`,
      );
      expect(futuraDaPausada!.n).toBe(0);
      expect(await withTenant(ctx.database.db, scope, (tx) => gerarRecorrencias(tx, hoje))).toBe(0);
      expect(await gerarRecorrenciasDeTodasAsUnidades(ctx.database.db)).toBe(0);

      // Transfers between the accounts, one reversed.
      const [transf] = await q<{ movimentos: number; estornos: number }>(
        sql`select count(*)::int as movimentos, count(*) filter (where descricao like 'Estorno de transferência%')::int as estornos
              from movimentacoes_financeiras where origem = 'transferencia'`,
      );
      expect(transf!.movimentos).toBeGreaterThanOrEqual(6);
      expect(transf!.estornos).toBe(2);

      // Balances: saldo inicial + Σ movements, as /contas/saldo answers; never below zero on any day.
      const ledger = await q<{ id: string; saldo: string; minimo: string }>(
        sql`select c.id, c.saldo_inicial + coalesce((select sum(m.valor) from movimentacoes_financeiras m where m.conta_id = c.id), 0) as saldo,
                c.saldo_inicial + least(0, coalesce((select min(s) from (select sum(sum(m.valor)) over (order by m.data) as s
                  from movimentacoes_financeiras m where m.conta_id = c.id group by m.data) t), 0)) as minimo
              from contas c`,
      );
      const saldos = await withTenant(ctx.database.db, scope, (tx) => getSaldoContas(tx));
      expect(saldos.contas.map((c) => [c.id, c.saldo]).sort()).toEqual(ledger.map((l) => [l.id, Number(l.saldo)]).sort());
      expect(ledger.every((l) => Number(l.minimo) >= 0)).toBe(true);
      expect(saldos.total).toBeGreaterThan(0);
    },
    120_000,
  );
});
