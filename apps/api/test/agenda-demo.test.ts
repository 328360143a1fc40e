/**
 * The demo agenda (db/seed/demo-agenda.ts; issue #17 item 7), in both units of the Pet Shop
 * Demo: types with their services, 3 boxes and 2 rooms, settings, past weeks in every final
 * status charged by finalised sales, today's board busy (about 15 pets at every stage, some
 * with a sale em atendimento paid in part or in full), next week booked, package sessions
 * consumed, the history of the changes. The sales history of demo-vendas is left out (it takes
 * long); the demo needs an empty database, so PGlite only.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '@petshop/shared/venda';
import { queryRows } from '../src/db/rows.ts';
import { demoSeeders, seedDemo } from '../src/db/seed/demo.ts';
import { seedDemoAgenda } from '../src/db/seed/demo-agenda.ts';
import { seedDemoVendas } from '../src/db/seed/demo-vendas.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { authHeaders, login, useTestApp } from './helper.ts';

const ctx = useTestApp();

describe('demo agenda', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'seeds both units: resources, past weeks charged, today busy, next week booked, packages used',
    async () => {
      expect(demoSeeders.indexOf(seedDemoAgenda)).toBeGreaterThan(demoSeeders.indexOf(seedDemoVendas));
      const ids = await seedDemo(
        ctx.database.db,
        demoSeeders.filter((s) => s !== seedDemoVendas && (s === seedDemoAgenda || demoSeeders.indexOf(s) < 2)),
      );

      for (const unidadeNegocioId of [ids.petShop.unidadeNegocioId, ids.petShop.filialId]) {
        const scope = { tenantId: ids.petShop.tenantId, unidadeNegocioId };
        const q = <T>(query: ReturnType<typeof sql>) => withTenant(ctx.database.db, scope, (tx) => queryRows<T>(tx, query));
        const [{ tz, hoje }] = (await q<{ tz: string; hoje: string }>(
          sql`select time_zone as tz, (now() at time zone time_zone)::date::text as hoje from unidades_negocio where id = ${unidadeNegocioId}`,
        )) as [{ tz: string; hoje: string }];

        const tipos = await q<{ nome: string; area: string; recurso: string; produto: string | null }>(
          sql`select t.nome, t.area, t.recurso, p.nome as produto from tipos_atendimento t left join produtos p on p.id = t.produto_id order by t.nome`,
        );
        expect(tipos.map((t) => t.nome)).toEqual(
          ['Banho', 'Consulta', 'Hidratação', 'Retorno', 'Tosa completa', 'Tosa higiênica', 'Vacinação'].sort((a, b) =>
            a.localeCompare(b),
          ),
        );
        expect(tipos.every((t) => t.produto !== null && t.recurso === (t.area === 'BanhoTosa' ? 'Box' : 'Sala'))).toBe(true);
        expect((await q<{ nome: string }>(sql`select nome from boxes order by nome`)).map((b) => b.nome)).toEqual([
          'Box 1',
          'Box 2',
          'Box 3',
        ]);
        expect((await q<{ nome: string }>(sql`select nome from salas order by nome`)).map((b) => b.nome)).toEqual([
          'Consultório 1',
          'Consultório 2',
        ]);
        const [config] = await q<{ n: number; dias: number }>(
          sql`select count(*)::int as n, max(jsonb_array_length(horarios))::int as dias from agenda_configuracoes`,
        );
        expect(config).toEqual({ n: 1, dias: 7 });

        type Linha = {
          dia: string;
          status: string;
          atividade: string;
          area: string;
          venda_status: string | null;
          em_atendimento: boolean | null;
          valor_pago: string | null;
          valor_liquido: string | null;
          cobrado: string;
          pacote_id: string | null;
          gratis: number;
          desde_min: number;
          responsavel_perfil: string | null;
          box_id: string | null;
          sala_id: string | null;
          historico: number;
          venda_dia: string | null;
        };
        const linhas = await q<Linha>(sql`
          select (a.inicio at time zone ${tz})::date::text as dia, a.status, a.atividade, t.area,
                 v.status as venda_status, v.em_atendimento, v.valor_pago, v.valor_liquido,
                 (select coalesce(sum(s.valor), 0) from atendimento_servicos s where s.atendimento_id = a.id)::text as cobrado,
                 (select count(*)::int from atendimento_servicos s where s.atendimento_id = a.id and s.valor = 0) as gratis,
                 a.pacote_id, extract(epoch from (now() - a.atividade_desde))::int / 60 as desde_min,
                 (select uu.perfil_id from usuario_unidades uu where uu.usuario_id = a.responsavel_id and uu.unidade_negocio_id = a.unidade_negocio_id) as responsavel_perfil,
                 a.box_id, a.sala_id,
                 (select count(*)::int from atendimento_historico h where h.atendimento_id = a.id) as historico,
                 (v.data_finalizacao at time zone ${tz})::date::text as venda_dia
            from atendimentos a join tipos_atendimento t on t.id = a.tipo_atendimento_id
            left join vendas v on v.id = a.venda_id`);

        // Past 4 weeks: every final status, Finalizado mostly, each charged by a sale of its day
        // or covered by a package.
        const passado = linhas.filter((l) => l.dia < hoje);
        expect(passado.every((l) => l.dia >= addDays(hoje, -28))).toBe(true);
        const porStatus = (status: string) => passado.filter((l) => l.status === status).length;
        expect(porStatus('Finalizado')).toBeGreaterThan(100);
        expect(porStatus('Cancelado')).toBeGreaterThan(0);
        expect(porStatus('NaoCompareceu')).toBeGreaterThan(0);
        expect(porStatus('Finalizado')).toBeGreaterThan(4 * (porStatus('Cancelado') + porStatus('NaoCompareceu')));
        expect(passado.every((l) => ['Finalizado', 'Cancelado', 'NaoCompareceu'].includes(l.status))).toBe(true);
        for (const l of passado.filter((x) => x.status === 'Finalizado')) {
          // The package covers its service (valor 0); extras (nails, ears) are still charged.
          if (l.pacote_id) expect(l.gratis).toBeGreaterThan(0);
          if (Number(l.cobrado) === 0) expect(l.venda_status).toBeNull();
          else {
            expect(l).toMatchObject({ venda_status: 'Finalizada', em_atendimento: false, venda_dia: l.dia });
            expect(Number(l.valor_liquido)).toBe(Number(l.cobrado));
          }
        }
        expect(passado.filter((l) => l.status !== 'Finalizado').every((l) => l.venda_status === null)).toBe(true);
        expect(passado.some((l) => l.area === 'Clinica' && l.sala_id && l.responsavel_perfil === 'veterinario')).toBe(true);
        expect(passado.every((l) => (l.area === 'BanhoTosa' ? l.box_id && !l.sala_id : l.sala_id && !l.box_id))).toBe(true);
        expect(linhas.filter((l) => l.area === 'BanhoTosa').every((l) => l.responsavel_perfil === 'banhista')).toBe(true);

        // Today's board: about 15 pets at every stage, consistent statuses, some paid.
        const board = linhas.filter((l) => l.dia === hoje && l.area === 'BanhoTosa');
        expect(board.length).toBeGreaterThanOrEqual(12);
        expect(new Set(board.map((l) => l.atividade))).toEqual(new Set(['Aguardando', 'Banho', 'Secagem', 'Tosa', 'Finalizado']));
        for (const l of board) {
          if (['Banho', 'Secagem', 'Tosa'].includes(l.atividade)) expect(l.status).toBe('EmAtendimento');
          if (l.atividade === 'Aguardando') expect(['Agendado', 'Confirmado']).toContain(l.status);
          if (l.atividade === 'Finalizado') expect(['Pronto', 'Finalizado']).toContain(l.status);
          if (l.status === 'Finalizado') expect(l.venda_status === 'Finalizada' || Number(l.cobrado) === 0).toBe(true);
          if (['EmAtendimento', 'Pronto'].includes(l.status) && Number(l.cobrado) > 0)
            expect(l).toMatchObject({ venda_status: 'EmAberto', em_atendimento: true });
          expect(l.desde_min).toBeGreaterThanOrEqual(0);
        }
        const emAndamento = board.filter((l) => l.atividade !== 'Aguardando' && l.atividade !== 'Finalizado');
        // Activity times spread over the last hours.
        expect(new Set(emAndamento.map((l) => l.desde_min)).size).toBeGreaterThan(3);
        expect(Math.max(...board.map((l) => l.desde_min))).toBeGreaterThan(120);
        expect(
          board.some((l) => l.em_atendimento && Number(l.valor_pago) > 0 && Number(l.valor_pago) < Number(l.valor_liquido)),
        ).toBe(true);
        expect(board.some((l) => l.em_atendimento && Number(l.valor_pago) === Number(l.valor_liquido))).toBe(true);

        // Next week booked.
        const semana = linhas.filter((l) => l.dia > hoje && l.dia <= addDays(hoje, 7));
        expect(semana.length).toBeGreaterThanOrEqual(20);
        expect(semana.every((l) => ['Agendado', 'Confirmado'].includes(l.status) && l.venda_status === null)).toBe(true);

        // Packages: sold by a finalised sale, sessions used = the appointments holding one.
        const pacotes = await q<{
          nome: string;
          total: number;
          usadas: number;
          contadas: number;
          venda: string | null;
          valido: string;
        }>(sql`
          select p.nome, p.sessoes_total as total, p.sessoes_usadas as usadas, p.valido_ate::text as valido,
                 (select count(*)::int from atendimentos a where a.pacote_id = p.id and a.status not in ('Cancelado', 'NaoCompareceu')) as contadas,
                 v.status as venda
            from pacotes p left join vendas v on v.id = p.venda_id`);
        expect(pacotes.length).toBeGreaterThanOrEqual(3);
        expect(pacotes.some((p) => p.nome === 'Pacote 4 banhos' && p.total === 4)).toBe(true);
        for (const p of pacotes) {
          expect(p).toMatchObject({ venda: 'Finalizada', usadas: p.contadas });
          expect(p.usadas).toBeLessThanOrEqual(p.total);
        }
        expect(pacotes.some((p) => p.usadas > 0)).toBe(true);
        expect(linhas.some((l) => l.pacote_id && l.dia > hoje)).toBe(true);

        // History: every appointment that moved has its changes.
        expect(linhas.filter((l) => l.status !== 'Agendado').every((l) => l.historico > 0)).toBe(true);
        const [trilha] = await q<{ atividades: number; status: number }>(sql`
          select count(*) filter (where campo = 'atividade')::int as atividades, count(*) filter (where campo = 'status')::int as status
            from atendimento_historico`);
        expect(trilha!.atividades).toBeGreaterThan(100);
        expect(trilha!.status).toBeGreaterThan(100);

        // The past days' registers were closed on their day; today's stays open.
        const caixas = await q<{ aberto: boolean; dia: string }>(
          sql`select status = 'Aberto' as aberto, (data_abertura at time zone ${tz})::date::text as dia from caixas`,
        );
        expect(caixas.filter((c) => c.aberto).map((c) => c.dia)).toEqual([hoje]);
      }

      // Through the API, as the receptionist of the Matriz sees them: today's board with its
      // financial statuses, and a customer's packages.
      const sessao = await login(ctx, 'recepcao@demo.com.br', 'demo1234');
      const headers = authHeaders(sessao.accessToken, ids.petShop.unidadeNegocioId);
      const hoje = await ctx.app.inject({ url: '/api/agenda/atendimentos?area=BanhoTosa&pageSize=100', headers });
      expect(hoje.statusCode).toBe(200);
      const quadro = hoje.json<{ items: { status: string; atividade: string; statusFinanceiro: string }[] }>().items;
      expect(quadro.length).toBeGreaterThanOrEqual(12);
      expect(new Set(quadro.map((a) => a.statusFinanceiro))).toEqual(new Set(['EmAberto', 'BaixaParcial', 'Baixada']));
      const [comPacote] = await withTenant(
        ctx.database.db,
        { tenantId: ids.petShop.tenantId, unidadeNegocioId: ids.petShop.unidadeNegocioId },
        (tx) => queryRows<{ cliente_id: string }>(tx, sql`select cliente_id from pacotes where sessoes_usadas > 0 limit 1`),
      );
      const lista = await ctx.app.inject({ url: `/api/pessoal/pessoas/${comPacote!.cliente_id}/pacotes`, headers });
      expect(lista.statusCode).toBe(200);
      expect(
        lista.json<{ sessoesRestantes: number; sessoesTotal: number }[]>().some((p) => p.sessoesRestantes < p.sessoesTotal),
      ).toBe(true);
    },
    300_000,
  );
});
