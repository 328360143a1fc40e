/**
 * A tiny HTTP server that records the webhooks a gateway fake POSTs (headers, raw body, parsed
 * body) and answers `status` (200 by default): the gateway adapter tests feed what it got to
 * `interpretarCallback`, as the notificacao-webhook route does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type WebhookRecebido = {
  caminho: string;
  headers: Record<string, string | string[] | undefined>;
  bruto: string;
  corpo: unknown;
};

export type ReceptorWebhook = {
  url: string;
  recebidos: WebhookRecebido[];
  status: number;
  /** Polls (no fixed sleep) until `condicao` holds on what was received, or fails after `prazoMs`. */
  aguardar(condicao: (recebidos: WebhookRecebido[]) => boolean, prazoMs?: number): Promise<void>;
  close(): Promise<void>;
};

export const iniciarReceptorWebhook = async (): Promise<ReceptorWebhook> => {
  const recebidos: WebhookRecebido[] = [];
  const server = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const bruto = Buffer.concat(partes).toString('utf8');
      let corpo: unknown = null;
      try {
        corpo = JSON.parse(bruto);
      } catch {
        corpo = bruto;
      }
      recebidos.push({ caminho: req.url ?? '/', headers: req.headers, bruto, corpo });
      res.writeHead(receptor.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receptor: ReceptorWebhook = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agenda/atendimentos/notificacao-webhook?u=unidade`,
    recebidos,
    status: 200,
    async aguardar(condicao, prazoMs = 5000) {
      const limite = Date.now() + prazoMs;
      while (!condicao(recebidos)) {
        if (Date.now() > limite) throw new Error(`webhook esperado não chegou em ${prazoMs} ms (${recebidos.length} recebidos)`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return receptor;
};
