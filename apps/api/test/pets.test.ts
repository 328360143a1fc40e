import { describe, expect, it } from 'vitest';
import type { Raca } from '@petshop/shared/especie';
import type { Page } from '@petshop/shared/http';
import type { Pessoa } from '@petshop/shared/pessoa';
import type { Pet } from '@petshop/shared/pet';
import { injectMultipart, newTenant, PNG_1PX, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/animal/pets';
const foto = { foto: { filename: 'rex.png', contentType: 'image/png', content: PNG_1PX } };

const criar = (t: TenantFixture, dados: unknown, files = {}) => injectMultipart(ctx, 'POST', URL, t.headers, dados, files);
const criarOk = async (t: TenantFixture, dados: Record<string, unknown>) => {
  const res = await criar(t, dados);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Pet>();
};
const atualizar = (t: TenantFixture, id: string, dados: unknown, files = {}) =>
  injectMultipart(ctx, 'PUT', `${URL}/${id}`, t.headers, dados, files);
const listar = (t: TenantFixture, qs: string) =>
  ctx.app.inject({ url: `${URL}?${qs}`, headers: t.headers }).then((r) => r.json<Page<Pet>>());
const nomes = (page: Page<Pet>) => page.items.map((p) => p.nome);

const pessoa = async (t: TenantFixture, nome: string) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/pessoal/pessoas', headers: t.headers, payload: { nome } });
  expect(res.statusCode).toBe(201);
  return res.json<Pessoa>();
};
const lookup = async <T extends { id: string; nome: string }>(t: TenantFixture, path: string, nome: string, extra = '') => {
  const res = await ctx.app.inject({
    url: `/api/animal/${path}?pageSize=100&query=${encodeURIComponent(nome)}${extra}`,
    headers: t.headers,
  });
  return res.json<Page<T>>().items.find((i) => i.nome === nome)!;
};
const catalogo = async (t: TenantFixture) => {
  const canina = (await lookup(t, 'especies', 'Canina')).id;
  const felina = (await lookup(t, 'especies', 'Felina')).id;
  return {
    canina,
    felina,
    shihTzu: await lookup<Raca>(t, 'racas', 'Shih Tzu'),
    persa: await lookup<Raca>(t, 'racas', 'Persa'),
    longaCao: (await lookup(t, 'pelagens', 'Longa', `&especieId=${canina}`)).id,
    curtaGato: (await lookup(t, 'pelagens', 'Curta', `&especieId=${felina}`)).id,
  };
};

const chip = () => `982000${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe('/api/animal/pets', () => {
  it('creates a pet with a photo (multipart): the breed sets species and size; tutors, weight and chip normalised', async () => {
    const t = await newTenant(ctx);
    const c = await catalogo(t);
    const ana = await pessoa(t, 'Ana Tutora');
    const bruno = await pessoa(t, 'Bruno Tutor');
    const microchip = chip();
    const res = await criar(
      t,
      {
        nome: 'Pé de Feijão',
        tutores: [{ pessoaId: bruno.id }, { pessoaId: ana.id, principal: true }],
        racaId: c.shihTzu.id,
        pelagemId: c.longaCao,
        sexo: 'M',
        castrado: true,
        dataNascimento: '10/01/2020',
        microchip: `${microchip.slice(0, 3)} ${microchip.slice(3, 6)} ${microchip.slice(6)}`,
        peso: '6,35',
        agressivo: true,
        usaFocinheira: true,
        alergias: 'Frango',
        observacoes: 'Tem medo de secador',
      },
      foto,
    );
    expect(res.statusCode).toBe(201);
    const pet = res.json<Pet>();
    expect(pet).toMatchObject({
      nome: 'Pé de Feijão',
      tutores: [
        { pessoaId: ana.id, nome: 'Ana Tutora', principal: true },
        { pessoaId: bruno.id, nome: 'Bruno Tutor', principal: false },
      ],
      especieId: c.canina,
      especieNome: 'Canina',
      racaId: c.shihTzu.id,
      racaNome: 'Shih Tzu',
      pelagemNome: 'Longa',
      sexo: 'M',
      castrado: true,
      dataNascimento: '2020-01-10',
      idadeEstimadaMeses: null,
      porte: 'pequeno',
      microchip,
      peso: 6.35,
      agressivo: true,
      usaFocinheira: true,
      alergias: 'Frango',
      dataObito: null,
      ativo: true,
    });
    expect(pet.fotoUrl).toMatch(/^\/api\/arquivos\//);
    expect((await ctx.app.inject({ url: `${URL}/${pet.id}`, headers: t.headers })).json()).toEqual(pet);

    const tutora = await ctx.app.inject({ url: `/api/pessoal/pessoas/${ana.id}`, headers: t.headers });
    expect(tutora.json<Pessoa>().pets).toEqual([
      { id: pet.id, nome: 'Pé de Feijão', especieNome: 'Canina', ativo: true, dataObito: null },
    ]);
  });

  it('accepts JSON; the first tutor is principal when none is marked; an explicit size wins over the breed', async () => {
    const t = await newTenant(ctx);
    const c = await catalogo(t);
    const dono = await pessoa(t, 'Dono');
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: t.headers,
      payload: {
        nome: 'Mingau',
        tutores: [{ pessoaId: dono.id }],
        racaId: c.persa.id,
        porte: 'medio',
        idadeEstimadaMeses: 18,
        peso: 4.1234,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      tutores: [{ pessoaId: dono.id, principal: true }],
      especieNome: 'Felina',
      porte: 'medio',
      idadeEstimadaMeses: 18,
      peso: 4.123,
      castrado: false,
      agressivo: false,
      microchip: null,
      fotoUrl: null,
    });
  });

  it('validates fields with Portuguese messages', async () => {
    const t = await newTenant(ctx);
    const dono = await pessoa(t, 'Dono');
    const none = await criar(t, { nome: '', tutores: [] });
    expect(none.json().errors).toMatchObject({ nome: ['Nome é obrigatório'], tutores: ['Informe ao menos um tutor'] });
    const res = await criar(t, {
      nome: 'Rex',
      tutores: [
        { pessoaId: dono.id, principal: true },
        { pessoaId: dono.id, principal: true },
      ],
      especieId: 'x',
      sexo: 'macho',
      microchip: '123',
      peso: '-2',
      idadeEstimadaMeses: 1.5,
      porte: 'enorme',
      dataNascimento: '2999-01-01',
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors).toMatchObject({
      tutores: ['Cada tutor só pode aparecer uma vez', 'Apenas um tutor pode ser o principal'],
      especieId: ['Espécie inválida'],
      sexo: ['Sexo inválido'],
      microchip: ['Microchip deve ter 15 dígitos (padrão ISO 11784)'],
      peso: ['Peso deve ser maior que zero'],
      idadeEstimadaMeses: ['Idade estimada deve ser um número inteiro de meses'],
      porte: ['Porte inválido'],
      dataNascimento: ['Data de nascimento não pode ser no futuro'],
    });
    const obito = await criar(t, {
      nome: 'Rex',
      tutores: [{ pessoaId: dono.id }],
      dataNascimento: '2020-05-01',
      dataObito: '01/04/2020',
    });
    expect(obito.json().errors).toEqual({ dataObito: ['Data de óbito não pode ser anterior ao nascimento'] });
  });

  it('refuses a breed or coat of another species, and tutors or species of another tenant', async () => {
    const t = await newTenant(ctx);
    const other = await newTenant(ctx);
    const c = await catalogo(t);
    const dono = await pessoa(t, 'Dono');
    const base = { nome: 'Rex', tutores: [{ pessoaId: dono.id }] };
    const raca = await criar(t, { ...base, especieId: c.felina, racaId: c.shihTzu.id });
    expect(raca.json().errors).toEqual({ racaId: ['A raça escolhida não é da espécie informada'] });
    const pelagem = await criar(t, { ...base, racaId: c.shihTzu.id, pelagemId: c.curtaGato });
    expect(pelagem.json().errors).toEqual({ pelagemId: ['A pelagem escolhida não é da espécie informada'] });

    const outroDono = await pessoa(other, 'Dono de outra empresa');
    const tutor = await criar(t, { nome: 'Rex', tutores: [{ pessoaId: outroDono.id }] });
    expect(tutor.json().errors).toEqual({ tutores: ['Tutor não encontrado'] });
    const oc = await catalogo(other);
    expect((await criar(t, { ...base, especieId: oc.canina })).json().errors).toEqual({ especieId: ['Espécie não encontrada'] });
    expect((await criar(t, { ...base, racaId: oc.shihTzu.id })).json().errors).toEqual({ racaId: ['Raça não encontrada'] });
  });

  it('keeps the microchip unique per tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const microchip = chip();
    await criarOk(a, { nome: 'Rex', tutores: [{ pessoaId: (await pessoa(a, 'A')).id }], microchip });
    const dup = await criar(a, { nome: 'Outro', tutores: [{ pessoaId: (await pessoa(a, 'B')).id }], microchip });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ microchip: ['Já existe um pet com este microchip'] });
    expect((await criar(b, { nome: 'Rex', tutores: [{ pessoaId: (await pessoa(b, 'C')).id }], microchip })).statusCode).toBe(201);
  });

  it('lists by pet or tutor name ignoring accents, with filters; deceased pets stay listed', async () => {
    const t = await newTenant(ctx);
    const other = await newTenant(ctx);
    const c = await catalogo(t);
    const joao = await pessoa(t, 'João Araújo');
    const maria = await pessoa(t, 'Maria Souza');
    const feijao = await criarOk(t, { nome: 'Pé de Feijão', tutores: [{ pessoaId: joao.id }], especieId: c.canina });
    await criarOk(t, { nome: 'Bolinha', tutores: [{ pessoaId: maria.id }], especieId: c.felina });
    await criarOk(t, {
      nome: 'Árvore',
      tutores: [{ pessoaId: maria.id }, { pessoaId: joao.id }],
      especieId: c.canina,
      dataNascimento: '2010-01-01',
      dataObito: '2023-05-02',
    });
    await criarOk(t, { nome: 'Zorro', tutores: [{ pessoaId: maria.id }], ativo: false });
    await criarOk(other, { nome: 'Pé de Feijão', tutores: [{ pessoaId: (await pessoa(other, 'Outro')).id }] });

    expect(nomes(await listar(t, `query=${encodeURIComponent('PE DE FEIJAO')}`))).toEqual(['Pé de Feijão']);
    expect(nomes(await listar(t, 'query=araujo'))).toEqual(['Árvore', 'Pé de Feijão']);
    expect(nomes(await listar(t, `pessoaId=${maria.id}`))).toEqual(['Árvore', 'Bolinha', 'Zorro']);
    expect(nomes(await listar(t, `especieId=${c.canina}`))).toEqual(['Árvore', 'Pé de Feijão']);
    expect(nomes(await listar(t, 'ativo=false'))).toEqual(['Zorro']);
    const all = await listar(t, 'pageSize=3');
    expect(all).toMatchObject({ total: 4, pageSize: 3 });
    expect(all.items.find((p) => p.nome === 'Árvore')).toMatchObject({ dataObito: '2023-05-02', ativo: true });
    expect(all.items.find((p) => p.id === feijao.id)?.tutores).toEqual([
      { pessoaId: joao.id, nome: 'João Araújo', principal: true },
    ]);
    expect((await listar(other, 'pageSize=100')).total).toBe(1);
  });

  it('updates a pet (multipart): tutors, catalogue and photo', async () => {
    const t = await newTenant(ctx);
    const c = await catalogo(t);
    const ana = await pessoa(t, 'Ana');
    const bia = await pessoa(t, 'Bia');
    const created = (
      await criar(t, { nome: 'Luna', tutores: [{ pessoaId: ana.id }], racaId: c.shihTzu.id, peso: 5 }, foto)
    ).json<Pet>();
    const res = await atualizar(t, created.id, {
      nome: 'Luna Maria',
      tutores: [{ pessoaId: ana.id }, { pessoaId: bia.id, principal: true }],
      racaId: c.persa.id,
      pelagemId: c.curtaGato,
      sexo: 'F',
      peso: '4,2',
      removerFoto: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Luna Maria',
      tutores: [
        { pessoaId: bia.id, principal: true },
        { pessoaId: ana.id, principal: false },
      ],
      especieNome: 'Felina',
      racaNome: 'Persa',
      pelagemNome: 'Curta',
      porte: 'pequeno',
      peso: 4.2,
      fotoUrl: null,
    });
    const withPhoto = await atualizar(t, created.id, { nome: 'Luna Maria', tutores: [{ pessoaId: ana.id }] }, foto);
    expect(withPhoto.json()).toMatchObject({ especieId: null, racaId: null, porte: null, peso: null });
    expect(withPhoto.json().fotoUrl).toMatch(/^\/api\/arquivos\//);
    const invalid = await atualizar(t, created.id, { nome: '', tutores: [] });
    expect(invalid.statusCode).toBe(400);
  });

  it('deletes a pet; afterwards its tutor can be deleted; breeds in use cannot', async () => {
    const t = await newTenant(ctx);
    const c = await catalogo(t);
    const dono = await pessoa(t, 'Dono');
    const pet = await criarOk(t, { nome: 'Thor', tutores: [{ pessoaId: dono.id }], racaId: c.shihTzu.id, pelagemId: c.longaCao });

    const racaEmUso = await ctx.app.inject({ method: 'DELETE', url: `/api/animal/racas/${c.shihTzu.id}`, headers: t.headers });
    expect(racaEmUso.statusCode).toBe(400);
    expect(racaEmUso.json().errors.generalErrors[0]).toMatch(/em uso por pets.*Desative-a/);
    const pelagemEmUso = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/animal/pelagens/${c.longaCao}`,
      headers: t.headers,
    });
    expect(pelagemEmUso.statusCode).toBe(400);
    const mover = await ctx.app.inject({
      method: 'PUT',
      url: `/api/animal/racas/${c.shihTzu.id}`,
      headers: t.headers,
      payload: { nome: 'Shih Tzu', especieId: c.felina },
    });
    expect(mover.json().errors).toEqual({ especieId: ['Há pets desta raça: a espécie não pode ser trocada'] });

    const other = await newTenant(ctx);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${pet.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `${URL}/${pet.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await atualizar(other, pet.id, { nome: 'X', tutores: [{ pessoaId: dono.id }] })).statusCode).toBe(404);

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${pet.id}`, headers: t.headers });
    expect(deleted.json()).toEqual({ ok: true });
    expect((await ctx.app.inject({ url: `${URL}/${pet.id}`, headers: t.headers })).statusCode).toBe(404);
    const pessoaDeleted = await ctx.app.inject({ method: 'DELETE', url: `/api/pessoal/pessoas/${dono.id}`, headers: t.headers });
    expect(pessoaDeleted.json()).toEqual({ ok: true });
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/animal/racas/${c.shihTzu.id}`, headers: t.headers })).json(),
    ).toEqual({ ok: true });
  });
});
