import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '@petshop/shared/http';
import type { ListPessoasQuery, Pessoa, PessoasPage } from '@petshop/shared/pessoa';
import { todayISO } from '@petshop/shared/format';
import { pessoas, petTutores, pets } from '../src/db/schema/index.ts';
import { DEMO_PESSOAS, DEMO_PETS, seedDemoPessoas } from '../src/db/seed/demo-pessoas.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { listPessoas } from '../src/modules/pessoal/pessoas-repository.ts';
import {
  injectMultipart,
  newTenant,
  PNG_1PX,
  useTestApp,
  usuarioComPerfil,
  validCnpj,
  validCpf,
  type TenantFixture,
} from './helper.ts';

const ctx = useTestApp();

const addDaysISO = (iso: string, days: number): string => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const URL = '/api/pessoal/pessoas';

const foto = { foto: { filename: 'ana.png', contentType: 'image/png', content: PNG_1PX } };

const criar = (t: TenantFixture, dados: unknown, files = {}) => injectMultipart(ctx, 'POST', URL, t.headers, dados, files);
const criarOk = async (t: TenantFixture, dados: Record<string, unknown>) => {
  const res = await criar(t, { nome: 'Cliente', ...dados });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Pessoa>();
};
const atualizar = (t: TenantFixture, id: string, dados: unknown, files = {}) =>
  injectMultipart(ctx, 'PUT', `${URL}/${id}`, t.headers, dados, files);
const listar = async (t: TenantFixture, qs: string) => {
  const res = await ctx.app.inject({ url: `${URL}?${qs}`, headers: t.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PessoasPage>();
};
const nomes = (page: Page<Pessoa>) => page.items.map((p) => p.nome);

const especieId = async (t: TenantFixture, nome: string) => {
  const res = await ctx.app.inject({ url: `/api/animal/especies?query=${encodeURIComponent(nome)}`, headers: t.headers });
  return res.json<Page<{ id: string; nome: string }>>().items.find((e) => e.nome === nome)!.id;
};
const criarPet = async (t: TenantFixture, pessoaId: string, nome: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/animal/pets',
    headers: t.headers,
    payload: { nome, tutores: [{ pessoaId }], especieId: await especieId(t, 'Canina') },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
};

describe('/api/pessoal/pessoas', () => {
  it('creates a customer with a photo (multipart), normalising documents, phones and dates', async () => {
    const t = await newTenant(ctx);
    const res = await criar(
      t,
      {
        nome: '  Ana Lúcia Souza ',
        cpfCnpj: '529.982.247-25',
        rg: '12.345.678-9',
        dataNascimento: '15/03/1985',
        sexo: 'F',
        email: 'Ana.Souza@Exemplo.com.br',
        telefones: [
          { numero: '(11) 98765-4321', tipo: 'celular', whatsapp: true },
          { numero: '(11) 3333-4444', tipo: 'fixo' },
        ],
        endereco: {
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          numero: '1000',
          bairro: 'Bela Vista',
          cidade: 'São Paulo',
          uf: 'SP',
          codigoIbge: '3550308',
        },
        observacoes: 'Prefere WhatsApp',
        comoConheceu: 'Instagram',
        consentimentoMarketing: true,
      },
      foto,
    );
    expect(res.statusCode).toBe(201);
    const pessoa = res.json<Pessoa>();
    expect(pessoa).toMatchObject({
      nome: 'Ana Lúcia Souza',
      cpfCnpj: '52998224725',
      rg: '12.345.678-9',
      dataNascimento: '1985-03-15',
      sexo: 'F',
      email: 'ana.souza@exemplo.com.br',
      telefones: [
        { numero: '11987654321', tipo: 'celular', whatsapp: true },
        { numero: '1133334444', tipo: 'fixo', whatsapp: false },
      ],
      endereco: {
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        complemento: null,
        uf: 'SP',
        codigoIbge: '3550308',
      },
      observacoes: 'Prefere WhatsApp',
      comoConheceu: 'Instagram',
      consentimentoMarketing: true,
      ativo: true,
      pets: [],
    });
    expect(Date.now() - new Date(pessoa.consentimentoMarketingEm!).getTime()).toBeLessThan(60_000);
    expect(pessoa.fotoUrl).toMatch(/^\/api\/arquivos\//);
    const img = await ctx.app.inject({ url: pessoa.fotoUrl! });
    expect(img.rawPayload.equals(PNG_1PX)).toBe(true);

    const got = await ctx.app.inject({ url: `${URL}/${pessoa.id}`, headers: t.headers });
    expect(got.json()).toEqual(pessoa);
  });

  it('also accepts a JSON body, with defaults for what is left out', async () => {
    const t = await newTenant(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: t.headers,
      payload: { nome: 'Bruno', cpfCnpj: '', email: '' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      nome: 'Bruno',
      cpfCnpj: null,
      email: null,
      dataNascimento: null,
      telefones: [],
      endereco: { cep: null, logradouro: null, cidade: null },
      consentimentoMarketing: false,
      consentimentoMarketingEm: null,
      fotoUrl: null,
      ativo: true,
    });
  });

  it('validates fields with Portuguese messages and dotted keys', async () => {
    const t = await newTenant(ctx);
    const amanha = addDaysISO(todayISO(), 1);
    const res = await criar(t, {
      nome: '',
      cpfCnpj: '111.111.111-11',
      dataNascimento: amanha,
      sexo: 'X',
      email: 'sem-arroba',
      telefones: [{ numero: '123', tipo: 'pager' }],
      endereco: { cep: '123', uf: 'XX' },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors).toMatchObject({
      nome: ['Nome é obrigatório'],
      cpfCnpj: ['CPF/CNPJ inválido'],
      dataNascimento: ['Data de nascimento não pode ser no futuro'],
      sexo: ['Sexo inválido'],
      email: ['E-mail inválido'],
      'telefones.0.numero': ['Telefone inválido (informe DDD e número)'],
      'telefones.0.tipo': ['Tipo de telefone inválido'],
      'endereco.cep': ['CEP inválido'],
      'endereco.uf': ['UF inválida'],
    });
    const data = await criar(t, { nome: 'X', dataNascimento: '31/02/2020' });
    expect(data.json().errors.dataNascimento).toEqual(['Data de nascimento inválida (use dd/mm/aaaa)']);
  });

  it('keeps CPF/CNPJ unique per tenant, whatever the punctuation', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const cpf = validCpf();
    await criarOk(a, { cpfCnpj: cpf });
    const dup = await criar(a, {
      nome: 'Outra',
      cpfCnpj: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ cpfCnpj: ['Já existe um cliente com este CPF/CNPJ'] });
    expect((await criar(b, { nome: 'Mesmo CPF em outra empresa', cpfCnpj: cpf })).statusCode).toBe(201);

    const cnpj = validCnpj();
    const empresa = await criarOk(a, { nome: 'Canil Exemplo Ltda', cpfCnpj: cnpj });
    expect(empresa.cpfCnpj).toBe(cnpj);
    const moved = await atualizar(a, empresa.id, { nome: 'Canil Exemplo Ltda', cpfCnpj: cpf });
    expect(moved.json().errors).toEqual({ cpfCnpj: ['Já existe um cliente com este CPF/CNPJ'] });
  });

  it('finds people by name, CPF, phone, e-mail and pet name, ignoring case and accents', async () => {
    const t = await newTenant(ctx);
    const other = await newTenant(ctx);
    const cpf = validCpf();
    const joao = await criarOk(t, { nome: 'João Araújo', cpfCnpj: cpf });
    await criarOk(t, { nome: 'Márcia Lima', telefones: [{ numero: '11 97777-1234', whatsapp: true }] });
    await criarOk(t, { nome: 'Zé Ninguém', email: 'ze.ninguem@provedor.com.br' });
    await criarOk(t, { nome: 'Álvaro Inativo', ativo: false });
    await criarOk(other, { nome: 'João de Outro Tenant', cpfCnpj: cpf });
    await criarPet(t, joao.id, 'Pé de Feijão');

    expect(nomes(await listar(t, 'query=joao'))).toEqual(['João Araújo']);
    expect(nomes(await listar(t, 'query=ARAUJO'))).toEqual(['João Araújo']);
    expect(nomes(await listar(t, `query=${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`))).toEqual(['João Araújo']);
    expect(nomes(await listar(t, `query=${encodeURIComponent('(11) 97777-1234')}`))).toEqual(['Márcia Lima']);
    expect(nomes(await listar(t, 'query=77771234'))).toEqual(['Márcia Lima']);
    expect(nomes(await listar(t, 'query=provedor.com'))).toEqual(['Zé Ninguém']);
    const porPet = await listar(t, `query=${encodeURIComponent('pe de feijao')}`);
    expect(nomes(porPet)).toEqual(['João Araújo']);
    expect(porPet.items[0]!.pets).toEqual([
      expect.objectContaining({ nome: 'Pé de Feijão', especieNome: 'Canina', ativo: true, dataObito: null }),
    ]);

    const all = await listar(t, 'pageSize=2');
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(nomes(all)).toEqual(['Álvaro Inativo', 'João Araújo']);
    expect(nomes(await listar(t, 'page=2&pageSize=2'))).toEqual(['Márcia Lima', 'Zé Ninguém']);
    expect(nomes(await listar(t, 'ativo=false'))).toEqual(['Álvaro Inativo']);
    expect((await listar(t, 'ativo=true')).total).toBe(3);
    expect(nomes(await listar(other, 'query=joao'))).toEqual(['João de Outro Tenant']);
  });

  it('pages a search by name with its total, the inactive filter and a page past the end', async () => {
    const t = await newTenant(ctx);
    const donaDoPet = await criarOk(t, { nome: 'Beatriz Souza' });
    for (const nome of ['Éder Silva', 'ana silva', 'Carlos Silvério', 'Denise Silva']) await criarOk(t, { nome });
    await criarOk(t, { nome: 'Bruno Silva', ativo: false });
    await criarPet(t, donaDoPet.id, 'Silvinha');

    const primeira = await listar(t, 'query=silv&pageSize=2');
    expect(primeira).toMatchObject({ total: 6, page: 1, pageSize: 2 });
    // Names with a word starting with the text first; the pet's tutor (found by the pet) last.
    expect(nomes(primeira)).toEqual(['ana silva', 'Bruno Silva']);
    expect(nomes(await listar(t, 'query=silv&pageSize=2&page=2'))).toEqual(['Carlos Silvério', 'Denise Silva']);
    expect(nomes(await listar(t, 'query=silv&pageSize=2&page=3'))).toEqual(['Éder Silva', 'Beatriz Souza']);
    expect(await listar(t, 'query=silv&pageSize=2&page=4')).toMatchObject({ items: [], total: 6, page: 4 });
    expect(nomes(await listar(t, 'query=SILVA&ativo=false'))).toEqual(['Bruno Silva']);
    const ativos = await listar(t, 'query=silva&ativo=true&pageSize=2&page=9');
    expect(ativos).toMatchObject({ items: [], total: 3 });
  });

  it('ranks names that start with the text first, then a word starting with it, then the rest (issue #15)', async () => {
    const t = await newTenant(ctx);
    for (const nome of ['Santana Rocha', 'Juliana Prado', 'Ana Paula Reis', 'Maria Ana Lopes', 'Ana Beatriz', 'Ânia Santos']) {
      await criarOk(t, { nome });
    }
    expect(nomes(await listar(t, 'query=Ana'))).toEqual([
      'Ana Beatriz',
      'Ana Paula Reis',
      'Maria Ana Lopes',
      'Juliana Prado',
      'Santana Rocha',
    ]);
    // Accents and case do not matter; a longer text keeps the rule; paging follows the rank.
    expect(nomes(await listar(t, `query=${encodeURIComponent('ÂNA')}&pageSize=2`))).toEqual(['Ana Beatriz', 'Ana Paula Reis']);
    expect(nomes(await listar(t, `query=${encodeURIComponent('ana paula')}`))).toEqual(['Ana Paula Reis']);
    expect(nomes(await listar(t, 'query=ania'))).toEqual(['Ânia Santos']);
    const segunda = await listar(t, 'query=ana&pageSize=2&page=2');
    expect(segunda).toMatchObject({ total: 5 });
    expect(nomes(segunda)).toEqual(['Maria Ana Lopes', 'Juliana Prado']);
  });

  it('keeps the order when the total is capped: the range, the walk in name order and the rest (issue #20)', async () => {
    const t = await newTenant(ctx);
    for (const nome of ['Santana Rocha', 'Juliana Prado', 'Ana Paula Reis', 'Maria Ana Lopes', 'Ana Beatriz', 'Ânia Santos']) {
      await criarOk(t, { nome });
    }
    await criarOk(t, { nome: 'Zuleica Ana Inativa', ativo: false });
    const dono = await criarOk(t, { nome: 'Otávio Mendes' });
    await criarPet(t, dono.id, 'Banana');
    // With a cap of 2 the page comes from the btree (names starting with the text, then a word
    // starting with it) and the rest: the same people in the same order as without a cap.
    const listarComTeto = (query: Partial<ListPessoasQuery>, teto: number) =>
      withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
        listPessoas(tx, { page: 1, pageSize: 20, query: 'ana', ...query }, { teto }),
      );
    const todos = [
      'Ana Beatriz',
      'Ana Paula Reis',
      'Maria Ana Lopes',
      'Zuleica Ana Inativa',
      'Juliana Prado',
      'Otávio Mendes',
      'Santana Rocha',
    ];
    const semTeto = await listarComTeto({}, 1000);
    expect(semTeto).toMatchObject({ total: 7 });
    expect(semTeto.totalLimitado).toBeUndefined();
    expect(nomes(semTeto)).toEqual(todos);
    for (const pageSize of [1, 2, 3, 4, 5, 7]) {
      for (let page = 1; (page - 1) * pageSize < todos.length; page++) {
        const pagina = await listarComTeto({ page, pageSize }, 2);
        expect(nomes(pagina), `page ${page} of ${pageSize}`).toEqual(todos.slice((page - 1) * pageSize, page * pageSize));
        const ate = Math.max(2, page * pageSize);
        // Counted up to the cap or the page's end: past it, "more than".
        expect(pagina.total).toBe(Math.min(todos.length, ate + 1));
        expect(pagina.totalLimitado).toBe(todos.length > ate ? true : undefined);
      }
    }
    expect(nomes(await listarComTeto({ ativo: 'true', pageSize: 4 }, 2))).toEqual(
      todos.filter((n) => n !== 'Zuleica Ana Inativa').slice(0, 4),
    );
    expect(nomes(await listarComTeto({ ativo: 'false' }, 2))).toEqual(['Zuleica Ana Inativa']);
    expect(await listarComTeto({ page: 9, pageSize: 2 }, 2)).toMatchObject({ items: [], total: 7 });
  });

  it('counts a broad search up to 1 000 and says so, the next pages still reachable (issue #20)', async () => {
    const t = await newTenant(ctx);
    await ctx.database.db.execute(
      sql`insert into pessoas (tenant_id, nome) select ${t.tenantId}, 'Cliente ' || lpad(g::text, 4, '0') || ' Silva' from generate_series(1, 1005) g`,
    );
    await criarOk(t, { nome: 'Silvana Prado' });
    const primeira = await listar(t, 'query=silva');
    expect(primeira).toMatchObject({ total: 1001, totalLimitado: true, page: 1, pageSize: 20 });
    // The name starting with the text first, then the others by name.
    expect(nomes(primeira).slice(0, 3)).toEqual(['Silvana Prado', 'Cliente 0001 Silva', 'Cliente 0002 Silva']);
    const cinquenta = await listar(t, 'query=silva&page=50');
    expect(cinquenta).toMatchObject({ total: 1001, totalLimitado: true });
    expect(nomes(cinquenta).at(-1)).toBe('Cliente 0999 Silva');
    // Past the cap the count follows the page: 1 006 matches, the last page exact.
    const ultima = await listar(t, 'query=silva&page=51');
    expect(ultima.total).toBe(1006);
    expect(ultima.totalLimitado).toBeUndefined();
    expect(nomes(ultima)).toEqual([
      'Cliente 1000 Silva',
      'Cliente 1001 Silva',
      'Cliente 1002 Silva',
      'Cliente 1003 Silva',
      'Cliente 1004 Silva',
      'Cliente 1005 Silva',
    ]);
    expect(await listar(t, 'query=silva&pageSize=100&page=10')).toMatchObject({ total: 1001, totalLimitado: true });
    expect((await listar(t, 'query=silva&pageSize=100&page=11')).items).toHaveLength(6);
    // Without a search, and with a narrow one, the total is exact.
    expect(await listar(t, 'pageSize=1')).toMatchObject({ total: 1006 });
    expect(await listar(t, 'query=0042')).toMatchObject({ total: 1 });
  });

  it('updates a customer (multipart), replacing or removing the photo', async () => {
    const t = await newTenant(ctx);
    const created = (await criar(t, { nome: 'Carla', consentimentoMarketing: false }, foto)).json<Pessoa>();
    const res = await atualizar(t, created.id, {
      nome: 'Carla Dias',
      telefones: [{ numero: '11912345678', whatsapp: true }],
      endereco: { cep: '30130010', cidade: 'Belo Horizonte', uf: 'MG' },
      ativo: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nome: 'Carla Dias',
      telefones: [{ numero: '11912345678', tipo: 'celular', whatsapp: true }],
      endereco: { cep: '30130010', cidade: 'Belo Horizonte', uf: 'MG', logradouro: null },
      ativo: false,
      fotoUrl: created.fotoUrl,
    });
    const removed = await atualizar(t, created.id, { nome: 'Carla Dias', removerFoto: true });
    expect(removed.json().fotoUrl).toBeNull();
    expect((await ctx.app.inject({ url: created.fotoUrl! })).statusCode).toBe(404);
  });

  it('records when marketing consent was given and clears it when withdrawn (LGPD)', async () => {
    const t = await newTenant(ctx);
    const created = await criarOk(t, { nome: 'Davi' });
    expect(created.consentimentoMarketingEm).toBeNull();
    const dados = { nome: 'Davi', consentimentoMarketing: true };
    const given = (
      await ctx.app.inject({ method: 'PUT', url: `${URL}/${created.id}/dados-pessoais`, headers: t.headers, payload: dados })
    ).json<Pessoa>();
    expect(given.consentimentoMarketing).toBe(true);
    expect(given.consentimentoMarketingEm).not.toBeNull();
    const kept = (await atualizar(t, created.id, { nome: 'Davi', consentimentoMarketing: true })).json<Pessoa>();
    expect(kept.consentimentoMarketingEm).toBe(given.consentimentoMarketingEm);
    const withdrawn = (await atualizar(t, created.id, { nome: 'Davi', consentimentoMarketing: false })).json<Pessoa>();
    expect(withdrawn).toMatchObject({ consentimentoMarketing: false, consentimentoMarketingEm: null });
  });

  it('saves each section on its own (dados-pessoais, contato, endereco) and answers the whole customer', async () => {
    const t = await newTenant(ctx);
    const created = await criarOk(t, {
      nome: 'Elisa',
      email: 'elisa@exemplo.com.br',
      telefones: [{ numero: '11911112222', whatsapp: true }],
      endereco: { cep: '01310100', cidade: 'São Paulo', uf: 'SP' },
    });
    const section = (path: string, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `${URL}/${created.id}/${path}`, headers: t.headers, payload });

    const dados = await section('dados-pessoais', {
      nome: 'Elisa Moura',
      cpfCnpj: '52998224725',
      dataNascimento: '1990-07-01',
      sexo: 'F',
      comoConheceu: 'Google',
      consentimentoMarketing: false,
    });
    expect(dados.statusCode).toBe(200);
    expect(dados.json()).toMatchObject({
      nome: 'Elisa Moura',
      cpfCnpj: '52998224725',
      dataNascimento: '1990-07-01',
      comoConheceu: 'Google',
      email: 'elisa@exemplo.com.br',
      telefones: [{ numero: '11911112222' }],
      endereco: { cep: '01310100' },
    });

    const contato = await section('contato', { email: '', telefones: [{ numero: '1133332222', tipo: 'comercial' }] });
    expect(contato.json()).toMatchObject({
      nome: 'Elisa Moura',
      email: null,
      telefones: [{ numero: '1133332222', tipo: 'comercial', whatsapp: false }],
      endereco: { cep: '01310100' },
    });

    const endereco = await section('endereco', {
      endereco: { cep: '04538-133', logradouro: 'Avenida Brigadeiro Faria Lima', numero: '3477' },
    });
    expect(endereco.json()).toMatchObject({
      nome: 'Elisa Moura',
      telefones: [{ numero: '1133332222' }],
      endereco: { cep: '04538133', logradouro: 'Avenida Brigadeiro Faria Lima', numero: '3477', cidade: null },
    });

    const invalid = await section('dados-pessoais', { nome: '', cpfCnpj: '123' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({
      nome: ['Nome é obrigatório'],
      cpfCnpj: ['CPF/CNPJ inválido'],
      consentimentoMarketing: ['Informe o consentimento de marketing'],
    });
    const tooMany = await section('contato', { telefones: Array.from({ length: 6 }, (_, i) => ({ numero: `1190000000${i}` })) });
    expect(tooMany.json().errors.telefones).toEqual(['Informe no máximo 5 telefones']);
    const badCep = await section('endereco', { endereco: { cep: '1' } });
    expect(badCep.json().errors['endereco.cep']).toEqual(['CEP inválido']);

    const other = await newTenant(ctx);
    for (const [path, payload] of [
      ['dados-pessoais', { nome: 'X', consentimentoMarketing: false }],
      ['contato', { telefones: [] }],
      ['endereco', { endereco: {} }],
    ] as const) {
      const res = await ctx.app.inject({ method: 'PUT', url: `${URL}/${created.id}/${path}`, headers: other.headers, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors.generalErrors).toEqual(['Cliente não encontrado']);
    }
  });

  it('refuses to delete a customer with pets, offering to deactivate; deletes one without history', async () => {
    const t = await newTenant(ctx);
    const comPet = await criarOk(t, { nome: 'Fábio' });
    await criarPet(t, comPet.id, 'Rex');
    const refused = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${comPet.id}`, headers: t.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errors: {
        generalErrors: [
          'Este cliente tem histórico (pets, vendas) e não pode ser excluído. Desative-o para que não apareça mais nas buscas.',
        ],
      },
    });

    const semHistorico = await criarOk(t, { nome: 'Gina' });
    const other = await newTenant(ctx);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `${URL}/${semHistorico.id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${semHistorico.id}`, headers: t.headers });
    expect(deleted.json()).toEqual({ ok: true });
    expect((await ctx.app.inject({ url: `${URL}/${semHistorico.id}`, headers: t.headers })).statusCode).toBe(404);
  });

  it('never shows nor changes another tenant customer', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const pessoa = await criarOk(a, { nome: 'Helena Exclusiva' });
    const got = await ctx.app.inject({ url: `${URL}/${pessoa.id}`, headers: b.headers });
    expect(got.statusCode).toBe(404);
    expect(got.json().errors.generalErrors).toEqual(['Cliente não encontrado']);
    expect((await atualizar(b, pessoa.id, { nome: 'Invasor' })).statusCode).toBe(404);
    expect((await listar(b, 'query=helena')).total).toBe(0);
  });

  it('needs the `clientes` permission', async () => {
    const t = await newTenant(ctx);
    const { headers } = await usuarioComPerfil(ctx, t, 'banhista', 'Bia Banhista');
    expect((await ctx.app.inject({ url: URL, headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: URL })).statusCode).toBe(401);
  });
});

describe('demo customers and pets', () => {
  it('seeds 200 people with valid CPFs and 300 pets quickly, the same every time, with birthdays this week', async () => {
    const seed = async () => {
      const t = await newTenant(ctx);
      const started = Date.now();
      await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) => seedDemoPessoas(tx, t.tenantId));
      return { t, ms: Date.now() - started };
    };
    const { t, ms } = await seed();
    expect(ms).toBeLessThan(5_000);
    const rows = await ctx.database.db.select().from(pessoas).where(eq(pessoas.tenantId, t.tenantId));
    expect(rows).toHaveLength(DEMO_PESSOAS);
    const cpfs = rows.flatMap((r) => (r.cpfCnpj ? [r.cpfCnpj] : []));
    expect(cpfs.length).toBeGreaterThan(150);
    expect(cpfs.every((c) => isValidCpf(c))).toBe(true);
    expect(rows.every((r) => r.telefones.some((tel) => tel.whatsapp && tel.numero.length === 11))).toBe(true);
    expect(rows.filter((r) => r.consentimentoMarketing && r.consentimentoMarketingEm).length).toBeGreaterThan(40);
    expect(rows.every((r) => r.codigoIbge === '3550308' && r.uf === 'SP')).toBe(true);

    const today = todayISO();
    const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
    const semana = new Set(Array.from({ length: 7 }, (_, i) => addDaysISO(today, i - weekday).slice(5)));
    expect(rows.filter((r) => r.dataNascimento && semana.has(r.dataNascimento.slice(5))).length).toBeGreaterThanOrEqual(10);

    const [petStats] = (
      (await ctx.database.db.execute(
        sql`select count(*)::int as total, count(*) filter (where ${pets.dataObito} is not null)::int as obitos,
          count(distinct ${pets.especieId})::int as especies from ${pets} where ${pets.tenantId} = ${t.tenantId}`,
      )) as unknown as { rows: { total: number; obitos: number; especies: number }[] }
    ).rows;
    expect(petStats).toMatchObject({ total: DEMO_PETS, especies: 4 });
    expect(petStats!.obitos).toBeGreaterThan(0);
    const [dois] = (
      (await ctx.database.db.execute(
        sql`select count(*)::int as n from (select ${petTutores.petId} from ${petTutores} where ${petTutores.tenantId} = ${t.tenantId} group by 1 having count(*) > 1) x`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(dois!.n).toBeGreaterThan(5);

    const list = await listar(t, 'pageSize=5');
    expect(list.total).toBe(DEMO_PESSOAS);
    const again = await seed();
    expect(nomes(await listar(again.t, 'pageSize=5'))).toEqual(nomes(list));
  });
});

describe('OpenAPI', () => {
  it('documents every customer, pet, species, breed, coat and CEP call', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const expected: [string, string[]][] = [
      ['/api/pessoal/pessoas', ['get', 'post']],
      ['/api/pessoal/pessoas/{id}', ['get', 'put', 'delete']],
      ['/api/pessoal/pessoas/{id}/contato', ['put']],
      ['/api/pessoal/pessoas/{id}/dados-pessoais', ['put']],
      ['/api/pessoal/pessoas/{id}/endereco', ['put']],
      ['/api/animal/pets', ['get', 'post']],
      ['/api/animal/pets/{id}', ['get', 'put', 'delete']],
      ['/api/animal/especies', ['get', 'post']],
      ['/api/animal/especies/{id}', ['get', 'put', 'delete']],
      ['/api/animal/racas', ['get', 'post']],
      ['/api/animal/racas/{id}', ['get', 'put', 'delete']],
      ['/api/animal/pelagens', ['get', 'post']],
      ['/api/animal/pelagens/{id}', ['get', 'put', 'delete']],
      ['/api/third/cep/{cep}', ['get']],
    ];
    for (const [path, methods] of expected) {
      for (const method of methods) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
