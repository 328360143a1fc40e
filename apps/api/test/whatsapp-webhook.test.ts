/**
 * The gateway's callbacks at POST /api/agenda/atendimentos/notificacao-webhook (issue #21 item 5):
 * authentication by the unit's secret (401 for a wrong or another unit's token and an unknown
 * unit), receipts moving the outbox forward only, the connection event, the owner's replies
 * ("1" confirms, "Não" flags, "sair" withdraws marketing consent), the same callback twice giving
 * the same result, unit isolation (a callback for unit A never touches unit B), a body the gateway
 * cannot read → 400, and the Cloud API's GET verification. Gateway: the in-process fake.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AtendimentoDetalhe } from '@petshop/shared/agenda';
import { withTenant } from '../src/db/tenant-scope.ts';
import { getConexao } from '../src/modules/whatsapp/conexao-repository.ts';
import { agendarOk, banho, inserirCadastros, novaAgenda, obter, URL, type Agenda } from './agenda-atendimentos-fixtures.ts';
import { novaUnidade, useTestApp } from './helper.ts';
import { ligarModelos, mensagensDaUnidade, type Escopo } from './whatsapp-gatilhos-fixtures.ts';

const ctx = useTestApp();
const WEBHOOK = `${URL}/notificacao-webhook`;
const TELEFONE = '5511987654321';

/** The unit's webhook secret (its connection row made on first use). */
const segredo = (escopo: Escopo): Promise<string> =>
  withTenant(ctx.database.db, escopo, async (tx) => (await getConexao(tx, escopo.unidadeNegocioId, 'fake')).webhookSecret);

const chamar = (unidade: string, token: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `${WEBHOOK}?unidade=${unidade}${token === undefined ? '' : `&token=${encodeURIComponent(token)}`}`,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

/** Marks the unit's queued messages as sent by the gateway (ids `g-{n}`, or `prefixo-{n}`): their gateway ids. */
const marcarEnviadas = (escopo: Escopo, prefixo: string): Promise<string[]> =>
  withTenant(ctx.database.db, escopo, async (tx) => {
    const r = (await tx.execute(
      sql`update whatsapp_mensagens set status = 'Enviada', enviada_em = now(), gateway_mensagem_id = ${prefixo} || '-' || id::text
           where status = 'Pendente' returning gateway_mensagem_id as g`,
    )) as unknown as { rows: { g: string }[] };
    return r.rows.map((x) => x.g);
  });

const escopoDe = (a: Agenda): Escopo => ({ tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId });

const consentimento = (a: Agenda): Promise<boolean> =>
  withTenant(ctx.database.db, escopoDe(a), async (tx) => {
    const r = (await tx.execute(sql`select consentimento_marketing as c from pessoas where id = ${a.clienteId}`)) as unknown as {
      rows: { c: boolean }[];
    };
    return r.rows[0]!.c;
  });

describe('autenticação', () => {
  it('401 com token errado, de outra unidade ou para unidade desconhecida; 400 sem token; nada muda', async () => {
    const a = await novaAgenda(ctx);
    const b = await novaAgenda(ctx);
    const segredoA = await segredo(escopoDe(a));
    const segredoB = await segredo(escopoDe(b));
    const corpo = { evento: 'conexao', status: 'Conectado', numero: TELEFONE };
    expect((await chamar(a.t.unidadeNegocioId, 'errado', corpo)).statusCode).toBe(401);
    expect((await chamar(a.t.unidadeNegocioId, segredoB, corpo)).statusCode).toBe(401);
    expect((await chamar(crypto.randomUUID(), segredoA, corpo)).statusCode).toBe(401);
    expect((await chamar(a.t.unidadeNegocioId, undefined, corpo)).statusCode).toBe(400);
    // A unit that never connected has no secret at all.
    const semConexao = await novaAgenda(ctx);
    expect((await chamar(semConexao.t.unidadeNegocioId, segredoA, corpo)).statusCode).toBe(401);
    const status = await withTenant(ctx.database.db, escopoDe(a), (tx) => getConexao(tx, a.t.unidadeNegocioId, 'fake'));
    expect(status.status).toBe('Desconectado');

    const ok = await chamar(a.t.unidadeNegocioId, segredoA, corpo);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const conectada = await withTenant(ctx.database.db, escopoDe(a), (tx) => getConexao(tx, a.t.unidadeNegocioId, 'fake'));
    expect(conectada).toMatchObject({ status: 'Conectado', numero: TELEFONE });
    expect(conectada.conectadoEm).not.toBeNull();
    // Logged out on the phone: Desconectado, without the number.
    await chamar(a.t.unidadeNegocioId, segredoA, { evento: 'conexao', status: 'Desconectado' });
    const saiu = await withTenant(ctx.database.db, escopoDe(a), (tx) => getConexao(tx, a.t.unidadeNegocioId, 'fake'));
    expect(saiu).toMatchObject({ status: 'Desconectado', numero: null, conectadoEm: null });
    // B untouched.
    const deB = await withTenant(ctx.database.db, escopoDe(b), (tx) => getConexao(tx, b.t.unidadeNegocioId, 'fake'));
    expect(deB.status).toBe('Desconectado');
  });

  it('corpo que o gateway não entende ou JSON inválido: 400', async () => {
    const a = await novaAgenda(ctx);
    const s = await segredo(escopoDe(a));
    const estranho = await chamar(a.t.unidadeNegocioId, s, { qualquer: 'coisa' });
    expect(estranho.statusCode).toBe(400);
    expect(estranho.json().errors.generalErrors).toEqual(['Corpo do retorno inválido']);
    const quebrado = await chamar(a.t.unidadeNegocioId, s, '{"evento": ');
    expect(quebrado.statusCode).toBe(400);
  });

  it('GET de verificação da Cloud API devolve hub.challenge com o segredo da unidade; 401 caso contrário', async () => {
    const a = await novaAgenda(ctx);
    const s = await segredo(escopoDe(a));
    const url = (token: string, modo = 'subscribe') =>
      `${WEBHOOK}?unidade=${a.t.unidadeNegocioId}&hub.mode=${modo}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=123456`;
    const ok = await ctx.app.inject({ url: url(s) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toBe('123456');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect((await ctx.app.inject({ url: url('errado') })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: url(s, 'unsubscribe') })).statusCode).toBe(401);
  });
});

describe('recibos', () => {
  it('Entregue e Lida avançam a mensagem com horários; Entregue tardio e repetição não mudam nada; Falhou só antes de entregue', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a);
    await ligarModelos(ctx, escopo, ['confirmacaoAgendamento']);
    const s = await segredo(escopo);
    await agendarOk(ctx, a.t.headers, banho(a, '09:00'));
    await agendarOk(ctx, a.t.headers, banho(a, '11:00'));
    const [g1, g2] = await marcarEnviadas(escopo, 'fake');
    const recibo = (id: string, status: string, erro?: string) =>
      chamar(a.t.unidadeNegocioId, s, { evento: 'status', id, status, ...(erro ? { erro } : {}) });
    const daMensagem = async (g: string) => (await mensagensDaUnidade(ctx, escopo)).find((m) => m.gateway_mensagem_id === g)!;

    expect((await recibo(g1!, 'Entregue')).statusCode).toBe(200);
    const entregue = await daMensagem(g1!);
    expect(entregue.status).toBe('Entregue');
    expect(entregue.entregue_em).not.toBeNull();
    expect(entregue.lida_em).toBeNull();
    expect((await recibo(g1!, 'Lida')).statusCode).toBe(200);
    const lida = await daMensagem(g1!);
    expect(lida.status).toBe('Lida');
    expect(lida.lida_em).not.toBeNull();
    expect(new Date(lida.entregue_em!).getTime()).toBe(new Date(entregue.entregue_em!).getTime());
    for (const tardio of ['Entregue', 'Lida', 'Enviada', 'Falhou']) {
      expect((await recibo(g1!, tardio)).statusCode).toBe(200);
      expect(await daMensagem(g1!)).toEqual(lida);
    }

    // Falhou of a message only sent: stored with the gateway's error; a later Entregue does not revive it.
    await recibo(g2!, 'Falhou', 'Número sem WhatsApp');
    expect(await daMensagem(g2!)).toMatchObject({ status: 'Falhou', ultimo_erro: 'Número sem WhatsApp' });
    await recibo(g2!, 'Falhou', 'Número sem WhatsApp');
    await recibo(g2!, 'Entregue');
    expect((await daMensagem(g2!)).status).toBe('Falhou');
    // An id nobody knows: 200 and nothing.
    expect((await recibo('fake-desconhecido', 'Lida')).statusCode).toBe(200);
  });
});

describe('respostas do tutor', () => {
  it('"1" confirma o atendimento da última confirmação enviada (histórico sem usuário); repetir não muda nada', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a);
    await ligarModelos(ctx, escopo, ['confirmacaoAgendamento']);
    const s = await segredo(escopo);
    const id = await agendarOk(ctx, a.t.headers, banho(a, '09:00'));
    // Booked but its confirmation not sent yet: a reply finds nothing to confirm.
    const cedo = await chamar(a.t.unidadeNegocioId, s, { evento: 'mensagem', id: 'r0', de: TELEFONE, texto: '1' });
    expect(cedo.statusCode).toBe(200);
    expect((await obter(ctx, a.t.headers, id)).status).toBe('Agendado');

    await marcarEnviadas(escopo, 'fake');
    const resposta = { evento: 'mensagem', id: 'r1', de: TELEFONE, texto: ' Sim! ' };
    for (let i = 0; i < 2; i++) {
      const res = await chamar(a.t.unidadeNegocioId, s, resposta);
      expect(res.statusCode, res.body).toBe(200);
      const at: AtendimentoDetalhe = await obter(ctx, a.t.headers, id);
      expect(at.status).toBe('Confirmado');
      expect(at.respostaConfirmacao).toBe('Confirmou');
      expect(at.respostaConfirmacaoEm).not.toBeNull();
      const confirmacoes = at.historico.filter((h) => h.campo === 'status' && h.para === 'Confirmado');
      expect(confirmacoes).toHaveLength(1);
      expect(confirmacoes[0]!.usuarioNome).toBeNull();
    }
    // Changed their mind, then back: the flag follows the last answer; the status stays Confirmado.
    await chamar(a.t.unidadeNegocioId, s, { evento: 'mensagem', id: 'r2', de: TELEFONE, texto: '2' });
    expect(await obter(ctx, a.t.headers, id)).toMatchObject({ status: 'Confirmado', respostaConfirmacao: 'NaoPodeComparecer' });
    await chamar(a.t.unidadeNegocioId, s, { evento: 'mensagem', id: 'r3', de: TELEFONE, texto: 'confirmo' });
    const denovo = await obter(ctx, a.t.headers, id);
    expect(denovo).toMatchObject({ status: 'Confirmado', respostaConfirmacao: 'Confirmou' });
    expect(denovo.historico.filter((h) => h.campo === 'status' && h.para === 'Confirmado')).toHaveLength(1);
    // Confirmed by the owner: no second confirmation message.
    expect((await mensagensDaUnidade(ctx, escopo)).filter((m) => m.tipo === 'confirmacaoAgendamento')).toHaveLength(1);
  });

  it('"Não" marca que não pode comparecer sem mudar o status; texto sem sentido não faz nada', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a);
    await ligarModelos(ctx, escopo, ['confirmacaoAgendamento']);
    const s = await segredo(escopo);
    const id = await agendarOk(ctx, a.t.headers, banho(a, '09:00'));
    await marcarEnviadas(escopo, 'fake');
    await chamar(a.t.unidadeNegocioId, s, { evento: 'mensagem', id: 'x', de: TELEFONE, texto: 'Qual o endereço?' });
    expect((await obter(ctx, a.t.headers, id)).respostaConfirmacao).toBeNull();
    // The mobile reported without its ninth digit is the same phone.
    for (let i = 0; i < 2; i++) {
      const res = await chamar(a.t.unidadeNegocioId, s, { evento: 'mensagem', id: 'n', de: '551187654321', texto: 'Não posso' });
      expect(res.statusCode).toBe(200);
      const at = await obter(ctx, a.t.headers, id);
      expect(at).toMatchObject({ status: 'Agendado', respostaConfirmacao: 'NaoPodeComparecer' });
    }
    // Then "1": confirmed after all.
    await chamar(a.t.unidadeNegocioId, s, { evento: 'mensagem', id: 'y', de: TELEFONE, texto: '1' });
    expect(await obter(ctx, a.t.headers, id)).toMatchObject({ status: 'Confirmado', respostaConfirmacao: 'Confirmou' });
  });

  it('"sair" retira o consentimento de marketing do cliente e cancela aniversários pendentes', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a);
    const s = await segredo(escopo);
    await withTenant(ctx.database.db, escopo, (tx) =>
      tx.execute(
        sql`update pessoas set consentimento_marketing = true, consentimento_marketing_em = now() where id = ${a.clienteId}`,
      ),
    );
    await ligarModelos(ctx, escopo, ['aniversario']);
    await withTenant(ctx.database.db, escopo, (tx) =>
      tx.execute(
        sql`insert into whatsapp_mensagens (tipo, chave, telefone, texto, pessoa_id) values ('aniversario', ${`aniversario:${a.clienteId}:2099`}, ${TELEFONE}, 'Parabéns', ${a.clienteId})`,
      ),
    );
    expect(await consentimento(a)).toBe(true);
    const res = await chamar(a.t.unidadeNegocioId, s, { evento: 'mensagem', id: 's', de: TELEFONE, texto: 'SAIR' });
    expect(res.statusCode).toBe(200);
    expect(await consentimento(a)).toBe(false);
    expect((await mensagensDaUnidade(ctx, escopo)).map((m) => m.status)).toEqual(['Cancelada']);
  });
});

describe('isolamento', () => {
  it('retorno da unidade A não toca mensagens nem atendimentos da unidade B (mesmo tenant, mesmo telefone) nem de outro tenant', async () => {
    const a = await novaAgenda(ctx);
    const escopoA = escopoDe(a);
    const unidadeB = await novaUnidade(ctx, a.t);
    const escopoB = { tenantId: a.t.tenantId, unidadeNegocioId: unidadeB.id };
    const recursosB = await inserirCadastros(ctx, a.t, unidadeB.id);
    await ligarModelos(ctx, escopoA, ['confirmacaoAgendamento']);
    await ligarModelos(ctx, escopoB, ['confirmacaoAgendamento']);
    const outro = await novaAgenda(ctx);
    await ligarModelos(ctx, escopoDe(outro), ['confirmacaoAgendamento']);

    const idB = await agendarOk(ctx, unidadeB.headers, banho(a, '09:00', { boxId: recursosB.box1 }));
    const idOutro = await agendarOk(ctx, outro.t.headers, banho(outro, '09:00'));
    const [gB] = await marcarEnviadas(escopoB, 'fake');
    await marcarEnviadas(escopoDe(outro), 'fake');
    const s = await segredo(escopoA);

    // A's callback with B's message id and a "1" from the phone B asked.
    expect((await chamar(a.t.unidadeNegocioId, s, { evento: 'status', id: gB, status: 'Lida' })).statusCode).toBe(200);
    expect((await chamar(a.t.unidadeNegocioId, s, { evento: 'mensagem', id: 'm', de: TELEFONE, texto: '1' })).statusCode).toBe(
      200,
    );
    expect((await mensagensDaUnidade(ctx, escopoB)).map((m) => m.status)).toEqual(['Enviada']);
    expect((await obter(ctx, unidadeB.headers, idB)).status).toBe('Agendado');
    expect((await obter(ctx, outro.t.headers, idOutro)).status).toBe('Agendado');

    // B's own callback does it.
    const sB = await segredo(escopoB);
    await chamar(unidadeB.id, sB, { evento: 'mensagem', id: 'm', de: TELEFONE, texto: '1' });
    expect((await obter(ctx, unidadeB.headers, idB)).status).toBe('Confirmado');
    expect((await obter(ctx, outro.t.headers, idOutro)).status).toBe('Agendado');
  });
});
