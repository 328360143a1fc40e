/**
 * WhatsApp messages through the API (issue #21 items 1, 3, 4): the log (newest first, filters,
 * search, paging), the test message sent at once through the fake, a message to a customer
 * (Caixa may; the customer's WhatsApp phone or 400 on `telefone`), reenviar/cancelar, today's
 * birthdays queued by POST /api/geral/enviar-mensagem-aniversario, the simulated reply, and tenant
 * and unit isolation of every call.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayISO } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import type { EnvioAniversario, MensagemWhatsapp } from '@petshop/shared/whatsapp';
import { pessoas, whatsappMensagens } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { enviadasDa, ligarModelos, novaPessoa, novoPet, useWhatsappApp, type Escopo } from './whatsapp-fila-fixtures.ts';
import { newTenant, novaUnidade, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useWhatsappApp();
type Erros = { errors: Record<string, string[]> };

const escopoDe = (t: TenantFixture): Escopo => ({ tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId });
const post = (headers: Record<string, string>, url: string, payload: unknown = {}) =>
  ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const log = async (headers: Record<string, string>, query: Record<string, string | number> = {}) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/whatsapp/mensagens',
    headers,
    query: query as Record<string, string>,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<MensagemWhatsapp>>();
};

const conectar = async (headers: Record<string, string>, numero = '11955554444') => {
  expect((await post(headers, '/api/whatsapp/conectar')).statusCode).toBe(200);
  const res = await post(headers, '/api/whatsapp/simular-leitura', { numero });
  expect(res.json<{ status: string }>().status).toBe('Conectado');
};

/** Writes outbox rows straight (the log's setup), created one minute apart in the given order. */
const inserirMensagens = (
  escopo: Escopo,
  linhas: { tipo: string; status: string; telefone?: string; pessoaId?: string; petId?: string; texto?: string }[],
) =>
  withTenant(ctx.database.db, escopo, async (tx) => {
    const base = Date.now() - linhas.length * 60_000;
    const rows = await tx
      .insert(whatsappMensagens)
      .values(
        linhas.map((l, i) => ({
          tipo: l.tipo,
          chave: `teste-log:${i}:${Math.random()}`,
          status: l.status,
          telefone: l.telefone ?? '5511900000000',
          texto: l.texto ?? `mensagem ${i}`,
          pessoaId: l.pessoaId ?? null,
          petId: l.petId ?? null,
          tentativas: l.status === 'Falhou' ? 6 : 0,
          ultimoErro: l.status === 'Falhou' ? 'Número inválido' : null,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: whatsappMensagens.id });
    return rows.map((r) => r.id);
  });

describe('registro de mensagens', () => {
  it('mais recentes primeiro, paginado, com filtros de status, tipo, cliente e busca por nome, pet ou telefone', async () => {
    const t = await newTenant(ctx);
    const e = escopoDe(t);
    const maria = await novaPessoa(ctx, e, { nome: 'Maria Conceição' });
    const thor = await novoPet(ctx, e, { nome: 'Thór' });
    const linhas = Array.from({ length: 25 }, (_, i) => ({
      tipo: i % 5 === 0 ? 'aniversario' : 'manual',
      status: i % 4 === 0 ? 'Falhou' : i % 4 === 1 ? 'Enviada' : 'Pendente',
      ...(i === 3 ? { pessoaId: maria, petId: thor, telefone: '5511987654321' } : {}),
    }));
    const ids = await inserirMensagens(e, linhas);

    const p1 = await log(t.headers, { pageSize: 10 });
    expect(p1.total).toBe(25);
    expect(p1.items.map((m) => m.id)).toEqual(ids.slice().reverse().slice(0, 10));
    const p3 = await log(t.headers, { pageSize: 10, page: 3 });
    expect(p3.items.map((m) => m.id)).toEqual(ids.slice(0, 5).reverse());
    const alem = await log(t.headers, { pageSize: 10, page: 9 });
    expect(alem).toMatchObject({ items: [], total: 25, page: 9 });

    const falhas = await log(t.headers, { status: 'Falhou', pageSize: 100 });
    expect(falhas.total).toBe(7);
    expect(falhas.items.every((m) => m.status === 'Falhou' && m.ultimoErro === 'Número inválido')).toBe(true);
    expect((await log(t.headers, { status: 'Falhou,Enviada' })).total).toBe(13);
    expect((await log(t.headers, { tipo: 'aniversario' })).total).toBe(5);
    expect((await log(t.headers, { tipo: 'aniversario', status: 'Falhou' })).total).toBe(2); // 0, 20

    const daMaria = await log(t.headers, { pessoaId: maria });
    expect(daMaria.items).toHaveLength(1);
    expect(daMaria.items[0]).toMatchObject({
      id: ids[3],
      pessoaNome: 'Maria Conceição',
      petNome: 'Thór',
      telefone: '5511987654321',
    });
    for (const query of ['conceicao', 'MARIA', 'thor', '98765-43', '(11) 98765']) {
      const achadas = await log(t.headers, { query });
      expect(
        achadas.items.map((m) => m.id),
        query,
      ).toEqual([ids[3]]);
    }
    expect((await log(t.headers, { query: 'ninguém' })).total).toBe(0);

    const invalido = await ctx.app.inject({ method: 'GET', url: '/api/whatsapp/mensagens?status=Xyz', headers: t.headers });
    expect(invalido.statusCode).toBe(400);
  });

  it('cada unidade e cada tenant vê só as suas mensagens; reenviar/cancelar de outra unidade → 404', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const outra = await novaUnidade(ctx, a);
    const [idA] = await inserirMensagens(escopoDe(a), [{ tipo: 'manual', status: 'Pendente' }]);
    await inserirMensagens({ tenantId: a.tenantId, unidadeNegocioId: outra.id }, [{ tipo: 'manual', status: 'Falhou' }]);

    expect((await log(a.headers)).items.map((m) => m.id)).toEqual([idA]);
    expect((await log(outra.headers)).items.map((m) => m.status)).toEqual(['Falhou']);
    expect((await log(b.headers)).total).toBe(0);

    expect((await post(outra.headers, `/api/whatsapp/mensagens/${idA}/cancelar`)).statusCode).toBe(404);
    expect((await post(b.headers, `/api/whatsapp/mensagens/${idA}/cancelar`)).statusCode).toBe(404);
    expect((await log(a.headers)).items[0]!.status).toBe('Pendente');
  });

  it('reenviar uma que falhou volta para a fila; cancelar uma pendente; os outros casos são recusados', async () => {
    const t = await newTenant(ctx);
    const [falhou, pendente, enviada] = await inserirMensagens(escopoDe(t), [
      { tipo: 'manual', status: 'Falhou' },
      { tipo: 'manual', status: 'Pendente' },
      { tipo: 'manual', status: 'Enviada' },
    ]);

    const re = await post(t.headers, `/api/whatsapp/mensagens/${falhou}/reenviar`);
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json<MensagemWhatsapp>()).toMatchObject({ id: falhou, status: 'Pendente', tentativas: 0, ultimoErro: null });
    expect((await post(t.headers, `/api/whatsapp/mensagens/${falhou}/reenviar`)).statusCode).toBe(400);

    const ca = await post(t.headers, `/api/whatsapp/mensagens/${pendente}/cancelar`);
    expect(ca.statusCode, ca.body).toBe(200);
    expect(ca.json<MensagemWhatsapp>().status).toBe('Cancelada');
    const denovo = await post(t.headers, `/api/whatsapp/mensagens/${pendente}/cancelar`);
    expect(denovo.statusCode).toBe(400);
    expect(denovo.json<Erros>().errors.generalErrors).toEqual(['Só uma mensagem pendente pode ser cancelada']);
    expect((await post(t.headers, `/api/whatsapp/mensagens/${enviada}/cancelar`)).statusCode).toBe(400);
    expect((await post(t.headers, `/api/whatsapp/mensagens/${enviada}/reenviar`)).statusCode).toBe(400);
    expect((await post(t.headers, `/api/whatsapp/mensagens/00000000-0000-4000-8000-000000000000/reenviar`)).statusCode).toBe(404);

    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await post(caixa.headers, `/api/whatsapp/mensagens/${falhou}/cancelar`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/whatsapp/mensagens', headers: caixa.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('mensagem de teste', () => {
  it('recusada desconectado; conectado, sai na hora pelo gateway e aparece no registro', async () => {
    const t = await newTenant(ctx);
    const corpo = { telefone: '(21) 99876-5432', texto: 'Teste da *loja*' };
    const desconectado = await post(t.headers, '/api/whatsapp/mensagem-teste', corpo);
    expect(desconectado.statusCode).toBe(400);
    expect(desconectado.json<Erros>().errors.generalErrors?.[0]).toMatch(/^WhatsApp desconectado/);
    expect((await log(t.headers)).total).toBe(0);

    await conectar(t.headers);
    const res = await post(t.headers, '/api/whatsapp/mensagem-teste', corpo);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json<MensagemWhatsapp>();
    expect(m).toMatchObject({
      tipo: 'teste',
      status: 'Enviada',
      telefone: '5521998765432',
      texto: 'Teste da *loja*',
      tentativas: 1,
    });
    expect(m.enviadaEm).not.toBeNull();
    expect(enviadasDa(ctx.gateway, t.unidadeNegocioId)).toEqual([
      expect.objectContaining({ para: '5521998765432', texto: 'Teste da *loja*' }),
    ]);
    expect((await log(t.headers)).items.map((x) => x.id)).toEqual([m.id]);

    const invalido = await post(t.headers, '/api/whatsapp/mensagem-teste', { telefone: '9999', texto: '' });
    expect(invalido.statusCode).toBe(400);
    expect(Object.keys(invalido.json<Erros>().errors).sort()).toEqual(['telefone', 'texto']);
  });

  it('uma recusa definitiva do gateway fica registrada na mensagem (Falhou, com o erro)', async () => {
    const t = await newTenant(ctx);
    await conectar(t.headers);
    ctx.gateway.falharProximos(1, false);
    const res = await post(t.headers, '/api/whatsapp/mensagem-teste', { telefone: '11912345678', texto: 'Oi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MensagemWhatsapp>()).toMatchObject({ status: 'Falhou', ultimoErro: 'Número inválido (simulado)' });
    expect(enviadasDa(ctx.gateway, t.unidadeNegocioId)).toEqual([]);
  });
});

describe('mensagem avulsa a um cliente', () => {
  it('Caixa envia ao WhatsApp do cliente; sem telefone, 400 no campo; outro tenant, 404', async () => {
    const t = await newTenant(ctx);
    const e = escopoDe(t);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    const maria = await novaPessoa(ctx, e, {
      nome: 'Maria Souza',
      consentimentoMarketing: false,
      telefones: [
        { numero: '1133334444', tipo: 'fixo', whatsapp: false },
        { numero: '11987650000', tipo: 'celular', whatsapp: true },
      ],
    });
    const res = await post(caixa.headers, '/api/whatsapp/mensagens', { pessoaId: maria, texto: 'Sua ração chegou!' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<MensagemWhatsapp>()).toMatchObject({
      tipo: 'manual',
      status: 'Pendente',
      telefone: '5511987650000',
      texto: 'Sua ração chegou!',
      pessoaId: maria,
      pessoaNome: 'Maria Souza',
    });

    const outroNumero = await post(caixa.headers, '/api/whatsapp/mensagens', {
      pessoaId: maria,
      telefone: '11 91111-2222',
      texto: 'Oi',
    });
    expect(outroNumero.json<MensagemWhatsapp>().telefone).toBe('5511911112222');

    const semFone = await novaPessoa(ctx, e, { nome: 'Sem Fone', telefones: [] });
    const recusada = await post(caixa.headers, '/api/whatsapp/mensagens', { pessoaId: semFone, texto: 'Oi' });
    expect(recusada.statusCode).toBe(400);
    expect(recusada.json<Erros>().errors.telefone?.[0]).toMatch(/sem telefone de WhatsApp/);

    const b = await newTenant(ctx);
    expect((await post(b.headers, '/api/whatsapp/mensagens', { pessoaId: maria, texto: 'Oi' })).statusCode).toBe(404);

    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    expect((await post(banhista.headers, '/api/whatsapp/mensagens', { pessoaId: maria, texto: 'Oi' })).statusCode).toBe(403);

    expect((await log(t.headers, { pessoaId: maria })).total).toBe(2);
  });
});

describe('aniversariantes de hoje', () => {
  const URL = '/api/geral/enviar-mensagem-aniversario';

  it('recusa com o modelo desligado ou desconectado; enfileira os de hoje uma vez e conta os deixados de fora', async () => {
    const t = await newTenant(ctx);
    const e = escopoDe(t);
    const hoje = todayISO('America/Sao_Paulo');
    const nascimento = `1992-${hoje.slice(5)}`;
    const comConsentimento = await novaPessoa(ctx, e, { nome: 'Ana Aniversariante' });
    const semConsentimento = await novaPessoa(ctx, e, { nome: 'Bruno Sem Consentimento', consentimentoMarketing: false });
    const semTelefone = await novaPessoa(ctx, e, { nome: 'Carla Sem Telefone', telefones: [] });
    const outroDia = await novaPessoa(ctx, e, { nome: 'Davi Outro Dia' });
    await withTenant(ctx.database.db, e, async (tx) => {
      await tx
        .update(pessoas)
        .set({ dataNascimento: nascimento })
        .where(sql`${pessoas.id} in (${comConsentimento}, ${semConsentimento}, ${semTelefone})`);
      await tx
        .update(pessoas)
        .set({ dataNascimento: hoje.slice(5) === '01-01' ? '1990-01-02' : '1990-01-01' })
        .where(sql`${pessoas.id} = ${outroDia}`);
    });

    const desligado = await post(t.headers, URL);
    expect(desligado.statusCode).toBe(400);
    expect(desligado.json<Erros>().errors.generalErrors?.[0]).toMatch(/^Ative o modelo de aniversário/);

    await ligarModelos(ctx, e, {}, ['aniversario']);
    const desconectado = await post(t.headers, URL);
    expect(desconectado.statusCode).toBe(400);
    expect(desconectado.json<Erros>().errors.generalErrors?.[0]).toMatch(/^WhatsApp desconectado/);

    await conectar(t.headers);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await post(caixa.headers, URL)).statusCode).toBe(403);

    const res = await post(t.headers, URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EnvioAniversario>()).toEqual({ enfileiradas: 1, jaEnviadas: 0, semTelefone: 1, semConsentimento: 1 });
    const fila = await log(t.headers, { tipo: 'aniversario' });
    expect(fila.items).toEqual([expect.objectContaining({ pessoaId: comConsentimento, status: 'Pendente' })]);
    expect(fila.items[0]!.texto).toContain('Olá, Ana!');

    const segunda = await post(t.headers, URL);
    expect(segunda.json<EnvioAniversario>()).toEqual({ enfileiradas: 0, jaEnviadas: 1, semTelefone: 1, semConsentimento: 1 });

    // Another tenant's call queues nothing of this one.
    const b = await newTenant(ctx);
    await ligarModelos(ctx, escopoDe(b), {}, ['aniversario']);
    await conectar(b.headers);
    expect((await post(b.headers, URL)).json<EnvioAniversario>()).toEqual({
      enfileiradas: 0,
      jaEnviadas: 0,
      semTelefone: 0,
      semConsentimento: 0,
    });
  });
});

describe('resposta simulada', () => {
  it('o gateway simulado entrega a resposta ao tratador do webhook da unidade ("sair" tira o consentimento)', async () => {
    const t = await newTenant(ctx);
    const b = await newTenant(ctx);
    const telefones = [{ numero: '11987654321', tipo: 'celular' as const, whatsapp: true }];
    const daqui = await novaPessoa(ctx, escopoDe(t), { nome: 'Quer Sair', telefones });
    const deOutroTenant = await novaPessoa(ctx, escopoDe(b), { nome: 'Mesmo Número', telefones });
    const consentimento = (e: Escopo, id: string) =>
      withTenant(ctx.database.db, e, async (tx) => {
        const [p] = await tx
          .select({ c: pessoas.consentimentoMarketing })
          .from(pessoas)
          .where(sql`${pessoas.id} = ${id}`);
        return p!.c;
      });

    const res = await post(t.headers, '/api/whatsapp/simular-resposta', { telefone: '(11) 98765-4321', texto: 'SAIR' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await consentimento(escopoDe(t), daqui)).toBe(false);
    expect(await consentimento(escopoDe(b), deOutroTenant)).toBe(true);

    const invalida = await post(t.headers, '/api/whatsapp/simular-resposta', { telefone: '1', texto: '' });
    expect(invalida.statusCode).toBe(400);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect(
      (await post(caixa.headers, '/api/whatsapp/simular-resposta', { telefone: '11987654321', texto: '1' })).statusCode,
    ).toBe(403);
  });
});
