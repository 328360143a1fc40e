/**
 * The in-process fake gateway (WHATSAPP_GATEWAY=fake, the default of the embedded demo and of
 * the tests): no phone, no network. `conectar` shows a QR (a new one on every `estado` after
 * 20 s, like a real pairing); the session connects when `lerQrcode` is called (the development
 * action POST /api/whatsapp/simular-leitura, or a test). `enviar` records the message in
 * `enviadas` and answers an id. Its state lives in this process: a restart disconnects it.
 *
 * Tests steer it: `falharProximos(n, temporario)` makes the next n sends fail;
 * `atrasoMs` delays each send.
 *
 * Its callbacks (what a test or the development actions post to notificacao-webhook) are:
 *   { "evento": "status", "id": "<gatewayMensagemId>", "status": "Entregue" | "Lida" | "Falhou", "erro"?: "…" }
 *   { "evento": "mensagem", "id": "<id>", "de": "5511…", "texto": "1" }
 *   { "evento": "conexao", "status": "Conectado" | "Desconectado", "numero"?: "5511…" }
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CONEXAO_IDS } from '@petshop/shared/whatsapp';
import {
  ErroGateway,
  type EnvioWhatsapp,
  type EstadoConexao,
  type EventoGateway,
  type InstanciaWhatsapp,
  type WhatsappGateway,
} from './whatsapp-gateway.ts';

/** How long a fake QR lasts before `estado` shows a new one (ms). */
export const VALIDADE_QRCODE_FAKE_MS = 20_000;

type SessaoFake = { status: EstadoConexao['status']; numero: string | null; qrcode: string | null; qrcodeEm: number };

/** A message the fake "sent". */
export type EnviadaFake = {
  instancia: string;
  id: string;
  para: string;
  texto: string;
  modelo: EnvioWhatsapp['modelo'];
  em: Date;
};

export class GatewayFake implements WhatsappGateway {
  readonly id = 'fake' as const;
  readonly podeConsultarEnviadas = true;
  readonly sessoes = new Map<string, SessaoFake>();
  readonly enviadas: EnviadaFake[] = [];
  atrasoMs = 0;
  private falhas: { restantes: number; temporario: boolean } = { restantes: 0, temporario: true };

  constructor(private readonly agora: () => number = Date.now) {}

  private novoQrcode(nome: string): string {
    return `fake-whatsapp:${nome}:${randomUUID()}`;
  }

  async conectar(instancia: InstanciaWhatsapp): Promise<EstadoConexao> {
    const atual = this.sessoes.get(instancia.nome);
    if (atual?.status === 'Conectado') return this.estadoDe(atual);
    const sessao: SessaoFake = {
      status: 'AguardandoLeitura',
      numero: null,
      qrcode: this.novoQrcode(instancia.nome),
      qrcodeEm: this.agora(),
    };
    this.sessoes.set(instancia.nome, sessao);
    return this.estadoDe(sessao);
  }

  async estado(instancia: InstanciaWhatsapp): Promise<EstadoConexao> {
    const sessao = this.sessoes.get(instancia.nome);
    if (!sessao) return { status: 'Desconectado', numero: null, qrcode: null };
    if (sessao.status === 'AguardandoLeitura' && this.agora() - sessao.qrcodeEm > VALIDADE_QRCODE_FAKE_MS) {
      sessao.qrcode = this.novoQrcode(instancia.nome);
      sessao.qrcodeEm = this.agora();
    }
    return this.estadoDe(sessao);
  }

  async desconectar(instancia: InstanciaWhatsapp): Promise<void> {
    this.sessoes.delete(instancia.nome);
  }

  async enviar(instancia: InstanciaWhatsapp, envio: EnvioWhatsapp): Promise<{ gatewayMensagemId: string }> {
    if (this.atrasoMs > 0) await new Promise((r) => setTimeout(r, this.atrasoMs));
    if (this.falhas.restantes > 0) {
      this.falhas.restantes -= 1;
      throw new ErroGateway(
        this.falhas.temporario ? 'Gateway indisponível (simulado)' : 'Número inválido (simulado)',
        this.falhas.temporario,
      );
    }
    if (this.sessoes.get(instancia.nome)?.status !== 'Conectado') throw new ErroGateway('WhatsApp desconectado', true);
    const id = `fake-${randomUUID()}`;
    this.enviadas.push({
      instancia: instancia.nome,
      id,
      para: envio.para,
      texto: envio.texto,
      modelo: envio.modelo,
      em: new Date(this.agora()),
    });
    return { gatewayMensagemId: id };
  }

  async buscarEnviada(instancia: InstanciaWhatsapp, envio: EnvioWhatsapp, desde: Date): Promise<string | null> {
    const achada = this.enviadas.find(
      (e) => e.instancia === instancia.nome && e.para === envio.para && e.texto === envio.texto && e.em >= desde,
    );
    return achada?.id ?? null;
  }

  interpretarCallback(corpo: unknown): EventoGateway[] {
    const c = corpo as Record<string, unknown> | null;
    if (!c || typeof c !== 'object' || typeof c.evento !== 'string') throw new ErroGateway('Corpo do retorno inválido', false);
    const em = new Date(this.agora());
    if (c.evento === 'status' && typeof c.id === 'string' && ['Enviada', 'Entregue', 'Lida', 'Falhou'].includes(String(c.status)))
      return [
        {
          tipo: 'status',
          gatewayMensagemId: c.id,
          status: c.status as 'Enviada' | 'Entregue' | 'Lida' | 'Falhou',
          ...(typeof c.erro === 'string' ? { erro: c.erro } : {}),
          em,
        },
      ];
    if (c.evento === 'mensagem' && typeof c.de === 'string' && typeof c.texto === 'string')
      return [
        {
          tipo: 'mensagemRecebida',
          de: c.de,
          texto: c.texto,
          gatewayMensagemId: typeof c.id === 'string' ? c.id : randomUUID(),
          em,
        },
      ];
    if (c.evento === 'conexao' && (STATUS_CONEXAO_IDS as readonly unknown[]).includes(c.status))
      return [
        {
          tipo: 'conexao',
          estado: {
            status: c.status as EstadoConexao['status'],
            numero: typeof c.numero === 'string' ? c.numero : null,
            qrcode: null,
          },
        },
      ];
    // Another kind of event (the contract: unknown kinds are ignored); a known kind malformed is refused.
    if (!['status', 'mensagem', 'conexao'].includes(c.evento)) return [];
    throw new ErroGateway('Corpo do retorno inválido', false);
  }

  /** The development action: the phone read the QR; the session connects with `numero`. */
  lerQrcode(nomeInstancia: string, numero: string): boolean {
    const sessao = this.sessoes.get(nomeInstancia);
    if (sessao?.status !== 'AguardandoLeitura') return false;
    this.sessoes.set(nomeInstancia, { status: 'Conectado', numero, qrcode: null, qrcodeEm: this.agora() });
    return true;
  }

  /** The next `n` sends fail (temporarily: retried; or for good). */
  falharProximos(n: number, temporario = true): void {
    this.falhas = { restantes: n, temporario };
  }

  private estadoDe(s: SessaoFake): EstadoConexao {
    return { status: s.status, numero: s.numero, qrcode: s.status === 'AguardandoLeitura' ? s.qrcode : null };
  }
}
