/**
 * The Evolution API v2 adapter (WHATSAPP_GATEWAY=evolution): the HTTP gateway Brazilian shops
 * self-host (github.com/EvolutionAPI/evolution-api, Baileys underneath). One Evolution instance per
 * unit, named `instancia.nome`; every call carries the server's global key in the `apikey` header
 * (EVOLUTION_URL, EVOLUTION_API_KEY). The protocol, as the v2 sources define it:
 *
 * - `POST /instance/create` { instanceName, qrcode: true, integration: 'WHATSAPP-BAILEYS',
 *   webhook: { url, byEvents: false, base64: false, events } } → 201 {…, qrcode: { code, base64,
 *   count, pairingCode } }; the webhook (our notificacao-webhook URL with the unit's secret) is
 *   registered here, and again with `POST /webhook/set/{instance}` { webhook: { enabled, url, … } }
 *   when conectar finds the instance already there (a new URL or secret).
 * - `GET /instance/connect/{instance}` → the QR { code, base64, count, pairingCode } (a closed
 *   instance starts pairing; an open one answers its connectionState).
 * - `GET /instance/connectionState/{instance}` → { instance: { state: 'open' | 'connecting' | 'close' } };
 *   404 when the instance does not exist.
 * - `GET /instance/fetchInstances?instanceName=` → [{ ownerJid: '5511…@s.whatsapp.net', … }].
 * - `DELETE /instance/logout/{instance}`, `DELETE /instance/delete/{instance}`.
 * - `POST /message/sendText/{instance}` { number, text } → { key: { id, remoteJid, fromMe }, … };
 *   400 `[{ exists: false, jid, number }]` when the number has no WhatsApp.
 * - `POST /chat/findMessages/{instance}` { where: { key: { fromMe: true }, messageTimestamp:
 *   { gte, lte } }, page, offset } → { messages: { pages, records: [{ key, message, messageTimestamp }] } }.
 * - Webhook bodies { event, instance, data }: 'qrcode.updated', 'connection.update',
 *   'messages.upsert', 'messages.update' (status SERVER_ACK, DELIVERY_ACK, READ, PLAYED, ERROR),
 *   'send.message'.
 *
 * Errors → ErroGateway: timeout, network, 5xx, 401/403 (the key), 404 (instance gone) and a 400
 * other than "no WhatsApp" (the session closed) are temporary; a number without WhatsApp is not.
 */
import type { Config } from '../../../config.ts';
import { chamarHttp, objeto, type RespostaHttp as Resposta } from './chamar-http.ts';
import {
  ErroGateway,
  type EnvioWhatsapp,
  type EstadoConexao,
  type EventoGateway,
  type InstanciaWhatsapp,
  type WhatsappGateway,
} from './whatsapp-gateway.ts';

/** The webhook events the adapter subscribes to on instance create. */
export const EVENTOS_WEBHOOK_EVOLUTION = [
  'QRCODE_UPDATED',
  'CONNECTION_UPDATE',
  'MESSAGES_UPSERT',
  'MESSAGES_UPDATE',
  'SEND_MESSAGE',
];

/** Evolution's message status → ours (PENDING and DELETED carry no news for the outbox). */
const STATUS_EVOLUTION: Record<string, 'Enviada' | 'Entregue' | 'Lida' | 'Falhou'> = {
  SERVER_ACK: 'Enviada',
  DELIVERY_ACK: 'Entregue',
  READ: 'Lida',
  PLAYED: 'Lida',
  ERROR: 'Falhou',
};

/** The least deadline of instance create and connect (ms): the real server answers them after 5 s and 2 s. */
const PRAZO_PAREAMENTO_MS = 15_000;

/** How many pages of 50 sent messages `buscarEnviada` reads at most (newest first). */
const MAX_PAGINAS_BUSCA = 10;

export type OpcoesGatewayEvolution = Pick<Config['whatsapp'], 'timeoutMs'> & { url: string; apiKey: string };

/** '5511999990000@s.whatsapp.net' or '5511999990000:12@s.whatsapp.net' → '5511999990000'. */
export const numeroDoJid = (jid: unknown): string | null => {
  if (typeof jid !== 'string' || !jid) return null;
  const digitos = jid.split('@')[0]!.split(':')[0]!.replace(/\D/g, '');
  return digitos || null;
};

/**
 * The same Brazilian mobile with or without the ninth digit (WhatsApp keeps some older accounts'
 * JIDs with 8 digits after the DDD): '5511987654321' matches '551187654321'.
 */
export const mesmoNumeroBr = (a: string, b: string): boolean => {
  const sem9 = (n: string) => (n.length === 13 && n.startsWith('55') && n[4] === '9' ? n.slice(0, 4) + n.slice(5) : n);
  return a === b || sem9(a) === sem9(b);
};

/** The text of an Evolution message row (plain or extended text); null for media and others. */
const textoDaMensagem = (mensagem: unknown): string | null => {
  const m = objeto(mensagem);
  if (!m) return null;
  if (typeof m.conversation === 'string') return m.conversation;
  const estendida = objeto(m.extendedTextMessage);
  if (estendida && typeof estendida.text === 'string') return estendida.text;
  const botao = objeto(m.buttonsResponseMessage);
  if (botao && typeof botao.selectedDisplayText === 'string') return botao.selectedDisplayText;
  return null;
};

/** The message Evolution's error body carries (response.message: string | array), for our log. */
const mensagemDoErro = (corpo: unknown): string => {
  const resposta = objeto(objeto(corpo)?.response);
  const m = resposta?.message ?? objeto(corpo)?.message;
  const lista = Array.isArray(m) ? m : [m];
  return lista
    .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
    .filter((t) => t && t !== 'undefined')
    .join('; ')
    .slice(0, 300);
};

const semWhatsapp = (corpo: unknown): boolean => {
  const m = objeto(objeto(corpo)?.response)?.message;
  return Array.isArray(m) && m.some((item) => objeto(item)?.exists === false);
};

export class GatewayEvolution implements WhatsappGateway {
  readonly id = 'evolution' as const;
  readonly podeConsultarEnviadas = true;
  private readonly url: string;

  constructor(private readonly opcoes: OpcoesGatewayEvolution) {
    this.url = opcoes.url.replace(/\/+$/, '');
  }

  /** One HTTP call with the global key and the deadline; network failures and timeouts → temporary ErroGateway. */
  private async chamar(
    metodo: 'GET' | 'POST' | 'DELETE',
    caminho: string,
    corpo?: unknown,
    prazoMs = this.opcoes.timeoutMs,
  ): Promise<Resposta> {
    return chamarHttp({
      url: `${this.url}${caminho}`,
      metodo,
      headers: { apikey: this.opcoes.apiKey },
      corpo,
      prazoMs,
      nome: 'A Evolution API',
      semConexao: 'Não foi possível falar com a Evolution API (servidor fora do ar ou endereço errado)',
    });
  }

  /** A failed answer as ErroGateway (always temporary here: enviar decides the permanent case). */
  private falha(acao: string, r: Resposta): ErroGateway {
    const detalhe = mensagemDoErro(r.corpo);
    if (r.status === 401 || r.status === 403)
      return new ErroGateway(
        `A Evolution API recusou a chave (EVOLUTION_API_KEY) ao ${acao}${detalhe ? `: ${detalhe}` : ''}`,
        true,
      );
    return new ErroGateway(`A Evolution API falhou ao ${acao} (HTTP ${r.status})${detalhe ? `: ${detalhe}` : ''}`, true);
  }

  private caminho(acao: string, instancia: InstanciaWhatsapp): string {
    return `${acao}/${encodeURIComponent(instancia.nome)}`;
  }

  /** The connected number from fetchInstances' ownerJid; null when unknown. */
  private async numeroConectado(instancia: InstanciaWhatsapp): Promise<string | null> {
    const r = await this.chamar('GET', `/instance/fetchInstances?instanceName=${encodeURIComponent(instancia.nome)}`);
    if (r.status !== 200) return null;
    const lista = Array.isArray(r.corpo) ? r.corpo : [r.corpo];
    const achada =
      lista.map(objeto).find((i) => i && (i.name === instancia.nome || i.instanceName === instancia.nome)) ?? objeto(lista[0]);
    return numeroDoJid(achada?.ownerJid);
  }

  /** The QR of a pairing instance (GET /instance/connect); an open instance answers Conectado. */
  private async qrcode(instancia: InstanciaWhatsapp): Promise<EstadoConexao> {
    const r = await this.chamar('GET', this.caminho('/instance/connect', instancia), undefined, this.prazoPareamento());
    if (r.status === 404) return { status: 'Desconectado', numero: null, qrcode: null };
    if (r.status >= 300) throw this.falha('gerar o QR code', r);
    const c = objeto(r.corpo);
    if (c?.error === true)
      throw new ErroGateway(`A Evolution API falhou ao gerar o QR code: ${String(c.message ?? '')}`.trim(), true);
    if (objeto(objeto(c?.instance))?.state === 'open')
      return { status: 'Conectado', numero: await this.numeroConectado(instancia), qrcode: null };
    const code = typeof c?.code === 'string' && c.code ? c.code : null;
    return { status: 'AguardandoLeitura', numero: null, qrcode: code };
  }

  /**
   * Creates the unit's instance (QR pairing, our webhook) when it does not exist, else asks for a
   * QR; answers Conectado (with the number) when the session is already open.
   */
  async conectar(instancia: InstanciaWhatsapp): Promise<EstadoConexao> {
    const existe = await this.chamar('GET', this.caminho('/instance/connectionState', instancia));
    if (existe.status === 404) {
      const r = await this.chamar(
        'POST',
        '/instance/create',
        {
          instanceName: instancia.nome,
          qrcode: true,
          integration: 'WHATSAPP-BAILEYS',
          webhook: { url: instancia.webhookUrl, byEvents: false, base64: false, events: EVENTOS_WEBHOOK_EVOLUTION },
        },
        this.prazoPareamento(),
      );
      // 403 "already in use": another API instance created it meanwhile; go on and ask for the QR.
      if (r.status >= 300 && r.status !== 403) throw this.falha('criar a instância', r);
      const code = objeto(objeto(r.corpo)?.qrcode)?.code;
      if (r.status < 300 && typeof code === 'string' && code) return { status: 'AguardandoLeitura', numero: null, qrcode: code };
    } else if (existe.status >= 300) {
      throw this.falha('consultar a conexão', existe);
    } else {
      // The instance exists (created before, maybe with another URL or secret): point its webhook
      // at the unit's current URL. Best effort: an older server without /webhook/set still pairs.
      await this.chamar('POST', this.caminho('/webhook/set', instancia), {
        webhook: { enabled: true, url: instancia.webhookUrl, byEvents: false, base64: false, events: EVENTOS_WEBHOOK_EVOLUTION },
      }).catch(() => null);
      if (objeto(objeto(existe.corpo)?.instance)?.state === 'open')
        return { status: 'Conectado', numero: await this.numeroConectado(instancia), qrcode: null };
    }
    return this.qrcode(instancia);
  }

  /** Creating an instance with a QR and (re)connecting take seconds on the real server (it waits 5 s and 2 s for Baileys' QR). */
  private prazoPareamento(): number {
    return Math.max(this.opcoes.timeoutMs, PRAZO_PAREAMENTO_MS);
  }

  /** connectionState: open → Conectado (number from fetchInstances), connecting → the current QR, else Desconectado. */
  async estado(instancia: InstanciaWhatsapp): Promise<EstadoConexao> {
    const r = await this.chamar('GET', this.caminho('/instance/connectionState', instancia));
    if (r.status === 404) return { status: 'Desconectado', numero: null, qrcode: null };
    if (r.status >= 300) throw this.falha('consultar a conexão', r);
    const state = objeto(objeto(r.corpo)?.instance)?.state;
    if (state === 'open') return { status: 'Conectado', numero: await this.numeroConectado(instancia), qrcode: null };
    if (state === 'connecting') return this.qrcode(instancia);
    return { status: 'Desconectado', numero: null, qrcode: null };
  }

  /** Logs the number out (when connected) and deletes the instance; an instance already gone is fine. */
  async desconectar(instancia: InstanciaWhatsapp): Promise<void> {
    const saida = await this.chamar('DELETE', this.caminho('/instance/logout', instancia));
    // 400 "is not connected" and 404 "does not exist" are the states we want anyway.
    if (saida.status >= 300 && saida.status !== 400 && saida.status !== 404) throw this.falha('desconectar o número', saida);
    const exclusao = await this.chamar('DELETE', this.caminho('/instance/delete', instancia));
    if (exclusao.status >= 300 && exclusao.status !== 404) throw this.falha('excluir a instância', exclusao);
  }

  /** POST /message/sendText; answers key.id (what messages.update carries as keyId). */
  async enviar(instancia: InstanciaWhatsapp, envio: EnvioWhatsapp): Promise<{ gatewayMensagemId: string }> {
    const r = await this.chamar('POST', this.caminho('/message/sendText', instancia), { number: envio.para, text: envio.texto });
    if (r.status === 400 && semWhatsapp(r.corpo)) throw new ErroGateway(`O número ${envio.para} não tem WhatsApp`, false);
    if (r.status === 404)
      throw new ErroGateway(
        'A instância do WhatsApp desta unidade não existe na Evolution API: conecte o número novamente',
        true,
      );
    if (r.status === 400)
      throw new ErroGateway(`WhatsApp desconectado ou indisponível: ${mensagemDoErro(r.corpo) || 'sem detalhe'}`, true);
    if (r.status >= 300) throw this.falha('enviar a mensagem', r);
    const id = objeto(objeto(r.corpo)?.key)?.id;
    if (typeof id !== 'string' || !id) throw new ErroGateway('A Evolution API não informou o id da mensagem enviada', true);
    return { gatewayMensagemId: id };
  }

  /**
   * findMessages of our own messages since `desde` (to now + 1 min), newest first, up to
   * MAX_PAGINAS_BUSCA pages of 50: the id of one with this text to this number (9th digit or not).
   */
  async buscarEnviada(instancia: InstanciaWhatsapp, envio: EnvioWhatsapp, desde: Date): Promise<string | null> {
    const ate = new Date(Date.now() + 60_000);
    const desdeSegundos = Math.floor(desde.getTime() / 1000);
    for (let pagina = 1; pagina <= MAX_PAGINAS_BUSCA; pagina += 1) {
      const r = await this.chamar('POST', this.caminho('/chat/findMessages', instancia), {
        where: { key: { fromMe: true }, messageTimestamp: { gte: desde.toISOString(), lte: ate.toISOString() } },
        page: pagina,
        offset: 50,
      });
      if (r.status >= 300) throw this.falha('consultar as mensagens enviadas', r);
      const mensagens = objeto(objeto(r.corpo)?.messages);
      const registros = Array.isArray(mensagens?.records) ? mensagens.records : [];
      for (const registro of registros) {
        const m = objeto(registro);
        const chave = objeto(m?.key);
        const numero = numeroDoJid(chave?.remoteJid);
        const quando = Number(m?.messageTimestamp);
        if (
          chave?.fromMe === true &&
          typeof chave.id === 'string' &&
          numero &&
          mesmoNumeroBr(numero, envio.para) &&
          textoDaMensagem(m?.message) === envio.texto &&
          (!Number.isFinite(quando) || quando >= desdeSegundos)
        )
          return chave.id;
      }
      const paginas = Number(mensagens?.pages ?? 0);
      if (registros.length === 0 || !Number.isFinite(paginas) || pagina >= paginas) return null;
    }
    return null;
  }

  /**
   * The webhook body { event, instance, data } as our events. messages.update → status (our own
   * messages); messages.upsert → received texts (not ours, not groups); connection.update and
   * qrcode.updated → conexao; others (send.message, contacts…) → []. Authentication is the URL's
   * per-unit secret (checked by the route).
   */
  interpretarCallback(corpo: unknown): EventoGateway[] {
    const c = objeto(corpo);
    if (!c || typeof c.event !== 'string') throw new ErroGateway('Corpo do retorno da Evolution API inválido', false);
    const evento = c.event.toLowerCase().replace(/_/g, '.');
    const dados = Array.isArray(c.data) ? c.data : [c.data];
    const em = c.date_time && !Number.isNaN(Date.parse(String(c.date_time))) ? new Date(String(c.date_time)) : new Date();
    const eventos: EventoGateway[] = [];
    switch (evento) {
      case 'messages.update':
        for (const item of dados) {
          const d = objeto(item);
          const id = d?.keyId ?? objeto(d?.key)?.id ?? d?.id;
          const status = STATUS_EVOLUTION[String(d?.status ?? '')];
          if (d?.fromMe === false || typeof id !== 'string' || !status) continue;
          eventos.push({
            tipo: 'status',
            gatewayMensagemId: id,
            status,
            ...(status === 'Falhou' ? { erro: 'O WhatsApp informou erro na entrega' } : {}),
            em,
          });
        }
        return eventos;
      case 'messages.upsert':
        for (const item of dados) {
          const d = objeto(item);
          const chave = objeto(d?.key);
          if (!chave || chave.fromMe === true || typeof chave.id !== 'string') continue;
          let jid = typeof chave.remoteJid === 'string' ? chave.remoteJid : '';
          if (jid.endsWith('@lid') && typeof chave.remoteJidAlt === 'string') jid = chave.remoteJidAlt;
          if (!jid.endsWith('@s.whatsapp.net')) continue;
          const de = numeroDoJid(jid);
          const texto = textoDaMensagem(d?.message);
          if (!de || texto === null) continue;
          const segundos = Number(d?.messageTimestamp);
          eventos.push({
            tipo: 'mensagemRecebida',
            de,
            texto,
            gatewayMensagemId: chave.id,
            em: Number.isFinite(segundos) && segundos > 0 ? new Date(segundos * 1000) : em,
          });
        }
        return eventos;
      case 'connection.update': {
        const d = objeto(dados[0]);
        const state = d?.state;
        if (state === 'open')
          return [{ tipo: 'conexao', estado: { status: 'Conectado', numero: numeroDoJid(d?.wuid), qrcode: null } }];
        if (state === 'connecting')
          return [{ tipo: 'conexao', estado: { status: 'AguardandoLeitura', numero: null, qrcode: null } }];
        if (state === 'close' || state === 'refused')
          return [{ tipo: 'conexao', estado: { status: 'Desconectado', numero: null, qrcode: null } }];
        return [];
      }
      case 'qrcode.updated': {
        const code = objeto(objeto(dados[0])?.qrcode)?.code;
        return typeof code === 'string' && code
          ? [{ tipo: 'conexao', estado: { status: 'AguardandoLeitura', numero: null, qrcode: code } }]
          : [];
      }
      default:
        return [];
    }
  }
}
