/**
 * The Evolution API v2 adapter (gateway-evolution.ts) against its protocol fake
 * (fakes/evolution-fake.ts): pairing by QR with the webhook registered, state, the QR renewed,
 * sends and their errors, the lookup after a crash, receipts and replies through the webhook,
 * logout; and the configuration that selects it.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { criarGatewayWhatsapp } from '../src/modules/whatsapp/gateway/criar-gateway.ts';
import { EVENTOS_WEBHOOK_EVOLUTION, GatewayEvolution, mesmoNumeroBr } from '../src/modules/whatsapp/gateway/gateway-evolution.ts';
import { ErroGateway, type InstanciaWhatsapp } from '../src/modules/whatsapp/gateway/whatsapp-gateway.ts';
import { iniciarEvolutionFake } from './fakes/evolution-fake.ts';
import { iniciarReceptorWebhook } from './whatsapp-webhook-receptor.ts';

const API_KEY = 'chave-global-evolution';
const fake = await iniciarEvolutionFake({ apiKey: API_KEY });
const receptor = await iniciarReceptorWebhook();
afterAll(async () => {
  await fake.close();
  await receptor.close();
});

const gateway = new GatewayEvolution({ url: fake.url, apiKey: API_KEY, timeoutMs: 2000 });
let seq = 0;
let instancia: InstanciaWhatsapp;

beforeEach(() => {
  seq += 1;
  instancia = { unidadeNegocioId: `u-${seq}`, nome: `petshop-u-${seq}`, webhookUrl: receptor.url, credenciais: {} };
  fake.atrasoMs = 0;
  fake.falharProximos(0);
  fake.validadeQrcodeMs = 20_000;
  receptor.recebidos.length = 0;
});
afterEach(() => fake.numerosSemWhatsapp.clear());

const conectarELer = async (numero = '5511987650000') => {
  await gateway.conectar(instancia);
  expect(await fake.lerQrcode(instancia.nome, numero)).toBe(true);
};

const eventosRecebidos = (evento: string) =>
  receptor.recebidos
    .filter((r) => (r.corpo as { event?: string }).event === evento)
    .flatMap((r) => gateway.interpretarCallback(r.corpo));

describe('GatewayEvolution: connecting by QR', () => {
  it('creates the unit instance with QR pairing and our webhook, answers the QR, and the apikey header', async () => {
    const estado = await gateway.conectar(instancia);
    expect(estado.status).toBe('AguardandoLeitura');
    expect(estado.numero).toBeNull();
    expect(estado.qrcode).toBe(fake.instancias.get(instancia.nome)?.qrcode?.code);
    expect(estado.qrcode).toMatch(/^2@/);
    const criacao = fake.requisicoes.find(
      (r) => r.caminho === '/instance/create' && (r.corpo as { instanceName: string }).instanceName === instancia.nome,
    );
    expect(criacao?.corpo).toEqual({
      instanceName: instancia.nome,
      qrcode: true,
      integration: 'WHATSAPP-BAILEYS',
      webhook: { url: receptor.url, byEvents: false, base64: false, events: EVENTOS_WEBHOOK_EVOLUTION },
    });
    expect(fake.instancias.get(instancia.nome)?.webhook?.url).toBe(receptor.url);
  });

  it('estado: Desconectado before any instance, the same QR while valid, a new one once it expired', async () => {
    expect(await gateway.estado(instancia)).toEqual({ status: 'Desconectado', numero: null, qrcode: null });
    const primeiro = await gateway.conectar(instancia);
    const denovo = await gateway.estado(instancia);
    expect(denovo).toEqual({ status: 'AguardandoLeitura', numero: null, qrcode: primeiro.qrcode });
    fake.validadeQrcodeMs = 0;
    const deadline = Date.now() + 2000;
    let renovado = await gateway.estado(instancia);
    while (renovado.qrcode === primeiro.qrcode && Date.now() < deadline) renovado = await gateway.estado(instancia);
    expect(renovado.status).toBe('AguardandoLeitura');
    expect(renovado.qrcode).not.toBe(primeiro.qrcode);
    expect(fake.instancias.get(instancia.nome)?.qrcode?.count).toBeGreaterThan(1);
  });

  it('conectar again on a pairing instance does not create it twice and answers its current QR', async () => {
    const primeiro = await gateway.conectar(instancia);
    const segundo = await gateway.conectar(instancia);
    expect(segundo.qrcode).toBe(primeiro.qrcode);
    expect(
      fake.requisicoes.filter(
        (r) => r.caminho === '/instance/create' && (r.corpo as { instanceName: string }).instanceName === instancia.nome,
      ),
    ).toHaveLength(1);
  });

  it('an instance created before with another webhook URL (new secret) is pointed at the current one', async () => {
    await gateway.conectar({ ...instancia, webhookUrl: 'http://127.0.0.1:9/antigo?token=velho' });
    expect(fake.instancias.get(instancia.nome)?.webhook?.url).toBe('http://127.0.0.1:9/antigo?token=velho');
    const estado = await gateway.conectar(instancia);
    expect(estado.status).toBe('AguardandoLeitura');
    expect(fake.instancias.get(instancia.nome)?.webhook).toEqual({
      url: receptor.url,
      byEvents: false,
      base64: false,
      events: EVENTOS_WEBHOOK_EVOLUTION,
    });
    expect(await fake.lerQrcode(instancia.nome, '5511987650002')).toBe(true);
    await receptor.aguardar((r) => r.some((w) => (w.corpo as { event: string }).event === 'connection.update'));
  });

  it('reading the QR connects: estado and conectar answer Conectado with the number; the webhooks say so', async () => {
    await conectarELer('5511987650001');
    expect(await gateway.estado(instancia)).toEqual({ status: 'Conectado', numero: '5511987650001', qrcode: null });
    expect(await gateway.conectar(instancia)).toEqual({ status: 'Conectado', numero: '5511987650001', qrcode: null });
    await receptor.aguardar((r) => r.some((w) => (w.corpo as { event: string }).event === 'connection.update'));
    expect(eventosRecebidos('connection.update')).toEqual([
      { tipo: 'conexao', estado: { status: 'Conectado', numero: '5511987650001', qrcode: null } },
    ]);
    await receptor.aguardar((r) => r.some((w) => (w.corpo as { event: string }).event === 'qrcode.updated'));
    const qr = eventosRecebidos('qrcode.updated');
    expect(qr[0]).toMatchObject({
      tipo: 'conexao',
      estado: { status: 'AguardandoLeitura', qrcode: expect.stringMatching(/^2@/) },
    });
  });

  it('desconectar logs out and deletes the instance; again (already gone) is not an error', async () => {
    await conectarELer();
    await gateway.desconectar(instancia);
    expect(fake.instancias.has(instancia.nome)).toBe(false);
    expect(await gateway.estado(instancia)).toEqual({ status: 'Desconectado', numero: null, qrcode: null });
    await expect(gateway.desconectar(instancia)).resolves.toBeUndefined();
    // A pairing (never connected) instance is deleted as well.
    await gateway.conectar(instancia);
    await gateway.desconectar(instancia);
    expect(fake.instancias.has(instancia.nome)).toBe(false);
  });

  it('the phone logging out arrives as Desconectado through the webhook', async () => {
    await conectarELer();
    await fake.desconectarCelular(instancia.nome);
    const ultimo = eventosRecebidos('connection.update').at(-1);
    expect(ultimo).toEqual({ tipo: 'conexao', estado: { status: 'Desconectado', numero: null, qrcode: null } });
    expect((await gateway.estado(instancia)).status).toBe('Desconectado');
  });
});

describe('GatewayEvolution: sending', () => {
  it('sends the text with sendText and answers key.id', async () => {
    await conectarELer();
    const { gatewayMensagemId } = await gateway.enviar(instancia, {
      para: '5511912345678',
      texto: 'Olá, Maria! O Thor está pronto.',
    });
    const enviada = fake.enviadas.find((e) => e.id === gatewayMensagemId);
    expect(enviada).toMatchObject({
      instancia: instancia.nome,
      numero: '5511912345678',
      texto: 'Olá, Maria! O Thor está pronto.',
    });
    expect(fake.requisicoes.at(-1)).toMatchObject({
      metodo: 'POST',
      caminho: `/message/sendText/${instancia.nome}`,
      corpo: { number: '5511912345678', text: 'Olá, Maria! O Thor está pronto.' },
    });
  });

  it('maps failures: disconnected, 5xx, dropped connection and timeout are temporary; no WhatsApp is permanent', async () => {
    await gateway.conectar(instancia);
    const envio = { para: '5511912345678', texto: 'teste' };
    const erroDe = async () => {
      try {
        await gateway.enviar(instancia, envio);
      } catch (e) {
        return e as ErroGateway;
      }
      throw new Error('enviar deveria ter falhado');
    };
    const desconectado = await erroDe();
    expect(desconectado).toBeInstanceOf(ErroGateway);
    expect(desconectado).toMatchObject({ temporario: true, message: expect.stringContaining('desconectado') });

    await fake.lerQrcode(instancia.nome, '5511987650000');
    fake.falharProximos(1, 'erro500');
    expect(await erroDe()).toMatchObject({ temporario: true, message: expect.stringContaining('HTTP 500') });
    fake.falharProximos(1, 'queda');
    expect(await erroDe()).toMatchObject({ temporario: true });

    fake.numerosSemWhatsapp.add('5511912345678');
    const semWhats = await erroDe();
    expect(semWhats).toMatchObject({ temporario: false, message: 'O número 5511912345678 não tem WhatsApp' });
    fake.numerosSemWhatsapp.clear();

    const lento = new GatewayEvolution({ url: fake.url, apiKey: API_KEY, timeoutMs: 150 });
    fake.atrasoMs = 1000;
    await expect(lento.enviar(instancia, envio)).rejects.toMatchObject({
      temporario: true,
      message: expect.stringContaining('não respondeu'),
    });
    fake.atrasoMs = 0;

    await expect(
      new GatewayEvolution({ url: fake.url, apiKey: 'errada', timeoutMs: 2000 }).enviar(instancia, envio),
    ).rejects.toMatchObject({
      temporario: true,
      message: expect.stringContaining('EVOLUTION_API_KEY'),
    });
    await expect(
      new GatewayEvolution({ url: 'http://127.0.0.1:9', apiKey: API_KEY, timeoutMs: 2000 }).estado(instancia),
    ).rejects.toMatchObject({
      temporario: true,
    });
    const outra = { ...instancia, nome: 'petshop-inexistente' };
    await expect(gateway.enviar(outra, envio)).rejects.toMatchObject({
      temporario: true,
      message: expect.stringContaining('não existe'),
    });
  });

  it('buscarEnviada finds a message the gateway sent but whose answer was lost, and nothing else', async () => {
    await conectarELer();
    const desde = new Date(Date.now() - 1000);
    const envio = { para: '5511912340000', texto: 'Lembrete: banho amanhã às 14:30' };
    expect(await gateway.buscarEnviada(instancia, envio, desde)).toBeNull();
    fake.falharProximos(1, 'aceitaESemResposta');
    await expect(gateway.enviar(instancia, envio)).rejects.toMatchObject({ temporario: true });
    const perdida = fake.enviadas.at(-1)!;
    expect(await gateway.buscarEnviada(instancia, envio, desde)).toBe(perdida.id);
    // Another text, another number or a window after it: not found.
    expect(await gateway.buscarEnviada(instancia, { ...envio, texto: 'outro' }, desde)).toBeNull();
    expect(await gateway.buscarEnviada(instancia, { ...envio, para: '5511912340001' }, desde)).toBeNull();
    expect(await gateway.buscarEnviada(instancia, envio, new Date(Date.now() + 5000))).toBeNull();
    // Another unit's instance does not see it.
    const outra: InstanciaWhatsapp = { ...instancia, nome: `${instancia.nome}-b`, unidadeNegocioId: 'b' };
    await gateway.conectar(outra);
    await fake.lerQrcode(outra.nome, '5511987659999');
    expect(await gateway.buscarEnviada(outra, envio, desde)).toBeNull();
  });

  it('a Brazilian mobile matches with or without the ninth digit', () => {
    expect(mesmoNumeroBr('5511987654321', '551187654321')).toBe(true);
    expect(mesmoNumeroBr('5511987654321', '5511987654321')).toBe(true);
    expect(mesmoNumeroBr('5511987654321', '5511987654322')).toBe(false);
  });
});

describe('GatewayEvolution: callbacks', () => {
  it('receipts (messages.update) become status events with the sent id; PENDING is ignored', async () => {
    await conectarELer();
    const { gatewayMensagemId } = await gateway.enviar(instancia, { para: '5511912345678', texto: 'oi' });
    for (const status of ['SERVER_ACK', 'DELIVERY_ACK', 'READ', 'ERROR'] as const)
      expect(await fake.enviarStatus(instancia.nome, gatewayMensagemId, status)).toBe(200);
    const eventos = eventosRecebidos('messages.update');
    expect(eventos.map((e) => e.tipo === 'status' && [e.gatewayMensagemId, e.status])).toEqual([
      [gatewayMensagemId, 'Enviada'],
      [gatewayMensagemId, 'Entregue'],
      [gatewayMensagemId, 'Lida'],
      [gatewayMensagemId, 'Falhou'],
    ]);
    expect(eventos[3]).toMatchObject({ erro: expect.any(String) });
    expect(
      gateway.interpretarCallback({
        event: 'messages.update',
        instance: 'x',
        data: { keyId: 'a', fromMe: true, status: 'PENDING' },
      }),
    ).toEqual([]);
  });

  it('a reply (messages.upsert) becomes mensagemRecebida with the number; own messages, groups and media are ignored', async () => {
    await conectarELer();
    expect(await fake.receberMensagem(instancia.nome, '5511912345678', 'Sim')).toBe(200);
    const [evento] = eventosRecebidos('messages.upsert');
    expect(evento).toMatchObject({
      tipo: 'mensagemRecebida',
      de: '5511912345678',
      texto: 'Sim',
      gatewayMensagemId: expect.any(String),
    });
    const base = { event: 'messages.upsert', instance: instancia.nome };
    expect(
      gateway.interpretarCallback({
        ...base,
        data: { key: { id: 'x', remoteJid: '551100@s.whatsapp.net', fromMe: true }, message: { conversation: 'eco' } },
      }),
    ).toEqual([]);
    expect(
      gateway.interpretarCallback({
        ...base,
        data: { key: { id: 'x', remoteJid: '1203630@g.us', fromMe: false }, message: { conversation: '1' } },
      }),
    ).toEqual([]);
    expect(
      gateway.interpretarCallback({
        ...base,
        data: { key: { id: 'x', remoteJid: '5511@s.whatsapp.net', fromMe: false }, message: { imageMessage: {} } },
      }),
    ).toEqual([]);
    expect(
      gateway.interpretarCallback({
        ...base,
        data: {
          key: { id: 'y', remoteJid: '99999@lid', remoteJidAlt: '5511912345678@s.whatsapp.net', fromMe: false },
          message: { extendedTextMessage: { text: '2' } },
        },
      }),
    ).toMatchObject([{ tipo: 'mensagemRecebida', de: '5511912345678', texto: '2', gatewayMensagemId: 'y' }]);
  });

  it('unknown events answer []; a body that is not Evolution throws a permanent ErroGateway', () => {
    expect(gateway.interpretarCallback({ event: 'contacts.upsert', instance: 'x', data: [] })).toEqual([]);
    expect(gateway.interpretarCallback({ event: 'send.message', instance: 'x', data: {} })).toEqual([]);
    expect(() => gateway.interpretarCallback({ evento: 'status' })).toThrow(ErroGateway);
    expect(() => gateway.interpretarCallback(null)).toThrow('Corpo do retorno da Evolution API inválido');
  });
});

describe('configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: 'ab'.repeat(32), DATA_DIR: '/tmp/petshop-h2-config' };

  it('WHATSAPP_GATEWAY=evolution requires EVOLUTION_URL and EVOLUTION_API_KEY, in Portuguese', () => {
    expect(() => loadConfig({ ...base, WHATSAPP_GATEWAY: 'evolution' })).toThrow(
      'Configuração inválida:\nEVOLUTION_URL: obrigatória quando WHATSAPP_GATEWAY=evolution\nEVOLUTION_API_KEY: obrigatória quando WHATSAPP_GATEWAY=evolution',
    );
    expect(() => loadConfig({ ...base, WHATSAPP_GATEWAY: 'evolution', EVOLUTION_URL: 'http://evo:8080' })).toThrow(
      /EVOLUTION_API_KEY: obrigatória/,
    );
    const config = loadConfig({
      ...base,
      WHATSAPP_GATEWAY: 'evolution',
      EVOLUTION_URL: `${fake.url}/`,
      EVOLUTION_API_KEY: API_KEY,
    });
    expect(config.whatsapp).toMatchObject({ gateway: 'evolution', evolutionUrl: fake.url, evolutionApiKey: API_KEY });
    expect(criarGatewayWhatsapp(config.whatsapp).id).toBe('evolution');
    expect(criarGatewayWhatsapp(loadConfig(base).whatsapp).id).toBe('fake');
    expect(criarGatewayWhatsapp(loadConfig({ ...base, WHATSAPP_GATEWAY: 'cloud' }).whatsapp).id).toBe('cloud');
  });

  it('the gateway built from the configuration talks to the configured server', async () => {
    const config = loadConfig({ ...base, WHATSAPP_GATEWAY: 'evolution', EVOLUTION_URL: fake.url, EVOLUTION_API_KEY: API_KEY });
    const g = criarGatewayWhatsapp(config.whatsapp);
    expect((await g.conectar(instancia)).status).toBe('AguardandoLeitura');
  });
});
