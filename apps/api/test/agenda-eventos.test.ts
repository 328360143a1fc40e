/**
 * The calendar feed (issue #17 item 4): GET /api/agenda/eventos and /eventos/clinica. Appointments
 * are inserted straight into the database (the appointment API has its own tests); the range's
 * edges are checked in the unit's time zone, with the filters, the title, the financial status,
 * the resources (boxes, rooms, professionals), validation, permissions and isolation.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventoSchema, eventosSchema, type Eventos, type Sala, type TipoAtendimento } from '@petshop/shared/agenda';
import { atendimentoServicos, unidadesNegocio, usuarios } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { inserirAtendimentos, inserirPetComTutor, inserirProduto, type AtendimentoFixture } from './agenda-fixtures.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
type Errors = { errors: Record<string, string[]> };
type Headers = Record<string, string>;

const get = (headers: Headers, url: string) => ctx.app.inject({ url, headers });
const eventos = async (headers: Headers, qs: string, clinica = false): Promise<Eventos> => {
  const res = await get(headers, `/api/agenda/eventos${clinica ? '/clinica' : ''}?${qs}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  // The answer is JSON built by PostgreSQL: it must be exactly the contract's shape.
  const corpo = res.json<Eventos>();
  expect(eventosSchema.strict().parse(corpo)).toEqual(corpo);
  for (const evento of corpo.eventos) expect(eventoSchema.strict().parse(evento)).toEqual(evento);
  return corpo;
};
const post = async <T>(headers: Headers, url: string, payload: object): Promise<T> => {
  const res = await ctx.app.inject({ method: 'POST', url, headers, payload });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<T>();
};

/**
 * One tenant whose first unit runs on Manaus time (UTC−4, so a São Paulo reading would be off
 * by an hour), with a bath type (box, priced), a consultation type (room, free), boxes, rooms,
 * professionals and a pet, plus a second unit with its own box and appointment.
 */
type Cenario = {
  t: TenantFixture;
  filial: { id: string; headers: Headers };
  banho: TipoAtendimento;
  consulta: TipoAtendimento;
  box1: Sala;
  box2: Sala;
  boxInativo: Sala;
  sala: Sala;
  banhista: { headers: Headers; usuarioId: string };
  veterinario: { headers: Headers; usuarioId: string };
  financeiro: { headers: Headers; usuarioId: string };
  rex: { petId: string; clienteId: string };
  add: (a: Partial<AtendimentoFixture> & { inicio: string; fim: string }) => Promise<string>;
};

const TZ = 'America/Manaus';
let c: Cenario;

beforeAll(async () => {
  const t = await newTenant(ctx);
  await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(unidadesNegocio).set({ timeZone: TZ }).where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
  );
  const filial = await novaUnidade(ctx, t);
  const servico = await inserirProduto(ctx, t.tenantId, 'Banho Cão Médio', 60);
  const banho = await post<TipoAtendimento>(t.headers, '/api/agenda/tipos-atendimento', {
    nome: 'Banho Agenda',
    area: 'BanhoTosa',
    duracaoMinutos: 60,
    cor: '#1c7ed6',
    recurso: 'Box',
    produtoId: servico,
  });
  const consulta = await post<TipoAtendimento>(t.headers, '/api/agenda/tipos-atendimento', {
    nome: 'Consulta Agenda',
    area: 'Clinica',
    duracaoMinutos: 30,
    cor: '#2f9e44',
    recurso: 'Sala',
  });
  const box2 = await post<Sala>(t.headers, '/api/agenda/boxes', { nome: 'Box 2' });
  const box1 = await post<Sala>(t.headers, '/api/agenda/boxes', { nome: 'Box 1' });
  const boxInativo = await post<Sala>(t.headers, '/api/agenda/boxes', { nome: 'Box 0 desativado', ativo: false });
  const sala = await post<Sala>(t.headers, '/api/agenda/salas', { nome: 'Consultório' });
  await post<Sala>(t.headers, '/api/agenda/salas', { nome: 'Sala velha', ativo: false });
  await post<Sala>(filial.headers, '/api/agenda/boxes', { nome: 'Box da filial' });
  const banhista = await usuarioComPerfil(ctx, t, 'banhista', 'Bruna Banhista');
  const veterinario = await usuarioComPerfil(ctx, t, 'veterinario', 'Vera Veterinária');
  const financeiro = await usuarioComPerfil(ctx, t, 'financeiro', 'Fábio Financeiro');
  const inativo = await usuarioComPerfil(ctx, t, 'banhista', 'Ivo Inativo');
  await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, inativo.usuarioId)),
  );
  const rex = await inserirPetComTutor(ctx, t.tenantId, 'Rex', 'Maria Silva');
  const add: Cenario['add'] = async (a) => {
    const [id] = await inserirAtendimentos(ctx, t, [{ ...rex, tipoAtendimentoId: banho.id, boxId: box1.id, timeZone: TZ, ...a }]);
    return id!;
  };
  c = { t, filial, banho, consulta, box1, box2, boxInativo, sala, banhista, veterinario, financeiro, rex, add };
});

describe('GET /api/agenda/eventos', () => {
  it('answers the appointments intersecting the days in the unit’s time zone, ordered by start', async () => {
    const antes = await c.add({ inicio: '2026-03-09T22:00', fim: '2026-03-10T00:00' }); // ends at the first midnight
    const atravessa = await c.add({ inicio: '2026-03-09T23:30', fim: '2026-03-10T00:30' });
    const meiaNoite = await c.add({ inicio: '2026-03-10T00:00', fim: '2026-03-10T01:00', boxId: c.box2.id });
    const meio = await c.add({ inicio: '2026-03-11T14:15', fim: '2026-03-11T15:15' });
    const ultimo = await c.add({ inicio: '2026-03-12T23:30', fim: '2026-03-13T00:30' });
    const depois = await c.add({ inicio: '2026-03-13T00:00', fim: '2026-03-13T01:00' });

    const r = await eventos(c.t.headers, 'dataInicio=2026-03-10&dataFim=2026-03-12');
    expect(r.eventos.map((e) => e.id)).toEqual([atravessa, meiaNoite, meio, ultimo]);
    expect(r.eventos.map((e) => [e.inicio, e.fim])).toEqual([
      ['2026-03-09T23:30', '2026-03-10T00:30'],
      ['2026-03-10T00:00', '2026-03-10T01:00'],
      ['2026-03-11T14:15', '2026-03-11T15:15'],
      ['2026-03-12T23:30', '2026-03-13T00:30'],
    ]);
    expect(r.eventos.map((e) => e.id)).not.toContain(antes);
    expect(r.eventos.map((e) => e.id)).not.toContain(depois);
    expect(r.eventos[1]).toEqual({
      id: meiaNoite,
      titulo: 'Rex (Maria Silva) · Banho Agenda',
      inicio: '2026-03-10T00:00',
      fim: '2026-03-10T01:00',
      cor: '#1c7ed6',
      area: 'BanhoTosa',
      status: 'Agendado',
      atividade: 'Aguardando',
      prioridade: 'Normal',
      statusFinanceiro: 'Baixada',
      petNome: 'Rex',
      clienteNome: 'Maria Silva',
      tipoNome: 'Banho Agenda',
      responsavelId: null,
      salaId: null,
      boxId: c.box2.id,
      respostaConfirmacao: null,
    });

    // One day: the last midnight is excluded, the first included.
    const dia = await eventos(c.t.headers, 'dataInicio=2026-03-13&dataFim=2026-03-13');
    expect(dia.eventos.map((e) => e.id)).toEqual([ultimo, depois]);
  });

  it('filters by area, status (list), box, room and professional; financial status from the services', async () => {
    const dia = '2026-04-07';
    const banho = await c.add({ inicio: `${dia}T09:00`, fim: `${dia}T10:00`, responsavelId: c.banhista.usuarioId });
    const cancelado = await c.add({ inicio: `${dia}T10:00`, fim: `${dia}T11:00`, status: 'Cancelado', boxId: c.box2.id });
    const consulta = await c.add({
      inicio: `${dia}T11:00`,
      fim: `${dia}T11:30`,
      tipoAtendimentoId: c.consulta.id,
      boxId: null,
      salaId: c.sala.id,
      responsavelId: c.veterinario.usuarioId,
      status: 'Confirmado',
    });
    await withTenant(ctx.database.db, c.t, (tx) =>
      tx.insert(atendimentoServicos).values({
        atendimentoId: banho,
        ordem: 1,
        produtoId: c.banho.produtoId!,
        descricao: 'Banho Cão Médio',
        valor: '60.00',
      }),
    );
    const qs = `dataInicio=${dia}&dataFim=${dia}`;
    const ids = async (filtro: string, clinica = false) =>
      (await eventos(c.t.headers, `${qs}${filtro}`, clinica)).eventos.map((e) => e.id);

    const todos = await eventos(c.t.headers, qs);
    expect(todos.eventos.map((e) => [e.id, e.statusFinanceiro])).toEqual([
      [banho, 'EmAberto'],
      [cancelado, 'Baixada'],
      [consulta, 'Baixada'],
    ]);
    expect(await ids('&area=BanhoTosa')).toEqual([banho, cancelado]);
    expect(await ids('&area=Clinica')).toEqual([consulta]);
    expect(await ids('&status=Agendado,Confirmado')).toEqual([banho, consulta]);
    expect(await ids('&status=Cancelado')).toEqual([cancelado]);
    expect(await ids(`&boxId=${c.box2.id}`)).toEqual([cancelado]);
    expect(await ids(`&salaId=${c.sala.id}`)).toEqual([consulta]);
    expect(await ids(`&responsavelId=${c.banhista.usuarioId}`)).toEqual([banho]);
    // /clinica: the area is fixed to Clínica whatever is asked.
    expect(await ids('', true)).toEqual([consulta]);
    expect(await ids('&area=BanhoTosa', true)).toEqual([consulta]);
  });

  it('answers the resources: active boxes and rooms by name, professionals of the unit by name', async () => {
    const { recursos } = await eventos(c.t.headers, 'dataInicio=2026-05-01&dataFim=2026-05-01');
    expect(recursos.boxes).toEqual([
      { id: c.box1.id, nome: 'Box 1', ativo: true },
      { id: c.box2.id, nome: 'Box 2', ativo: true },
    ]);
    expect(recursos.salas).toEqual([{ id: c.sala.id, nome: 'Consultório', ativo: true }]);
    expect(recursos.profissionais).toEqual([
      { id: c.t.usuarioId, nome: 'Administradora Teste', perfilId: 'administrador' },
      { id: c.banhista.usuarioId, nome: 'Bruna Banhista', perfilId: 'banhista' },
      { id: c.veterinario.usuarioId, nome: 'Vera Veterinária', perfilId: 'veterinario' },
    ]);

    const clinica = await eventos(c.t.headers, 'dataInicio=2026-05-01&dataFim=2026-05-01', true);
    expect(clinica.recursos).toEqual({
      boxes: [],
      salas: [{ id: c.sala.id, nome: 'Consultório', ativo: true }],
      profissionais: [
        { id: c.t.usuarioId, nome: 'Administradora Teste', perfilId: 'administrador' },
        { id: c.veterinario.usuarioId, nome: 'Vera Veterinária', perfilId: 'veterinario' },
      ],
    });
  });

  it('validates the range in Portuguese: both dates, end not before start, at most 62 days', async () => {
    const semDatas = await get(c.t.headers, '/api/agenda/eventos');
    expect(semDatas.statusCode).toBe(400);
    expect(semDatas.json<Errors>().errors).toMatchObject({
      dataInicio: ['Informe a data inicial'],
      dataFim: ['Informe a data final'],
    });
    const invalida = await get(c.t.headers, '/api/agenda/eventos?dataInicio=2026-02-30&dataFim=2026-03-01');
    expect(invalida.json<Errors>().errors.dataInicio).toEqual(['Data inicial inválida']);
    const invertido = await get(c.t.headers, '/api/agenda/eventos?dataInicio=2026-03-10&dataFim=2026-03-09');
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json<Errors>().errors).toEqual({ dataFim: ['A data final deve ser igual ou posterior à data inicial'] });
    const longo = await get(c.t.headers, '/api/agenda/eventos/clinica?dataInicio=2026-01-01&dataFim=2026-03-04');
    expect(longo.statusCode).toBe(400);
    expect(longo.json<Errors>().errors).toEqual({ dataFim: ['O período deve ter no máximo 62 dias'] });
    expect((await get(c.t.headers, '/api/agenda/eventos?dataInicio=2026-01-01&dataFim=2026-03-03')).statusCode).toBe(200);
    const status = await get(c.t.headers, '/api/agenda/eventos?dataInicio=2026-01-01&dataFim=2026-01-02&status=Sumido');
    expect(status.json<Errors>().errors).toEqual({ 'status.0': ['Status inválido'] });
    const box = await get(c.t.headers, '/api/agenda/eventos?dataInicio=2026-01-01&dataFim=2026-01-02&boxId=abc');
    expect(box.json<Errors>().errors).toEqual({ boxId: ['Box inválido'] });
  });

  it('is read by banhista and veterinário; financeiro gets 403', async () => {
    const qs = 'dataInicio=2026-03-10&dataFim=2026-03-12';
    expect((await eventos(c.banhista.headers, qs)).eventos.length).toBeGreaterThan(0);
    expect((await get(c.veterinario.headers, `/api/agenda/eventos/clinica?${qs}`)).statusCode).toBe(200);
    for (const url of [`/api/agenda/eventos?${qs}`, `/api/agenda/eventos/clinica?${qs}`]) {
      const res = await get(c.financeiro.headers, url);
      expect(res.statusCode).toBe(403);
    }
  });

  it('shows only the selected unit’s appointments and resources; another tenant sees nothing', async () => {
    const dia = '2026-06-02';
    const daMatriz = await c.add({ inicio: `${dia}T09:00`, fim: `${dia}T10:00` });
    const [daFilial] = await inserirAtendimentos(ctx, { tenantId: c.t.tenantId, unidadeNegocioId: c.filial.id }, [
      { ...c.rex, tipoAtendimentoId: c.banho.id, inicio: `${dia}T09:00`, fim: `${dia}T10:00` },
    ]);
    const qs = `dataInicio=${dia}&dataFim=${dia}`;
    expect((await eventos(c.t.headers, qs)).eventos.map((e) => e.id)).toEqual([daMatriz]);
    const filial = await eventos(c.filial.headers, qs);
    expect(filial.eventos.map((e) => e.id)).toEqual([daFilial]);
    expect(filial.eventos[0]!.inicio).toBe(`${dia}T09:00`); // the branch keeps São Paulo time
    expect(filial.recursos.boxes.map((b) => b.nome)).toEqual(['Box da filial']);
    expect(filial.recursos.salas).toEqual([]);
    // The box filter cannot reach another unit's appointments either.
    expect((await eventos(c.filial.headers, `${qs}&boxId=${c.box1.id}`)).eventos).toEqual([]);

    const outro = await newTenant(ctx);
    const alheio = await eventos(outro.headers, qs);
    expect(alheio.eventos).toEqual([]);
    expect(alheio.recursos.boxes).toEqual([]);
    expect(alheio.recursos.profissionais.map((p) => p.id)).toEqual([outro.usuarioId]);
  });
});
