/**
 * Appointments API (issue #17 items 2 and 6): booking, reading, changing and removing; the
 * validation 400s; clashes on box, room and professional with the clashing appointment named;
 * capacities; weekly repetition in one transaction; packages consumed and given back (two
 * bookings racing for the last session: exactly one wins).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Atendimento } from '@petshop/shared/agenda';
import { agendaConfiguracoes, tiposAtendimento } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import {
  agendar,
  agendarOk,
  banho,
  diaDaqui,
  inserirCadastros,
  inserirPacote,
  inserirPetComTutor,
  listarDia,
  mudarStatus,
  novaAgenda,
  obter,
  sessoesUsadas,
  URL,
  type Agenda,
} from './agenda-atendimentos-fixtures.ts';
import { newTenant, novaUnidade, useTestApp } from './helper.ts';

const ctx = useTestApp();

const dataBr = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const tipoNome = async (a: Agenda, id: string) =>
  withTenant(ctx.database.db, { tenantId: a.t.tenantId }, async (tx) => {
    const r = (await tx.execute(sql`select nome from tipos_atendimento where id = ${id}`)) as unknown as {
      rows: { nome: string }[];
    };
    return r.rows[0]!.nome;
  });

describe('atendimentos: agendar, ler, alterar, excluir', () => {
  it('agenda um banho com tutor, fim e serviço do tipo, e o lê com todos os campos e o histórico', async () => {
    const a = await novaAgenda(ctx);
    const res = await agendar(ctx, a.t.headers, banho(a, '09:00', { observacoes: 'Laço azul', naoFazer: 'Não cortar as unhas' }));
    expect(res.statusCode, res.body).toBe(201);
    const { id, ids } = res.json<{ id: string; ids: string[] }>();
    expect(ids).toEqual([id]);

    const at = await obter(ctx, a.t.headers, id);
    expect(at).toMatchObject({
      petId: a.petId,
      petNome: 'Rex',
      agressivo: true,
      usaFocinheira: false,
      alergias: 'Shampoo X',
      clienteId: a.clienteId,
      clienteNome: 'Maria Silva',
      clienteTelefone: '11987654321',
      tipoAtendimentoId: a.banhoId,
      area: 'BanhoTosa',
      inicio: `${a.dia}T09:00`,
      fim: `${a.dia}T10:00`,
      boxId: a.box1,
      salaId: null,
      status: 'Agendado',
      prioridade: 'Normal',
      atividade: 'Aguardando',
      observacoes: 'Laço azul',
      naoFazer: 'Não cortar as unhas',
      recorrenciaId: null,
      vendaId: null,
      statusFinanceiro: 'EmAberto',
      pacote: null,
    });
    expect(at.boxNome).toMatch(/^Box A/);
    expect(at.servicos).toEqual([{ produtoId: a.produtoBanhoId, descricao: expect.stringMatching(/^Banho teste/), valor: 50 }]);
    expect(at.historico).toHaveLength(1);
    expect(at.historico[0]).toMatchObject({ campo: 'status', de: null, para: 'Agendado', usuarioNome: 'Administradora Teste' });
    expect(Math.abs(Date.parse(at.historico[0]!.em) - Date.now())).toBeLessThan(60_000);

    const lista = await listarDia(ctx, a.t.headers, a.dia);
    expect(lista.map((x) => x.id)).toEqual([id]);
    expect(await listarDia(ctx, a.t.headers, a.dia, '&query=MARIA')).toHaveLength(1);
    expect(await listarDia(ctx, a.t.headers, a.dia, '&query=rex')).toHaveLength(1);
    expect(await listarDia(ctx, a.t.headers, a.dia, '&query=zzzz')).toHaveLength(0);
    expect(await listarDia(ctx, a.t.headers, diaDaqui(8))).toHaveLength(0);
    expect(await listarDia(ctx, a.t.headers, a.dia, '&area=Clinica')).toHaveLength(0);
    const periodo = await ctx.app.inject({
      url: `${URL}?dataInicio=${diaDaqui(6)}&dataFim=${diaDaqui(8)}`,
      headers: a.t.headers,
    });
    expect(periodo.json<{ total: number }>().total).toBe(1);
  });

  it('altera horário, box e serviços (substituídos) e exclui; depois 404', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${id}`,
      headers: a.t.headers,
      payload: banho(a, '14:00', {
        boxId: a.box2,
        fim: `${a.dia}T15:30`,
        responsavelId: a.t.usuarioId,
        servicos: [{ produtoId: a.produtoBanhoId, valor: 65.5 }],
        levaETraz: { endereco: 'Rua A, 10', horaBusca: '13:00', valor: 15 },
      }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Atendimento>()).toMatchObject({
      inicio: `${a.dia}T14:00`,
      fim: `${a.dia}T15:30`,
      boxId: a.box2,
      responsavelId: a.t.usuarioId,
      responsavelNome: 'Administradora Teste',
      servicos: [{ produtoId: a.produtoBanhoId, valor: 65.5 }],
      levaETraz: { endereco: 'Rua A, 10', horaBusca: '13:00', horaEntrega: null, valor: 15 },
    });
    // The old slot is free again.
    await agendarOk(ctx, a.t.headers, banho(a, '09:00'));

    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: a.t.headers });
    expect(del.statusCode, del.body).toBe(200);
    const get = await ctx.app.inject({ url: `${URL}/${id}`, headers: a.t.headers });
    expect(get.statusCode).toBe(404);
  });

  it('não altera nem exclui um atendimento finalizado; cancelado não se altera mas se exclui', async () => {
    const a = await novaAgenda(ctx);
    const fin = await agendarOk(ctx, a.t.headers, banho(a, '08:00'));
    expect((await mudarStatus(ctx, a.t.headers, fin, 'Finalizado')).statusCode).toBe(200);
    const put = await ctx.app.inject({ method: 'PUT', url: `${URL}/${fin}`, headers: a.t.headers, payload: banho(a, '11:00') });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors.generalErrors[0]).toMatch(/não pode ser alterado/);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${fin}`, headers: a.t.headers });
    expect(del.statusCode).toBe(400);
    expect(del.json().errors.generalErrors[0]).toMatch(/não pode ser excluído/);

    const can = await agendarOk(ctx, a.t.headers, banho(a, '12:00'));
    expect((await mudarStatus(ctx, a.t.headers, can, 'Cancelado', 'Cliente desmarcou')).statusCode).toBe(200);
    const put2 = await ctx.app.inject({ method: 'PUT', url: `${URL}/${can}`, headers: a.t.headers, payload: banho(a, '13:00') });
    expect(put2.statusCode).toBe(400);
    const del2 = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${can}`, headers: a.t.headers });
    expect(del2.statusCode).toBe(200);
  });
});

describe('atendimentos: validação', () => {
  it('responde 400 no campo para cada regra', async () => {
    const a = await novaAgenda(ctx);
    const outro = await newTenant(ctx);
    const petAlheio = await inserirPetComTutor(ctx, outro.tenantId, 'Bidu', 'João');
    const outroTutor = await inserirPetComTutor(ctx, a.t.tenantId, 'Mel', 'Ana Souza');
    const unidade2 = await novaUnidade(ctx, a.t);
    const recursos2 = await inserirCadastros(ctx, a.t, unidade2.id);
    const inativo = await withTenant(ctx.database.db, { tenantId: a.t.tenantId }, async (tx) => {
      const [r] = await tx
        .insert(tiposAtendimento)
        .values({ nome: 'Tipo inativo', area: 'Clinica', duracaoMinutos: 30, cor: '#000000', ativo: false })
        .returning({ id: tiposAtendimento.id });
      return r!.id;
    });

    const casos: [Record<string, unknown>, string, RegExp][] = [
      [{ petId: petAlheio.petId }, 'petId', /Pet não encontrado/],
      [{ clienteId: outroTutor.clienteId }, 'clienteId', /não é tutor/],
      [{ tipoAtendimentoId: inativo, boxId: undefined }, 'tipoAtendimentoId', /inativo/],
      [{ fim: `${a.dia}T08:00` }, 'fim', /depois do início/],
      [{ boxId: undefined }, 'boxId', /Este tipo de atendimento exige um box/],
      [{ salaId: a.sala1 }, 'salaId', /não usa sala/],
      [{ boxId: recursos2.box1 }, 'boxId', /Box não encontrado/],
      [{ responsavelId: outro.usuarioId }, 'responsavelId', /Profissional não encontrado/],
      [{ tipoAtendimentoId: a.consultaId, boxId: undefined }, 'salaId', /exige uma sala/],
      [{ tipoAtendimentoId: a.consultaId, salaId: a.sala1 }, 'boxId', /não usa box/],
      [{ tipoAtendimentoId: a.unhaId, boxId: undefined, salaId: a.sala1 }, 'salaId', /não usa sala/],
      [{ repeticao: { intervaloSemanas: 1, ate: diaDaqui(400) } }, 'repeticao.ate', /um ano/],
      [{ repeticao: { intervaloSemanas: 1, ate: diaDaqui(3) } }, 'repeticao.ate', /depois do primeiro/],
      [{ inicio: 'amanhã' }, 'inicio', /inválid/],
    ];
    for (const [extra, campo, mensagem] of casos) {
      const res = await agendar(ctx, a.t.headers, { ...banho(a), ...extra } as never);
      expect(res.statusCode, `${campo}: ${res.body}`).toBe(400);
      expect(res.json().errors[campo]?.[0], `${campo}: ${res.body}`).toMatch(mensagem);
    }
    // An inactive box.
    await withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId }, (tx) =>
      tx.execute(sql`update boxes set ativo = false where id = ${a.box2}`),
    );
    const res = await agendar(ctx, a.t.headers, banho(a, '09:00', { boxId: a.box2 }));
    expect(res.json().errors.boxId[0]).toBe('Box inativo');
    // Nothing was created by any of them.
    expect(await listarDia(ctx, a.t.headers, a.dia)).toHaveLength(0);
  });
});

describe('atendimentos: conflitos', () => {
  it('recusa o mesmo box, a mesma sala e o mesmo profissional no mesmo horário, nomeando o atendimento', async () => {
    const a = await novaAgenda(ctx);
    const banhoNome = await tipoNome(a, a.banhoId);
    const consultaNome = await tipoNome(a, a.consultaId);
    await agendarOk(ctx, a.t.headers, banho(a, '09:00'));

    const box = await agendar(ctx, a.t.headers, banho(a, '09:30'));
    expect(box.statusCode).toBe(400);
    const esperado = `Conflito com Rex (Maria Silva) · ${banhoNome}, ${dataBr(a.dia)} 09:00–10:00`;
    expect(box.json().errors).toEqual({ boxId: [esperado], generalErrors: [esperado] });
    // Back to back is fine; the other box too.
    await agendarOk(ctx, a.t.headers, banho(a, '10:00'));
    await agendarOk(ctx, a.t.headers, banho(a, '09:30', { boxId: a.box2 }));

    const consulta = { petId: a.petId, tipoAtendimentoId: a.consultaId, inicio: `${a.dia}T15:00`, salaId: a.sala1 };
    await agendarOk(ctx, a.t.headers, consulta);
    const sala = await agendar(ctx, a.t.headers, { ...consulta, inicio: `${a.dia}T15:15` });
    expect(sala.json().errors.salaId).toEqual([`Conflito com Rex (Maria Silva) · ${consultaNome}, ${dataBr(a.dia)} 15:00–15:30`]);

    const unha = { petId: a.petId, tipoAtendimentoId: a.unhaId, inicio: `${a.dia}T17:00`, responsavelId: a.t.usuarioId };
    await agendarOk(ctx, a.t.headers, unha);
    const prof = await agendar(ctx, a.t.headers, { ...banho(a, '16:50', { boxId: a.box2 }), responsavelId: a.t.usuarioId });
    expect(prof.statusCode).toBe(400);
    expect(prof.json().errors.responsavelId[0]).toMatch(
      /^Conflito com Rex \(Maria Silva\) · Corte de unha .*, \d\d\/\d\d\/\d{4} 17:00–17:15$/,
    );
    expect(prof.json().errors.generalErrors).toEqual(prof.json().errors.responsavelId);

    // A cancelled appointment frees its slot; moving over a taken slot is refused too.
    const livre = await agendarOk(ctx, a.t.headers, banho(a, '12:00'));
    expect((await mudarStatus(ctx, a.t.headers, livre, 'Cancelado')).statusCode).toBe(200);
    const outro = await agendarOk(ctx, a.t.headers, banho(a, '12:00'));
    const mover = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${outro}`,
      headers: a.t.headers,
      payload: banho(a, '09:15'),
    });
    expect(mover.json().errors.boxId[0]).toMatch(/09:00–10:00/);
    // Reopening the cancelled one over the new one is refused.
    const reabrir = await mudarStatus(ctx, a.t.headers, livre, 'Agendado');
    expect(reabrir.statusCode).toBe(400);
    expect(reabrir.json().errors.boxId[0]).toMatch(/12:00–13:00/);
  });

  it('com capacidade 2 por box e por profissional, aceita dois e recusa o terceiro', async () => {
    const a = await novaAgenda(ctx);
    await withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId }, (tx) =>
      tx.insert(agendaConfiguracoes).values({ horarios: [], petsPorBox: 2, petsPorProfissional: 2 }),
    );
    await agendarOk(ctx, a.t.headers, banho(a, '09:00', { responsavelId: a.t.usuarioId }));
    await agendarOk(ctx, a.t.headers, banho(a, '09:30', { responsavelId: a.t.usuarioId }));
    // 10:00–11:00 overlaps only the second: still two at once.
    await agendarOk(ctx, a.t.headers, banho(a, '10:00'));
    const terceiro = await agendar(ctx, a.t.headers, banho(a, '09:45'));
    expect(terceiro.statusCode).toBe(400);
    expect(terceiro.json().errors.boxId[0]).toMatch(/^Conflito com Rex/);
    const prof = await agendar(ctx, a.t.headers, banho(a, '09:40', { boxId: a.box2, responsavelId: a.t.usuarioId }));
    expect(prof.json().errors.responsavelId[0]).toMatch(/^Conflito com Rex/);
  });
});

describe('atendimentos: repetição', () => {
  it('cria a série a cada N semanas até a data, todos com a recorrência do primeiro', async () => {
    const a = await novaAgenda(ctx);
    const ate = diaDaqui(7 + 28);
    const res = await agendar(ctx, a.t.headers, banho(a, '09:00', { repeticao: { intervaloSemanas: 2, ate } }));
    expect(res.statusCode, res.body).toBe(201);
    const { id, ids } = res.json<{ id: string; ids: string[] }>();
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(id);
    const datas = [7, 21, 35].map(diaDaqui);
    for (const [i, x] of ids.entries()) {
      const at = await obter(ctx, a.t.headers, x);
      expect(at.inicio).toBe(`${datas[i]}T09:00`);
      expect(at.fim).toBe(`${datas[i]}T10:00`);
      expect(at.recorrenciaId).toBe(id);
    }
  });

  it('um conflito em qualquer ocorrência recusa a série inteira, nomeando a data', async () => {
    const a = await novaAgenda(ctx);
    const terceira = diaDaqui(21);
    await agendarOk(ctx, a.t.headers, { ...banho(a, '09:30'), inicio: `${terceira}T09:30` });
    const res = await agendar(ctx, a.t.headers, banho(a, '09:00', { repeticao: { intervaloSemanas: 1, ate: diaDaqui(35) } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.boxId[0]).toBe(
      `Repetição de ${dataBr(terceira)}: Conflito com Rex (Maria Silva) · ${await tipoNome(a, a.banhoId)}, ${dataBr(terceira)} 09:30–10:30`,
    );
    const todos = await ctx.app.inject({
      url: `${URL}?dataInicio=${diaDaqui(0)}&dataFim=${diaDaqui(40)}&pageSize=100`,
      headers: a.t.headers,
    });
    expect(todos.json<{ total: number }>().total).toBe(1);
  });
});

describe('atendimentos: pacotes', () => {
  it('um tipo coberto consome uma sessão (serviço a 0, Baixada); cancelar devolve; reabrir consome de novo; excluir devolve', async () => {
    const a = await novaAgenda(ctx);
    const pacoteId = await inserirPacote(ctx, a, { sessoes: 4 });
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    let at = await obter(ctx, a.t.headers, id);
    expect(at.pacote).toEqual({ id: pacoteId, nome: '4 banhos', sessoesRestantes: 3 });
    expect(at.servicos[0]!.valor).toBe(0);
    expect(at.statusFinanceiro).toBe('Baixada');
    expect(await sessoesUsadas(ctx, a, pacoteId)).toBe(1);

    expect((await mudarStatus(ctx, a.t.headers, id, 'Cancelado')).statusCode).toBe(200);
    at = await obter(ctx, a.t.headers, id);
    expect(at.pacote).toBeNull();
    expect(await sessoesUsadas(ctx, a, pacoteId)).toBe(0);

    expect((await mudarStatus(ctx, a.t.headers, id, 'Agendado')).statusCode).toBe(200);
    expect((await obter(ctx, a.t.headers, id)).pacote?.id).toBe(pacoteId);
    expect(await sessoesUsadas(ctx, a, pacoteId)).toBe(1);

    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: a.t.headers });
    expect(del.statusCode).toBe(200);
    expect(await sessoesUsadas(ctx, a, pacoteId)).toBe(0);
  });

  it('pacote vencido, esgotado, de outro tipo ou usarPacote false não é consumido', async () => {
    const a = await novaAgenda(ctx);
    const vencido = await inserirPacote(ctx, a, { sessoes: 4, validoAte: diaDaqui(3) });
    const esgotado = await inserirPacote(ctx, a, { sessoes: 2, usadas: 2 });
    const outroTipo = await inserirPacote(ctx, a, { sessoes: 4, tipoAtendimentoId: a.unhaId });
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const at = await obter(ctx, a.t.headers, id);
    expect(at.pacote).toBeNull();
    expect(at.servicos[0]!.valor).toBe(50);
    expect(at.statusFinanceiro).toBe('EmAberto');
    expect(await sessoesUsadas(ctx, a, vencido)).toBe(0);
    expect(await sessoesUsadas(ctx, a, esgotado)).toBe(2);
    expect(await sessoesUsadas(ctx, a, outroTipo)).toBe(0);

    const valido = await inserirPacote(ctx, a, { sessoes: 4 });
    const sem = await agendarOk(ctx, a.t.headers, banho(a, '11:00', { usarPacote: false }));
    expect((await obter(ctx, a.t.headers, sem)).pacote).toBeNull();
    expect(await sessoesUsadas(ctx, a, valido)).toBe(0);
  });

  it('uma série consome uma sessão por ocorrência enquanto houver', async () => {
    const a = await novaAgenda(ctx);
    const pacoteId = await inserirPacote(ctx, a, { sessoes: 2, petId: null });
    const res = await agendar(ctx, a.t.headers, banho(a, '09:00', { repeticao: { intervaloSemanas: 1, ate: diaDaqui(21) } }));
    const { ids } = res.json<{ ids: string[] }>();
    expect(ids).toHaveLength(3);
    const pacotes = await Promise.all(ids.map(async (id) => (await obter(ctx, a.t.headers, id)).pacote?.id ?? null));
    expect(pacotes).toEqual([pacoteId, pacoteId, null]);
    expect(await sessoesUsadas(ctx, a, pacoteId)).toBe(2);
  });

  it('dois agendamentos ao mesmo tempo pela última sessão: exatamente um a consome', async () => {
    const a = await novaAgenda(ctx);
    const pacoteId = await inserirPacote(ctx, a, { sessoes: 4, usadas: 3 });
    const [r1, r2] = await Promise.all([
      agendar(ctx, a.t.headers, banho(a, '09:00')),
      agendar(ctx, a.t.headers, banho(a, '09:00', { boxId: a.box2 })),
    ]);
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r2.statusCode, r2.body).toBe(201);
    const pacotes = await Promise.all(
      [r1, r2].map(async (r) => (await obter(ctx, a.t.headers, r.json<{ id: string }>().id)).pacote?.id ?? null),
    );
    expect(pacotes.filter((p) => p === pacoteId)).toHaveLength(1);
    expect(pacotes.filter((p) => p === null)).toHaveLength(1);
    expect(await sessoesUsadas(ctx, a, pacoteId)).toBe(4);
  });

  it('dois agendamentos ao mesmo tempo no mesmo box: exatamente um entra', async () => {
    const a = await novaAgenda(ctx);
    const [r1, r2] = await Promise.all([
      agendar(ctx, a.t.headers, banho(a, '09:00')),
      agendar(ctx, a.t.headers, banho(a, '09:30')),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 400]);
    expect(await listarDia(ctx, a.t.headers, a.dia)).toHaveLength(1);
  });
});
