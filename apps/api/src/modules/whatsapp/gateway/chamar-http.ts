/**
 * One HTTP call of a gateway adapter (Evolution API, Cloud API): JSON body, the adapter's headers,
 * a deadline. A network failure or the deadline → temporary ErroGateway with the gateway's name;
 * any HTTP answer is returned (the adapter judges the status): the body parsed as JSON, else its
 * text, null when empty.
 */
import { ErroGateway } from './whatsapp-gateway.ts';

export type RespostaHttp = { status: number; corpo: unknown };

export const chamarHttp = async (opcoes: {
  url: string;
  metodo: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  corpo?: unknown;
  prazoMs: number;
  /** The gateway's name in messages ('a Evolution API'). */
  nome: string;
  /** The message when the server cannot be reached. */
  semConexao: string;
}): Promise<RespostaHttp> => {
  let resposta: Response;
  try {
    resposta = await fetch(opcoes.url, {
      method: opcoes.metodo,
      headers: { ...opcoes.headers, ...(opcoes.corpo === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(opcoes.corpo === undefined ? {} : { body: JSON.stringify(opcoes.corpo) }),
      signal: AbortSignal.timeout(opcoes.prazoMs),
    });
  } catch (e) {
    const tempo = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new ErroGateway(
      tempo ? `${opcoes.nome} não respondeu em ${Math.round(opcoes.prazoMs / 1000)} s` : opcoes.semConexao,
      true,
    );
  }
  const texto = await resposta.text().catch(() => '');
  let corpo: unknown = null;
  try {
    corpo = texto ? JSON.parse(texto) : null;
  } catch {
    corpo = texto;
  }
  return { status: resposta.status, corpo };
};

/** `v` when it is a plain JSON object, else null (reading a gateway's answer or callback). */
export const objeto = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
