/**
 * A local fake of the ViaCEP service (https://viacep.com.br), speaking its protocol:
 * GET /ws/{cep}/json/ → 200 with the address JSON, or `{ "erro": true }` for an unknown CEP.
 * Used by the API tests (useTestApp({ cepProviderUrl })) and by the end-to-end harness
 * (CEP_PROVIDER_URL), so no test ever calls the internet.
 *
 * Special CEPs: FAKE_CEP_QUEDA closes the connection without answering (provider down);
 * FAKE_CEP_LENTO never answers (the API's 5 s timeout); FAKE_CEP_ERRO (99999-999) answers 500
 * with an HTML page (provider failing). `requests` lists the CEPs asked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type ViaCepAnswer = {
  cep: string;
  logradouro: string;
  complemento: string;
  unidade: string;
  bairro: string;
  localidade: string;
  uf: string;
  estado: string;
  regiao: string;
  ibge: string;
  gia: string;
  ddd: string;
  siafi: string;
};

export const FAKE_CEPS: Record<string, ViaCepAnswer> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    unidade: '',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
    estado: 'São Paulo',
    regiao: 'Sudeste',
    ibge: '3550308',
    gia: '1004',
    ddd: '11',
    siafi: '7107',
  },
  '30130010': {
    cep: '30130-010',
    logradouro: 'Avenida Afonso Pena',
    complemento: 'até 1199/1200',
    unidade: '',
    bairro: 'Centro',
    localidade: 'Belo Horizonte',
    uf: 'MG',
    estado: 'Minas Gerais',
    regiao: 'Sudeste',
    ibge: '3106200',
    gia: '',
    ddd: '31',
    siafi: '4123',
  },
  '04538133': {
    cep: '04538-133',
    logradouro: 'Avenida Brigadeiro Faria Lima',
    complemento: 'de 3201 a 3599 - lado ímpar',
    unidade: '',
    bairro: 'Itaim Bibi',
    localidade: 'São Paulo',
    uf: 'SP',
    estado: 'São Paulo',
    regiao: 'Sudeste',
    ibge: '3550308',
    gia: '1004',
    ddd: '11',
    siafi: '7107',
  },
};

/** Closes the connection without an answer. */
export const FAKE_CEP_QUEDA = '99999001';
/** Never answers. */
export const FAKE_CEP_LENTO = '99999002';
/** Answers 500 with an HTML error page. */
export const FAKE_CEP_ERRO = '99999999';

export type FakeViaCep = { url: string; close: () => Promise<void>; requests: string[] };

/** Starts the fake on 127.0.0.1 (random port). `url` is the base to which `/{cep}/json/` is appended. */
export const startFakeViaCep = async (): Promise<FakeViaCep> => {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const match = /^\/ws\/(\d{8})\/json\/?$/.exec(req.url ?? '');
    if (!match || req.method !== 'GET') {
      res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Bad Request</h1>');
      return;
    }
    const cep = match[1]!;
    requests.push(cep);
    if (cep === FAKE_CEP_QUEDA) {
      req.socket.destroy();
      return;
    }
    if (cep === FAKE_CEP_LENTO) return;
    if (cep === FAKE_CEP_ERRO) {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(FAKE_CEPS[cep] ?? { erro: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ws`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
