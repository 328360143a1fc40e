/**
 * Setup of the appointment tests (issue #17): a tenant with types (a box type priced by a
 * service, a room type, a type needing nothing), boxes, a room, a groomer and an owner with a
 * pet, inserted straight into the database in the tenant's and unit's scope; and small request
 * helpers for /api/agenda/atendimentos.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Atendimento, AtendimentoDetalhe, AtendimentoInput } from '@petshop/shared/agenda';
import {
  boxes,
  pacotes,
  pessoas,
  petTutores,
  pets,
  produtos,
  salas,
  tiposAtendimento,
  unidadesMedida,
} from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { newTenant, usuarioComPerfil, type TenantFixture, type TestContext } from './helper.ts';

export const URL = '/api/agenda/atendimentos';

/** 'yyyy-MM-dd' `dias` days from today in the test units' calendar (tests book a week or more ahead). */
export const diaDaqui = (dias: number): string =>
  // The day in the test units' time zone (America/Sao_Paulo), as the API compares dates: the UTC date is a day ahead
  // from 21:00 to 24:00 there, and a "yesterday" made from it was still today for the API.
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + dias * 86_400_000));

/** A service product priced `precoVenda`: its id. */
export const inserirServico = (ctx: TestContext, tenantId: string, nome: string, precoVenda: number): Promise<string> =>
  withTenant(ctx.database.db, { tenantId }, async (tx) => {
    const [un] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN'));
    const [row] = await tx
      .insert(produtos)
      .values({ nome, tipo: 'servico', unidadeMedidaId: un!.id, precoVenda: String(precoVenda), controlaEstoque: false })
      .returning({ id: produtos.id });
    return row!.id;
  });

/** An owner named `tutor` with a mobile phone and a pet named `pet`: both ids. */
export const inserirPetComTutor = (ctx: TestContext, tenantId: string, pet: string, tutor: string) =>
  withTenant(ctx.database.db, { tenantId }, async (tx) => {
    const [pessoa] = await tx
      .insert(pessoas)
      .values({
        nome: tutor,
        telefones: [
          { numero: '1133334444', tipo: 'fixo', whatsapp: false },
          { numero: '11987654321', tipo: 'celular', whatsapp: true },
        ],
      })
      .returning({ id: pessoas.id });
    const [animal] = await tx
      .insert(pets)
      .values({ nome: pet, agressivo: true, alergias: 'Shampoo X' })
      .returning({ id: pets.id });
    await tx.insert(petTutores).values({ petId: animal!.id, pessoaId: pessoa!.id, principal: true });
    return { petId: animal!.id, clienteId: pessoa!.id };
  });

export type Agenda = {
  t: TenantFixture;
  /** Bath: needs a box, 60 min, priced by `produtoBanhoId` at 50. */
  banhoId: string;
  produtoBanhoId: string;
  /** Consultation: clinic, needs a room, 30 min. */
  consultaId: string;
  /** Nail trim: bath and grooming, needs nothing, 15 min. */
  unhaId: string;
  box1: string;
  box2: string;
  sala1: string;
  petId: string;
  clienteId: string;
  /** A groomer (Banhista profile) of the unit. */
  banhista: { headers: Record<string, string>; usuarioId: string };
  /** A day a week ahead, 'yyyy-MM-dd'. */
  dia: string;
};

/** Inserts types, boxes and a room in `unidadeNegocioId` (default the tenant's first unit). */
export const inserirCadastros = async (ctx: TestContext, t: TenantFixture, unidadeNegocioId = t.unidadeNegocioId) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId }, async (tx) => {
    const sufixo = randomUUID().slice(0, 6);
    const [b1, b2] = await tx
      .insert(boxes)
      .values([{ nome: `Box A ${sufixo}` }, { nome: `Box B ${sufixo}` }])
      .returning({ id: boxes.id });
    const [s1] = await tx
      .insert(salas)
      .values({ nome: `Sala 1 ${sufixo}` })
      .returning({ id: salas.id });
    return { box1: b1!.id, box2: b2!.id, sala1: s1!.id };
  });

/** A fresh tenant with everything the appointment tests need. */
export const novaAgenda = async (ctx: TestContext): Promise<Agenda> => {
  const t = await newTenant(ctx);
  const sufixo = randomUUID().slice(0, 6);
  const produtoBanhoId = await inserirServico(ctx, t.tenantId, `Banho teste ${sufixo}`, 50);
  const tipos = await withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) =>
    tx
      .insert(tiposAtendimento)
      .values([
        {
          nome: `Banho ${sufixo}`,
          area: 'BanhoTosa',
          duracaoMinutos: 60,
          cor: '#228be6',
          produtoId: produtoBanhoId,
          recurso: 'Box',
        },
        { nome: `Consulta ${sufixo}`, area: 'Clinica', duracaoMinutos: 30, cor: '#40c057', recurso: 'Sala' },
        { nome: `Corte de unha ${sufixo}`, area: 'BanhoTosa', duracaoMinutos: 15, cor: '#fab005', recurso: 'Nenhum' },
      ])
      .returning({ id: tiposAtendimento.id }),
  );
  const recursos = await inserirCadastros(ctx, t);
  const { petId, clienteId } = await inserirPetComTutor(ctx, t.tenantId, 'Rex', 'Maria Silva');
  const banhista = await usuarioComPerfil(ctx, t, 'banhista', 'Bia Banhista');
  return {
    t,
    banhoId: tipos[0]!.id,
    produtoBanhoId,
    consultaId: tipos[1]!.id,
    unhaId: tipos[2]!.id,
    ...recursos,
    petId,
    clienteId,
    banhista,
    dia: diaDaqui(7),
  };
};

/** A bath input on `a.dia` at `hora` in box 1 (override anything). */
export const banho = (a: Agenda, hora = '09:00', extra: Partial<AtendimentoInput> = {}): AtendimentoInput => ({
  petId: a.petId,
  tipoAtendimentoId: a.banhoId,
  inicio: `${a.dia}T${hora}`,
  boxId: a.box1,
  ...extra,
});

/** POST /atendimentos; the response. */
export const agendar = (ctx: TestContext, headers: Record<string, string>, input: AtendimentoInput) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload: input });

/** POST /atendimentos expecting 201: the first id. */
export const agendarOk = async (ctx: TestContext, headers: Record<string, string>, input: AtendimentoInput): Promise<string> => {
  const res = await agendar(ctx, headers, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};

/** GET /atendimentos/{id} expecting 200. */
export const obter = async (ctx: TestContext, headers: Record<string, string>, id: string): Promise<AtendimentoDetalhe> => {
  const res = await ctx.app.inject({ url: `${URL}/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AtendimentoDetalhe>();
};

/** PUT /atendimentos/{id}/status. */
export const mudarStatus = (ctx: TestContext, headers: Record<string, string>, id: string, status: string, motivo?: string) =>
  ctx.app.inject({ method: 'PUT', url: `${URL}/${id}/status`, headers, payload: { status, ...(motivo ? { motivo } : {}) } });

/** PUT /atendimentos/{id}/atividade. */
export const mudarAtividade = (ctx: TestContext, headers: Record<string, string>, id: string, atividade: string) =>
  ctx.app.inject({ method: 'PUT', url: `${URL}/${id}/atividade`, headers, payload: { atividade } });

/** The list of a day. */
export const listarDia = async (
  ctx: TestContext,
  headers: Record<string, string>,
  data: string,
  extra = '',
): Promise<Atendimento[]> => {
  const res = await ctx.app.inject({ url: `${URL}?data=${data}&pageSize=100${extra}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Atendimento[] }>().items;
};

/** A package of `sessoes` sessions of `tipoAtendimentoId` for the owner (and pet), valid until `validoAte`: its id. */
export const inserirPacote = (
  ctx: TestContext,
  a: Agenda,
  opts: { sessoes: number; usadas?: number; validoAte?: string; tipoAtendimentoId?: string; petId?: string | null },
): Promise<string> =>
  withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId }, async (tx) => {
    const [row] = await tx
      .insert(pacotes)
      .values({
        clienteId: a.clienteId,
        petId: opts.petId === undefined ? a.petId : opts.petId,
        produtoId: a.produtoBanhoId,
        tipoAtendimentoId: opts.tipoAtendimentoId ?? a.banhoId,
        nome: `${opts.sessoes} banhos`,
        sessoesTotal: opts.sessoes,
        sessoesUsadas: opts.usadas ?? 0,
        validoAte: opts.validoAte ?? diaDaqui(60),
      })
      .returning({ id: pacotes.id });
    return row!.id;
  });

/** sessoes_usadas of a package. */
export const sessoesUsadas = (ctx: TestContext, a: Agenda, pacoteId: string): Promise<number> =>
  withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId }, async (tx) => {
    const r = (await tx.execute(sql`select sessoes_usadas as n from pacotes where id = ${pacoteId}`)) as unknown as {
      rows: { n: number }[];
    };
    return r.rows[0]!.n;
  });
