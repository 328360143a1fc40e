/**
 * Vaccines and vaccination protocols (issue #19 item 1) through /api/clinica/vacinas and
 * /api/clinica/vacinas/protocolos (and /api/clinicas): the new tenant's defaults, CRUD with the
 * product's name, price and lot control, filters, validation in Portuguese (product, species,
 * vaccine of the tenant), delete refused while in use, permissions, tenant isolation.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Protocolo, Vacina } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import { especies, produtos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { inserirPetComTutor, inserirProduto } from './agenda-fixtures.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const VACINAS = '/api/clinica/vacinas';
const PROTOCOLOS = '/api/clinica/vacinas/protocolos';
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
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<T>>();
};

const especieId = async (t: TenantFixture, nome: string): Promise<string> =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
    const [e] = await tx.select({ id: especies.id }).from(especies).where(eq(especies.nome, nome));
    return e!.id;
  });

const doses21 = [
  { descricao: '1ª dose', intervaloDias: 0 },
  { descricao: '2ª dose', intervaloDias: 21 },
];

describe('new tenant', () => {
  it('starts with the common vaccines and their protocols (V10 filhote: 3 doses 21 days apart, yearly)', async () => {
    const t = await newTenant(ctx);
    const vacinas = await listar<Vacina>(t.headers, `${VACINAS}?pageSize=100`);
    expect(vacinas.items.map((v) => v.nome)).toEqual([
      'Antirrábica',
      'Giárdia',
      'Gripe canina (tosse dos canis)',
      'V10 (polivalente canina)',
      'V3 (tríplice felina)',
      'V4 (quádrupla felina)',
      'V5 (quíntupla felina)',
      'V8 (polivalente canina)',
    ]);
    expect(vacinas.items.every((v) => v.produtoId === null && v.precoVenda === null && v.controlaLote === false)).toBe(true);
    expect(vacinas.items.find((v) => v.nome === 'Antirrábica')!.especieNomes).toEqual(['Canina', 'Felina']);

    const protocolos = await listar<Protocolo>(t.headers, `${PROTOCOLOS}?pageSize=100`);
    expect(protocolos.total).toBe(8);
    const v10 = protocolos.items.find((p) => p.nome === 'V10 filhote')!;
    expect(v10).toMatchObject({
      vacinaNome: 'V10 (polivalente canina)',
      especieNome: 'Canina',
      reforcoDias: 365,
      doses: [
        { descricao: '1ª dose', intervaloDias: 0 },
        { descricao: '2ª dose', intervaloDias: 21 },
        { descricao: '3ª dose', intervaloDias: 21 },
      ],
    });
    expect(protocolos.items.find((p) => p.nome === 'Antirrábica')).toMatchObject({
      especieId: null,
      doses: [{ descricao: 'Dose única' }],
    });

    // A cat's protocols: the feline ones and antirrábica (no species; its vaccine is for cats too).
    const felina = await especieId(t, 'Felina');
    const doGato = await listar<Protocolo>(t.headers, `${PROTOCOLOS}?especieId=${felina}&pageSize=100`);
    expect(doGato.items.map((p) => p.nome)).toEqual(['Antirrábica', 'V3 felina', 'V4 felina', 'V5 felina']);
  });
});

describe('vacinas', () => {
  it('creates, reads, lists with filters, updates and deletes; the product gives name, price and lot control', async () => {
    const t = await newTenant(ctx);
    const produtoId = await inserirProduto(ctx, t.tenantId, 'Vacina V10 Vanguard dose', 89.9, 'produto');
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx.update(produtos).set({ controlaLote: true }).where(eq(produtos.id, produtoId)),
    );
    const canina = await especieId(t, 'Canina');
    const vacina = await criado<Vacina>(t.headers, VACINAS, {
      nome: 'Vanguard Plus 10',
      fabricante: 'Zoetis',
      especieIds: [canina],
      produtoId,
    });
    expect(vacina).toMatchObject({
      nome: 'Vanguard Plus 10',
      fabricante: 'Zoetis',
      especieIds: [canina],
      especieNomes: ['Canina'],
      produtoId,
      produtoNome: 'Vacina V10 Vanguard dose',
      precoVenda: 89.9,
      controlaLote: true,
      observacoes: null,
      ativo: true,
    });

    expect((await req(t.headers, 'GET', `${VACINAS}/${vacina.id}`)).json<Vacina>()).toEqual(vacina);
    const busca = await listar<Vacina>(t.headers, `${VACINAS}?query=vanguard`);
    expect(busca.items.map((v) => v.id)).toEqual([vacina.id]);
    // Species filter: the dog vaccine and those for any species; not for cats.
    const felina = await especieId(t, 'Felina');
    expect((await listar<Vacina>(t.headers, `${VACINAS}?especieId=${felina}&query=vanguard`)).total).toBe(0);
    expect((await listar<Vacina>(t.headers, `${VACINAS}?especieId=${canina}&query=vanguard`)).total).toBe(1);

    const alterada = await req(t.headers, 'PUT', `${VACINAS}/${vacina.id}`, {
      nome: 'Vanguard Plus 10 (Zoetis)',
      especieIds: [],
      ativo: false,
    });
    expect(alterada.statusCode, alterada.body).toBe(200);
    expect(alterada.json<Vacina>()).toMatchObject({
      nome: 'Vanguard Plus 10 (Zoetis)',
      fabricante: null,
      especieIds: [],
      produtoId: null,
      precoVenda: null,
      controlaLote: false,
      ativo: false,
    });
    expect((await listar<Vacina>(t.headers, `${VACINAS}?ativo=false`)).items.map((v) => v.id)).toEqual([vacina.id]);
    // Without species it is for any species.
    expect((await listar<Vacina>(t.headers, `${VACINAS}?especieId=${felina}&query=vanguard`)).total).toBe(1);

    expect((await req(t.headers, 'DELETE', `${VACINAS}/${vacina.id}`)).json()).toEqual({ ok: true });
    expect((await req(t.headers, 'GET', `${VACINAS}/${vacina.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with Portuguese messages: name, product and species of the tenant', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const produtoDeOutro = await inserirProduto(ctx, outro.tenantId, 'Vacina de outro', 50, 'produto');
    const especieDeOutro = await especieId(outro, 'Canina');

    const semNome = await req(t.headers, 'POST', VACINAS, { nome: '', especieIds: 'x' });
    expect(semNome.statusCode).toBe(400);
    expect(Object.keys(semNome.json<Errors>().errors)).toEqual(expect.arrayContaining(['nome', 'especieIds']));

    const produto = await req(t.headers, 'POST', VACINAS, { nome: 'X', produtoId: produtoDeOutro });
    expect(produto.statusCode).toBe(400);
    expect(produto.json<Errors>().errors).toEqual({ produtoId: ['Produto não encontrado'] });

    const especie = await req(t.headers, 'POST', VACINAS, { nome: 'X', especieIds: [especieDeOutro] });
    expect(especie.statusCode).toBe(400);
    expect(especie.json<Errors>().errors).toEqual({ especieIds: ['Espécie não encontrada'] });

    const lixo = await req(t.headers, 'POST', VACINAS, { nome: 42, produtoId: 'abc', ativo: 'talvez' });
    expect(lixo.statusCode).toBe(400);
    expect(Object.keys(lixo.json<Errors>().errors).sort()).toEqual(['ativo', 'nome', 'produtoId']);

    expect((await req(t.headers, 'GET', `${VACINAS}/nao-e-uuid`)).statusCode).toBe(400);
  });

  it('refuses to delete a vaccine in use (protocol, planned dose) and says to deactivate it', async () => {
    const t = await newTenant(ctx);
    const vacina = await criado<Vacina>(t.headers, VACINAS, { nome: 'Vacina em uso' });
    const protocolo = await criado<Protocolo>(t.headers, PROTOCOLOS, { nome: 'Uso', vacinaId: vacina.id, doses: doses21 });
    const recusa = await req(t.headers, 'DELETE', `${VACINAS}/${vacina.id}`);
    expect(recusa.statusCode).toBe(400);
    expect(recusa.json<Errors>().errors.generalErrors![0]).toMatch(/em uso.*Desative-a/);

    // A planned dose keeps the protocol (and the vaccine) from being deleted.
    const { petId } = await inserirPetComTutor(ctx, t.tenantId, 'Rex', 'Ana');
    const aplicada = await req(t.headers, 'POST', '/api/clinica/planejamentos/aplicar-protocolo', {
      petId,
      protocoloId: protocolo.id,
      dataInicio: '2026-01-10',
    });
    expect(aplicada.statusCode, aplicada.body).toBe(201);
    const recusaProtocolo = await req(t.headers, 'DELETE', `${PROTOCOLOS}/${protocolo.id}`);
    expect(recusaProtocolo.statusCode).toBe(400);
    expect(recusaProtocolo.json<Errors>().errors.generalErrors![0]).toMatch(/doses planejadas.*Desative-o/);
    expect((await req(t.headers, 'DELETE', `${VACINAS}/${vacina.id}`)).statusCode).toBe(400);

    // Once the doses are removed both can go.
    const { aplicacaoProtocoloId } = aplicada.json<{ aplicacaoProtocoloId: string }>();
    expect(
      (await req(t.headers, 'DELETE', `/api/clinica/planejamentos/remover-aplicacao-protocolo/${aplicacaoProtocoloId}`))
        .statusCode,
    ).toBe(200);
    expect((await req(t.headers, 'DELETE', `${PROTOCOLOS}/${protocolo.id}`)).statusCode).toBe(200);
    expect((await req(t.headers, 'DELETE', `${VACINAS}/${vacina.id}`)).statusCode).toBe(200);
  });
});

describe('protocolos', () => {
  it('GET /vacinas/protocolos lists protocols (not read as a vaccine id); creates, reads, updates, deletes', async () => {
    const t = await newTenant(ctx);
    const canina = await especieId(t, 'Canina');
    const vacina = await criado<Vacina>(t.headers, VACINAS, { nome: 'Vacina Protocolo Teste', especieIds: [canina] });
    const protocolo = await criado<Protocolo>(t.headers, PROTOCOLOS, {
      nome: 'Protocolo Teste',
      vacinaId: vacina.id,
      especieId: canina,
      doses: [...doses21, { descricao: '3ª dose', intervaloDias: 21 }],
      reforcoDias: 365,
      observacoes: 'A partir de 45 dias de vida',
    });
    expect(protocolo).toMatchObject({
      nome: 'Protocolo Teste',
      vacinaId: vacina.id,
      vacinaNome: 'Vacina Protocolo Teste',
      especieId: canina,
      especieNome: 'Canina',
      reforcoDias: 365,
      observacoes: 'A partir de 45 dias de vida',
      ativo: true,
    });
    expect(protocolo.doses).toHaveLength(3);

    const lista = await listar<Protocolo>(t.headers, `${PROTOCOLOS}?query=protocolo teste`);
    expect(lista.items.map((p) => p.id)).toEqual([protocolo.id]);
    // The vaccine's name finds it too; vacinaId filters.
    expect((await listar<Protocolo>(t.headers, `${PROTOCOLOS}?query=vacina protocolo`)).total).toBe(1);
    expect((await listar<Protocolo>(t.headers, `${PROTOCOLOS}?vacinaId=${vacina.id}`)).items.map((p) => p.id)).toEqual([
      protocolo.id,
    ]);
    expect((await req(t.headers, 'GET', `${PROTOCOLOS}/${protocolo.id}`)).json<Protocolo>()).toEqual(protocolo);

    const alterado = await req(t.headers, 'PUT', `${PROTOCOLOS}/${protocolo.id}`, {
      nome: 'Protocolo Teste 2',
      vacinaId: vacina.id,
      doses: [{ descricao: 'Dose única', intervaloDias: 0 }],
      reforcoDias: '',
      ativo: false,
    });
    expect(alterado.statusCode, alterado.body).toBe(200);
    expect(alterado.json<Protocolo>()).toMatchObject({
      nome: 'Protocolo Teste 2',
      especieId: null,
      reforcoDias: null,
      doses: [{ descricao: 'Dose única', intervaloDias: 0 }],
      ativo: false,
    });
    expect((await req(t.headers, 'DELETE', `${PROTOCOLOS}/${protocolo.id}`)).statusCode).toBe(200);
    expect((await req(t.headers, 'GET', `${PROTOCOLOS}/${protocolo.id}`)).statusCode).toBe(404);
  });

  it('refuses a vaccine or species not of the tenant, a species the vaccine is not for, and bad doses', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const [vacinaDeOutro] = (await listar<Vacina>(outro.headers, VACINAS)).items;
    const canina = await especieId(t, 'Canina');
    const felina = await especieId(t, 'Felina');
    const vacina = await criado<Vacina>(t.headers, VACINAS, { nome: 'Só cães', especieIds: [canina] });

    const vacinaErrada = await req(t.headers, 'POST', PROTOCOLOS, { nome: 'P', vacinaId: vacinaDeOutro!.id, doses: doses21 });
    expect(vacinaErrada.statusCode).toBe(400);
    expect(vacinaErrada.json<Errors>().errors).toEqual({ vacinaId: ['Vacina não encontrada'] });

    const especieErrada = await req(t.headers, 'POST', PROTOCOLOS, {
      nome: 'P',
      vacinaId: vacina.id,
      especieId: await especieId(outro, 'Canina'),
      doses: doses21,
    });
    expect(especieErrada.json<Errors>().errors).toEqual({ especieId: ['Espécie não encontrada'] });

    const gato = await req(t.headers, 'POST', PROTOCOLOS, { nome: 'P', vacinaId: vacina.id, especieId: felina, doses: doses21 });
    expect(gato.statusCode).toBe(400);
    expect(gato.json<Errors>().errors).toEqual({ especieId: ['A vacina escolhida não é indicada para esta espécie'] });

    const semDoses = await req(t.headers, 'POST', PROTOCOLOS, { nome: 'P', vacinaId: vacina.id, doses: [] });
    expect(semDoses.json<Errors>().errors).toEqual({ doses: ['Informe ao menos uma dose'] });

    const dosesRuins = await req(t.headers, 'POST', PROTOCOLOS, {
      nome: 'P',
      vacinaId: vacina.id,
      doses: [
        { descricao: '', intervaloDias: -1 },
        { descricao: '2ª', intervaloDias: 2.5 },
      ],
      reforcoDias: 0,
    });
    expect(dosesRuins.statusCode).toBe(400);
    expect(Object.keys(dosesRuins.json<Errors>().errors).sort()).toEqual([
      'doses.0.descricao',
      'doses.0.intervaloDias',
      'doses.1.intervaloDias',
      'reforcoDias',
    ]);
    expect(dosesRuins.json<Errors>().errors['doses.1.intervaloDias']).toEqual(['Intervalo deve ser um número inteiro de dias']);

    const naoObjeto = await ctx.app.inject({
      method: 'POST',
      url: PROTOCOLOS,
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(naoObjeto.statusCode).toBe(400);
  });
});

describe('permissions and isolation', () => {
  it('Caixa and Recepção read but cannot write; Banhista cannot read; Veterinário writes; also under /api/clinicas', async () => {
    const t = await newTenant(ctx);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    const recepcao = await usuarioComPerfil(ctx, t, 'recepcao');
    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    const vet = await usuarioComPerfil(ctx, t, 'veterinario');

    expect((await req(caixa.headers, 'GET', VACINAS)).statusCode).toBe(200);
    expect((await req(caixa.headers, 'GET', PROTOCOLOS)).statusCode).toBe(200);
    expect((await req(caixa.headers, 'POST', VACINAS, { nome: 'Caixa' })).statusCode).toBe(403);
    expect((await req(recepcao.headers, 'GET', VACINAS)).statusCode).toBe(200);
    expect((await req(recepcao.headers, 'POST', PROTOCOLOS, { nome: 'Recepção' })).statusCode).toBe(403);
    expect((await req(banhista.headers, 'GET', VACINAS)).statusCode).toBe(403);
    expect((await req(banhista.headers, 'GET', PROTOCOLOS)).statusCode).toBe(403);

    const vacina = await criado<Vacina>(vet.headers, '/api/clinicas/vacinas', { nome: 'Pela Clínica' });
    expect((await req(vet.headers, 'GET', `/api/clinicas/vacinas/${vacina.id}`)).json<Vacina>().nome).toBe('Pela Clínica');
    const protocolos = await listar<Protocolo>(vet.headers, '/api/clinicas/vacinas/protocolos?query=V10');
    expect(protocolos.items.map((p) => p.nome)).toEqual(['V10 filhote']);
    expect((await req(caixa.headers, 'PUT', `${PROTOCOLOS}/${protocolos.items[0]!.id}`, {})).statusCode).toBe(403);
    expect((await req(caixa.headers, 'DELETE', `${VACINAS}/${vacina.id}`)).statusCode).toBe(403);
  });

  it('another tenant cannot see, change or delete a vaccine or a protocol (404)', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const vacina = await criado<Vacina>(t.headers, VACINAS, { nome: 'Minha vacina' });
    const protocolo = await criado<Protocolo>(t.headers, PROTOCOLOS, {
      nome: 'Meu protocolo',
      vacinaId: vacina.id,
      doses: doses21,
    });

    expect((await req(outro.headers, 'GET', `${VACINAS}/${vacina.id}`)).statusCode).toBe(404);
    expect((await req(outro.headers, 'PUT', `${VACINAS}/${vacina.id}`, { nome: 'Tomada' })).statusCode).toBe(404);
    expect((await req(outro.headers, 'DELETE', `${VACINAS}/${vacina.id}`)).statusCode).toBe(404);
    expect((await req(outro.headers, 'GET', `${PROTOCOLOS}/${protocolo.id}`)).statusCode).toBe(404);
    const [vacinaDoOutro] = (await listar<Vacina>(outro.headers, VACINAS)).items;
    expect(
      (
        await req(outro.headers, 'PUT', `${PROTOCOLOS}/${protocolo.id}`, {
          nome: 'Tomado',
          vacinaId: vacinaDoOutro!.id,
          doses: doses21,
        })
      ).statusCode,
    ).toBe(404);
    expect((await req(outro.headers, 'DELETE', `${PROTOCOLOS}/${protocolo.id}`)).statusCode).toBe(404);
    expect((await listar<Vacina>(outro.headers, `${VACINAS}?query=minha vacina`)).total).toBe(0);
    expect((await listar<Protocolo>(outro.headers, `${PROTOCOLOS}?query=meu protocolo`)).total).toBe(0);
    // Still there for its tenant.
    expect((await req(t.headers, 'GET', `${PROTOCOLOS}/${protocolo.id}`)).json<Protocolo>().nome).toBe('Meu protocolo');
  });
});
