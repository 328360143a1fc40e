/**
 * The agenda's settings (issue #17 item 1): appointment types (tenant-wide), rooms and boxes
 * (per unit) through /api/agenda/{tipos-atendimento,salas,boxes}, and the unit's settings
 * through GET/PUT /api/agenda/configuracoes: validation in Portuguese, names unique ignoring
 * case and accents, the pricing service, delete refused while in use, permissions, and tenant
 * and unit isolation.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AgendaConfiguracoes, Sala, TipoAtendimento } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import { produtos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { inserirAtendimentos, inserirPetComTutor, inserirProduto } from './agenda-fixtures.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil } from './helper.ts';

const ctx = useTestApp();
const TIPOS = '/api/agenda/tipos-atendimento';
type Errors = { errors: Record<string, string[]> };
type Headers = Record<string, string>;

const req = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const criado = async <T>(headers: Headers, url: string, payload: object): Promise<T> => {
  const res = await req(headers, 'POST', url, payload);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<T>();
};
const listar = async <T>(headers: Headers, url: string): Promise<Page<T>> => {
  const res = await req(headers, 'GET', url);
  expect(res.statusCode).toBe(200);
  return res.json<Page<T>>();
};

const tipoBase = { nome: 'Banho Teste', area: 'BanhoTosa', duracaoMinutos: 60, cor: '#ff0000', recurso: 'Box' };

describe('tipos de atendimento', () => {
  it('creates, reads, lists with filters, updates and deletes; the price is the service product’s', async () => {
    const t = await newTenant(ctx);
    const servico = await inserirProduto(ctx, t.tenantId, 'Serviço Banho Especial', 72.5);
    const tipo = await criado<TipoAtendimento>(t.headers, TIPOS, { ...tipoBase, produtoId: servico });
    expect(tipo).toMatchObject({
      nome: 'Banho Teste',
      area: 'BanhoTosa',
      duracaoMinutos: 60,
      cor: '#ff0000',
      produtoId: servico,
      produtoNome: 'Serviço Banho Especial',
      preco: 72.5,
      recurso: 'Box',
      ativo: true,
    });
    const consulta = await criado<TipoAtendimento>(t.headers, TIPOS, {
      nome: 'Consulta Teste',
      area: 'Clinica',
      duracaoMinutos: 30,
      recurso: 'Sala',
    });
    expect(consulta).toMatchObject({ produtoId: null, produtoNome: null, preco: null, cor: '#228be6' });

    expect((await req(t.headers, 'GET', `${TIPOS}/${tipo.id}`)).json()).toEqual(tipo);

    const busca = await listar<TipoAtendimento>(t.headers, `${TIPOS}?query=teste&pageSize=100`);
    expect(busca.items.map((i) => i.nome)).toEqual(['Banho Teste', 'Consulta Teste']);
    const clinica = await listar<TipoAtendimento>(t.headers, `${TIPOS}?query=teste&area=Clinica`);
    expect(clinica.items.map((i) => i.id)).toEqual([consulta.id]);
    const pagina = await listar<TipoAtendimento>(t.headers, `${TIPOS}?query=teste&pageSize=1&page=2`);
    expect(pagina).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(pagina.items.map((i) => i.id)).toEqual([consulta.id]);

    const alterado = await req(t.headers, 'PUT', `${TIPOS}/${tipo.id}`, { ...tipoBase, nome: 'Banho Premium', ativo: false });
    expect(alterado.statusCode).toBe(200);
    expect(alterado.json()).toMatchObject({ nome: 'Banho Premium', produtoId: null, preco: null, ativo: false });
    const inativos = await listar<TipoAtendimento>(t.headers, `${TIPOS}?ativo=false`);
    expect(inativos.items.map((i) => i.id)).toEqual([tipo.id]);
    const ativos = await listar<TipoAtendimento>(t.headers, `${TIPOS}?ativo=true&pageSize=100`);
    expect(ativos.items.map((i) => i.id)).not.toContain(tipo.id);

    expect((await req(t.headers, 'DELETE', `${TIPOS}/${tipo.id}`)).json()).toEqual({ ok: true });
    expect((await req(t.headers, 'GET', `${TIPOS}/${tipo.id}`)).statusCode).toBe(404);
    expect((await req(t.headers, 'DELETE', `${TIPOS}/${tipo.id}`)).statusCode).toBe(404);
  });

  it('validates in Portuguese: fields, a product that is not a service, unknown product, duplicated name', async () => {
    const t = await newTenant(ctx);
    const invalido = await req(t.headers, 'POST', TIPOS, {
      nome: '',
      area: 'X',
      duracaoMinutos: 2,
      cor: 'vermelho',
      recurso: 'Mesa',
    });
    expect(invalido.statusCode).toBe(400);
    const errors = invalido.json<Errors>().errors;
    expect(Object.keys(errors).sort()).toEqual(['area', 'cor', 'duracaoMinutos', 'nome', 'recurso']);
    expect(errors.duracaoMinutos).toEqual(['Duração mínima de 5 minutos']);
    expect(errors.cor).toEqual(['Cor inválida (#RRGGBB)']);

    const racao = await inserirProduto(ctx, t.tenantId, 'Ração 1kg', 30, 'produto');
    const naoServico = await req(t.headers, 'POST', TIPOS, { ...tipoBase, produtoId: racao });
    expect(naoServico.statusCode).toBe(400);
    expect(naoServico.json<Errors>().errors).toEqual({ produtoId: ['Escolha um produto do tipo serviço'] });

    const outro = await newTenant(ctx);
    const servicoAlheio = await inserirProduto(ctx, outro.tenantId, 'Banho de outro', 50);
    const alheio = await req(t.headers, 'POST', TIPOS, { ...tipoBase, produtoId: servicoAlheio });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json<Errors>().errors).toEqual({ produtoId: ['Serviço não encontrado'] });

    const tipo = await criado<TipoAtendimento>(t.headers, TIPOS, tipoBase);
    const duplicado = await req(t.headers, 'POST', TIPOS, { ...tipoBase, nome: 'BANHO teste' });
    expect(duplicado.statusCode).toBe(400);
    expect(duplicado.json<Errors>().errors).toEqual({ nome: ['Já existe um tipo de atendimento com este nome'] });
    const acentos = await criado<TipoAtendimento>(t.headers, TIPOS, { ...tipoBase, nome: 'Hidratação Teste' });
    const semAcento = await req(t.headers, 'PUT', `${TIPOS}/${tipo.id}`, { ...tipoBase, nome: 'hidratacao teste' });
    expect(semAcento.statusCode).toBe(400);
    expect(semAcento.json<Errors>().errors.nome).toEqual(['Já existe um tipo de atendimento com este nome']);
    expect(acentos.nome).toBe('Hidratação Teste');
    // Another tenant may use the same name.
    expect((await req(outro.headers, 'POST', TIPOS, tipoBase)).statusCode).toBe(201);
  });

  it('refuses to delete a type used by an appointment (of any unit) or by a package product', async () => {
    const t = await newTenant(ctx);
    const filial = await novaUnidade(ctx, t);
    const usado = await criado<TipoAtendimento>(t.headers, TIPOS, tipoBase);
    const { petId, clienteId } = await inserirPetComTutor(ctx, t.tenantId, 'Rex', 'Maria Silva');
    await inserirAtendimentos(ctx, { tenantId: t.tenantId, unidadeNegocioId: filial.id }, [
      { petId, clienteId, tipoAtendimentoId: usado.id, inicio: '2026-11-20T10:00', fim: '2026-11-20T11:00' },
    ]);
    const recusado = await req(t.headers, 'DELETE', `${TIPOS}/${usado.id}`);
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json<Errors>().errors.generalErrors![0]).toMatch(/em uso.*Desative-o/);
    expect((await req(t.headers, 'GET', `${TIPOS}/${usado.id}`)).statusCode).toBe(200);

    const doPacote = await criado<TipoAtendimento>(t.headers, TIPOS, { ...tipoBase, nome: 'Banho do pacote' });
    const pacote = await inserirProduto(ctx, t.tenantId, 'Pacote 4 banhos', 200);
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx
        .update(produtos)
        .set({ pacoteSessoes: 4, pacoteValidadeDias: 90, pacoteTipoAtendimentoId: doPacote.id })
        .where(eq(produtos.id, pacote)),
    );
    expect((await req(t.headers, 'DELETE', `${TIPOS}/${doPacote.id}`)).statusCode).toBe(400);
  });

  it('is tenant-wide: every unit of the tenant sees it, another tenant never', async () => {
    const t = await newTenant(ctx);
    const filial = await novaUnidade(ctx, t);
    const tipo = await criado<TipoAtendimento>(t.headers, TIPOS, tipoBase);
    expect((await req(filial.headers, 'GET', `${TIPOS}/${tipo.id}`)).statusCode).toBe(200);

    const outro = await newTenant(ctx);
    for (const [method, payload] of [['GET'], ['PUT', tipoBase], ['DELETE']] as const) {
      const res = await req(outro.headers, method, `${TIPOS}/${tipo.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json<Errors>().errors.generalErrors).toEqual(['Tipo de atendimento não encontrado']);
    }
    const lista = await listar<TipoAtendimento>(outro.headers, `${TIPOS}?pageSize=100`);
    expect(lista.items.map((i) => i.id)).not.toContain(tipo.id);
    expect((await req(t.headers, 'GET', `${TIPOS}/${tipo.id}`)).json()).toMatchObject({ nome: 'Banho Teste' });
  });
});

describe.each([
  {
    recurso: 'salas',
    url: '/api/agenda/salas',
    duplicado: 'Já existe uma sala com este nome nesta unidade',
    naoAchado: 'Sala não encontrada',
  },
  {
    recurso: 'boxes',
    url: '/api/agenda/boxes',
    duplicado: 'Já existe um box com este nome nesta unidade',
    naoAchado: 'Box não encontrado',
  },
])('$recurso', ({ recurso, url, duplicado, naoAchado }) => {
  it('creates, lists with query/ativo/paging, updates and deletes', async () => {
    const t = await newTenant(ctx);
    const um = await criado<Sala>(t.headers, url, { nome: 'Número 1' });
    expect(um).toEqual({ id: um.id, nome: 'Número 1', ativo: true });
    const dois = await criado<Sala>(t.headers, url, { nome: 'Número 2', ativo: false });
    const outro = await criado<Sala>(t.headers, url, { nome: 'Ábaco' });

    expect((await listar<Sala>(t.headers, url)).items.map((i) => i.nome)).toEqual(['Ábaco', 'Número 1', 'Número 2']);
    expect((await listar<Sala>(t.headers, `${url}?query=numero`)).items.map((i) => i.id)).toEqual([um.id, dois.id]);
    expect((await listar<Sala>(t.headers, `${url}?ativo=false`)).items.map((i) => i.id)).toEqual([dois.id]);
    const pagina = await listar<Sala>(t.headers, `${url}?pageSize=2&page=2`);
    expect(pagina).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ id: dois.id }] });

    const alterado = await req(t.headers, 'PUT', `${url}/${outro.id}`, { nome: 'Número 3', ativo: false });
    expect(alterado.json()).toEqual({ id: outro.id, nome: 'Número 3', ativo: false });
    expect((await req(t.headers, 'GET', `${url}/${outro.id}`)).json()).toEqual({ id: outro.id, nome: 'Número 3', ativo: false });
    expect((await req(t.headers, 'DELETE', `${url}/${outro.id}`)).json()).toEqual({ ok: true });
    expect((await req(t.headers, 'GET', `${url}/${outro.id}`)).statusCode).toBe(404);
  });

  it('validates: required name, unique in the unit ignoring case and accents (another unit may repeat it)', async () => {
    const t = await newTenant(ctx);
    const vazio = await req(t.headers, 'POST', url, { nome: '  ' });
    expect(vazio.statusCode).toBe(400);
    expect(Object.keys(vazio.json<Errors>().errors)).toEqual(['nome']);
    const a = await criado<Sala>(t.headers, url, { nome: 'Estação Azul' });
    const repetido = await req(t.headers, 'POST', url, { nome: 'estacao AZUL' });
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json<Errors>().errors).toEqual({ nome: [duplicado] });
    const b = await criado<Sala>(t.headers, url, { nome: 'Estação Verde' });
    const renomeado = await req(t.headers, 'PUT', `${url}/${b.id}`, { nome: 'ESTAÇÃO azul' });
    expect(renomeado.json<Errors>().errors).toEqual({ nome: [duplicado] });
    expect((await req(t.headers, 'PUT', `${url}/${a.id}`, { nome: 'Estação azul' })).statusCode).toBe(200);

    const filial = await novaUnidade(ctx, t);
    expect((await req(filial.headers, 'POST', url, { nome: 'Estação Azul' })).statusCode).toBe(201);
  });

  it('refuses to delete one used by an appointment', async () => {
    const t = await newTenant(ctx);
    const r = await criado<Sala>(t.headers, url, { nome: 'Ocupado' });
    const tipo = await criado<TipoAtendimento>(t.headers, TIPOS, tipoBase);
    const { petId, clienteId } = await inserirPetComTutor(ctx, t.tenantId, 'Rex', 'Maria Silva');
    await inserirAtendimentos(ctx, t, [
      {
        petId,
        clienteId,
        tipoAtendimentoId: tipo.id,
        inicio: '2026-11-20T10:00',
        fim: '2026-11-20T11:00',
        ...(recurso === 'salas' ? { salaId: r.id } : { boxId: r.id }),
      },
    ]);
    const recusado = await req(t.headers, 'DELETE', `${url}/${r.id}`);
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json<Errors>().errors.generalErrors![0]).toMatch(/em uso por atendimentos.*Desative/);
  });

  it('belongs to its unit: another unit or tenant gets 404 and never lists it', async () => {
    const t = await newTenant(ctx);
    const r = await criado<Sala>(t.headers, url, { nome: 'Da matriz' });
    const filial = await novaUnidade(ctx, t);
    const outro = await newTenant(ctx);
    for (const headers of [filial.headers, outro.headers]) {
      for (const [method, payload] of [['GET'], ['PUT', { nome: 'Roubado' }], ['DELETE']] as const) {
        const res = await req(headers, method, `${url}/${r.id}`, payload);
        expect(res.statusCode, method).toBe(404);
        expect(res.json<Errors>().errors.generalErrors).toEqual([naoAchado]);
      }
      expect((await listar<Sala>(headers, url)).items.map((i) => i.id)).not.toContain(r.id);
    }
    expect((await req(t.headers, 'GET', `${url}/${r.id}`)).json()).toMatchObject({ nome: 'Da matriz' });
  });
});

describe('permissions of the settings', () => {
  it('banhista and veterinário read but cannot write; financeiro gets 403; gerente writes', async () => {
    const t = await newTenant(ctx);
    const tipo = await criado<TipoAtendimento>(t.headers, TIPOS, tipoBase);
    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    const veterinario = await usuarioComPerfil(ctx, t, 'veterinario');
    const financeiro = await usuarioComPerfil(ctx, t, 'financeiro');
    const gerente = await usuarioComPerfil(ctx, t, 'gerente');
    for (const { headers } of [banhista, veterinario]) {
      expect((await req(headers, 'GET', `${TIPOS}?pageSize=5`)).statusCode).toBe(200);
      expect((await req(headers, 'GET', `${TIPOS}/${tipo.id}`)).statusCode).toBe(200);
      expect((await req(headers, 'GET', '/api/agenda/boxes')).statusCode).toBe(200);
      expect((await req(headers, 'GET', '/api/agenda/salas')).statusCode).toBe(200);
      expect((await req(headers, 'GET', '/api/agenda/configuracoes')).statusCode).toBe(200);
      expect((await req(headers, 'POST', TIPOS, { ...tipoBase, nome: 'Novo' })).statusCode).toBe(403);
      expect((await req(headers, 'PUT', `${TIPOS}/${tipo.id}`, tipoBase)).statusCode).toBe(403);
      expect((await req(headers, 'DELETE', `${TIPOS}/${tipo.id}`)).statusCode).toBe(403);
      expect((await req(headers, 'POST', '/api/agenda/boxes', { nome: 'Box X' })).statusCode).toBe(403);
      expect((await req(headers, 'POST', '/api/agenda/salas', { nome: 'Sala X' })).statusCode).toBe(403);
      expect((await req(headers, 'PUT', '/api/agenda/configuracoes', configuracoes)).statusCode).toBe(403);
    }
    for (const url of [TIPOS, `${TIPOS}/${tipo.id}`, '/api/agenda/boxes', '/api/agenda/salas', '/api/agenda/configuracoes']) {
      const res = await req(financeiro.headers, 'GET', url);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await req(gerente.headers, 'POST', '/api/agenda/boxes', { nome: 'Box G' })).statusCode).toBe(201);
    expect((await req(gerente.headers, 'PUT', '/api/agenda/configuracoes', configuracoes)).statusCode).toBe(200);
  });
});

const horario = (diaSemana: number, aberto: boolean, abre: string, fecha: string) => ({ diaSemana, aberto, abre, fecha });
const configuracoes: AgendaConfiguracoes = {
  horarios: [
    horario(0, false, '08:00', '12:00'),
    horario(1, true, '07:30', '19:00'),
    horario(2, true, '07:30', '19:00'),
    horario(3, true, '07:30', '19:00'),
    horario(4, true, '07:30', '19:00'),
    horario(5, true, '07:30', '19:00'),
    horario(6, true, '09:00', '14:00'),
  ],
  intervaloMinutos: 15,
  petsPorProfissional: 2,
  petsPorBox: 3,
};

describe('configurações da agenda', () => {
  it('answers the defaults until saved, then what was saved (per unit), and saves again', async () => {
    const t = await newTenant(ctx);
    const padrao = await req(t.headers, 'GET', '/api/agenda/configuracoes');
    expect(padrao.statusCode).toBe(200);
    expect(padrao.json()).toEqual({
      horarios: [
        { diaSemana: 0, aberto: false, abre: '08:00', fecha: '18:00' },
        { diaSemana: 1, aberto: true, abre: '08:00', fecha: '18:00' },
        { diaSemana: 2, aberto: true, abre: '08:00', fecha: '18:00' },
        { diaSemana: 3, aberto: true, abre: '08:00', fecha: '18:00' },
        { diaSemana: 4, aberto: true, abre: '08:00', fecha: '18:00' },
        { diaSemana: 5, aberto: true, abre: '08:00', fecha: '18:00' },
        { diaSemana: 6, aberto: true, abre: '08:00', fecha: '13:00' },
      ],
      intervaloMinutos: 30,
      petsPorProfissional: 1,
      petsPorBox: 1,
    });

    const salvo = await req(t.headers, 'PUT', '/api/agenda/configuracoes', configuracoes);
    expect(salvo.statusCode).toBe(200);
    expect(salvo.json()).toEqual(configuracoes);
    expect((await req(t.headers, 'GET', '/api/agenda/configuracoes')).json()).toEqual(configuracoes);

    const outra = { ...configuracoes, intervaloMinutos: 60, petsPorBox: 1 };
    expect((await req(t.headers, 'PUT', '/api/agenda/configuracoes', outra)).json()).toEqual(outra);
    expect((await req(t.headers, 'GET', '/api/agenda/configuracoes')).json()).toEqual(outra);

    // Another unit of the tenant and another tenant still have the defaults.
    const filial = await novaUnidade(ctx, t);
    expect((await req(filial.headers, 'GET', '/api/agenda/configuracoes')).json()).toEqual(padrao.json());
    const alheio = await newTenant(ctx);
    expect((await req(alheio.headers, 'GET', '/api/agenda/configuracoes')).json()).toEqual(padrao.json());
  });

  it('validates in Portuguese: seven ordered days, closing after opening, slot size, capacities', async () => {
    const t = await newTenant(ctx);
    const seis = await req(t.headers, 'PUT', '/api/agenda/configuracoes', {
      ...configuracoes,
      horarios: configuracoes.horarios.slice(1),
    });
    expect(seis.statusCode).toBe(400);
    expect(seis.json<Errors>().errors.horarios).toContain('Informe os sete dias da semana');

    const invertido = configuracoes.horarios.map((h) => (h.diaSemana === 1 ? { ...h, abre: '18:00', fecha: '08:00' } : h));
    const fecha = await req(t.headers, 'PUT', '/api/agenda/configuracoes', { ...configuracoes, horarios: invertido });
    expect(fecha.json<Errors>().errors).toEqual({ 'horarios.1.fecha': ['O fechamento deve ser depois da abertura'] });

    const ruim = await req(t.headers, 'PUT', '/api/agenda/configuracoes', {
      ...configuracoes,
      intervaloMinutos: 7,
      petsPorProfissional: 0,
      petsPorBox: 11,
    });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json<Errors>().errors).toMatchObject({
      intervaloMinutos: ['Intervalo deve ser 5, 10, 15, 20, 30 ou 60 minutos'],
      petsPorProfissional: ['Mínimo 1'],
      petsPorBox: ['Máximo 10'],
    });
    // Nothing was saved.
    expect((await req(t.headers, 'GET', '/api/agenda/configuracoes')).json<AgendaConfiguracoes>().intervaloMinutos).toBe(30);
  });
});
