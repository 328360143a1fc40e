import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { containsText } from '../src/db/search.ts';
import { useTestApp } from './helper.ts';

const ctx = useTestApp();

describe('accent-insensitive search', () => {
  it('finds "João" with "joao" and treats LIKE wildcards in the input literally', async () => {
    const rows = (await ctx.database.db.execute(
      sql`select nome from (values ('João da Silva'), ('Joana'), ('100% Algodão')) as t(nome) where ${containsText(sql`nome`, 'JOAO')} or ${containsText(sql`nome`, '0%')}`,
    )) as unknown as { rows: { nome: string }[] };
    expect(rows.rows.map((r) => r.nome).sort()).toEqual(['100% Algodão', 'João da Silva']);
  });
});
