/**
 * The WhatsApp Cloud API adapter (gateway-cloud.ts) against its protocol fake
 * (fakes/whatsapp-cloud-fake.ts): "connected" when the unit's credentials answer, texts and
 * approved templates, Meta's errors as temporary or permanent, signed webhooks with receipts and
 * replies, and no lookup of sent messages.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { assinaturaCloud, GatewayCloud } from '../src/modules/whatsapp/gateway/gateway-cloud.ts';
import { ErroGateway, type InstanciaWhatsapp } from '../src/modules/whatsapp/gateway/whatsapp-gateway.ts';
import { iniciarWhatsappCloudFake } from './fakes/whatsapp-cloud-fake.ts';
import { iniciarReceptorWebhook } from './whatsapp-webhook-receptor.ts';

const APP_SECRET = 'segredo-do-app-meta';
const receptor = await iniciarReceptorWebhook();
const fake = await iniciarWhatsappCloudFake({
  numeros: {
    '1111': { token: 'token-unidade-a', display: '+55 11 3333-4444', nome: 'Pet Shop A' },
    '2222': { token: 'token-unidade-b', display: '+55 21 2222-3333', nome: 'Pet Shop B' },
  },
  appSecret: APP_SECRET,
  webhookUrl: receptor.url,
});
afterAll(async () => {
  await fake.close();
  await receptor.close();
});

const gateway = new GatewayCloud({ url: fake.url, appSecret: APP_SECRET, timeoutMs: 2000 });
const unidadeA: InstanciaWhatsapp = {
  unidadeNegocioId: 'a',
  nome: 'petshop-a',
  webhookUrl: receptor.url,
  credenciais: { phoneNumberId: '1111', accessToken: 'token-unidade-a' },
};
const unidadeB: InstanciaWhatsapp = {
  ...unidadeA,
  unidadeNegocioId: 'b',
  nome: 'petshop-b',
  credenciais: { phoneNumberId: '2222', accessToken: 'token-unidade-b' },
};

beforeEach(() => {
  fake.falharProximos(0);
  fake.atrasoMs = 0;
  fake.modelosAprovados.clear();
  fake.numerosSemWhatsapp.clear();
  receptor.recebidos.length = 0;
});

const falhaDe = async (p: Promise<unknown>): Promise<ErroGateway> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ErroGateway);
    return e as ErroGateway;
  }
  throw new Error('deveria ter falhado');
};

describe('GatewayCloud: connection', () => {
  it('is Conectado with the display number when the unit credentials answer; no QR; each unit its own number', async () => {
    expect(await gateway.conectar(unidadeA)).toEqual({ status: 'Conectado', numero: '551133334444', qrcode: null });
    expect(await gateway.estado(unidadeB)).toEqual({ status: 'Conectado', numero: '552122223333', qrcode: null });
    const consulta = fake.requisicoes.find((r) => r.metodo === 'GET' && r.caminho.startsWith('/v21.0/1111'));
    expect(consulta?.autorizacao).toBe('Bearer token-unidade-a');
  });

  it('is Desconectado without credentials; refused credentials: conectar says why, estado answers Desconectado', async () => {
    const semCredenciais = { ...unidadeA, credenciais: {} };
    expect(await gateway.conectar(semCredenciais)).toEqual({ status: 'Desconectado', numero: null, qrcode: null });
    expect(await gateway.estado(semCredenciais)).toEqual({ status: 'Desconectado', numero: null, qrcode: null });
    // Unit A's id with unit B's token: Meta refuses it.
    const trocada = { ...unidadeA, credenciais: { phoneNumberId: '1111', accessToken: 'token-unidade-b' } };
    const erro = await falhaDe(gateway.conectar(trocada));
    expect(erro.message).toContain('HTTP 401');
    expect(erro.message).toContain('#190');
    expect(await gateway.estado(trocada)).toEqual({ status: 'Desconectado', numero: null, qrcode: null });
    const inexistente = { ...unidadeA, credenciais: { phoneNumberId: '9999', accessToken: 'x' } };
    expect(await falhaDe(gateway.conectar(inexistente))).toMatchObject({ temporario: false });
    expect((await gateway.estado(inexistente)).status).toBe('Desconectado');
  });

  it('an unreachable API is a temporary error, not Desconectado; desconectar calls nobody', async () => {
    const fora = new GatewayCloud({ url: 'http://127.0.0.1:9/v21.0', appSecret: undefined, timeoutMs: 1000 });
    expect(await falhaDe(fora.estado(unidadeA))).toMatchObject({ temporario: true });
    const antes = fake.requisicoes.length;
    await gateway.desconectar();
    expect(fake.requisicoes.length).toBe(antes);
  });
});

describe('GatewayCloud: sending', () => {
  it('sends a text (inside the 24 h window) and answers the wamid', async () => {
    const { gatewayMensagemId } = await gateway.enviar(unidadeA, { para: '5511912345678', texto: 'Seu pet está pronto!' });
    expect(gatewayMensagemId).toMatch(/^wamid\./);
    const enviada = fake.enviadas.find((e) => e.id === gatewayMensagemId);
    expect(enviada).toMatchObject({ phoneNumberId: '1111', para: '5511912345678', tipo: 'text', texto: 'Seu pet está pronto!' });
    expect(enviada?.corpo).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511912345678',
      type: 'text',
      text: { body: 'Seu pet está pronto!', preview_url: false },
    });
  });

  it('sends an approved template with its body parameters in order when the envio has a modelo', async () => {
    fake.modelosAprovados.add('lembrete_agendamento');
    const { gatewayMensagemId } = await gateway.enviar(unidadeB, {
      para: '5521998887777',
      texto: 'Olá Maria, lembrete do banho do Thor amanhã às 14:30',
      modelo: { nome: 'lembrete_agendamento', idioma: 'pt_BR', parametros: ['Maria', 'Thor', '28/11/2026', '14:30'] },
    });
    const enviada = fake.enviadas.find((e) => e.id === gatewayMensagemId);
    expect(enviada).toMatchObject({
      phoneNumberId: '2222',
      tipo: 'template',
      modelo: { nome: 'lembrete_agendamento', idioma: 'pt_BR', parametros: ['Maria', 'Thor', '28/11/2026', '14:30'] },
    });
    expect((enviada?.corpo as { template: unknown }).template).toEqual({
      name: 'lembrete_agendamento',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Maria' },
            { type: 'text', text: 'Thor' },
            { type: 'text', text: '28/11/2026' },
            { type: 'text', text: '14:30' },
          ],
        },
      ],
    });
    // A template Meta does not know fails for good.
    const erro = await falhaDe(
      gateway.enviar(unidadeB, {
        para: '5521998887777',
        texto: 'x',
        modelo: { nome: 'nao_aprovado', idioma: 'pt_BR', parametros: [] },
      }),
    );
    expect(erro).toMatchObject({ temporario: false, message: expect.stringContaining('#132001') });
  });

  it('classifies Meta errors: limits, outages and credentials are temporary; undeliverable and outside the window are not', async () => {
    const envio = { para: '5511912345678', texto: 'oi' };
    const casos: [number, number, string, boolean][] = [
      [429, 130429, 'Rate limit hit', true],
      [400, 131056, '(Business Account, Consumer Account) pair rate limit hit', true],
      [500, 131000, 'Something went wrong', true],
      [503, 133004, 'Server temporarily unavailable', true],
      [401, 190, 'Error validating access token: Session has expired', true],
      [400, 131026, 'Message undeliverable', false],
      [400, 131047, 'Re-engagement message', false],
      [400, 131051, 'Unsupported message type', false],
      [400, 100, 'Invalid parameter', false],
    ];
    for (const [status, code, message, temporario] of casos) {
      fake.falharProximos(1, { status, code, message });
      const erro = await falhaDe(gateway.enviar(unidadeA, envio));
      expect({ code, temporario: erro.temporario }).toEqual({ code, temporario });
      expect(erro.message).toContain(`#${code}`);
    }
    const lento = new GatewayCloud({ url: fake.url, appSecret: undefined, timeoutMs: 150 });
    fake.atrasoMs = 1000;
    expect(await falhaDe(lento.enviar(unidadeA, envio))).toMatchObject({
      temporario: true,
      message: expect.stringContaining('não respondeu'),
    });
  });

  it('without credentials a send fails temporarily (the unit may still configure them)', async () => {
    expect(await falhaDe(gateway.enviar({ ...unidadeA, credenciais: {} }, { para: '5511912345678', texto: 'oi' }))).toMatchObject(
      {
        temporario: true,
        message: expect.stringContaining('Phone Number ID'),
      },
    );
  });

  it('cannot look up sent messages: podeConsultarEnviadas false, buscarEnviada null', async () => {
    expect(gateway.podeConsultarEnviadas).toBe(false);
    await gateway.enviar(unidadeA, { para: '5511912345678', texto: 'já enviada' });
    expect(await gateway.buscarEnviada()).toBeNull();
  });
});

describe('GatewayCloud: callbacks', () => {
  it('signed receipts become status events, failed with Meta error; a number without WhatsApp fails by webhook', async () => {
    const { gatewayMensagemId } = await gateway.enviar(unidadeA, { para: '5511912345678', texto: 'oi' });
    for (const status of ['sent', 'delivered', 'read'] as const)
      expect(await fake.enviarStatus(gatewayMensagemId, status)).toBe(200);
    fake.numerosSemWhatsapp.add('5511900000000');
    const { gatewayMensagemId: semWhats } = await gateway.enviar(unidadeA, { para: '5511900000000', texto: 'oi' });
    await receptor.aguardar((r) => r.length === 4);
    const eventos = receptor.recebidos.flatMap((r) => gateway.interpretarCallback(r.corpo, r.headers, r.bruto));
    expect(eventos.map((e) => e.tipo === 'status' && [e.gatewayMensagemId, e.status])).toEqual([
      [gatewayMensagemId, 'Enviada'],
      [gatewayMensagemId, 'Entregue'],
      [gatewayMensagemId, 'Lida'],
      [semWhats, 'Falhou'],
    ]);
    expect(eventos[3]).toMatchObject({ erro: expect.stringContaining('#131026') });
    expect(eventos[0]).toMatchObject({ em: expect.any(Date) });
  });

  it('a reply becomes mensagemRecebida (text, button and interactive replies)', async () => {
    expect(await fake.receberMensagem('1111', '5511912345678', 'sim')).toBe(200);
    const [recebido] = receptor.recebidos;
    expect(gateway.interpretarCallback(recebido!.corpo, recebido!.headers, recebido!.bruto)).toEqual([
      {
        tipo: 'mensagemRecebida',
        de: '5511912345678',
        texto: 'sim',
        gatewayMensagemId: expect.stringMatching(/^wamid\./),
        em: expect.any(Date),
      },
    ]);
    const semAssinatura = new GatewayCloud({ url: fake.url, appSecret: undefined, timeoutMs: 1000 });
    const corpo = (mensagem: Record<string, unknown>) => ({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'w',
          changes: [
            {
              field: 'messages',
              value: { messages: [{ from: '5511912345678', id: 'wamid.b', timestamp: '1700000000', ...mensagem }] },
            },
          ],
        },
      ],
    });
    expect(
      semAssinatura.interpretarCallback(corpo({ type: 'button', button: { text: 'Confirmar', payload: 'p' } }), {}),
    ).toMatchObject([{ texto: 'Confirmar', em: new Date(1_700_000_000_000) }]);
    expect(
      semAssinatura.interpretarCallback(
        corpo({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: '1', title: 'Não' } } }),
        {},
      ),
    ).toMatchObject([{ texto: 'Não' }]);
    expect(semAssinatura.interpretarCallback(corpo({ type: 'image', image: { id: 'm' } }), {})).toEqual([]);
  });

  it('refuses a callback with no signature or a wrong one when the app secret is set; other bodies are invalid', async () => {
    await fake.receberMensagem('1111', '5511912345678', '1');
    const [r] = receptor.recebidos;
    expect(() => gateway.interpretarCallback(r!.corpo, {}, r!.bruto)).toThrow('Retorno da WhatsApp Cloud API sem assinatura');
    expect(() => gateway.interpretarCallback(r!.corpo, r!.headers)).toThrow('sem assinatura');
    const adulterado = r!.bruto.replace('"1"', '"2"');
    expect(() => gateway.interpretarCallback(JSON.parse(adulterado), r!.headers, adulterado)).toThrow(
      'Assinatura do retorno da WhatsApp Cloud API inválida',
    );
    expect(() =>
      gateway.interpretarCallback(r!.corpo, { 'x-hub-signature-256': assinaturaCloud('outro-segredo', r!.bruto) }, r!.bruto),
    ).toThrow(ErroGateway);
    expect(
      gateway.interpretarCallback(r!.corpo, { 'x-hub-signature-256': assinaturaCloud(APP_SECRET, r!.bruto) }, r!.bruto),
    ).toHaveLength(1);
    const semAssinatura = new GatewayCloud({ url: fake.url, appSecret: undefined, timeoutMs: 1000 });
    expect(() => semAssinatura.interpretarCallback({ event: 'messages.update' }, {})).toThrow(
      'Corpo do retorno da WhatsApp Cloud API inválido',
    );
    expect(semAssinatura.interpretarCallback({ object: 'whatsapp_business_account', entry: [] }, {})).toEqual([]);
  });
});
