/**
 * A local fake of the Evolution API v2 (https://github.com/EvolutionAPI/evolution-api), the
 * self-hosted WhatsApp gateway, speaking its HTTP protocol over a real socket (node:http on a
 * random port) so the adapter (gateway-evolution.ts) — or a server under test running in another
 * process — talks to it exactly as to the real one. Checked against the v2 sources
 * (instance.router/controller, instance.guard, auth.guard, whatsapp.baileys.service,
 * chat.service fetchMessages, webhook.controller emit, main.ts error handler):
 *
 * - header `apikey` (the global key) on every call; missing or wrong → 401
 *   `{ status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } }`.
 * - `POST /instance/create` { instanceName, qrcode, integration, webhook: { url, byEvents, base64,
 *   events } } → 201 { instance: { instanceName, instanceId, integration, status: 'created' }, hash,
 *   webhook: { webhookUrl, … }, qrcode: { pairingCode, code, base64, count } }; a name in use → 403
 *   `This name "x" is already in use.`
 * - `GET /instance/connect/{instance}` → { pairingCode, code, base64, count } while pairing (a closed
 *   instance starts pairing); an open one answers its connectionState.
 * - `GET /instance/connectionState/{instance}` → { instance: { instanceName, state } } with state
 *   'open' | 'connecting' | 'close'.
 * - `GET /instance/fetchInstances?instanceName=` → [{ id, name, connectionStatus, ownerJid,
 *   profileName, integration, number, token, … }]; unknown → 404.
 * - `DELETE /instance/logout/{instance}` (400 when not connected) and `DELETE /instance/delete/{instance}`
 *   (400 while connected) → { status: 'SUCCESS', error: false, response: { message } }.
 * - `POST /message/sendText/{instance}` { number, text } → 201 the message row
 *   { key: { remoteJid, fromMe: true, id }, pushName, status: 'PENDING', message: { conversation },
 *   messageType: 'conversation', messageTimestamp (s), instanceId, source }; a number without
 *   WhatsApp → 400 with `[{ exists: false, jid, number }]`; while not connected → 400
 *   'Error: Connection Closed'.
 * - `POST /chat/findMessages/{instance}` { where: { key: { remoteJid?, fromMe?, id? },
 *   messageTimestamp?: { gte, lte } }, page?, offset? } → { messages: { total, pages, currentPage,
 *   records } } newest first.
 * - `POST /webhook/set/{instance}` { webhook: { enabled, url, byEvents, base64, events } } → 201.
 * - Unknown instance on an instance route → 404 `The "x" instance does not exist`.
 * - Errors: `{ status, error, response: { message: [...] } }`.
 * - Webhooks (POSTed to the instance's webhook url, JSON): `{ event, instance, data, destination,
 *   date_time, sender, server_url, apikey }` with event 'qrcode.updated' (data { qrcode: { instance,
 *   pairingCode, code, base64 } }), 'connection.update' (data { instance, wuid, profileName, state,
 *   statusReason }), 'messages.upsert' (data: the message row), 'messages.update' (data { keyId,
 *   remoteJid, fromMe, participant, status, instanceId, messageId }), 'send.message'.
 *
 * State and steering (tests): `instancias` (by name); `enviadas`, every text accepted (a message
 * counts as sent when its request arrives — `atrasoMs` delays only the answer, like a gateway that
 * sent the message but whose answer never reached a crashed client); `requisicoes`, every call;
 * `lerQrcode(instancia, numero)` (the phone read the QR: the instance opens and connection.update is
 * POSTed); `renovarQrcode` (a new QR, qrcode.updated POSTed; also happens by itself on a read after
 * `validadeQrcodeMs`); `desconectarCelular` (the phone logged out); `enviarStatus(instancia, id,
 * status)`, `receberMensagem(instancia, de, texto)` (post the webhooks, answer the webhook's HTTP
 * status); `falharProximos(n, modo)`; `numerosSemWhatsapp`.
 *
 * Use: `const fake = await iniciarEvolutionFake({ apiKey: 'chave' }); fake.url; fake.enviadas;
 * await fake.close()`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1×1 PNG: the fake's QR image (the adapter uses `code`, the raw payload). */
const PNG_QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export type EstadoEvolution = 'open' | 'connecting' | 'close';

export type InstanciaEvolutionFake = {
  id: string;
  nome: string;
  token: string;
  integration: string;
  state: EstadoEvolution;
  /** '5511…@s.whatsapp.net' once connected. */
  ownerJid: string | null;
  webhook: { url: string; byEvents: boolean; base64: boolean; events: string[] } | null;
  qrcode: { code: string; count: number; em: number } | null;
};

/** A text the fake accepted on /message/sendText. */
export type EnviadaEvolutionFake = {
  instancia: string;
  id: string;
  /** The number as asked (digits). */
  numero: string;
  remoteJid: string;
  texto: string;
  /** Unix seconds, as Evolution stores messageTimestamp. */
  messageTimestamp: number;
  em: Date;
};

export type RequisicaoEvolutionFake = { metodo: string; caminho: string; corpo: unknown };

/**
 * Failure injection for the next sends: 'erro500' answers 500; 'numeroInexistente' 400 with
 * exists false; 'desconectado' 400 Connection Closed; 'queda' closes the socket without an answer
 * (the message is NOT recorded); 'aceitaESemResposta' records the message and closes the socket
 * (sent, but the client never learns it).
 */
export type ModoFalhaEvolution = 'erro500' | 'numeroInexistente' | 'desconectado' | 'queda' | 'aceitaESemResposta';

export type EvolutionFake = {
  url: string;
  apiKey: string;
  instancias: Map<string, InstanciaEvolutionFake>;
  enviadas: EnviadaEvolutionFake[];
  requisicoes: RequisicaoEvolutionFake[];
  /** Delay of each sendText answer (ms). */
  atrasoMs: number;
  /** A QR older than this is replaced on the next read (ms). */
  validadeQrcodeMs: number;
  /** Numbers (digits) that have no WhatsApp: sends to them answer 400 exists false. */
  numerosSemWhatsapp: Set<string>;
  falharProximos(n: number, modo?: ModoFalhaEvolution): void;
  /** The phone read the QR: the instance opens with `numero` and connection.update is POSTed. False when it was not pairing. */
  lerQrcode(instancia: string, numero: string): Promise<boolean>;
  /** Replaces the QR of a pairing instance and POSTs qrcode.updated; answers the new code. */
  renovarQrcode(instancia: string): Promise<string | null>;
  /** The phone logged the session out: state close, connection.update POSTed. */
  desconectarCelular(instancia: string): Promise<void>;
  /** POSTs messages.update for a message the instance sent; answers the webhook's HTTP status. */
  enviarStatus(
    instancia: string,
    keyId: string,
    status: 'SERVER_ACK' | 'DELIVERY_ACK' | 'READ' | 'PLAYED' | 'ERROR',
  ): Promise<number>;
  /** POSTs messages.upsert of a text received from `de` (digits); answers the webhook's HTTP status. */
  receberMensagem(instancia: string, de: string, texto: string): Promise<number>;
  /** POSTs any event to the instance's webhook; answers its HTTP status (0 when none is registered). */
  postarWebhook(instancia: string, event: string, data: unknown): Promise<number>;
  close(): Promise<void>;
};

export type OpcoesEvolutionFake = { apiKey?: string; atrasoMs?: number; validadeQrcodeMs?: number };

class ErroHttp {
  constructor(
    readonly status: number,
    readonly corpo: unknown,
  ) {}
}

const NOMES_ERRO: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

const erro = (status: number, mensagem: unknown): ErroHttp =>
  new ErroHttp(status, {
    status,
    error: NOMES_ERRO[status] ?? 'Error',
    response: { message: status === 401 ? 'Unauthorized' : Array.isArray(mensagem) ? mensagem : [mensagem] },
  });

const lerCorpo = async (req: IncomingMessage): Promise<unknown> => {
  const partes: Buffer[] = [];
  for await (const parte of req) partes.push(parte as Buffer);
  const texto = Buffer.concat(partes).toString('utf8');
  if (!texto) return {};
  try {
    return JSON.parse(texto);
  } catch {
    throw erro(400, 'Invalid JSON');
  }
};

const digitos = (v: string): string => v.split('@')[0]!.split(':')[0]!.replace(/\D/g, '');

const novoIdMensagem = (): string => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;

const novoCodigoQr = (): string =>
  `2@${randomBytes(24).toString('base64')},${randomBytes(16).toString('base64')},${randomBytes(16).toString('base64')},${randomBytes(16).toString('base64')}`;

const esperar = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the fake on 127.0.0.1 (random port). `url` has no trailing slash. */
export const iniciarEvolutionFake = async (opcoes: OpcoesEvolutionFake = {}): Promise<EvolutionFake> => {
  const apiKey = opcoes.apiKey ?? 'evolution-fake-key';
  const instancias = new Map<string, InstanciaEvolutionFake>();
  const enviadas: EnviadaEvolutionFake[] = [];
  const requisicoes: RequisicaoEvolutionFake[] = [];
  const falhas: ModoFalhaEvolution[] = [];
  let url = '';

  const postarWebhook = async (nome: string, event: string, data: unknown): Promise<number> => {
    const inst = instancias.get(nome);
    if (!inst?.webhook?.url) return 0;
    const nomeEvento = event.replace(/[.-]/g, '_').toUpperCase();
    if (inst.webhook.events.length > 0 && !inst.webhook.events.includes(nomeEvento)) return 0;
    const destino = inst.webhook.byEvents ? `${inst.webhook.url}/${event.replace(/\./g, '-')}` : inst.webhook.url;
    const resposta = await fetch(destino, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event,
        instance: nome,
        data,
        destination: inst.webhook.url,
        date_time: new Date().toISOString(),
        sender: inst.ownerJid,
        server_url: url,
        apikey: inst.token,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    await resposta.arrayBuffer();
    return resposta.status;
  };

  const qrcodeDe = (inst: InstanciaEvolutionFake) => ({
    pairingCode: null,
    code: inst.qrcode?.code,
    base64: inst.qrcode ? PNG_QR : undefined,
    count: inst.qrcode?.count,
  });

  /**
   * A new QR; qrcode.updated is POSTed — awaited when a test asks (`aguardar`), not while answering
   * a call (the caller may hold resources its webhook handler needs, as with a real gateway).
   */
  const novoQrcode = async (inst: InstanciaEvolutionFake, aguardar = false): Promise<string> => {
    const code = novoCodigoQr();
    inst.qrcode = { code, count: (inst.qrcode?.count ?? 0) + 1, em: Date.now() };
    inst.state = 'connecting';
    const postado = postarWebhook(inst.nome, 'qrcode.updated', {
      qrcode: { instance: inst.nome, pairingCode: null, code, base64: PNG_QR },
    }).catch(() => 0);
    if (aguardar) await postado;
    return code;
  };

  /** A QR past its validity is replaced on read, as Baileys emits a new one every ~20 s. */
  const renovarSeVencido = async (inst: InstanciaEvolutionFake): Promise<void> => {
    if (inst.state === 'connecting' && inst.qrcode && Date.now() - inst.qrcode.em > fake.validadeQrcodeMs) await novoQrcode(inst);
  };

  const instanciaDa = (nome: string): InstanciaEvolutionFake => {
    const inst = instancias.get(nome);
    if (!inst) throw erro(404, `The "${nome}" instance does not exist`);
    return inst;
  };

  const linhaMensagem = (e: EnviadaEvolutionFake, inst: InstanciaEvolutionFake) => ({
    id: randomUUID(),
    key: { remoteJid: e.remoteJid, fromMe: true, id: e.id },
    pushName: '',
    status: 'PENDING',
    message: { conversation: e.texto },
    messageType: 'conversation',
    messageTimestamp: e.messageTimestamp,
    instanceId: inst.id,
    source: 'unknown',
  });

  const rotear = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const alvo = new URL(req.url ?? '/', 'http://fake');
    const metodo = req.method ?? 'GET';
    const corpo = metodo === 'GET' || metodo === 'DELETE' ? {} : await lerCorpo(req);
    requisicoes.push({ metodo, caminho: alvo.pathname + alvo.search, corpo });
    if (req.headers.apikey !== apiKey) throw erro(401, 'Unauthorized');
    const partes = alvo.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const responder = (status: number, dados: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(dados));
    };
    const [area, acao, nome] = partes;
    const rota = `${metodo} /${area ?? ''}/${acao ?? ''}`;

    switch (rota) {
      case 'POST /instance/create': {
        const c = corpo as {
          instanceName?: string;
          qrcode?: boolean;
          integration?: string;
          token?: string;
          webhook?: { url?: string; byEvents?: boolean; base64?: boolean; events?: string[] };
        };
        if (!c.instanceName) throw erro(400, ['instance requires property "instanceName"']);
        if (instancias.has(c.instanceName)) throw erro(403, [`This name "${c.instanceName}" is already in use.`]);
        const integration = c.integration ?? 'WHATSAPP-BAILEYS';
        if (integration !== 'WHATSAPP-BAILEYS') throw erro(400, ['Invalid integration']);
        const inst: InstanciaEvolutionFake = {
          id: randomUUID(),
          nome: c.instanceName,
          token: c.token ?? randomUUID().toUpperCase(),
          integration,
          state: 'close',
          ownerJid: null,
          webhook: c.webhook?.url
            ? {
                url: c.webhook.url,
                byEvents: c.webhook.byEvents ?? false,
                base64: c.webhook.base64 ?? false,
                events: c.webhook.events ?? [],
              }
            : null,
          qrcode: null,
        };
        instancias.set(inst.nome, inst);
        if (c.qrcode) await novoQrcode(inst);
        responder(201, {
          instance: {
            instanceName: inst.nome,
            instanceId: inst.id,
            integration,
            webhookWaBusiness: null,
            accessTokenWaBusiness: '',
            status: 'created',
          },
          hash: inst.token,
          webhook: {
            webhookUrl: inst.webhook?.url,
            webhookByEvents: inst.webhook?.byEvents,
            webhookBase64: inst.webhook?.base64,
          },
          websocket: { enabled: false },
          rabbitmq: { enabled: false },
          sqs: { enabled: false },
          settings: {
            rejectCall: false,
            msgCall: '',
            groupsIgnore: false,
            alwaysOnline: false,
            readMessages: false,
            readStatus: false,
            syncFullHistory: false,
          },
          qrcode: c.qrcode ? qrcodeDe(inst) : undefined,
        });
        return;
      }
      case 'GET /instance/connect': {
        const inst = instanciaDa(nome ?? '');
        if (inst.state === 'open') {
          responder(200, { instance: { instanceName: inst.nome, state: inst.state } });
          return;
        }
        if (inst.state === 'close') await novoQrcode(inst);
        else await renovarSeVencido(inst);
        responder(200, qrcodeDe(inst));
        return;
      }
      case 'GET /instance/connectionState': {
        const inst = instanciaDa(nome ?? '');
        await renovarSeVencido(inst);
        responder(200, { instance: { instanceName: inst.nome, state: inst.state } });
        return;
      }
      case 'GET /instance/fetchInstances': {
        const filtro = alvo.searchParams.get('instanceName');
        if (filtro && !instancias.has(filtro)) throw erro(404, [`Instance "${filtro}" not found`]);
        const lista = [...instancias.values()].filter((i) => !filtro || i.nome === filtro);
        responder(
          200,
          lista.map((i) => ({
            id: i.id,
            name: i.nome,
            connectionStatus: i.state,
            ownerJid: i.ownerJid,
            profileName: i.ownerJid ? 'Pet Shop' : null,
            profilePicUrl: null,
            integration: i.integration,
            number: null,
            businessId: null,
            token: i.token,
            clientName: 'evolution_fake',
            disconnectionReasonCode: null,
            disconnectionObject: null,
            disconnectionAt: null,
            createdAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
            _count: { Message: enviadas.filter((e) => e.instancia === i.nome).length, Contact: 0, Chat: 0 },
          })),
        );
        return;
      }
      case 'DELETE /instance/logout': {
        const inst = instanciaDa(nome ?? '');
        if (inst.state === 'close') throw erro(400, [`The "${inst.nome}" instance is not connected`]);
        inst.state = 'close';
        inst.ownerJid = null;
        inst.qrcode = null;
        responder(200, { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } });
        return;
      }
      case 'DELETE /instance/delete': {
        const inst = instanciaDa(nome ?? '');
        if (inst.state === 'open') throw erro(400, [`The "${inst.nome}" instance needs to be disconnected`]);
        instancias.delete(inst.nome);
        responder(200, { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } });
        return;
      }
      case 'POST /webhook/set': {
        const inst = instanciaDa(nome ?? '');
        const w = (
          corpo as { webhook?: { enabled?: boolean; url?: string; byEvents?: boolean; base64?: boolean; events?: string[] } }
        ).webhook;
        if (!w || typeof w.enabled !== 'boolean') throw erro(400, ['instance requires property "webhook"']);
        if (w.enabled && !w.url) throw erro(400, ['Invalid "url" property']);
        inst.webhook = w.enabled
          ? { url: w.url!, byEvents: w.byEvents ?? false, base64: w.base64 ?? false, events: w.events ?? [] }
          : null;
        responder(201, {
          id: randomUUID(),
          url: w.url,
          enabled: w.enabled,
          events: w.events ?? [],
          webhookByEvents: w.byEvents ?? false,
          webhookBase64: w.base64 ?? false,
          instanceId: inst.id,
        });
        return;
      }
      case 'POST /message/sendText': {
        const inst = instanciaDa(nome ?? '');
        const c = corpo as { number?: unknown; text?: unknown };
        if (typeof c.number !== 'string' || !c.number) throw erro(400, ['instance requires property "number"']);
        if (typeof c.text !== 'string' || !c.text.trim()) throw erro(400, ['Text is required']);
        const numero = digitos(c.number);
        const remoteJid = `${numero}@s.whatsapp.net`;
        const falha = falhas.shift();
        if (falha === 'queda') {
          req.socket.destroy();
          return;
        }
        if (falha === 'erro500') throw erro(500, ['Error: simulated failure']);
        if (falha === 'desconectado' || inst.state !== 'open') throw erro(400, ['Error: Connection Closed']);
        if (falha === 'numeroInexistente' || fake.numerosSemWhatsapp.has(numero))
          throw erro(400, [{ jid: remoteJid, exists: false, number: numero }]);
        const agora = new Date();
        const enviada: EnviadaEvolutionFake = {
          instancia: inst.nome,
          id: novoIdMensagem(),
          numero,
          remoteJid,
          texto: c.text,
          messageTimestamp: Math.floor(agora.getTime() / 1000),
          em: agora,
        };
        enviadas.push(enviada);
        if (falha === 'aceitaESemResposta') {
          req.socket.destroy();
          return;
        }
        if (fake.atrasoMs > 0) await esperar(fake.atrasoMs);
        const linha = linhaMensagem(enviada, inst);
        responder(201, linha);
        void postarWebhook(inst.nome, 'send.message', linha).catch(() => 0);
        return;
      }
      case 'POST /chat/findMessages': {
        const inst = instanciaDa(nome ?? '');
        const c = corpo as {
          where?: {
            key?: { id?: string; fromMe?: boolean; remoteJid?: string };
            messageTimestamp?: { gte?: string; lte?: string };
          };
          page?: number;
          offset?: number;
        };
        const chave = c.where?.key ?? {};
        const janela = c.where?.messageTimestamp;
        const gte = janela?.gte && janela.lte ? Math.floor(new Date(janela.gte).getTime() / 1000) : null;
        const lte = janela?.gte && janela.lte ? Math.floor(new Date(janela.lte).getTime() / 1000) : null;
        const todas = enviadas
          .filter(
            (e) =>
              e.instancia === inst.nome &&
              (!chave.id || e.id === chave.id) &&
              (!chave.remoteJid || e.remoteJid === chave.remoteJid) &&
              (gte === null || e.messageTimestamp >= gte) &&
              (lte === null || e.messageTimestamp <= lte),
          )
          .sort((a, b) => b.messageTimestamp - a.messageTimestamp);
        const porPagina = c.offset && c.offset > 0 ? c.offset : 50;
        const pagina = c.page && c.page > 0 ? c.page : 1;
        responder(200, {
          messages: {
            total: todas.length,
            pages: Math.ceil(todas.length / porPagina),
            currentPage: pagina,
            records: todas.slice((pagina - 1) * porPagina, pagina * porPagina).map((e) => linhaMensagem(e, inst)),
          },
        });
        return;
      }
      default:
        throw new ErroHttp(404, {
          status: 404,
          error: 'Not Found',
          response: { message: [`Cannot ${metodo} ${alvo.pathname}`] },
        });
    }
  };

  const server = createServer((req, res) => {
    rotear(req, res).catch((e: unknown) => {
      if (res.headersSent || req.socket.destroyed) return;
      const falha = e instanceof ErroHttp ? e : erro(500, String(e));
      res.writeHead(falha.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(falha.corpo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: EvolutionFake = {
    url,
    apiKey,
    instancias,
    enviadas,
    requisicoes,
    atrasoMs: opcoes.atrasoMs ?? 0,
    validadeQrcodeMs: opcoes.validadeQrcodeMs ?? 20_000,
    numerosSemWhatsapp: new Set<string>(),
    falharProximos(n, modo = 'erro500') {
      falhas.length = 0;
      for (let i = 0; i < n; i += 1) falhas.push(modo);
    },
    async lerQrcode(nome, numero) {
      const inst = instancias.get(nome);
      if (inst?.state !== 'connecting') return false;
      inst.state = 'open';
      inst.qrcode = null;
      inst.ownerJid = `${digitos(numero)}@s.whatsapp.net`;
      await postarWebhook(nome, 'connection.update', {
        instance: nome,
        wuid: inst.ownerJid,
        profileName: 'Pet Shop',
        profilePictureUrl: null,
        state: 'open',
        statusReason: 200,
      });
      return true;
    },
    async renovarQrcode(nome) {
      const inst = instancias.get(nome);
      if (inst?.state !== 'connecting') return null;
      return novoQrcode(inst, true);
    },
    async desconectarCelular(nome) {
      const inst = instancias.get(nome);
      if (!inst) return;
      inst.state = 'close';
      inst.ownerJid = null;
      inst.qrcode = null;
      await postarWebhook(nome, 'connection.update', { instance: nome, state: 'close', statusReason: 401 });
    },
    async enviarStatus(nome, keyId, status) {
      const inst = instanciaDa(nome);
      const enviada = enviadas.find((e) => e.instancia === nome && e.id === keyId);
      return postarWebhook(nome, 'messages.update', {
        keyId,
        remoteJid: enviada?.remoteJid ?? null,
        fromMe: true,
        participant: undefined,
        status,
        instanceId: inst.id,
        messageId: randomUUID(),
      });
    },
    async receberMensagem(nome, de, texto) {
      const inst = instanciaDa(nome);
      return postarWebhook(nome, 'messages.upsert', {
        key: { remoteJid: `${digitos(de)}@s.whatsapp.net`, fromMe: false, id: novoIdMensagem() },
        pushName: 'Cliente',
        status: 'DELIVERY_ACK',
        message: { conversation: texto },
        contextInfo: null,
        messageType: 'conversation',
        messageTimestamp: Math.floor(Date.now() / 1000),
        instanceId: inst.id,
        source: 'android',
      });
    },
    postarWebhook,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
};
