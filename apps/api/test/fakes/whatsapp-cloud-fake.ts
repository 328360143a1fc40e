/**
 * A local fake of Meta's WhatsApp Cloud API (Graph API), speaking its HTTP protocol over a real
 * socket (node:http, random port) for gateway-cloud.ts:
 *
 * - `Authorization: Bearer {token}` on every call; a token that is not the phone number's →
 *   401 `{ error: { message: 'Invalid OAuth access token - Cannot parse access token', type:
 *   'OAuthException', code: 190, fbtrace_id } }`.
 * - `GET /{phone-number-id}` → { verified_name, display_phone_number, quality_rating, id, … };
 *   an unknown id → 400 code 100 (subcode 33).
 * - `POST /{phone-number-id}/messages` { messaging_product: 'whatsapp', to, type: 'text', text:
 *   { body } } or type 'template' { template: { name, language: { code }, components } } → 200
 *   { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }; a bad body
 *   → 400 code 100; a template not in `modelosAprovados` (when that set is not empty) → 404 code 132001.
 *   A number in `numerosSemWhatsapp` is accepted (as Meta does) and a `failed` status with
 *   131026 is POSTed to the webhook afterwards.
 * - Webhooks (`webhookUrl`): `{ object: 'whatsapp_business_account', entry: [{ id, changes: [{ field:
 *   'messages', value: { messaging_product, metadata: { display_phone_number, phone_number_id },
 *   statuses | contacts + messages } }] }] }`, signed `X-Hub-Signature-256: sha256=HMAC(appSecret,
 *   raw body)` when `appSecret` is given.
 *
 * Steering: `enviadas`, `requisicoes`, `atrasoMs`, `falharProximos(n, { status, code, message })`,
 * `enviarStatus(wamid, status, erro?)`, `receberMensagem(phoneNumberId, de, texto)`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type NumeroCloudFake = { token: string; display: string; nome?: string };

export type EnviadaCloudFake = {
  id: string;
  phoneNumberId: string;
  para: string;
  tipo: 'text' | 'template';
  texto: string | null;
  modelo: { nome: string; idioma: string; parametros: string[] } | null;
  corpo: unknown;
  em: Date;
};

export type FalhaCloudFake = { status: number; code: number; message: string };

export type WhatsappCloudFake = {
  /** Base like https://graph.facebook.com/v21.0 (no trailing slash). */
  url: string;
  numeros: Map<string, NumeroCloudFake>;
  enviadas: EnviadaCloudFake[];
  requisicoes: { metodo: string; caminho: string; autorizacao: string | undefined; corpo: unknown }[];
  webhookUrl: string | null;
  appSecret: string | null;
  atrasoMs: number;
  numerosSemWhatsapp: Set<string>;
  /** Approved template names; empty: every name is accepted. */
  modelosAprovados: Set<string>;
  falharProximos(n: number, falha?: FalhaCloudFake): void;
  enviarStatus(
    wamid: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    erro?: { code: number; title: string; details?: string },
  ): Promise<number>;
  receberMensagem(phoneNumberId: string, de: string, texto: string): Promise<number>;
  /** POSTs a raw webhook body (signed when appSecret is set); answers the HTTP status. */
  postarWebhook(corpo: unknown, assinatura?: string): Promise<number>;
  close(): Promise<void>;
};

export type OpcoesCloudFake = { numeros?: Record<string, NumeroCloudFake>; appSecret?: string; webhookUrl?: string };

class ErroGraph {
  constructor(
    readonly status: number,
    readonly corpo: unknown,
  ) {}
}

const erroGraph = (status: number, code: number, message: string, extra: Record<string, unknown> = {}): ErroGraph =>
  new ErroGraph(status, {
    error: {
      message,
      type: code === 190 ? 'OAuthException' : 'GraphMethodException',
      code,
      ...extra,
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });

const lerCorpo = async (req: IncomingMessage): Promise<unknown> => {
  const partes: Buffer[] = [];
  for await (const parte of req) partes.push(parte as Buffer);
  const texto = Buffer.concat(partes).toString('utf8');
  if (!texto) return {};
  try {
    return JSON.parse(texto);
  } catch {
    throw erroGraph(400, 100, 'Invalid parameter');
  }
};

const esperar = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const novoWamid = (): string => `wamid.${randomBytes(24).toString('base64url')}`;

/** Starts the fake on 127.0.0.1 (random port); `url` plays the role of https://graph.facebook.com/v21.0. */
export const iniciarWhatsappCloudFake = async (opcoes: OpcoesCloudFake = {}): Promise<WhatsappCloudFake> => {
  const numeros = new Map<string, NumeroCloudFake>(Object.entries(opcoes.numeros ?? {}));
  const enviadas: EnviadaCloudFake[] = [];
  const requisicoes: WhatsappCloudFake['requisicoes'] = [];
  const falhas: FalhaCloudFake[] = [];

  const postarWebhook = async (corpo: unknown, assinatura?: string): Promise<number> => {
    if (!fake.webhookUrl) return 0;
    const bruto = JSON.stringify(corpo);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const sig =
      assinatura ?? (fake.appSecret ? `sha256=${createHmac('sha256', fake.appSecret).update(bruto).digest('hex')}` : undefined);
    if (sig) headers['x-hub-signature-256'] = sig;
    const r = await fetch(fake.webhookUrl, { method: 'POST', headers, body: bruto, signal: AbortSignal.timeout(10_000) });
    await r.arrayBuffer();
    return r.status;
  };

  const envelope = (phoneNumberId: string, value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-FAKE',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: numeros.get(phoneNumberId)?.display.replace(/\D/g, '') ?? '',
                phone_number_id: phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  });

  const rotear = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const alvo = new URL(req.url ?? '/', 'http://fake');
    const metodo = req.method ?? 'GET';
    const corpo = metodo === 'POST' ? await lerCorpo(req) : {};
    const autorizacao = req.headers.authorization;
    requisicoes.push({ metodo, caminho: alvo.pathname + alvo.search, autorizacao, corpo });
    const partes = alvo.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    // The Graph API version (v21.0) prefixes every path.
    if (/^v\d+\.\d+$/.test(partes[0] ?? '')) partes.shift();
    const phoneNumberId = partes[0] ?? '';
    const numero = numeros.get(phoneNumberId);
    const token = /^Bearer (.+)$/.exec(autorizacao ?? '')?.[1];
    if (!token) throw erroGraph(401, 190, 'An active access token must be used to query information about the current user.');
    if (numero && numero.token !== token) throw erroGraph(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (!numero)
      throw erroGraph(
        400,
        100,
        `Unsupported ${metodo.toLowerCase()} request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        { error_subcode: 33 },
      );
    const responder = (status: number, dados: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(dados));

    if (metodo === 'GET' && partes.length === 1) {
      responder(200, {
        verified_name: numero.nome ?? 'Pet Shop',
        code_verification_status: 'VERIFIED',
        display_phone_number: numero.display,
        quality_rating: 'GREEN',
        platform_type: 'CLOUD_API',
        throughput: { level: 'STANDARD' },
        id: phoneNumberId,
      });
      return;
    }
    if (metodo === 'POST' && partes.length === 2 && partes[1] === 'messages') {
      const c = corpo as {
        messaging_product?: unknown;
        to?: unknown;
        type?: unknown;
        text?: { body?: unknown };
        template?: { name?: unknown; language?: { code?: unknown }; components?: unknown };
      };
      const falha = falhas.shift();
      if (falha) throw erroGraph(falha.status, falha.code, falha.message);
      if (c.messaging_product !== 'whatsapp') throw erroGraph(400, 100, '(#100) The parameter messaging_product is required.');
      if (typeof c.to !== 'string' || !/^\d{8,15}$/.test(c.to.replace(/\D/g, '')))
        throw erroGraph(400, 100, '(#100) Invalid parameter', { error_data: { messaging_product: 'whatsapp', details: 'to' } });
      const para = c.to.replace(/\D/g, '');
      let enviada: EnviadaCloudFake;
      const id = novoWamid();
      if (c.type === 'text') {
        if (typeof c.text?.body !== 'string' || !c.text.body)
          throw erroGraph(400, 100, "(#100) The parameter text['body'] is required.");
        enviada = { id, phoneNumberId, para, tipo: 'text', texto: c.text.body, modelo: null, corpo, em: new Date() };
      } else if (c.type === 'template') {
        const nome = c.template?.name;
        const idioma = c.template?.language?.code;
        if (typeof nome !== 'string' || typeof idioma !== 'string') throw erroGraph(400, 100, '(#100) Invalid parameter');
        if (fake.modelosAprovados.size > 0 && !fake.modelosAprovados.has(nome))
          throw erroGraph(404, 132001, '(#132001) Template name does not exist in the translation', {
            error_data: { messaging_product: 'whatsapp', details: `template name (${nome}) does not exist in ${idioma}` },
          });
        const componentes = Array.isArray(c.template?.components) ? (c.template.components as Record<string, unknown>[]) : [];
        const corpoModelo = componentes.find((k) => k.type === 'body');
        const parametros = (
          Array.isArray(corpoModelo?.parameters) ? (corpoModelo.parameters as Record<string, unknown>[]) : []
        ).map((p) => String(p.text ?? ''));
        enviada = {
          id,
          phoneNumberId,
          para,
          tipo: 'template',
          texto: null,
          modelo: { nome, idioma, parametros },
          corpo,
          em: new Date(),
        };
      } else {
        throw erroGraph(
          400,
          100,
          '(#100) Param type must be one of {AUDIO, CONTACTS, DOCUMENT, IMAGE, INTERACTIVE, LOCATION, REACTION, STICKER, TEMPLATE, TEXT, VIDEO}',
        );
      }
      enviadas.push(enviada);
      if (fake.atrasoMs > 0) await esperar(fake.atrasoMs);
      responder(200, { messaging_product: 'whatsapp', contacts: [{ input: c.to, wa_id: para }], messages: [{ id }] });
      if (fake.numerosSemWhatsapp.has(para))
        void fake.enviarStatus(id, 'failed', { code: 131026, title: 'Message undeliverable' }).catch(() => 0);
      return;
    }
    throw erroGraph(400, 100, `Unknown path components: /${partes.slice(1).join('/')}`);
  };

  const server = createServer((req, res) => {
    rotear(req, res).catch((e: unknown) => {
      if (res.headersSent || req.socket.destroyed) return;
      const falha = e instanceof ErroGraph ? e : erroGraph(500, 1, 'An unknown error occurred');
      res.writeHead(falha.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(falha.corpo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const fake: WhatsappCloudFake = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`,
    numeros,
    enviadas,
    requisicoes,
    webhookUrl: opcoes.webhookUrl ?? null,
    appSecret: opcoes.appSecret ?? null,
    atrasoMs: 0,
    numerosSemWhatsapp: new Set<string>(),
    modelosAprovados: new Set<string>(),
    falharProximos(n, falha = { status: 500, code: 131000, message: 'Something went wrong' }) {
      falhas.length = 0;
      for (let i = 0; i < n; i += 1) falhas.push(falha);
    },
    async enviarStatus(wamid, status, erro) {
      const enviada = enviadas.find((e) => e.id === wamid);
      const phoneNumberId = enviada?.phoneNumberId ?? [...numeros.keys()][0] ?? '';
      return postarWebhook(
        envelope(phoneNumberId, {
          statuses: [
            {
              id: wamid,
              status,
              timestamp: String(Math.floor(Date.now() / 1000)),
              recipient_id: enviada?.para ?? '',
              ...(status === 'failed' && erro
                ? {
                    errors: [
                      {
                        code: erro.code,
                        title: erro.title,
                        message: erro.title,
                        error_data: { details: erro.details ?? erro.title },
                      },
                    ],
                  }
                : {}),
            },
          ],
        }),
      );
    },
    async receberMensagem(phoneNumberId, de, texto) {
      const digitos = de.replace(/\D/g, '');
      return postarWebhook(
        envelope(phoneNumberId, {
          contacts: [{ profile: { name: 'Cliente' }, wa_id: digitos }],
          messages: [
            {
              from: digitos,
              id: novoWamid(),
              timestamp: String(Math.floor(Date.now() / 1000)),
              type: 'text',
              text: { body: texto },
            },
          ],
        }),
      );
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
