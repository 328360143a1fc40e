/**
 * Appointments' status, priority and activity (issue #17 items 2 and 5; DOMAIN.md §10): the
 * transitions and the allowed ones named when refused, the history (who, when), the owner's
 * WhatsApp messages queued by booking, Pronto and cancelling (issue #21), the board's activity moves, permissions
 * (a groomer changes only status and activity of bath-and-grooming appointments; Caixa books;
 * Financeiro nothing) and tenant and unit isolation of every call.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STATUS_ATENDIMENTO, TRANSICOES_STATUS, type Atendimento, type StatusAtendimento } from '@petshop/shared/agenda';
import { withTenant } from '../src/db/tenant-scope.ts';
import {
  agendar,
  agendarOk,
  banho,
  listarDia,
  mudarAtividade,
  mudarStatus,
  novaAgenda,
  obter,
  URL,
  type Agenda,
} from './agenda-atendimentos-fixtures.ts';
import { novaUnidade, usuarioComPerfil, useTestApp } from './helper.ts';
import { ligarModelos, mensagensDaUnidade } from './whatsapp-gatilhos-fixtures.ts';

const ctx = useTestApp();

const escopo = (a: Agenda) => ({ tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId });

/** Sets an appointment's status straight in the database (setup of a state without its effects). */
const forcarStatus = (a: Agenda, id: string, status: StatusAtendimento) =>
  withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId }, (tx) =>
    tx.execute(sql`update atendimentos set status = ${status} where id = ${id}`),
  );

describe('status', () => {
  it('percorre transições permitidas sem check-in e guarda cada mudança com quem e quando, na ordem', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const caminho: StatusAtendimento[] = [
      'Confirmado',
      'Agendado',
      'Cancelado',
      'Agendado',
      'NaoCompareceu',
      'Agendado',
      'Pronto',
      'Finalizado',
    ];
    for (const status of caminho) {
      const res = await mudarStatus(ctx, a.t.headers, id, status);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json<Atendimento>().status).toBe(status);
    }
    const at = await obter(ctx, a.t.headers, id);
    const statusHist = at.historico.filter((h) => h.campo === 'status');
    const esperado = [[null, 'Agendado'], ...caminho.map((para, i) => [i === 0 ? 'Agendado' : caminho[i - 1]!, para])];
    expect(statusHist.map((h) => [h.de, h.para])).toEqual(esperado);
    expect(at.historico.every((h) => h.usuarioNome === 'Administradora Teste')).toBe(true);
    const ems = at.historico.map((h) => Date.parse(h.em));
    expect(ems).toEqual([...ems].sort((x, y) => x - y));
    // Pronto moved the activity to Finalizado (kept in the history too).
    expect(at.atividade).toBe('Finalizado');
    expect(at.historico.some((h) => h.campo === 'atividade' && h.de === 'Aguardando' && h.para === 'Finalizado')).toBe(true);
  });

  it('recusa transições inválidas nomeando as permitidas', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    expect((await mudarStatus(ctx, a.t.headers, id, 'Cancelado')).statusCode).toBe(200);
    const res = await mudarStatus(ctx, a.t.headers, id, 'Confirmado');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.status).toEqual(['De Cancelado pode ir para: Agendado']);

    const fin = await agendarOk(ctx, a.t.headers, banho(a, '11:00'));
    expect((await mudarStatus(ctx, a.t.headers, fin, 'Finalizado')).statusCode).toBe(200);
    const fim = await mudarStatus(ctx, a.t.headers, fin, 'Agendado');
    expect(fim.json().errors.status).toEqual(['De Finalizado não há transição possível']);

    const pronto = await agendarOk(ctx, a.t.headers, banho(a, '13:00'));
    expect((await mudarStatus(ctx, a.t.headers, pronto, 'Pronto')).statusCode).toBe(200);
    const voltar = await mudarStatus(ctx, a.t.headers, pronto, 'Agendado');
    expect(voltar.json().errors.status).toEqual(['De Pronto pode ir para: Em atendimento, Finalizado']);

    // From Em atendimento: the list comes from TRANSICOES_STATUS.
    const em = await agendarOk(ctx, a.t.headers, banho(a, '15:00'));
    await forcarStatus(a, em, 'EmAtendimento');
    const r = await mudarStatus(ctx, a.t.headers, em, 'Agendado');
    const permitidos = TRANSICOES_STATUS.EmAtendimento.map((s) => STATUS_ATENDIMENTO[s]).join(', ');
    expect(r.json().errors.status).toEqual([`De Em atendimento pode ir para: ${permitidos}`]);
    const invalido = await mudarStatus(ctx, a.t.headers, em, 'Voando');
    expect(invalido.statusCode).toBe(400);
  });

  it('agendar e Pronto põem mensagens do WhatsApp na fila do tutor; Confirmado depois do agendamento não repete; cancelar cancela as pendentes', async () => {
    const a = await novaAgenda(ctx);
    await ligarModelos(ctx, escopo(a), ['confirmacaoAgendamento', 'petPronto']);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    await mudarStatus(ctx, a.t.headers, id, 'Confirmado');
    await mudarStatus(ctx, a.t.headers, id, 'Pronto');
    const lista = (await mensagensDaUnidade(ctx, escopo(a))).filter((m) => m.atendimento_id === id);
    expect(lista.map((m) => m.tipo)).toEqual(['confirmacaoAgendamento', 'petPronto']);
    for (const m of lista) expect(m).toMatchObject({ pessoa_id: a.clienteId, telefone: '5511987654321', status: 'Pendente' });

    const outro = await agendarOk(ctx, a.t.headers, banho(a, '11:00'));
    expect((await mudarStatus(ctx, a.t.headers, outro, 'Cancelado')).statusCode).toBe(200);
    const doOutro = (await mensagensDaUnidade(ctx, escopo(a))).filter((m) => m.atendimento_id === outro);
    expect(doOutro).toMatchObject([{ tipo: 'confirmacaoAgendamento', status: 'Cancelada' }]);
  });

  it('cancelar com motivo guarda o motivo e libera o horário', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    expect((await mudarStatus(ctx, a.t.headers, id, 'Cancelado', 'Chuva')).statusCode).toBe(200);
    const motivo = await withTenant(
      ctx.database.db,
      { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId },
      async (tx) => {
        const r = (await tx.execute(sql`select motivo_cancelamento as m from atendimentos where id = ${id}`)) as unknown as {
          rows: { m: string }[];
        };
        return r.rows[0]!.m;
      },
    );
    expect(motivo).toBe('Chuva');
    await agendarOk(ctx, a.t.headers, banho(a));
  });
});

describe('prioridade e atividade', () => {
  it('PATCH prioridade guarda o histórico; a mesma prioridade não repete', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `${URL}/${id}/prioridade`,
      headers: a.t.headers,
      payload: { prioridade: 'Urgente' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Atendimento>().prioridade).toBe('Urgente');
    await ctx.app.inject({
      method: 'PATCH',
      url: `${URL}/${id}/prioridade`,
      headers: a.t.headers,
      payload: { prioridade: 'Urgente' },
    });
    const hist = (await obter(ctx, a.t.headers, id)).historico.filter((h) => h.campo === 'prioridade');
    expect(hist).toMatchObject([{ de: 'Normal', para: 'Urgente', usuarioNome: 'Administradora Teste' }]);
    const ruim = await ctx.app.inject({
      method: 'PATCH',
      url: `${URL}/${id}/prioridade`,
      headers: a.t.headers,
      payload: { prioridade: 'Máxima' },
    });
    expect(ruim.statusCode).toBe(400);
  });

  it('move a atividade nos dois sentidos, carimba atividade_desde e o histórico; Finalizado não muda o status', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    await forcarStatus(a, id, 'EmAtendimento');
    const antes = Date.parse((await obter(ctx, a.t.headers, id)).atividadeDesde);
    const passos = ['Banho', 'Secagem', 'Banho', 'Tosa', 'Finalizado'];
    let ultimo = antes;
    for (const atividade of passos) {
      const res = await mudarAtividade(ctx, a.banhista.headers, id, atividade);
      expect(res.statusCode, res.body).toBe(200);
      const at = res.json<Atendimento>();
      expect(at.atividade).toBe(atividade);
      expect(Date.parse(at.atividadeDesde)).toBeGreaterThanOrEqual(ultimo);
      ultimo = Date.parse(at.atividadeDesde);
    }
    expect(ultimo).toBeGreaterThan(antes);
    const at = await obter(ctx, a.t.headers, id);
    expect(at.status).toBe('EmAtendimento');
    const hist = at.historico.filter((h) => h.campo === 'atividade');
    expect(hist.map((h) => [h.de, h.para])).toEqual([
      ['Aguardando', 'Banho'],
      ['Banho', 'Secagem'],
      ['Secagem', 'Banho'],
      ['Banho', 'Tosa'],
      ['Tosa', 'Finalizado'],
    ]);
    expect(hist.every((h) => h.usuarioNome === 'Bia Banhista')).toBe(true);
  });

  it('recusa mover a atividade de atendimentos cancelados, faltosos ou finalizados', async () => {
    const a = await novaAgenda(ctx);
    for (const [hora, status] of [
      ['08:00', 'Cancelado'],
      ['10:00', 'NaoCompareceu'],
      ['12:00', 'Finalizado'],
    ] as const) {
      const id = await agendarOk(ctx, a.t.headers, banho(a, hora));
      expect((await mudarStatus(ctx, a.t.headers, id, status)).statusCode).toBe(200);
      const res = await mudarAtividade(ctx, a.t.headers, id, 'Banho');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.atividade[0]).toMatch(/não muda de atividade/);
    }
  });
});

// The gateway's webhook (receipts, replies): whatsapp-webhook.test.ts.

describe('permissões', () => {
  it('Banhista muda status e atividade só de banho e tosa; 403 em agendar, alterar, excluir e prioridade', async () => {
    const a = await novaAgenda(ctx);
    const b = a.banhista.headers;
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const consulta = await agendarOk(ctx, a.t.headers, {
      petId: a.petId,
      tipoAtendimentoId: a.consultaId,
      inicio: `${a.dia}T15:00`,
      salaId: a.sala1,
    });

    expect((await listarDia(ctx, b, a.dia)).length).toBe(2);
    expect((await ctx.app.inject({ url: `${URL}/${id}`, headers: b })).statusCode).toBe(200);
    expect((await mudarStatus(ctx, b, id, 'Confirmado')).statusCode).toBe(200);
    const clinica = await mudarStatus(ctx, b, consulta, 'Confirmado');
    expect(clinica.statusCode).toBe(403);
    expect((await obter(ctx, a.t.headers, consulta)).status).toBe('Agendado');
    await forcarStatus(a, id, 'EmAtendimento');
    expect((await mudarAtividade(ctx, b, id, 'Banho')).statusCode).toBe(200);
    await forcarStatus(a, consulta, 'EmAtendimento');
    expect((await mudarAtividade(ctx, b, consulta, 'Banho')).statusCode).toBe(403);

    expect((await agendar(ctx, b, banho(a, '11:00'))).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: b, payload: banho(a, '11:00') })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: b })).statusCode).toBe(403);
    const prio = await ctx.app.inject({
      method: 'PATCH',
      url: `${URL}/${id}/prioridade`,
      headers: b,
      payload: { prioridade: 'Alta' },
    });
    expect(prio.statusCode).toBe(403);
  });

  it('Caixa agenda; Financeiro não lê nem agenda', async () => {
    const a = await novaAgenda(ctx);
    const caixa = await usuarioComPerfil(ctx, a.t, 'caixa');
    const id = await agendarOk(ctx, caixa.headers, banho(a));
    expect((await mudarStatus(ctx, caixa.headers, id, 'Confirmado')).statusCode).toBe(200);
    const fin = await usuarioComPerfil(ctx, a.t, 'financeiro');
    expect((await ctx.app.inject({ url: URL, headers: fin.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `${URL}/${id}`, headers: fin.headers })).statusCode).toBe(403);
    expect((await agendar(ctx, fin.headers, banho(a, '11:00'))).statusCode).toBe(403);
    expect((await mudarStatus(ctx, fin.headers, id, 'Agendado')).statusCode).toBe(403);
  });
});

describe('isolamento', () => {
  it('atendimento de outro tenant ou de outra unidade: 404 em toda chamada e fora das listas', async () => {
    const a = await novaAgenda(ctx);
    const outro = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const unidade2 = await novaUnidade(ctx, a.t);

    for (const headers of [outro.t.headers, unidade2.headers]) {
      expect((await ctx.app.inject({ url: `${URL}/${id}`, headers })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers, payload: banho(a, '11:00') })).statusCode).toBe(
        404,
      );
      expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers })).statusCode).toBe(404);
      expect((await mudarStatus(ctx, headers, id, 'Confirmado')).statusCode).toBe(404);
      expect((await mudarAtividade(ctx, headers, id, 'Banho')).statusCode).toBe(404);
      const prio = await ctx.app.inject({
        method: 'PATCH',
        url: `${URL}/${id}/prioridade`,
        headers,
        payload: { prioridade: 'Alta' },
      });
      expect(prio.statusCode).toBe(404);
      expect(await listarDia(ctx, headers, a.dia)).toEqual([]);
    }
    // The other tenant cannot book this tenant's pet.
    const alheio = await agendar(ctx, outro.t.headers, banho(outro, '09:00', { petId: a.petId }));
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().errors.petId).toEqual(['Pet não encontrado']);
    // Still unchanged for its own unit.
    expect((await obter(ctx, a.t.headers, id)).status).toBe('Agendado');
  });
});
