/**
 * The WhatsApp Cloud API adapter (WHATSAPP_GATEWAY=cloud): Meta's official API, for shops that
 * want no risk of their number being banned. No QR and no session: a unit is "connected" when its
 * credentials (`instancia.credenciais`: { phoneNumberId, accessToken }, stored encrypted per unit)
 * answer. The protocol (Graph API, base WHATSAPP_CLOUD_URL with its version):
 *
 * - `GET /{phone-number-id}` with `Authorization: Bearer {token}` → { display_phone_number,
 *   verified_name, id } (conectar, estado).
 * - `POST /{phone-number-id}/messages` { messaging_product: 'whatsapp', recipient_type: 'individual',
 *   to, type: 'text', text: { body, preview_url: false } } — or, for a message the shop starts
 *   (`envio.modelo`: outside the 24 h window only an approved template may go), type 'template'
 *   { name, language: { code }, components: [{ type: 'body', parameters: [{ type: 'text', text }] }] }
 *   → { messages: [{ id: 'wamid.…' }] }.
 * - Errors `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`. Temporary (retried
 *   with back-off): HTTP 429 and 5xx, timeouts and network failures, and the codes of throughput,
 *   rate and spam limits, service outages and expired/insufficient credentials (1, 2, 4, 0, 190, 10,
 *   200–299, 80007, 130429, 131000, 131016, 131048, 131056, 133004). Permanent (the message fails):
 *   the rest of 4xx — 131026 undeliverable (no WhatsApp / blocked / old app), 131047 outside the 24 h
 *   window (a plain text the shop starts), 131049/131050 Meta or the user refuse marketing, template
 *   errors (132xxx), invalid parameters (100, 131008, 131009, 131021, 131051).
 * - Webhooks `{ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages',
 *   value: { metadata: { phone_number_id }, statuses: [{ id, status: sent | delivered | read |
 *   failed, timestamp, errors }], messages: [{ from, id, timestamp, type: 'text', text: { body } }] } }] }] }`,
 *   signed `X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, raw body)`, checked when
 *   WHATSAPP_CLOUD_APP_SECRET is set (the route must hand over the raw body). Meta also verifies the
 *   callback URL once with a GET (`hub.mode=subscribe&hub.verify_token&hub.challenge`), answered by
 *   the webhook's GET route (agenda/atendimentos-routes.ts) with the unit's secret as the token.
 *
 * Meta offers no way to list the messages a number sent: `podeConsultarEnviadas` is false, so a
 * crash between Meta accepting a message and the outbox recording it makes the worker send it
 * again (at-least-once in that window of a few milliseconds per message).
 */
import { chamarHttp, objeto } from './chamar-http.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../config.ts';
import {
  ErroGateway,
  type EnvioWhatsapp,
  type EstadoConexao,
  type EventoGateway,
  type InstanciaWhatsapp,
  type WhatsappGateway,
} from './whatsapp-gateway.ts';

export type OpcoesGatewayCloud = Pick<Config['whatsapp'], 'timeoutMs'> & {
  /** Graph API base with version, e.g. https://graph.facebook.com/v21.0. */
  url: string;
  /** The Meta app's secret: when set, callbacks without a valid X-Hub-Signature-256 are refused. */
  appSecret: string | undefined;
};

/** Graph/Cloud error codes worth retrying later (limits, outages, credentials to be renewed). */
const CODIGOS_TEMPORARIOS = new Set([0, 1, 2, 4, 10, 17, 32, 190, 613, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

/** Cloud status → ours. */
const STATUS_CLOUD: Record<string, 'Enviada' | 'Entregue' | 'Lida' | 'Falhou'> = {
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falhou',
};

const lista = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const credenciaisDe = (instancia: InstanciaWhatsapp): { phoneNumberId: string; accessToken: string } | null => {
  const phoneNumberId = instancia.credenciais.phoneNumberId?.trim();
  const accessToken = instancia.credenciais.accessToken?.trim();
  return phoneNumberId && accessToken ? { phoneNumberId, accessToken } : null;
};

/** Meta's error in our words: "(#131026) Message undeliverable — detalhe". */
const descreverErro = (erro: Record<string, unknown> | null): string => {
  if (!erro) return 'sem detalhe';
  const detalhe = objeto(erro.error_data)?.details;
  const titulo = typeof erro.title === 'string' ? erro.title : typeof erro.message === 'string' ? erro.message : '';
  const codigo = erro.code !== undefined ? `(#${String(erro.code)}) ` : '';
  return `${codigo}${titulo}${typeof detalhe === 'string' && detalhe && detalhe !== titulo ? ` — ${detalhe}` : ''}`.slice(0, 300);
};

/** `sha256=` + hex HMAC-SHA256 of the raw body with the app secret (what Meta sends). */
export const assinaturaCloud = (appSecret: string, corpoBruto: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(corpoBruto, 'utf8').digest('hex')}`;

export class GatewayCloud implements WhatsappGateway {
  readonly id = 'cloud' as const;
  readonly podeConsultarEnviadas = false;
  private readonly url: string;

  constructor(private readonly opcoes: OpcoesGatewayCloud) {
    this.url = opcoes.url.replace(/\/+$/, '');
  }

  private async chamar(
    metodo: 'GET' | 'POST',
    caminho: string,
    token: string,
    corpo?: unknown,
  ): Promise<{ status: number; corpo: Record<string, unknown> | null }> {
    const r = await chamarHttp({
      url: `${this.url}${caminho}`,
      metodo,
      headers: { authorization: `Bearer ${token}` },
      corpo,
      prazoMs: this.opcoes.timeoutMs,
      nome: 'A WhatsApp Cloud API',
      semConexao: 'Não foi possível falar com a WhatsApp Cloud API',
    });
    return { status: r.status, corpo: objeto(r.corpo) };
  }

  /** An error answer → ErroGateway, temporary by HTTP status and Meta's code (see the header). */
  private erroDe(acao: string, status: number, corpo: Record<string, unknown> | null): ErroGateway {
    const erro = objeto(corpo?.error);
    const codigo = Number(erro?.code);
    const temporario =
      status === 429 ||
      status >= 500 ||
      status === 401 ||
      (Number.isFinite(codigo) && (CODIGOS_TEMPORARIOS.has(codigo) || (codigo >= 200 && codigo <= 299)));
    return new ErroGateway(`A WhatsApp Cloud API recusou ${acao} (HTTP ${status}): ${descreverErro(erro)}`, temporario);
  }

  /** GET /{phone-number-id} with the unit's token; null without credentials. */
  private async consultarNumero(instancia: InstanciaWhatsapp) {
    const credenciais = credenciaisDe(instancia);
    if (!credenciais) return null;
    return this.chamar(
      'GET',
      `/${encodeURIComponent(credenciais.phoneNumberId)}?fields=display_phone_number,verified_name`,
      credenciais.accessToken,
    );
  }

  private conectado(corpo: Record<string, unknown> | null): EstadoConexao {
    const numero = typeof corpo?.display_phone_number === 'string' ? corpo.display_phone_number.replace(/\D/g, '') : '';
    return { status: 'Conectado', numero: numero || null, qrcode: null };
  }

  /**
   * Conectado with the display number when the unit's credentials answer; Desconectado without
   * credentials; ErroGateway when Meta refuses them (the message says why) or cannot be reached.
   */
  async conectar(instancia: InstanciaWhatsapp): Promise<EstadoConexao> {
    const r = await this.consultarNumero(instancia);
    if (!r) return { status: 'Desconectado', numero: null, qrcode: null };
    if (r.status >= 300) throw this.erroDe('as credenciais da unidade', r.status, r.corpo);
    return this.conectado(r.corpo);
  }

  /** As conectar, but credentials Meta refuses (HTTP 400, 401, 403) answer Desconectado; limits and outages throw. */
  async estado(instancia: InstanciaWhatsapp): Promise<EstadoConexao> {
    const r = await this.consultarNumero(instancia);
    if (!r || r.status === 400 || r.status === 401 || r.status === 403)
      return { status: 'Desconectado', numero: null, qrcode: null };
    if (r.status >= 300) throw this.erroDe('a consulta do número', r.status, r.corpo);
    return this.conectado(r.corpo);
  }

  /** Nothing to log out on Meta's side: forgetting the unit's credentials is the caller's part. */
  async desconectar(): Promise<void> {}

  /** POST /{phone-number-id}/messages: a template when `envio.modelo` is given, else a text; answers the wamid. */
  async enviar(instancia: InstanciaWhatsapp, envio: EnvioWhatsapp): Promise<{ gatewayMensagemId: string }> {
    const credenciais = credenciaisDe(instancia);
    if (!credenciais)
      throw new ErroGateway('Informe o Phone Number ID e o token de acesso da WhatsApp Cloud API da unidade', true);
    const corpo = envio.modelo
      ? {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: envio.para,
          type: 'template',
          template: {
            name: envio.modelo.nome,
            language: { code: envio.modelo.idioma },
            components:
              envio.modelo.parametros.length > 0
                ? [{ type: 'body', parameters: envio.modelo.parametros.map((text) => ({ type: 'text', text })) }]
                : [],
          },
        }
      : {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: envio.para,
          type: 'text',
          text: { body: envio.texto, preview_url: false },
        };
    const r = await this.chamar(
      'POST',
      `/${encodeURIComponent(credenciais.phoneNumberId)}/messages`,
      credenciais.accessToken,
      corpo,
    );
    if (r.status >= 300) throw this.erroDe('a mensagem', r.status, r.corpo);
    const id = objeto(lista(r.corpo?.messages)[0])?.id;
    if (typeof id !== 'string' || !id) throw new ErroGateway('A WhatsApp Cloud API não informou o id da mensagem enviada', true);
    return { gatewayMensagemId: id };
  }

  /** Meta cannot list sent messages: always null (see `podeConsultarEnviadas`). */
  async buscarEnviada(): Promise<string | null> {
    return null;
  }

  /**
   * The webhook body as our events: statuses → status (failed with Meta's error), messages (text,
   * button and interactive replies) → mensagemRecebida. With an app secret configured the
   * X-Hub-Signature-256 of the raw body must match, else ErroGateway (temporario false).
   */
  interpretarCallback(
    corpo: unknown,
    headers: Record<string, string | string[] | undefined>,
    corpoBruto?: string,
  ): EventoGateway[] {
    if (this.opcoes.appSecret) {
      const recebida = headers['x-hub-signature-256'];
      const assinatura = Array.isArray(recebida) ? recebida[0] : recebida;
      if (!assinatura || corpoBruto === undefined) throw new ErroGateway('Retorno da WhatsApp Cloud API sem assinatura', false);
      const esperada = Buffer.from(assinaturaCloud(this.opcoes.appSecret, corpoBruto));
      const dada = Buffer.from(assinatura);
      if (esperada.length !== dada.length || !timingSafeEqual(esperada, dada))
        throw new ErroGateway('Assinatura do retorno da WhatsApp Cloud API inválida', false);
    }
    const c = objeto(corpo);
    if (!c || c.object !== 'whatsapp_business_account' || !Array.isArray(c.entry))
      throw new ErroGateway('Corpo do retorno da WhatsApp Cloud API inválido', false);
    const eventos: EventoGateway[] = [];
    const quando = (timestamp: unknown): Date => {
      const segundos = Number(timestamp);
      return Number.isFinite(segundos) && segundos > 0 ? new Date(segundos * 1000) : new Date();
    };
    for (const entrada of c.entry) {
      for (const mudanca of lista(objeto(entrada)?.changes)) {
        const m = objeto(mudanca);
        if (m?.field !== undefined && m.field !== 'messages') continue;
        const valor = objeto(m?.value);
        for (const item of lista(valor?.statuses)) {
          const s = objeto(item);
          const status = STATUS_CLOUD[String(s?.status ?? '')];
          if (!status || typeof s?.id !== 'string') continue;
          const erro = objeto(lista(s.errors)[0]);
          eventos.push({
            tipo: 'status',
            gatewayMensagemId: s.id,
            status,
            ...(status === 'Falhou' ? { erro: descreverErro(erro) } : {}),
            em: quando(s.timestamp),
          });
        }
        for (const item of lista(valor?.messages)) {
          const msg = objeto(item);
          if (typeof msg?.from !== 'string' || typeof msg.id !== 'string') continue;
          const interativa = objeto(msg.interactive);
          const texto =
            objeto(msg.text)?.body ??
            objeto(msg.button)?.text ??
            objeto(interativa?.button_reply)?.title ??
            objeto(interativa?.list_reply)?.title;
          if (typeof texto !== 'string') continue;
          eventos.push({
            tipo: 'mensagemRecebida',
            de: msg.from.replace(/\D/g, ''),
            texto,
            gatewayMensagemId: msg.id,
            em: quando(msg.timestamp),
          });
        }
      }
    }
    return eventos;
  }
}
