import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.ts';

const ctx = useTestApp({ loginRateLimit: 3 });

describe('login rate limit', () => {
  it('answers 429 with a Portuguese message after too many attempts for one e-mail', async () => {
    const attempt = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'alvo@teste.com.br', senha: 'chute' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors.generalErrors[0]).toMatch(/^Muitas tentativas de login/);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'outro@teste.com.br', senha: 'x' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('limits the password reset requests per IP like the login, whatever the e-mail', async () => {
    const pedir = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/esqueci-senha', payload: { email } });
    for (let i = 0; i < 3; i++) expect((await pedir(`pessoa${i}@teste.com.br`)).statusCode).toBe(200);
    const blocked = await pedir('mais.uma@teste.com.br');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors.generalErrors[0]).toMatch(/^Muitas solicitações\. Aguarde \d+ segundos e tente novamente\.$/);
  });
});
