import { describe, expect, it } from 'vitest';
import type { Usuario } from '@petshop/shared/usuario';
import {
  authHeaders,
  injectMultipart,
  login,
  multipart,
  newTenant,
  PNG_1PX,
  uniqueEmail,
  useTestApp,
  validCpf,
  type TenantFixture,
} from './helper.ts';

const ctx = useTestApp();

const novoUsuario = (t: TenantFixture, overrides: Record<string, unknown> = {}) => ({
  nome: 'Carla Caixa',
  email: uniqueEmail('carla'),
  senha: 'senha-carla-123',
  unidades: [{ unidadeNegocioId: t.unidadeNegocioId, perfilId: 'caixa' }],
  ...overrides,
});

const criar = (t: TenantFixture, dados: unknown, files = {}) =>
  injectMultipart(ctx, 'POST', '/api/auth/usuarios', t.headers, dados, files);

describe('/api/auth/usuarios', () => {
  it('creates a user with a photo (multipart), who can then log in with that profile', async () => {
    const t = await newTenant(ctx);
    const dados = novoUsuario(t, { cpf: '529.982.247-25', telefone: '(11) 98765-4321' });
    const res = await criar(t, dados, { foto: { filename: 'carla.png', contentType: 'image/png', content: PNG_1PX } });
    expect(res.statusCode).toBe(201);
    const usuario = res.json<Usuario>();
    expect(usuario).toMatchObject({
      nome: 'Carla Caixa',
      email: dados.email,
      cpf: '52998224725',
      telefone: '11987654321',
      ativo: true,
      unidades: [
        {
          unidadeNegocioId: t.unidadeNegocioId,
          perfilId: 'caixa',
          perfilNome: 'Caixa / Vendedor',
          unidadeNegocioNome: 'Loja Centro',
        },
      ],
    });
    expect(usuario.fotoUrl).toMatch(/^\/api\/arquivos\//);
    const foto = await ctx.app.inject({ url: usuario.fotoUrl! });
    expect(foto.statusCode).toBe(200);
    expect(foto.headers['content-type']).toBe('image/png');
    expect(foto.rawPayload.equals(PNG_1PX)).toBe(true);

    const session = await login(ctx, dados.email, dados.senha);
    expect(session.user.unidadesNegocio[0]!.perfil.id).toBe('caixa');
  });

  it('also accepts a JSON body', async () => {
    const t = await newTenant(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/usuarios', headers: t.headers, payload: novoUsuario(t) });
    expect(res.statusCode).toBe(201);
  });

  it('validates fields with Portuguese messages and dotted keys', async () => {
    const t = await newTenant(ctx);
    const res = await criar(t, {
      nome: '',
      email: 'x',
      senha: '123',
      cpf: '111.111.111-11',
      unidades: [{ unidadeNegocioId: 'x', perfilId: 'rei' }],
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors.nome).toEqual(['Nome é obrigatório']);
    expect(errors.email).toEqual(['E-mail inválido']);
    expect(errors.senha).toEqual(['A senha deve ter ao menos 8 caracteres']);
    expect(errors.cpf).toEqual(['CPF inválido']);
    expect(errors['unidades.0.unidadeNegocioId']).toEqual(['Unidade inválida']);
    expect(errors['unidades.0.perfilId']).toEqual(['Perfil inválido']);
  });

  it('refuses malformed JSON in the dados part and unexpected or non-image files', async () => {
    const t = await newTenant(ctx);
    const boundary = 'xyz';
    const raw = `--${boundary}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n{quebrado\r\n--${boundary}--\r\n`;
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/usuarios',
      headers: { ...t.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: raw,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors.dados).toBeDefined();
    const exe = await criar(t, novoUsuario(t), {
      foto: { filename: 'x.exe', contentType: 'application/octet-stream', content: Buffer.from('MZ') },
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors.foto[0]).toContain('tipo de arquivo');
    const extra = await criar(t, novoUsuario(t), { outro: { filename: 'a.png', contentType: 'image/png', content: PNG_1PX } });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses an e-mail already used, even by a user of another tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const res = await criar(a, novoUsuario(a, { email: b.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ['E-mail já cadastrado'] });
  });

  it('refuses a unit of another tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const res = await criar(a, novoUsuario(a, { unidades: [{ unidadeNegocioId: b.unidadeNegocioId, perfilId: 'caixa' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.unidades).toBeDefined();
  });

  it('enforces the plan limit of active users', async () => {
    const t = await newTenant(ctx, { limiteUsuarios: 2 });
    expect((await criar(t, novoUsuario(t))).statusCode).toBe(201);
    const over = await criar(t, novoUsuario(t));
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.generalErrors[0]).toContain('2 usuários');
  });

  it('lists with search and pagination, never another tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    await criar(a, novoUsuario(a, { nome: 'Joana Tosadora' }));
    await criar(a, novoUsuario(a, { nome: 'Pedro Vendedor' }));
    await criar(b, novoUsuario(b, { nome: 'Joana de Outro Tenant' }));
    const all = await ctx.app.inject({ url: '/api/auth/usuarios?page=1&pageSize=2', headers: a.headers });
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(all.json().items).toHaveLength(2);
    const search = await ctx.app.inject({ url: '/api/auth/usuarios?query=joana', headers: a.headers });
    expect(search.json().items.map((u: Usuario) => u.nome)).toEqual(['Joana Tosadora']);
    const page0 = await ctx.app.inject({ url: '/api/auth/usuarios?page=0&pageSize=abc', headers: a.headers });
    expect(page0.json()).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('gets and updates a user; 404 for another tenant user', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const created = (await criar(a, novoUsuario(a))).json<Usuario>();
    const got = await ctx.app.inject({ url: `/api/auth/usuarios/${created.id}`, headers: a.headers });
    expect(got.json()).toMatchObject({ id: created.id });
    expect((await ctx.app.inject({ url: `/api/auth/usuarios/${created.id}`, headers: b.headers })).statusCode).toBe(404);

    const body = multipart({
      ...novoUsuario(a),
      email: created.email,
      nome: 'Carla Gerente',
      senha: undefined,
      unidades: [{ unidadeNegocioId: a.unidadeNegocioId, perfilId: 'gerente' }],
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/auth/usuarios/${created.id}`,
      headers: { ...a.headers, ...body.headers },
      payload: body.payload,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Carla Gerente', unidades: [{ perfilId: 'gerente' }] });

    const cross = multipart({ ...novoUsuario(b), senha: undefined });
    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: `/api/auth/usuarios/${created.id}`,
      headers: { ...b.headers, ...cross.headers },
      payload: cross.payload,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('resetting the password ends the user sessions', async () => {
    const t = await newTenant(ctx);
    const dados = novoUsuario(t);
    const created = (await criar(t, dados)).json<Usuario>();
    const session = await login(ctx, dados.email, dados.senha);
    const body = multipart({ ...dados, senha: 'senha-nova-999' });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/auth/usuarios/${created.id}`,
      headers: { ...t.headers, ...body.headers },
      payload: body.payload,
    });
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: authHeaders(session.accessToken) })).statusCode).toBe(401);
    await login(ctx, dados.email, 'senha-nova-999');
  });

  it('a session used a moment ago (remembered by the auth cache) ends or changes at once with the user', async () => {
    const t = await newTenant(ctx);
    const dados = novoUsuario(t);
    const created = (await criar(t, dados)).json<Usuario>();
    const session = await login(ctx, dados.email, dados.senha);
    const headers = authHeaders(session.accessToken, t.unidadeNegocioId);
    const me = () => ctx.app.inject({ url: '/api/auth/me', headers });
    const produtos = () => ctx.app.inject({ url: '/api/inventario/produtos', headers });
    expect((await me()).statusCode).toBe(200);
    expect((await produtos()).statusCode).toBe(200);

    // Now a groomer (no `produtos` permission): refused on the very next request.
    const banhista = multipart({
      ...dados,
      senha: undefined,
      unidades: [{ unidadeNegocioId: t.unidadeNegocioId, perfilId: 'banhista' }],
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/auth/usuarios/${created.id}`,
      headers: { ...t.headers, ...banhista.headers },
      payload: banhista.payload,
    });
    expect(put.statusCode).toBe(200);
    expect((await produtos()).statusCode).toBe(403);

    // Deactivated: the next request is 401.
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/usuarios/${created.id}`, headers: t.headers });
    expect(del.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('delete deactivates; a deactivated user cannot log in', async () => {
    const t = await newTenant(ctx);
    const dados = novoUsuario(t, { cpf: validCpf() });
    const created = (await criar(t, dados)).json<Usuario>();
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/usuarios/${created.id}`, headers: t.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    const got = await ctx.app.inject({ url: `/api/auth/usuarios/${created.id}`, headers: t.headers });
    expect(got.json().ativo).toBe(false);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: dados.email, senha: dados.senha },
    });
    expect(res.statusCode).toBe(400);
  });

  it('never deletes yourself nor the last administrator', async () => {
    const t = await newTenant(ctx);
    const self = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/usuarios/${t.usuarioId}`, headers: t.headers });
    expect(self.statusCode).toBe(400);
    const demote = multipart({
      nome: 'Admin',
      email: t.email,
      unidades: [{ unidadeNegocioId: t.unidadeNegocioId, perfilId: 'caixa' }],
    });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/auth/usuarios/${t.usuarioId}`,
      headers: { ...t.headers, ...demote.headers },
      payload: demote.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.unidades).toEqual(['A empresa precisa de ao menos um administrador ativo']);
  });
});
