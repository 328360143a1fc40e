/**
 * A pet's planned vaccine doses (issue #19 items 2 and 7) through /api/clinica/planejamentos (and
 * /api/clinicas): aplicar protocolo (dates 21 days apart, no booster row, a late start read as
 * atrasada, the rules that refuse it, a double click), the list's filters, deleting one pending
 * dose, removing an application while keeping its applied doses, the doses due of the unit,
 * permissions, and tenant and unit isolation (the chart is the tenant's; writes and per-unit
 * lists are the unit's).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AplicarProtocoloResult, DosesDevidas, Planejamento, Protocolo } from '@petshop/shared/clinica';
import { todayISO } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import { especies, pessoas, petTutores, pets, planejamentosVacina } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { somarDias } from '../src/modules/clinica/datas-protocolo.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const BASE = '/api/clinica/planejamentos';
const APLICAR = `${BASE}/aplicar-protocolo`;
type Errors = { errors: Record<string, string[]> };
type Headers = Record<string, string>;

const req = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const listar = async (headers: Headers, query: string): Promise<Page<Planejamento>> => {
  const res = await req(headers, 'GET', `${BASE}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<Planejamento>>();
};
const aplicar = async (headers: Headers, payload: object, url = APLICAR): Promise<AplicarProtocoloResult> => {
  const res = await req(headers, 'POST', url, payload);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<AplicarProtocoloResult>();
};

/** The unit's today (America/Sao_Paulo, the default time zone) plus `dias`. */
const hoje = (dias = 0) => somarDias(todayISO('America/Sao_Paulo'), dias);

/** A pet of `especie` whose principal tutor has a landline and a WhatsApp mobile. */
const inserirPet = (
  t: TenantFixture,
  nome: string,
  especie: 'Canina' | 'Felina',
  extra: { dataObito?: string; ativo?: boolean } = {},
): Promise<{ petId: string; tutorId: string }> =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
    const [e] = await tx.select({ id: especies.id }).from(especies).where(eq(especies.nome, especie));
    const [tutor] = await tx
      .insert(pessoas)
      .values({
        nome: `Tutora de ${nome}`,
        telefones: [
          { numero: '1133334444', tipo: 'fixo', whatsapp: false },
          { numero: '11987654321', tipo: 'celular', whatsapp: true },
        ],
      })
      .returning({ id: pessoas.id });
    const [outro] = await tx
      .insert(pessoas)
      .values({ nome: `Aaa outro tutor de ${nome}` })
      .returning({ id: pessoas.id });
    const [pet] = await tx
      .insert(pets)
      .values({ nome, especieId: e!.id, dataObito: extra.dataObito ?? null, ativo: extra.ativo ?? true })
      .returning({ id: pets.id });
    await tx.insert(petTutores).values([
      { petId: pet!.id, pessoaId: outro!.id, principal: false },
      { petId: pet!.id, pessoaId: tutor!.id, principal: true },
    ]);
    return { petId: pet!.id, tutorId: tutor!.id };
  });

const protocolo = async (t: TenantFixture, nome: string): Promise<Protocolo> => {
  const res = await req(t.headers, 'GET', `/api/clinica/vacinas/protocolos?query=${encodeURIComponent(nome)}`);
  const item = res.json<Page<Protocolo>>().items.find((p) => p.nome === nome);
  if (!item) throw new Error(`protocolo ${nome} ausente`);
  return item;
};

/** Marks a planned dose applied straight in the table (registrar vacina has its own tests). */
const marcarAplicada = (t: TenantFixture, id: string) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(planejamentosVacina).set({ status: 'aplicada' }).where(eq(planejamentosVacina.id, id)),
  );

describe('aplicar protocolo', () => {
  it('plans the doses 21 days apart from the start date, one application, no booster row', async () => {
    const t = await newTenant(ctx);
    const { petId, tutorId } = await inserirPet(t, 'Thor', 'Canina');
    const v10 = await protocolo(t, 'V10 filhote');
    const inicio = hoje(2);
    const r = await aplicar(t.headers, { petId, protocoloId: v10.id, dataInicio: inicio.split('-').reverse().join('/') });
    expect(r.doses.map((d) => [d.ordem, d.descricao, d.dataPrevista, d.status])).toEqual([
      [1, '1ª dose', inicio, 'pendente'],
      [2, '2ª dose', somarDias(inicio, 21), 'pendente'],
      [3, '3ª dose', somarDias(inicio, 42), 'pendente'],
    ]);
    expect(r.doses[0]).toMatchObject({
      petId,
      petNome: 'Thor',
      tutorId,
      tutorNome: 'Tutora de Thor',
      tutorCelular: '11987654321',
      vacinaId: v10.vacinaId,
      vacinaNome: 'V10 (polivalente canina)',
      protocoloId: v10.id,
      protocoloNome: 'V10 filhote',
      aplicacaoProtocoloId: r.aplicacaoProtocoloId,
      vacinaAplicadaId: null,
      dataAplicacao: null,
      unidadeNegocioId: t.unidadeNegocioId,
    });
    expect(new Set(r.doses.map((d) => d.aplicacaoProtocoloId))).toEqual(new Set([r.aplicacaoProtocoloId]));
    // Only the protocol's doses: the yearly booster is planned by registrar vacina after the last one.
    const doPet = await listar(t.headers, `petId=${petId}`);
    expect(doPet.total).toBe(3);
    expect(doPet.items.map((d) => d.id)).toEqual(r.doses.map((d) => d.id));
  });

  it('a late start plans the past doses as well, read as atrasada; the status filter finds them', async () => {
    const t = await newTenant(ctx);
    const { petId } = await inserirPet(t, 'Mel', 'Canina');
    const v8 = await protocolo(t, 'V8 filhote');
    const r = await aplicar(t.headers, { petId, protocoloId: v8.id, dataInicio: hoje(-30) });
    expect(r.doses.map((d) => [d.dataPrevista, d.status])).toEqual([
      [hoje(-30), 'atrasada'],
      [hoje(-9), 'atrasada'],
      [hoje(12), 'pendente'],
    ]);
    expect((await listar(t.headers, `petId=${petId}&status=atrasada`)).items.map((d) => d.dataPrevista)).toEqual([
      hoje(-30),
      hoje(-9),
    ]);
    expect((await listar(t.headers, `petId=${petId}&status=pendente`)).items.map((d) => d.dataPrevista)).toEqual([hoje(12)]);
    expect((await listar(t.headers, `petId=${petId}&status=pendente,atrasada`)).total).toBe(3);
    await marcarAplicada(t, r.doses[0]!.id);
    expect((await listar(t.headers, `petId=${petId}&status=aplicada`)).items.map((d) => d.id)).toEqual([r.doses[0]!.id]);
    expect((await listar(t.headers, `petId=${petId}&status=atrasada`)).total).toBe(1);
    // Period on dataPrevista, inclusive; without petId: the unit's doses, paged.
    expect((await listar(t.headers, `petId=${petId}&dataInicio=${hoje(-9)}&dataFim=${hoje(12)}`)).total).toBe(2);
    const ruim = await req(t.headers, 'GET', `${BASE}?petId=x&status=vencida&dataInicio=31/02/2026&page=abc`);
    expect(ruim.statusCode).toBe(400);
    expect(Object.keys(ruim.json<Errors>().errors).sort()).toEqual(expect.arrayContaining(['dataInicio', 'petId']));
    expect(Object.keys(ruim.json<Errors>().errors).some((k) => k.startsWith('status'))).toBe(true);
    const pagina = await listar(t.headers, 'pageSize=2&page=2');
    expect(pagina).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(pagina.items.map((d) => d.dataPrevista)).toEqual([hoje(12)]);
  });

  it('refuses a deceased, inactive or unknown pet, an inactive protocol, another species, and a second application', async () => {
    const t = await newTenant(ctx);
    const v10 = await protocolo(t, 'V10 filhote');
    const v3 = await protocolo(t, 'V3 felina');
    const antirrabica = await protocolo(t, 'Antirrábica');
    const erro = async (payload: object) => {
      const res = await req(t.headers, 'POST', APLICAR, payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<Errors>().errors;
    };
    const falecido = await inserirPet(t, 'Bob', 'Canina', { dataObito: hoje(-1) });
    const inativo = await inserirPet(t, 'Lua', 'Canina', { ativo: false });
    const gato = await inserirPet(t, 'Miau', 'Felina');
    const cao = await inserirPet(t, 'Rex', 'Canina');

    expect(await erro({ petId: falecido.petId, protocoloId: v10.id, dataInicio: hoje() })).toEqual({
      petId: ['Este pet está registrado como falecido'],
    });
    expect(await erro({ petId: inativo.petId, protocoloId: v10.id, dataInicio: hoje() })).toEqual({
      petId: ['Este pet está inativo'],
    });
    expect(await erro({ petId: crypto.randomUUID(), protocoloId: v10.id, dataInicio: hoje() })).toEqual({
      petId: ['Pet não encontrado'],
    });
    expect(await erro({ petId: gato.petId, protocoloId: v10.id, dataInicio: hoje() })).toEqual({
      protocoloId: ['Este protocolo é para a espécie Canina'],
    });
    expect(await erro({ petId: cao.petId, protocoloId: v3.id, dataInicio: hoje() })).toEqual({
      protocoloId: ['Este protocolo é para a espécie Felina'],
    });
    expect(await erro({ petId: cao.petId, protocoloId: crypto.randomUUID(), dataInicio: hoje() })).toEqual({
      protocoloId: ['Protocolo não encontrado'],
    });
    expect(await erro({ petId: cao.petId, protocoloId: v10.id })).toEqual({ dataInicio: ['Informe a data de início'] });
    expect(Object.keys(await erro({ petId: 'x', protocoloId: 3, dataInicio: '31/02/2026' })).sort()).toEqual([
      'dataInicio',
      'petId',
      'protocoloId',
    ]);

    // Antirrábica has no species of its own: dogs and cats both take it.
    expect((await aplicar(t.headers, { petId: gato.petId, protocoloId: antirrabica.id, dataInicio: hoje() })).doses).toHaveLength(
      1,
    );

    const desativar = await req(t.headers, 'PUT', `/api/clinica/vacinas/protocolos/${v10.id}`, {
      nome: v10.nome,
      vacinaId: v10.vacinaId,
      especieId: v10.especieId,
      doses: v10.doses,
      reforcoDias: v10.reforcoDias,
      ativo: false,
    });
    expect(desativar.statusCode).toBe(200);
    expect(await erro({ petId: cao.petId, protocoloId: v10.id, dataInicio: hoje() })).toEqual({
      protocoloId: ['Este protocolo está inativo'],
    });

    // A second application of a protocol with pending doses is refused…
    const gripe = await protocolo(t, 'Gripe canina');
    await aplicar(t.headers, { petId: cao.petId, protocoloId: gripe.id, dataInicio: hoje() });
    const segunda = await erro({ petId: cao.petId, protocoloId: gripe.id, dataInicio: hoje(5) });
    expect(segunda.protocoloId![0]).toMatch(/já foi aplicado.*remova a aplicação anterior/);
    // …and allowed again once they were all applied.
    for (const d of (await listar(t.headers, `petId=${cao.petId}`)).items) await marcarAplicada(t, d.id);
    expect((await aplicar(t.headers, { petId: cao.petId, protocoloId: gripe.id, dataInicio: hoje(365) })).doses).toHaveLength(2);
  });

  it('a double click (same request within 10 s) answers the first application; later it is refused', async () => {
    const t = await newTenant(ctx);
    const { petId } = await inserirPet(t, 'Pipoca', 'Canina');
    const giardia = await protocolo(t, 'Giárdia');
    const corpo = { petId, protocoloId: giardia.id, dataInicio: hoje() };
    const [a, b] = await Promise.all([aplicar(t.headers, corpo), aplicar(t.headers, corpo)]);
    expect(b.aplicacaoProtocoloId).toBe(a.aplicacaoProtocoloId);
    expect(b.doses.map((d) => d.id)).toEqual(a.doses.map((d) => d.id));
    expect((await listar(t.headers, `petId=${petId}`)).total).toBe(2);

    // Past the window the same request is a second application: refused.
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx
        .update(planejamentosVacina)
        .set({ createdAt: sql`now() - interval '1 minute'` })
        .where(eq(planejamentosVacina.petId, petId)),
    );
    const depois = await req(t.headers, 'POST', APLICAR, corpo);
    expect(depois.statusCode).toBe(400);
    expect(depois.json<Errors>().errors.protocoloId![0]).toMatch(/já foi aplicado/);
  });
});

describe('excluir dose e remover aplicação', () => {
  it('deletes a pending dose; refuses an applied one; 404 for an unknown one', async () => {
    const t = await newTenant(ctx);
    const { petId } = await inserirPet(t, 'Fred', 'Canina');
    const r = await aplicar(t.headers, { petId, protocoloId: (await protocolo(t, 'V10 filhote')).id, dataInicio: hoje() });
    const [primeira, segunda] = r.doses;
    await marcarAplicada(t, primeira!.id);
    const aplicada = await req(t.headers, 'DELETE', `${BASE}/${primeira!.id}`);
    expect(aplicada.statusCode).toBe(400);
    expect(aplicada.json<Errors>().errors.generalErrors).toEqual([
      'Esta dose já foi aplicada e não pode ser excluída do planejamento.',
    ]);
    expect((await req(t.headers, 'DELETE', `${BASE}/${segunda!.id}`)).json()).toEqual({ ok: true });
    expect((await listar(t.headers, `petId=${petId}`)).items.map((d) => d.ordem)).toEqual([1, 3]);
    expect((await req(t.headers, 'DELETE', `${BASE}/${segunda!.id}`)).statusCode).toBe(404);
    expect((await req(t.headers, 'DELETE', `${BASE}/nao-e-uuid`)).statusCode).toBe(400);
  });

  it('removing an application deletes its pending doses and keeps the applied ones', async () => {
    const t = await newTenant(ctx);
    const { petId } = await inserirPet(t, 'Nina', 'Canina');
    const v10 = await protocolo(t, 'V10 filhote');
    const r = await aplicar(t.headers, { petId, protocoloId: v10.id, dataInicio: hoje(-21) });
    await marcarAplicada(t, r.doses[0]!.id);
    const url = `${BASE}/remover-aplicacao-protocolo/${r.aplicacaoProtocoloId}`;
    const removida = await req(t.headers, 'DELETE', url);
    expect(removida.statusCode, removida.body).toBe(200);
    expect(removida.json()).toEqual({ removidas: 2 });
    const restantes = await listar(t.headers, `petId=${petId}`);
    expect(restantes.items.map((d) => [d.id, d.status])).toEqual([[r.doses[0]!.id, 'aplicada']]);
    // Nothing pending left: 0 removed; the protocol may be applied again.
    expect((await req(t.headers, 'DELETE', url)).json()).toEqual({ removidas: 0 });
    expect((await aplicar(t.headers, { petId, protocoloId: v10.id, dataInicio: hoje() })).doses).toHaveLength(3);
    // An application the unit does not have: 404.
    expect((await req(t.headers, 'DELETE', `${BASE}/remover-aplicacao-protocolo/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('doses devidas', () => {
  it('lists the unit’s pending doses due in the next N days and the overdue ones, without deceased or inactive pets', async () => {
    const t = await newTenant(ctx);
    const { petId } = await inserirPet(t, 'Zeca', 'Canina');
    const gato = await inserirPet(t, 'Frajola', 'Felina');
    const falecido = await inserirPet(t, 'Velho', 'Canina');
    const inativo = await inserirPet(t, 'Sumido', 'Canina');
    // Zeca: V10 from 25 days ago → -25 (overdue), -4 (overdue), +17.
    await aplicar(t.headers, { petId, protocoloId: (await protocolo(t, 'V10 filhote')).id, dataInicio: hoje(-25) });
    // Frajola: V5 from 3 days ahead → +3, +24.
    await aplicar(t.headers, { petId: gato.petId, protocoloId: (await protocolo(t, 'V5 felina')).id, dataInicio: hoje(3) });
    // Velho: doses planned, then the pet died.
    await aplicar(t.headers, { petId: falecido.petId, protocoloId: (await protocolo(t, 'Giárdia')).id, dataInicio: hoje(-1) });
    // Sumido: doses planned, then the pet was deactivated.
    await aplicar(t.headers, {
      petId: inativo.petId,
      protocoloId: (await protocolo(t, 'Gripe canina')).id,
      dataInicio: hoje(-2),
    });
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
      await tx.update(pets).set({ dataObito: hoje() }).where(eq(pets.id, falecido.petId));
      await tx.update(pets).set({ ativo: false }).where(eq(pets.id, inativo.petId));
    });

    const res = await req(t.headers, 'GET', `${BASE}/doses-devidas?dias=20`);
    expect(res.statusCode, res.body).toBe(200);
    const devidas = res.json<DosesDevidas>();
    expect(devidas.dias).toBe(20);
    expect(devidas.proximas.map((d) => [d.petNome, d.dataPrevista, d.status])).toEqual([
      ['Frajola', hoje(3), 'pendente'],
      ['Zeca', hoje(17), 'pendente'],
    ]);
    expect(devidas.atrasadas.map((d) => [d.petNome, d.dataPrevista, d.status])).toEqual([
      ['Zeca', hoje(-25), 'atrasada'],
      ['Zeca', hoje(-4), 'atrasada'],
    ]);
    expect(devidas.proximas[0]).toMatchObject({ tutorNome: 'Tutora de Frajola', tutorCelular: '11987654321' });

    // Default 30 days: Frajola's second dose (+24) too; 0 days: today only.
    const padrao = (await req(t.headers, 'GET', `${BASE}/doses-devidas`)).json<DosesDevidas>();
    expect(padrao.dias).toBe(30);
    expect(padrao.proximas.map((d) => d.dataPrevista)).toEqual([hoje(3), hoje(17), hoje(24)]);
    expect((await req(t.headers, 'GET', `${BASE}/doses-devidas?dias=0`)).json<DosesDevidas>().proximas).toEqual([]);

    for (const dias of ['abc', '400', '-1', '1.5']) {
      const ruim = await req(t.headers, 'GET', `${BASE}/doses-devidas?dias=${dias}`);
      expect(ruim.statusCode, dias).toBe(400);
      expect(Object.keys(ruim.json<Errors>().errors)).toEqual(['dias']);
    }
  });
});

describe('permissions and isolation', () => {
  it('Caixa reads a pet’s doses and the doses due but cannot plan or delete; Banhista cannot read; through /api/clinicas too', async () => {
    const t = await newTenant(ctx);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    const vet = await usuarioComPerfil(ctx, t, 'veterinario');
    const { petId } = await inserirPet(t, 'Bidu', 'Canina');
    const v10 = await protocolo(t, 'V10 filhote');
    // The vet plans through the other spelling of the prefix.
    const r = await aplicar(
      vet.headers,
      { petId, protocoloId: v10.id, dataInicio: hoje() },
      '/api/clinicas/planejamentos/aplicar-protocolo',
    );
    expect(r.doses).toHaveLength(3);
    expect((await req(vet.headers, 'GET', `/api/clinicas/planejamentos?petId=${petId}`)).json<Page<Planejamento>>().total).toBe(
      3,
    );

    expect((await listar(caixa.headers, `petId=${petId}`)).total).toBe(3);
    expect((await req(caixa.headers, 'GET', `${BASE}/doses-devidas`)).statusCode).toBe(200);
    expect((await req(caixa.headers, 'POST', APLICAR, { petId, protocoloId: v10.id, dataInicio: hoje() })).statusCode).toBe(403);
    expect((await req(caixa.headers, 'DELETE', `${BASE}/${r.doses[0]!.id}`)).statusCode).toBe(403);
    expect((await req(caixa.headers, 'DELETE', `${BASE}/remover-aplicacao-protocolo/${r.aplicacaoProtocoloId}`)).statusCode).toBe(
      403,
    );
    expect((await req(banhista.headers, 'GET', `${BASE}?petId=${petId}`)).statusCode).toBe(403);
    expect((await req(banhista.headers, 'GET', `${BASE}/doses-devidas`)).statusCode).toBe(403);
  });

  it('another unit reads the pet’s doses but cannot delete them; its own lists leave them out', async () => {
    const t = await newTenant(ctx);
    const b = await novaUnidade(ctx, t);
    const { petId } = await inserirPet(t, 'Toby', 'Canina');
    const r = await aplicar(t.headers, { petId, protocoloId: (await protocolo(t, 'Gripe canina')).id, dataInicio: hoje(-1) });

    // The chart is the tenant's: unit B sees unit A's doses of the pet.
    const doPet = await listar(b.headers, `petId=${petId}`);
    expect(doPet.items.map((d) => [d.id, d.unidadeNegocioId])).toEqual(r.doses.map((d) => [d.id, t.unidadeNegocioId]));
    expect(doPet.items[0]!.status).toBe('atrasada');
    // Per-unit lists are the unit's.
    expect((await listar(b.headers, '')).total).toBe(0);
    const devidasB = (await req(b.headers, 'GET', `${BASE}/doses-devidas`)).json<DosesDevidas>();
    expect([...devidasB.proximas, ...devidasB.atrasadas]).toEqual([]);
    const devidasA = (await req(t.headers, 'GET', `${BASE}/doses-devidas`)).json<DosesDevidas>();
    expect(devidasA.atrasadas.map((d) => d.id)).toEqual([r.doses[0]!.id]);
    expect(devidasA.proximas.map((d) => d.id)).toEqual([r.doses[1]!.id]);

    // Writes are the unit's: 404 from unit B, and the doses stay.
    expect((await req(b.headers, 'DELETE', `${BASE}/${r.doses[0]!.id}`)).statusCode).toBe(404);
    expect((await req(b.headers, 'DELETE', `${BASE}/remover-aplicacao-protocolo/${r.aplicacaoProtocoloId}`)).statusCode).toBe(
      404,
    );
    // Unit B cannot apply the same protocol again while A's doses are pending.
    const deB = await req(b.headers, 'POST', APLICAR, { petId, protocoloId: r.doses[0]!.protocoloId, dataInicio: hoje(-1) });
    expect(deB.statusCode).toBe(400);
    expect((await listar(t.headers, `petId=${petId}`)).total).toBe(2);
  });

  it('another tenant sees nothing of it and cannot touch it (404), nor use its pet or protocol', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const { petId } = await inserirPet(t, 'Luke', 'Canina');
    const v10 = await protocolo(t, 'V10 filhote');
    const r = await aplicar(t.headers, { petId, protocoloId: v10.id, dataInicio: hoje() });

    expect((await listar(outro.headers, `petId=${petId}`)).total).toBe(0);
    expect((await listar(outro.headers, '')).total).toBe(0);
    expect((await req(outro.headers, 'DELETE', `${BASE}/${r.doses[0]!.id}`)).statusCode).toBe(404);
    expect((await req(outro.headers, 'DELETE', `${BASE}/remover-aplicacao-protocolo/${r.aplicacaoProtocoloId}`)).statusCode).toBe(
      404,
    );
    const petAlheio = await req(outro.headers, 'POST', APLICAR, {
      petId,
      protocoloId: (await protocolo(outro, 'V10 filhote')).id,
      dataInicio: hoje(),
    });
    expect(petAlheio.json<Errors>().errors).toEqual({ petId: ['Pet não encontrado'] });
    const deOutro = await inserirPet(outro, 'Leia', 'Canina');
    const protocoloAlheio = await req(outro.headers, 'POST', APLICAR, {
      petId: deOutro.petId,
      protocoloId: v10.id,
      dataInicio: hoje(),
    });
    expect(protocoloAlheio.json<Errors>().errors).toEqual({ protocoloId: ['Protocolo não encontrado'] });
    expect((await listar(t.headers, `petId=${petId}`)).total).toBe(3);
  });
});
