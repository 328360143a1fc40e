/**
 * The demo clinic (db/seed/demo-clinica.ts; issue #19 item 8): the Clínica Veterinária Exemplo's
 * veterinarian (logs in, CRMV), vaccine products with stock in lots, customers and pets, and the
 * charts; the Pet Shop Demo's few charts. Seeded with the catalogue and customers only (the sales
 * history takes long). The demo needs an empty database: PGlite only.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, demoSeeders, seedDemo } from '../src/db/seed/demo.ts';
import { seedDemoAgenda } from '../src/db/seed/demo-agenda.ts';
import { DEMO_CLINICA_VETERINARIO, DEMO_VACINAS_PRODUTOS, PETS_CLINICA, seedDemoClinica } from '../src/db/seed/demo-clinica.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { login, useTestApp } from './helper.ts';

const ctx = useTestApp();

describe('demo clinic', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'the clinic tenant: vet, vaccine lots, customers and pets with their charts',
    async () => {
      expect(demoSeeders.indexOf(seedDemoClinica)).toBe(demoSeeders.indexOf(seedDemoAgenda) + 1);
      expect(DEMO_LOGINS.some((l) => l.email === DEMO_CLINICA_VETERINARIO.email)).toBe(true);
      let segundos = 0;
      const ids = await seedDemo(ctx.database.db, [
        ...demoSeeders.slice(0, 2),
        async (tx, demoIds) => {
          const inicio = performance.now();
          await seedDemoClinica(tx, demoIds);
          segundos = (performance.now() - inicio) / 1000;
        },
      ]);
      // The e2e and `npm start` seed it: it must stay fast (about 2 s on a busy machine).
      console.log(`seedDemoClinica: ${segundos.toFixed(2)} s`);
      expect(segundos).toBeLessThan(10);

      const clinica = { tenantId: ids.clinica.tenantId, unidadeNegocioId: ids.clinica.unidadeNegocioId };
      const q = <T>(query: ReturnType<typeof sql>) => withTenant(ctx.database.db, clinica, (tx) => queryRows<T>(tx, query));

      // The vet logs in and carries the CRMV.
      const vet = await login(ctx, DEMO_CLINICA_VETERINARIO.email, DEMO_PASSWORD);
      expect(vet.accessToken).toBeTruthy();
      const [crmv] = await q<{ crmv: string; perfil: string }>(
        sql`select u.crmv, uu.perfil_id as perfil from usuarios u join usuario_unidades uu on uu.usuario_id = u.id where u.email = ${DEMO_CLINICA_VETERINARIO.email}`,
      );
      expect(crmv).toEqual({ crmv: 'CRMV-MG 12345', perfil: 'veterinario' });

      // Vaccine products with two valid lots each, the stock balance = the lots.
      const lotes = await q<{ produto: string; numero: string; quantidade: string; validade: string; vencido: boolean }>(
        sql`select p.nome as produto, l.numero, l.quantidade::text, l.data_validade::text as validade,
                   l.data_validade < current_date as vencido
              from lotes l join produtos p on p.id = l.produto_id where p.controla_lote order by p.nome, l.data_validade`,
      );
      expect(new Set(lotes.map((l) => l.produto))).toEqual(new Set(DEMO_VACINAS_PRODUTOS.map((p) => p.nome)));
      expect(lotes).toHaveLength(6);
      expect(lotes.every((l) => !l.vencido)).toBe(true);
      const saldos = await q<{ produto: string; saldo: string; lotes: string }>(
        sql`select p.nome as produto, e.quantidade::text as saldo,
                   (select sum(l.quantidade) from lotes l where l.produto_id = p.id)::text as lotes
              from estoques e join produtos p on p.id = e.produto_id where p.controla_lote`,
      );
      expect(saldos).toHaveLength(3);
      for (const s of saldos) expect(Number(s.saldo)).toBe(Number(s.lotes));

      // Customers in Belo Horizonte, their pets.
      const donos = await q<{ nome: string; cidade: string; pets: number }>(
        sql`select c.nome, c.cidade, count(t.pet_id)::int as pets from pessoas c join pet_tutores t on t.pessoa_id = c.id group by c.id order by c.nome`,
      );
      expect(donos).toHaveLength(8);
      expect(donos.every((d) => d.cidade === 'Belo Horizonte')).toBe(true);
      const petsRows = await q<{ nome: string; especie: string; raca: string | null; nascimento: string | null }>(
        sql`select p.nome, e.nome as especie, r.nome as raca, p.data_nascimento::text as nascimento
              from pets p join especies e on e.id = p.especie_id left join racas r on r.id = p.raca_id order by p.nome`,
      );
      expect(petsRows).toHaveLength(PETS_CLINICA.length);
      expect(petsRows.every((p) => p.raca !== null && p.nascimento !== null)).toBe(true);
      expect(new Set(petsRows.map((p) => p.especie))).toEqual(new Set(['Canina', 'Felina']));
    },
  );
});
