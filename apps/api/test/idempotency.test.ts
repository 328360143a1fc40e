import { describe, expect, it } from 'vitest';
import type { Usuario } from '@petshop/shared/usuario';
import { newTenant, uniqueEmail, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();

const criar = (t: TenantFixture, key: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/usuarios', headers: { ...t.headers, 'idempotency-key': key }, payload });

const usuario = (t: TenantFixture) => ({
  nome: 'Duplo Clique',
  email: uniqueEmail('duplo'),
  senha: 'senha-duplo-1',
  unidades: [{ unidadeNegocioId: t.unidadeNegocioId, perfilId: 'caixa' }],
});

const contar = async (t: TenantFixture, nome: string) =>
  (await ctx.app.inject({ url: `/api/auth/usuarios?query=${encodeURIComponent(nome)}`, headers: t.headers })).json<{
    total: number;
  }>().total;

describe('Idempotency-Key', () => {
  it('a repeated request gets the first answer back and does the work once', async () => {
    const t = await newTenant(ctx);
    const dados = usuario(t);
    const first = await criar(t, 'chave-1', dados);
    const second = await criar(t, 'chave-1', dados);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<Usuario>().id).toBe(first.json<Usuario>().id);
    expect(await contar(t, 'Duplo Clique')).toBe(1);
  });

  it('two simultaneous submissions create one record', async () => {
    const t = await newTenant(ctx);
    const dados = usuario(t);
    const answers = await Promise.all([criar(t, 'chave-2', dados), criar(t, 'chave-2', dados), criar(t, 'chave-2', dados)]);
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect(await contar(t, 'Duplo Clique')).toBe(1);
  });

  it('a failed request frees its key so the corrected form can be sent again', async () => {
    const t = await newTenant(ctx);
    const bad = await criar(t, 'chave-3', { ...usuario(t), email: 'x' });
    expect(bad.statusCode).toBe(400);
    const good = await criar(t, 'chave-3', usuario(t));
    expect(good.statusCode).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys belong to one tenant and one operation', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    expect((await criar(a, 'chave-4', usuario(a))).statusCode).toBe(201);
    const other = await criar(b, 'chave-4', usuario(b));
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/alterar-senha',
      headers: { ...a.headers, 'idempotency-key': 'chave-4' },
      payload: { senhaAtual: a.senha, novaSenha: 'outra-senha-1', confirmacaoSenha: 'outra-senha-1' },
    });
    expect(reused.statusCode).toBe(400);
  });
});
