/**
 * WhatsApp connection (issue #21 item 1): with the fake gateway, conectar shows a QR (a PNG data
 * URL), the development action "the phone read the QR" connects the unit with its number, status
 * and GET /api/whatsapp follow, desconectar ends it; a failing gateway leaves the stored state;
 * the Cloud API's credentials route; permissions and tenant and unit isolation.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Whatsapp, WhatsappQrcode, WhatsappStatus } from '@petshop/shared/whatsapp';
import { queryRows } from '../src/db/rows.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import type { GatewayFake } from '../src/modules/whatsapp/gateway/gateway-fake.ts';
import {
  ErroGateway,
  type EstadoConexao,
  type InstanciaWhatsapp,
  type WhatsappGateway,
} from '../src/modules/whatsapp/gateway/whatsapp-gateway.ts';
import { nomeInstancia } from '../src/modules/whatsapp/conexao-repository.ts';
import { newTenant, novaUnidade, usuarioComPerfil, useTestApp, type TenantFixture, type TestContext } from './helper.ts';
import { useWhatsappApp } from './whatsapp-fila-fixtures.ts';

const ctx = useTestApp();

/** A Cloud-API-like gateway (no QR): connects with the unit's credentials, or fails when told to. */
class GatewayCloudStub implements WhatsappGateway {
  readonly id = 'cloud' as const;
  readonly podeConsultarEnviadas = false;
  readonly conectadas = new Map<string, InstanciaWhatsapp>();
  falhar: string | null = null;
  async conectar(instancia: InstanciaWhatsapp): Promise<EstadoConexao> {
    if (this.falhar) throw new ErroGateway(this.falhar, false);
    this.conectadas.set(instancia.nome, instancia);
    return this.estado(instancia);
  }
  async estado(instancia: InstanciaWhatsapp): Promise<EstadoConexao> {
    return this.conectadas.has(instancia.nome)
      ? { status: 'Conectado', numero: '5511933332222', qrcode: null }
      : { status: 'Desconectado', numero: null, qrcode: null };
  }
  async desconectar(instancia: InstanciaWhatsapp): Promise<void> {
    this.conectadas.delete(instancia.nome);
  }
  async enviar(): Promise<{ gatewayMensagemId: string }> {
    return { gatewayMensagemId: 'stub' };
  }
  async buscarEnviada(): Promise<string | null> {
    return null;
  }
  interpretarCallback() {
    return [];
  }
}
const cloud = useWhatsappApp({ gateway: new GatewayCloudStub() });
const URL = '/api/whatsapp';

const get = (headers: Record<string, string>, path = '', c: TestContext = ctx) =>
  c.app.inject({ method: 'GET', url: `${URL}${path}`, headers });
const post = (headers: Record<string, string>, path: string, payload: unknown = {}, c: TestContext = ctx) =>
  c.app.inject({ method: 'POST', url: `${URL}${path}`, headers, payload: payload as object });

const conectar = async (t: Pick<TenantFixture, 'headers'>, numero?: string) => {
  const res = await post(t.headers, '/conectar');
  expect(res.statusCode, res.body).toBe(200);
  const lido = await post(t.headers, '/simular-leitura', numero ? { numero } : {});
  expect(lido.statusCode, lido.body).toBe(200);
  return lido.json<WhatsappStatus>();
};

describe('conexão pelo gateway simulado', () => {
  it('conectar mostra o QR em PNG; a leitura conecta com o número; desconectar encerra', async () => {
    const t = await newTenant(ctx);

    const inicial = await get(t.headers);
    expect(inicial.statusCode, inicial.body).toBe(200);
    const w = inicial.json<Whatsapp>();
    expect(w).toMatchObject({ status: 'Desconectado', numero: null, gateway: 'fake', unidadeNegocioId: t.unidadeNegocioId });
    expect(w.pendentes).toBe(0);
    expect(w.falhas7Dias).toBe(0);
    expect(w.mensagens.aniversario.ativo).toBe(false);
    expect(w.credenciaisDefinidas).toBeUndefined();

    const semQr = (await get(t.headers, '/qrcode')).json<WhatsappQrcode>();
    expect(semQr).toEqual({ status: 'Desconectado', qrcode: null, geradoEm: null });

    const res = await post(t.headers, '/conectar');
    expect(res.statusCode, res.body).toBe(200);
    const qr = res.json<WhatsappQrcode>();
    expect(qr.status).toBe('AguardandoLeitura');
    expect(qr.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(qr.qrcode!.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(qr.geradoEm).not.toBeNull();

    const qr2 = (await get(t.headers, '/qrcode')).json<WhatsappQrcode>();
    expect(qr2).toEqual(qr);
    expect((await get(t.headers, '/status')).json<WhatsappStatus>()).toEqual({
      status: 'AguardandoLeitura',
      numero: null,
      conectadoEm: null,
    });

    const lido = await post(t.headers, '/simular-leitura', { numero: '(11) 98888-7777' });
    expect(lido.statusCode, lido.body).toBe(200);
    const status = lido.json<WhatsappStatus>();
    expect(status).toMatchObject({ status: 'Conectado', numero: '5511988887777' });
    expect(status.conectadoEm).not.toBeNull();

    expect((await get(t.headers, '/status')).json<WhatsappStatus>()).toEqual(status);
    expect((await get(t.headers)).json<Whatsapp>()).toMatchObject(status);
    expect((await get(t.headers, '/qrcode')).json<WhatsappQrcode>()).toEqual({
      status: 'Conectado',
      qrcode: null,
      geradoEm: null,
    });

    // Connecting again while connected keeps the session.
    const denovo = await post(t.headers, '/conectar');
    expect(denovo.json<WhatsappQrcode>()).toMatchObject({ status: 'Conectado', qrcode: null });

    const fim = await post(t.headers, '/desconectar');
    expect(fim.statusCode, fim.body).toBe(200);
    expect(fim.json<WhatsappStatus>()).toEqual({ status: 'Desconectado', numero: null, conectadoEm: null });
    expect((await get(t.headers, '/status')).json<WhatsappStatus>().status).toBe('Desconectado');
    expect((ctx.app.whatsapp as GatewayFake).sessoes.has(nomeInstancia(t.unidadeNegocioId))).toBe(false);
  });

  it('a leitura sem QR aguardando é recusada; o número de demonstração é o padrão', async () => {
    const t = await newTenant(ctx);
    const semQr = await post(t.headers, '/simular-leitura');
    expect(semQr.statusCode).toBe(400);
    expect(semQr.json<{ errors: Record<string, string[]> }>().errors.generalErrors?.[0]).toMatch(/Conectar/);

    const numeroInvalido = await post(t.headers, '/simular-leitura', { numero: '123' });
    expect(numeroInvalido.statusCode).toBe(400);
    expect(numeroInvalido.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('numero');

    const status = await conectar(t);
    expect(status).toMatchObject({ status: 'Conectado', numero: '5511999990000' });
  });

  it('um gateway que falha ao consultar deixa o último status conhecido (sem erro)', async () => {
    const t = await newTenant(ctx);
    await conectar(t, '11977776666');
    const fake = ctx.app.whatsapp as GatewayFake;
    const original = fake.estado.bind(fake);
    fake.estado = () => Promise.reject(new Error('gateway fora do ar'));
    try {
      const res = await get(t.headers, '/status');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<WhatsappStatus>()).toMatchObject({ status: 'Conectado', numero: '5511977776666' });
    } finally {
      fake.estado = original;
    }
  });

  it('o servidor reiniciado (sessão perdida no gateway) passa a Desconectado na consulta', async () => {
    const t = await newTenant(ctx);
    await conectar(t);
    (ctx.app.whatsapp as GatewayFake).sessoes.delete(nomeInstancia(t.unidadeNegocioId));
    expect((await get(t.headers, '/status')).json<WhatsappStatus>()).toEqual({
      status: 'Desconectado',
      numero: null,
      conectadoEm: null,
    });
  });

  it('credenciais só com a Cloud API', async () => {
    const t = await newTenant(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/credenciais`,
      headers: t.headers,
      payload: { phoneNumberId: '123', accessToken: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.generalErrors?.[0]).toMatch(/Cloud API/);
  });
});

describe('permissões e isolamento', () => {
  it('Caixa e Recepção não veem nem conectam; Gerente sim', async () => {
    const t = await newTenant(ctx);
    for (const perfil of ['caixa', 'recepcao', 'financeiro']) {
      const u = await usuarioComPerfil(ctx, t, perfil);
      expect((await get(u.headers)).statusCode).toBe(403);
      expect((await post(u.headers, '/conectar')).statusCode).toBe(403);
      expect((await get(u.headers, '/status')).statusCode).toBe(403);
    }
    const gerente = await usuarioComPerfil(ctx, t, 'gerente');
    expect((await get(gerente.headers)).statusCode).toBe(200);
  });

  it('sem unidade selecionada → 400', async () => {
    const t = await newTenant(ctx);
    const { 'x-unidade-negocio': _u, ...semUnidade } = t.headers;
    expect((await get(semUnidade)).statusCode).toBe(400);
  });

  it('cada unidade e cada tenant tem a sua conexão', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const outraUnidade = await novaUnidade(ctx, a);
    await conectar(a, '11911112222');

    expect((await get(outraUnidade.headers)).json<Whatsapp>()).toMatchObject({ status: 'Desconectado', numero: null });
    expect((await get(b.headers, '/status')).json<WhatsappStatus>().status).toBe('Desconectado');
    // The other unit's pairing starts its own session.
    const qrOutra = (await post(outraUnidade.headers, '/conectar')).json<WhatsappQrcode>();
    expect(qrOutra.status).toBe('AguardandoLeitura');
    expect((await get(a.headers, '/status')).json<WhatsappStatus>()).toMatchObject({
      status: 'Conectado',
      numero: '5511911112222',
    });

    // A unit of another tenant cannot be selected.
    expect((await get({ ...b.headers, 'x-unidade-negocio': a.unidadeNegocioId })).statusCode).toBe(403);
  });
});

describe('falhas do gateway', () => {
  it('conectar com o gateway fora do ar → 503 com a mensagem; nada muda', async () => {
    const t = await newTenant(ctx);
    const fake = ctx.app.whatsapp as GatewayFake;
    const original = fake.conectar.bind(fake);
    fake.conectar = () => Promise.reject(new ErroGateway('Gateway indisponível (simulado)', true));
    try {
      const res = await post(t.headers, '/conectar');
      expect(res.statusCode).toBe(503);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.generalErrors).toEqual([
        'Não foi possível iniciar a conexão: Gateway indisponível (simulado)',
      ]);
    } finally {
      fake.conectar = original;
    }
    expect((await get(t.headers)).json<Whatsapp>().status).toBe('Desconectado');
  });
});

describe('WhatsApp Cloud API (sem QR)', () => {
  it('pede as credenciais antes de conectar, guarda-as cifradas e nunca as devolve', async () => {
    const t = await newTenant(cloud);
    const stub = cloud.gateway as GatewayCloudStub;
    const inicial = (await get(t.headers, '', cloud)).json<Whatsapp>();
    expect(inicial).toMatchObject({ gateway: 'cloud', status: 'Desconectado', credenciaisDefinidas: false });
    expect(inicial.webhookUrl).toMatch(
      new RegExp(`/api/agenda/atendimentos/notificacao-webhook\\?unidade=${t.unidadeNegocioId}&token=.+`),
    );

    const semCredenciais = await post(t.headers, '/conectar', {}, cloud);
    expect(semCredenciais.statusCode).toBe(400);
    expect(semCredenciais.json<{ errors: Record<string, string[]> }>().errors.generalErrors?.[0]).toMatch(/credenciais/);

    const vazias = await cloud.app.inject({ method: 'PUT', url: `${URL}/credenciais`, headers: t.headers, payload: {} });
    expect(vazias.statusCode).toBe(400);
    expect(Object.keys(vazias.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'accessToken',
      'phoneNumberId',
    ]);

    const res = await cloud.app.inject({
      method: 'PUT',
      url: `${URL}/credenciais`,
      headers: t.headers,
      payload: { phoneNumberId: '1234567890', accessToken: 'EAAG-segredo-do-token' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Whatsapp>().credenciaisDefinidas).toBe(true);
    expect(res.body).not.toContain('EAAG-segredo-do-token');
    const [row] = await withTenant(cloud.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, (tx) =>
      queryRows<{ credenciais_enc: string }>(tx, sql`select credenciais_enc from whatsapp_conexoes`),
    );
    expect(row!.credenciais_enc).not.toContain('EAAG');

    const conectado = await post(t.headers, '/conectar', {}, cloud);
    expect(conectado.statusCode, conectado.body).toBe(200);
    expect(conectado.json<WhatsappQrcode>()).toEqual({ status: 'Conectado', qrcode: null, geradoEm: null });
    expect(stub.conectadas.get(nomeInstancia(t.unidadeNegocioId))?.credenciais).toEqual({
      phoneNumberId: '1234567890',
      accessToken: 'EAAG-segredo-do-token',
    });
    expect((await get(t.headers, '/status', cloud)).json<WhatsappStatus>()).toMatchObject({
      status: 'Conectado',
      numero: '5511933332222',
    });

    // The fake's development actions do not exist here.
    expect((await post(t.headers, '/simular-leitura', {}, cloud)).statusCode).toBe(404);
    expect((await post(t.headers, '/simular-resposta', { telefone: '11987654321', texto: '1' }, cloud)).statusCode).toBe(404);

    stub.falhar = 'Token de acesso inválido';
    await post(t.headers, '/desconectar', {}, cloud);
    const recusado = await post(t.headers, '/conectar', {}, cloud);
    expect(recusado.statusCode).toBe(503);
    expect(recusado.json<{ errors: Record<string, string[]> }>().errors.generalErrors).toEqual([
      'Não foi possível iniciar a conexão: Token de acesso inválido',
    ]);
  });
});
