/**
 * The agenda's WhatsApp triggers (issue #21 item 4): booking queues the owner's confirmation
 * (rendered with pet, date and time in the unit's zone, the type's name), a Confirmado after it
 * does not send again, an appointment already started asks nothing, a series asks for its first;
 * Pronto queues "pet pronto" once per time it goes Pronto; cancelling cancels what still waits;
 * templates off queue nothing; no marketing consent does not stop these (transactional); a
 * deceased pet gets none; rescheduling asks again, deleting cancels what waits; each unit's
 * messages stay in that unit.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant-scope.ts';
import { agendarOk, banho, diaDaqui, mudarStatus, novaAgenda, type Agenda } from './agenda-atendimentos-fixtures.ts';
import { useTestApp } from './helper.ts';
import { ligarModelos, mensagensDaUnidade, type Escopo } from './whatsapp-gatilhos-fixtures.ts';

const ctx = useTestApp();

const escopoDe = (a: Agenda): Escopo => ({ tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId });
const doAtendimento = async (a: Agenda, id: string) =>
  (await mensagensDaUnidade(ctx, escopoDe(a))).filter((m) => m.atendimento_id === id);
const br = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

describe('confirmação de agendamento', () => {
  it('agendar põe a confirmação na fila com os dados do atendimento; Confirmado depois não repete', async () => {
    const a = await novaAgenda(ctx);
    await ligarModelos(ctx, escopoDe(a), ['confirmacaoAgendamento']);
    const id = await agendarOk(ctx, a.t.headers, banho(a, '14:30'));
    const [m, ...resto] = await doAtendimento(a, id);
    expect(resto).toEqual([]);
    expect(m).toMatchObject({
      tipo: 'confirmacaoAgendamento',
      status: 'Pendente',
      telefone: '5511987654321',
      pessoa_id: a.clienteId,
      pet_id: a.petId,
    });
    expect(m!.chave).toMatch(new RegExp(`^confirmacao:${id}:\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$`));
    expect(m!.texto).toMatch(
      new RegExp(`^Olá, Maria! O atendimento de Banho \\w+ do Rex está marcado para ${br(a.dia)} às 14:30 na Loja Centro\\.`),
    );

    expect((await mudarStatus(ctx, a.t.headers, id, 'Confirmado')).statusCode).toBe(200);
    expect(await doAtendimento(a, id)).toHaveLength(1);
  });

  it('modelo desligado não enfileira; ligado depois, Confirmado pede a confirmação uma vez', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    expect(await doAtendimento(a, id)).toEqual([]);
    await ligarModelos(ctx, escopoDe(a), ['confirmacaoAgendamento']);
    await mudarStatus(ctx, a.t.headers, id, 'Confirmado');
    await mudarStatus(ctx, a.t.headers, id, 'Agendado');
    await mudarStatus(ctx, a.t.headers, id, 'Confirmado');
    expect((await doAtendimento(a, id)).map((m) => m.tipo)).toEqual(['confirmacaoAgendamento']);
  });

  it('atendimento que já começou não pede confirmação; numa série só o primeiro pede', async () => {
    const a = await novaAgenda(ctx);
    await ligarModelos(ctx, escopoDe(a), ['confirmacaoAgendamento']);
    const passado = await agendarOk(ctx, a.t.headers, { ...banho(a), inicio: `${diaDaqui(-2)}T09:00` });
    expect(await doAtendimento(a, passado)).toEqual([]);
    await mudarStatus(ctx, a.t.headers, passado, 'Confirmado');
    expect(await doAtendimento(a, passado)).toEqual([]);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/agenda/atendimentos',
      headers: a.t.headers,
      payload: { ...banho(a, '16:00'), repeticao: { intervaloSemanas: 1, ate: diaDaqui(21) } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { ids } = res.json<{ ids: string[] }>();
    expect(ids.length).toBeGreaterThan(1);
    const todas = await mensagensDaUnidade(ctx, escopoDe(a));
    expect(todas.filter((m) => ids.includes(m.atendimento_id!)).map((m) => m.atendimento_id)).toEqual([ids[0]]);
  });

  it('sem consentimento de marketing a confirmação vai (transacional); pet falecido não recebe nada', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a);
    await ligarModelos(ctx, escopo, ['confirmacaoAgendamento', 'petPronto']);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    expect((await doAtendimento(a, id)).map((m) => m.tipo)).toEqual(['confirmacaoAgendamento']);

    const outro = await agendarOk(ctx, a.t.headers, banho(a, '11:00'));
    await withTenant(ctx.database.db, escopo, (tx) =>
      tx.execute(sql`update pets set data_obito = current_date - 1 where id = ${a.petId}`),
    );
    const tarde = await agendarOk(ctx, a.t.headers, banho(a, '13:00'));
    expect((await mudarStatus(ctx, a.t.headers, outro, 'Pronto')).statusCode).toBe(200);
    expect(await doAtendimento(a, tarde)).toEqual([]);
    expect((await doAtendimento(a, outro)).map((m) => m.tipo)).toEqual(['confirmacaoAgendamento']);
  });
});

describe('pet pronto e cancelamento', () => {
  it('Pronto enfileira "pet pronto" uma vez por vez que fica pronto', async () => {
    const a = await novaAgenda(ctx);
    await ligarModelos(ctx, escopoDe(a), ['petPronto']);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    expect((await mudarStatus(ctx, a.t.headers, id, 'Pronto')).statusCode).toBe(200);
    const [m] = await doAtendimento(a, id);
    expect(m).toMatchObject({ tipo: 'petPronto', chave: `pronto:${id}:1`, status: 'Pendente' });
    expect(m!.texto).toBe('Olá, Maria! O Rex já está pronto e esperando por você na Loja Centro. 🐾');
    expect((await mudarStatus(ctx, a.t.headers, id, 'EmAtendimento')).statusCode).toBe(200);
    expect((await mudarStatus(ctx, a.t.headers, id, 'Pronto')).statusCode).toBe(200);
    expect((await doAtendimento(a, id)).map((x) => x.chave)).toEqual([`pronto:${id}:1`, `pronto:${id}:2`]);
  });

  it('cancelar ou falta cancelam só as mensagens pendentes do atendimento', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a);
    await ligarModelos(ctx, escopo, ['confirmacaoAgendamento']);
    const id = await agendarOk(ctx, a.t.headers, banho(a, '09:00'));
    const falta = await agendarOk(ctx, a.t.headers, banho(a, '11:00'));
    const enviado = await agendarOk(ctx, a.t.headers, banho(a, '13:00'));
    await withTenant(ctx.database.db, escopo, (tx) =>
      tx.execute(sql`update whatsapp_mensagens set status = 'Enviada', enviada_em = now() where atendimento_id = ${enviado}`),
    );
    await mudarStatus(ctx, a.t.headers, id, 'Cancelado', 'Chuva');
    await mudarStatus(ctx, a.t.headers, falta, 'NaoCompareceu');
    await mudarStatus(ctx, a.t.headers, enviado, 'Cancelado');
    expect(await doAtendimento(a, id)).toMatchObject([{ status: 'Cancelada', ultimo_erro: 'Atendimento cancelado' }]);
    expect(await doAtendimento(a, falta)).toMatchObject([{ status: 'Cancelada', ultimo_erro: 'Cliente não compareceu' }]);
    expect(await doAtendimento(a, enviado)).toMatchObject([{ status: 'Enviada' }]);
  });
});

describe('remarcar e excluir', () => {
  it('remarcar cancela a confirmação pendente, limpa a resposta e pede de novo; mudar outra coisa não', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a);
    await ligarModelos(ctx, escopo, ['confirmacaoAgendamento']);
    const id = await agendarOk(ctx, a.t.headers, banho(a, '09:00'));
    await withTenant(ctx.database.db, escopo, (tx) =>
      tx.execute(
        sql`update atendimentos set resposta_confirmacao = 'NaoPodeComparecer', resposta_confirmacao_em = now() where id = ${id}`,
      ),
    );
    const alterar = (input: ReturnType<typeof banho>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/agenda/atendimentos/${id}`, headers: a.t.headers, payload: input });
    const mesmaHora = await alterar(banho(a, '09:00', { observacoes: 'Sem perfume' }));
    expect(mesmaHora.statusCode, mesmaHora.body).toBe(200);
    expect(mesmaHora.json().respostaConfirmacao).toBe('NaoPodeComparecer');
    expect(await doAtendimento(a, id)).toHaveLength(1);

    const res = await alterar(banho(a, '15:00'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().respostaConfirmacao).toBeNull();
    const lista = await doAtendimento(a, id);
    expect(lista.map((m) => [m.status, m.texto.includes('às 15:00')])).toEqual([
      ['Cancelada', false],
      ['Pendente', true],
    ]);
    expect(lista[0]!.chave).not.toBe(lista[1]!.chave);
  });

  it('excluir cancela as mensagens pendentes (o registro fica)', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a);
    await ligarModelos(ctx, escopo, ['confirmacaoAgendamento']);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/agenda/atendimentos/${id}`, headers: a.t.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mensagensDaUnidade(ctx, escopo)).toMatchObject([
      { tipo: 'confirmacaoAgendamento', status: 'Cancelada', atendimento_id: null, ultimo_erro: 'Atendimento excluído' },
    ]);
  });
});

describe('isolamento', () => {
  it('a mensagem fica na unidade e no tenant do atendimento', async () => {
    const a = await novaAgenda(ctx);
    const b = await novaAgenda(ctx);
    await ligarModelos(ctx, escopoDe(a), ['confirmacaoAgendamento']);
    await ligarModelos(ctx, escopoDe(b), ['confirmacaoAgendamento']);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    expect(await doAtendimento(a, id)).toHaveLength(1);
    expect(await mensagensDaUnidade(ctx, escopoDe(b))).toEqual([]);
  });
});
