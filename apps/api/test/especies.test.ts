import { describe, expect, it } from 'vitest';
import type { Especie, Pelagem, Raca } from '@petshop/shared/especie';
import type { Page } from '@petshop/shared/http';
import { CATALOGO_INICIAL } from '../src/modules/animal/catalogo-inicial.ts';
import { criarTenant } from '../src/modules/tenants/criar-tenant.ts';
import {
  authHeaders,
  login,
  newTenant,
  uniqueEmail,
  useTestApp,
  usuarioComPerfil,
  validCnpj,
  type TenantFixture,
} from './helper.ts';

const ctx = useTestApp();

const get = <T>(t: TenantFixture, url: string) => ctx.app.inject({ url, headers: t.headers }).then((r) => r.json<T>());
const post = (t: TenantFixture, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: t.headers, payload });
const put = (t: TenantFixture, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: t.headers, payload });
const del = (t: TenantFixture, url: string) => ctx.app.inject({ method: 'DELETE', url, headers: t.headers });

const especieId = async (t: TenantFixture, nome: string) =>
  (await get<Page<Especie>>(t, `/api/animal/especies?query=${encodeURIComponent(nome)}`)).items.find((e) => e.nome === nome)!.id;

describe('starting catalogue of a new tenant', () => {
  it('has the species, dog and cat breeds with their default size, and coats per species', async () => {
    const t = await newTenant(ctx);
    const especies = await get<Page<Especie>>(t, '/api/animal/especies?pageSize=100');
    expect(especies.items.map((e) => e.nome).sort()).toEqual(CATALOGO_INICIAL.map((e) => e.nome).sort());
    expect(especies.items.map((e) => e.nome)).toEqual(
      expect.arrayContaining(['Canina', 'Felina', 'Ave', 'Roedor', 'Réptil', 'Peixe', 'Outros']),
    );

    const canina = await especieId(t, 'Canina');
    const caes = await get<Page<Raca>>(t, `/api/animal/racas?especieId=${canina}&pageSize=100`);
    expect(caes.total).toBeGreaterThanOrEqual(40);
    expect(caes.items.find((r) => r.nome === 'Shih Tzu')).toMatchObject({ porte: 'pequeno', especieNome: 'Canina', ativo: true });
    expect(caes.items.find((r) => r.nome === 'Dogue Alemão')?.porte).toBe('gigante');

    const felina = await especieId(t, 'Felina');
    const gatos = await get<Page<Raca>>(t, `/api/animal/racas?especieId=${felina}&pageSize=100`);
    expect(gatos.total).toBeGreaterThanOrEqual(15);
    expect(gatos.items.map((r) => r.nome)).toContain('Maine Coon');

    const pelagensCaes = await get<Page<Pelagem>>(t, `/api/animal/pelagens?especieId=${canina}`);
    expect(pelagensCaes.items.map((p) => p.nome).sort()).toEqual([
      'Arame',
      'Curta',
      'Dupla',
      'Encaracolada',
      'Longa',
      'Sem pelo',
    ]);
    const pelagensGatos = await get<Page<Pelagem>>(t, `/api/animal/pelagens?especieId=${felina}`);
    expect(pelagensGatos.items.map((p) => p.nome).sort()).toEqual(['Curta', 'Longa', 'Sem pelo']);
  });

  it('lists SRD first in each species and finds it by "vira-lata", accents and case aside (issue #15)', async () => {
    const t = await newTenant(ctx);
    for (const especie of ['Canina', 'Felina']) {
      const id = await especieId(t, especie);
      const lista = await get<Page<Raca>>(t, `/api/animal/racas?especieId=${id}&pageSize=100`);
      expect(lista.items[0]).toMatchObject({ nome: 'SRD (sem raça definida)', sinonimos: 'vira-lata', especieNome: especie });
      expect(lista.items[1]!.nome < lista.items[2]!.nome).toBe(true);
    }
    const canina = await especieId(t, 'Canina');
    for (const texto of ['vira-lata', 'VIRA', 'Víra-Lata', 'srd', 'sem raça']) {
      const achadas = await get<Page<Raca>>(t, `/api/animal/racas?especieId=${canina}&query=${encodeURIComponent(texto)}`);
      expect(
        achadas.items.map((r) => r.nome),
        texto,
      ).toEqual(['SRD (sem raça definida)']);
    }
    // The whole list (settings) also starts with the SRDs; a synonym given by hand is searched too.
    const todas = await get<Page<Raca>>(t, '/api/animal/racas?pageSize=2');
    expect(todas.items.map((r) => [r.nome, r.especieNome])).toEqual([
      ['SRD (sem raça definida)', 'Canina'],
      ['SRD (sem raça definida)', 'Felina'],
    ]);
    const res = await post(t, '/api/animal/racas', {
      nome: 'Pastor Alemão Capa Preta',
      especieId: canina,
      sinonimos: 'capa-preta, Alsaciano',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Raca>().sinonimos).toBe('capa-preta, Alsaciano');
    const alsaciano = await get<Page<Raca>>(t, '/api/animal/racas?query=alsaciano');
    expect(alsaciano.items.map((r) => r.nome)).toEqual(['Pastor Alemão Capa Preta']);
  });

  it('is given to tenants created by onboarding and the manager too, each with its own copy', async () => {
    const cnpj = validCnpj();
    const email = uniqueEmail('dono');
    const ids = await criarTenant(ctx.database.db, {
      tenant: { nome: 'Outro Pet Shop', cnpj },
      unidade: { nomeFantasia: 'Outro', razaoSocial: 'Outro Ltda', cnpj },
      administrador: { nome: 'Dono', email, senha: 'senha-dono-123' },
    });
    const session = await login(ctx, email, 'senha-dono-123');
    const dono = { headers: authHeaders(session.accessToken, ids.unidadeNegocioId) } as TenantFixture;
    const a = await newTenant(ctx);
    const idA = await especieId(a, 'Canina');
    const idDono = await especieId(dono, 'Canina');
    expect(idA).not.toBe(idDono);
    expect((await get<Page<Especie>>(dono, '/api/animal/especies')).total).toBe(CATALOGO_INICIAL.length);
    expect((await ctx.app.inject({ url: `/api/animal/especies/${idA}`, headers: dono.headers })).statusCode).toBe(404);
  });
});

describe('/api/animal/especies', () => {
  it('creates, gets, updates, lists and deletes a species', async () => {
    const t = await newTenant(ctx);
    const created = await post(t, '/api/animal/especies', { nome: 'Lagomorfo' });
    expect(created.statusCode).toBe(201);
    const especie = created.json<Especie>();
    expect(especie).toMatchObject({ nome: 'Lagomorfo', ativo: true });

    expect((await get<Especie>(t, `/api/animal/especies/${especie.id}`)).nome).toBe('Lagomorfo');
    const updated = await put(t, `/api/animal/especies/${especie.id}`, { nome: 'Coelho', ativo: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ nome: 'Coelho', ativo: false });

    const inativas = await get<Page<Especie>>(t, '/api/animal/especies?ativo=false');
    expect(inativas.items.map((e) => e.nome)).toEqual(['Coelho']);
    const busca = await get<Page<Especie>>(t, '/api/animal/especies?query=REPTIL');
    expect(busca.items.map((e) => e.nome)).toEqual(['Réptil']);

    const deleted = await del(t, `/api/animal/especies/${especie.id}`);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await ctx.app.inject({ url: `/api/animal/especies/${especie.id}`, headers: t.headers })).statusCode).toBe(404);
  });

  it('validates the name and keeps names unique ignoring case and accents', async () => {
    const t = await newTenant(ctx);
    const empty = await post(t, '/api/animal/especies', { nome: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.nome).toEqual(['Nome é obrigatório']);
    const dup = await post(t, '/api/animal/especies', { nome: 'reptil' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ nome: ['Já existe uma espécie com este nome'] });
    const other = await newTenant(ctx);
    const id = await especieId(other, 'Peixe');
    const rename = await put(other, `/api/animal/especies/${id}`, { nome: 'CANINA' });
    expect(rename.json().errors).toEqual({ nome: ['Já existe uma espécie com este nome'] });
  });

  it('refuses to delete a species in use by breeds, suggesting to deactivate it', async () => {
    const t = await newTenant(ctx);
    const res = await del(t, `/api/animal/especies/${await especieId(t, 'Canina')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.generalErrors[0]).toMatch(/em uso.*Desative-a/);
  });

  it('reading needs `clientes`; writing needs `configuracoes.gerenciar`', async () => {
    const t = await newTenant(ctx);
    // Recepção reads the catalogue and cannot change it.
    const { headers } = await usuarioComPerfil(ctx, t, 'recepcao');
    expect((await ctx.app.inject({ url: '/api/animal/especies', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/animal/racas', headers })).statusCode).toBe(200);
    const write = await ctx.app.inject({ method: 'POST', url: '/api/animal/especies', headers, payload: { nome: 'Peixe-boi' } });
    expect(write.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/animal/especies' })).statusCode).toBe(401);
  });

  it('never shows or changes another tenant species', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const nova = (await post(a, '/api/animal/especies', { nome: 'Anfíbio' })).json<Especie>();
    expect((await get<Page<Especie>>(b, '/api/animal/especies?query=anfibio')).total).toBe(0);
    expect((await put(b, `/api/animal/especies/${nova.id}`, { nome: 'X' })).statusCode).toBe(404);
    expect((await del(b, `/api/animal/especies/${nova.id}`)).statusCode).toBe(404);
  });
});

describe('/api/animal/racas', () => {
  it('creates a breed of a species with a default size; name unique per species only', async () => {
    const t = await newTenant(ctx);
    const canina = await especieId(t, 'Canina');
    const felina = await especieId(t, 'Felina');
    const res = await post(t, '/api/animal/racas', { nome: 'Vira-lata Caramelo', especieId: canina, porte: 'medio' });
    expect(res.statusCode).toBe(201);
    const raca = res.json<Raca>();
    expect(raca).toMatchObject({
      nome: 'Vira-lata Caramelo',
      especieId: canina,
      especieNome: 'Canina',
      porte: 'medio',
      ativo: true,
    });

    const dup = await post(t, '/api/animal/racas', { nome: 'vira lata caramelo', especieId: canina });
    expect(dup.statusCode).toBe(201); // different name (no hyphen)
    const same = await post(t, '/api/animal/racas', { nome: 'VIRA-LATA CARAMELO', especieId: canina });
    expect(same.json().errors).toEqual({ nome: ['Já existe uma raça com este nome nesta espécie'] });
    const otherSpecies = await post(t, '/api/animal/racas', { nome: 'Vira-lata Caramelo', especieId: felina, porte: '' });
    expect(otherSpecies.statusCode).toBe(201);
    expect(otherSpecies.json().porte).toBeNull();

    const updated = await put(t, `/api/animal/racas/${raca.id}`, {
      nome: 'Caramelo',
      especieId: canina,
      porte: 'grande',
      ativo: false,
    });
    expect(updated.json()).toMatchObject({ nome: 'Caramelo', porte: 'grande', ativo: false });
    expect((await get<Raca>(t, `/api/animal/racas/${raca.id}`)).nome).toBe('Caramelo');
    const search = await get<Page<Raca>>(t, `/api/animal/racas?query=caramelo&ativo=false`);
    expect(search.items.map((r) => r.id)).toEqual([raca.id]);
    expect((await del(t, `/api/animal/racas/${raca.id}`)).json()).toEqual({ ok: true });
  });

  it('validates fields and refuses a species of another tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const invalid = await post(a, '/api/animal/racas', { nome: '', especieId: 'x', porte: 'enorme' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({
      nome: ['Nome é obrigatório'],
      especieId: ['Espécie inválida'],
      porte: ['Porte inválido'],
    });
    const foreign = await post(a, '/api/animal/racas', { nome: 'Nova', especieId: await especieId(b, 'Canina') });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ especieId: ['Espécie não encontrada'] });
    const racaB = (await get<Page<Raca>>(b, '/api/animal/racas?query=pug')).items[0]!;
    expect((await ctx.app.inject({ url: `/api/animal/racas/${racaB.id}`, headers: a.headers })).statusCode).toBe(404);
    expect((await get<Page<Raca>>(a, '/api/animal/racas?pageSize=100')).items.some((r) => r.id === racaB.id)).toBe(false);
  });
});

describe('/api/animal/pelagens', () => {
  it('creates, updates, lists and deletes a coat of a species', async () => {
    const t = await newTenant(ctx);
    const canina = await especieId(t, 'Canina');
    const res = await post(t, '/api/animal/pelagens', { nome: 'Lisa', especieId: canina });
    expect(res.statusCode).toBe(201);
    const pelagem = res.json<Pelagem>();
    expect(pelagem).toMatchObject({ nome: 'Lisa', especieNome: 'Canina', ativo: true });
    const dup = await post(t, '/api/animal/pelagens', { nome: 'CURTA', especieId: canina });
    expect(dup.json().errors).toEqual({ nome: ['Já existe uma pelagem com este nome nesta espécie'] });
    const updated = await put(t, `/api/animal/pelagens/${pelagem.id}`, { nome: 'Lisa e curta', especieId: canina, ativo: true });
    expect(updated.json().nome).toBe('Lisa e curta');
    expect((await get<Pelagem>(t, `/api/animal/pelagens/${pelagem.id}`)).nome).toBe('Lisa e curta');
    expect((await get<Page<Pelagem>>(t, '/api/animal/pelagens?query=lisa')).total).toBe(1);
    expect((await del(t, `/api/animal/pelagens/${pelagem.id}`)).json()).toEqual({ ok: true });
    const b = await newTenant(ctx);
    const other = (await get<Page<Pelagem>>(b, '/api/animal/pelagens?query=arame')).items[0]!;
    expect((await del(t, `/api/animal/pelagens/${other.id}`)).statusCode).toBe(404);
  });
});
