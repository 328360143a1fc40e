/**
 * The SEFAZ client (modules/fiscal/sefaz/sefaz-client.ts) against the fake SEFAZ
 * (test/fakes/sefaz.ts) over real TLS with a test A1 certificate (makePfx): authorisation,
 * duplicates (204, 539), rejections, silence and a dropped connection (SefazIndisponivelError
 * within the timeout), protocol query, cancellation (procEventoNFe valid against the official
 * XSD), inutilização (ProcInutNFe valid), service status, the control endpoint, and the URL
 * table against sped-nfe's wsnfe_4.00_mod65.xml for every state.
 *
 * The NFC-e sent is the public sample ../shared/fixtures/nfe/samples/sped-nfe__nfce_com_qrcode.xml
 * (read from there), renumbered and re-signed with the test certificate.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { AUTORIZADOR_NFCE_POR_UF } from '@petshop/shared/unidade-negocio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lerCertificadoA1, type CertificadoA1 } from '../src/lib/certificado.ts';
import { digitoVerificadorChave } from '../src/modules/compras/nfe/chave-acesso.ts';
import { verifyNfeSignature } from '../src/modules/compras/nfe/signature.ts';
import { assinarCanonico, assinarXml, digestValue } from '../src/modules/fiscal/assinatura.ts';
import { xmlEventoCancelamento, xmlInutilizacao } from '../src/modules/fiscal/sefaz/eventos-xml.ts';
import { createSefazClient, type SefazHttpsClient } from '../src/modules/fiscal/sefaz/sefaz-client.ts';
import { SefazIndisponivelError, type DestinoSefaz } from '../src/modules/fiscal/sefaz/sefaz.ts';
import { enderecoServico, SERVICOS_NFCE, type ServicoSefaz } from '../src/modules/fiscal/sefaz/urls-sefaz.ts';
import { makePfx } from './certificate.ts';
import { gerarNfce } from '../src/modules/fiscal/nfce/gerar-nfce.ts';
import { schemaError, startFakeSefaz, type FakeSefaz } from './fakes/sefaz.ts';
import { prng, vendaAleatoria } from './fiscal-nfce-gerador.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/nfe');
const CNPJ = '33657677000156';
const CN = `PMZ CENTRO NORTE S A:${CNPJ}`;

/** The sample NFC-e without declaration, whitespace between tags, signature and QR (infNFeSupl). */
const AMOSTRA = readFileSync(path.join(FIXTURES, 'samples', 'sped-nfe__nfce_com_qrcode.xml'), 'utf8')
  .replace(/^<\?xml[^>]*\?>/, '')
  .replace(/>\s+</g, '><')
  .trim();
const SUPL = /<infNFeSupl>[\s\S]*<\/infNFeSupl>/.exec(AMOSTRA)![0];
const SEM_ASSINATURA = AMOSTRA.replace(/<Signature[\s\S]*<\/Signature>/, '').replace(SUPL, '');

/**
 * The sample as NFC-e number `numero` with code `cNF` (so a new access key), signed by `cert`;
 * infNFeSupl put back between infNFe and Signature as the schema orders them.
 */
const nfce = (cert: CertificadoA1, numero: number, cNF = numero): { xml: string; chave: string } => {
  const cnf = String(cNF).padStart(8, '0');
  const chave43 = `29${'1810'}${CNPJ}65${'001'}${String(numero).padStart(9, '0')}9${cnf}`;
  const chave = `${chave43}${digitoVerificadorChave(chave43)}`;
  const xml = SEM_ASSINATURA.replace(/Id="NFe\d{44}"/, `Id="NFe${chave}"`)
    .replace(/<cNF>\d+<\/cNF>/, `<cNF>${cnf}</cNF>`)
    .replace(/<nNF>\d+<\/nNF>/, `<nNF>${numero}</nNF>`)
    .replace(/<cDV>\d<\/cDV>/, `<cDV>${chave.slice(-1)}</cDV>`);
  const assinado = assinarXml(xml, 'infNFe', cert);
  return { xml: assinado.replace('<Signature', `${SUPL}<Signature`), chave };
};

let fake: FakeSefaz;
let client: SefazHttpsClient;
let cert: CertificadoA1;
let destino: DestinoSefaz;

beforeAll(async () => {
  fake = await startFakeSefaz();
  cert = lerCertificadoA1(makePfx('senha-teste', { cn: CN }), 'senha-teste');
  client = createSefazClient({ baseUrl: fake.url, ca: fake.ca, timeoutMs: 3000 });
  destino = { uf: 'BA', ambiente: 'homologacao', certificado: cert };
});

afterAll(async () => {
  client?.close();
  await fake?.close();
});

beforeEach(() => fake.limpar());

describe('the sample NFC-e used here', () => {
  it('is valid against the official NFe schema and its signature verifies', () => {
    const { xml } = nfce(cert, 1);
    expect(schemaError(xml, 'nfe_v4.00.xsd')).toBeNull();
    expect(verifyNfeSignature(xml)).toBe('valida');
  });
});

describe('autorizar (NFeAutorizacao4, indSinc 1)', () => {
  it('authorises over TLS with the client certificate: 104 + protNFe 100, verbatim for the nfeProc', async () => {
    const { xml, chave } = nfce(cert, 101);
    const r = await client.autorizar(destino, xml, '123456789012345');
    expect(r.cStat).toBe('104');
    expect(r.xMotivo).toBe('Lote processado');
    expect(r.protocolo).toMatchObject({ cStat: '100', xMotivo: 'Autorizado o uso da NF-e', chave });
    expect(r.protocolo!.protocolo).toMatch(/^\d{15}$/);
    expect(r.protocolo!.recebidoEm).toBeInstanceOf(Date);
    expect(r.protocolo!.xml).toMatch(/^<protNFe versao="4\.00"><infProt>.*<\/protNFe>$/);
    expect(r.protocolo!.xml).toContain(`<digVal>${digestValue(xml)}</digVal>`);
    // The nfeProc composed from the NFe and protNFe verbatim is a valid procNFe.
    const nfeProc = `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${xml}${r.protocolo!.xml}</nfeProc>`;
    expect(schemaError(nfeProc, 'procNFe_v4.00.xsd')).toBeNull();

    const req = fake.requisicoes.at(-1)!;
    expect(req.servico).toBe('NFeAutorizacao4');
    expect(req.certificadoCliente).toBe(CN);
    expect(req.acao).toBe('http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote');
    expect(req.corpo).toContain(
      '<soap12:Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4">' +
        '<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>123456789012345</idLote><indSinc>1</indSinc><NFe',
    );
  });

  it('authorises the NFC-e of gerarNfce (generated sales, online and offline, CRT 1 and 3): XSD and signature pass', async () => {
    const r = prng(18);
    const casos = [
      { crt: '1', tipoEmissao: '1' },
      { crt: '3', tipoEmissao: '1' },
      { crt: '1', tipoEmissao: '9' },
      { crt: '3', tipoEmissao: '9' },
    ] as const;
    for (const [i, o] of casos.entries()) {
      const g = gerarNfce(vendaAleatoria(r, 500 + i, { ...o, ambiente: '2', uf: 'SP' }), cert);
      const resposta = await client.autorizar({ ...destino, uf: 'SP' }, g.xml, String(i + 1));
      expect(resposta.cStat, JSON.stringify(o)).toBe('104');
      expect(resposta.protocolo, resposta.protocolo?.xMotivo).toMatchObject({ cStat: '100', chave: g.chave });
    }
    expect(fake.autorizadas.size).toBe(4);
  });

  it('answers 204 for the same key again, with the first protocol in xMotivo', async () => {
    const { xml } = nfce(cert, 102);
    const primeiro = await client.autorizar(destino, xml, '1');
    const segundo = await client.autorizar(destino, xml, '2');
    expect(segundo.cStat).toBe('104');
    expect(segundo.protocolo!.cStat).toBe('204');
    expect(segundo.protocolo!.xMotivo).toContain(`[nProt:${primeiro.protocolo!.protocolo}]`);
    expect(segundo.protocolo!.protocolo).toBeNull();
  });

  it('answers 539 for the same number with another key, naming the authorised key', async () => {
    const a = nfce(cert, 103, 11111111);
    const b = nfce(cert, 103, 22222222);
    expect((await client.autorizar(destino, a.xml, '1')).protocolo!.cStat).toBe('100');
    const r = await client.autorizar(destino, b.xml, '2');
    expect(r.protocolo!.cStat).toBe('539');
    expect(r.protocolo!.xMotivo).toContain(`[chNFe:${a.chave}]`);
  });

  it('rejects the next authorisations with a chosen cStat, then goes back to normal', async () => {
    fake.definirModo({ modo: 'rejeitar', rejeitar: '778', vezes: 1 });
    const r = await client.autorizar(destino, nfce(cert, 104).xml, '1');
    expect(r.cStat).toBe('104');
    expect(r.protocolo).toMatchObject({ cStat: '778', xMotivo: 'Rejeição: Informado NCM inexistente', protocolo: null });
    expect(fake.modo).toBe('normal');
    expect((await client.autorizar(destino, nfce(cert, 104).xml, '2')).protocolo!.cStat).toBe('100');
  });

  it('answers 225 for a batch failing the schema and 297 for a signature that does not verify', async () => {
    const { xml } = nfce(cert, 105);
    const semNatOp = xml.replace(/<natOp>[^<]*<\/natOp>/, '');
    const r = await client.autorizar(destino, semNatOp, '1');
    expect(r.cStat).toBe('225');
    expect(r.xMotivo).toContain('Falha no Schema XML do lote de NFe');
    expect(r.protocolo).toBeNull();

    const adulterada = xml.replace('<nNF>105</nNF>', '<nNF>106</nNF>');
    const s = await client.autorizar(destino, adulterada, '2');
    expect(s.protocolo!.cStat).toBe('297');
    expect(fake.autorizadas.size).toBe(0);
  });

  it("throws SefazIndisponivelError within the timeout when SEFAZ is silent ('silencio')", async () => {
    fake.definirModo('silencio');
    const inicio = performance.now();
    const erro = await client.autorizar({ ...destino, timeoutMs: 600 }, nfce(cert, 107).xml, '1').catch((e: unknown) => e);
    const ms = performance.now() - inicio;
    expect(erro).toBeInstanceOf(SefazIndisponivelError);
    expect((erro as Error).message).toContain('600 ms');
    expect(ms).toBeGreaterThanOrEqual(590);
    expect(ms).toBeLessThan(800);
    expect(fake.requisicoes.at(-1)!.servico).toBe('NFeAutorizacao4');
  });

  it("throws SefazIndisponivelError when the connection is dropped ('fora') or refused", async () => {
    fake.definirModo('fora');
    await expect(client.autorizar(destino, nfce(cert, 108).xml, '1')).rejects.toBeInstanceOf(SefazIndisponivelError);
    await expect(client.statusServico(destino)).rejects.toBeInstanceOf(SefazIndisponivelError);

    const porta = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const recusado = createSefazClient({ baseUrl: `https://127.0.0.1:${porta}`, ca: fake.ca });
    await expect(recusado.statusServico(destino)).rejects.toThrow(/ECONNREFUSED/);
    recusado.close();
  });

  it("authorises but answers late ('lento'): the client gives up, the NFC-e sent again is 204 and the query finds it", async () => {
    const { xml, chave } = nfce(cert, 110);
    fake.definirModo({ modo: 'lento', atrasoMs: 5000 });
    await expect(client.autorizar({ ...destino, timeoutMs: 400 }, xml, '1')).rejects.toBeInstanceOf(SefazIndisponivelError);
    expect(fake.autorizadas.has(chave)).toBe(true);
    fake.definirModo('normal');
    const denovo = await client.autorizar(destino, xml, '2');
    expect(denovo.protocolo!.cStat).toBe('204');
    const consulta = await client.consultarProtocolo(destino, chave);
    expect(consulta.protocolo).toMatchObject({ cStat: '100', protocolo: fake.autorizadas.get(chave)!.protocolo });
  });

  it('does not trust a server whose certificate is not in Node roots nor SEFAZ_CA_FILE', async () => {
    const semCa = createSefazClient({ baseUrl: fake.url });
    const erro = await semCa.statusServico(destino).catch((e: unknown) => e);
    semCa.close();
    expect(erro).toBeInstanceOf(SefazIndisponivelError);
    expect((erro as Error).message).toMatch(/certificate/i);
  });

  it('is switched by the plain HTTP control endpoint (e2e specs in another process)', async () => {
    const post = (body: object) =>
      fetch(fake.controleUrl, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ modo: string }>);
    expect((await post({ modo: 'fora' })).modo).toBe('fora');
    await expect(client.autorizar(destino, nfce(cert, 109).xml, '1')).rejects.toBeInstanceOf(SefazIndisponivelError);
    expect((await post({ modo: 'rejeitar', rejeitar: '539' })).modo).toBe('rejeitar');
    expect((await client.autorizar(destino, nfce(cert, 109).xml, '2')).protocolo!.cStat).toBe('539');
    expect((await client.autorizar(destino, nfce(cert, 109).xml, '3')).protocolo!.cStat).toBe('100');
    const estado = (await fetch(fake.controleUrl).then((r) => r.json())) as { autorizadas: { numero: number }[] };
    expect(estado.autorizadas.map((a) => a.numero)).toEqual([109]);
    const invalido = await fetch(fake.controleUrl, { method: 'POST', body: '{"modo":"devagar"}' });
    expect(invalido.status).toBe(400);
  });
});

describe('answers that are not a SEFAZ result', () => {
  /** A plain HTTP server answering every request with `status` and `body` (the client speaks http: too). */
  const servidor = async (status: number, body: string) => {
    const srv = createHttpServer((_req, res) => res.writeHead(status, { 'content-type': 'application/soap+xml' }).end(body));
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    const c = createSefazClient({ baseUrl: `http://127.0.0.1:${(srv.address() as AddressInfo).port}` });
    return { c, fechar: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
  };
  const FAULT =
    '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code>' +
    '<soap:Reason><soap:Text xml:lang="pt">Servidor ocupado</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>';

  it('HTTP 5xx, a SOAP fault with 200, or HTML are SefazIndisponivelError', async () => {
    for (const [status, body, mensagem] of [
      [500, FAULT, /HTTP 500/],
      [200, FAULT, /Servidor ocupado/],
      [200, '<html><body>Manutenção</body>', /não é XML|não respondeu/],
      [404, '<h1>Not Found</h1>', /HTTP 404/],
    ] as const) {
      const { c, fechar } = await servidor(status, body);
      await expect(c.statusServico(destino)).rejects.toThrow(mensagem);
      await expect(c.statusServico(destino)).rejects.toBeInstanceOf(SefazIndisponivelError);
      c.close();
      await fechar();
    }
  });

  it('reads a prefixed answer (ns2:) and gives its protNFe with the namespace declared', async () => {
    const chave = nfce(cert, 1).chave;
    const corpo =
      '<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body>' +
      '<ns3:nfeResultMsg xmlns:ns3="http://www.portalfiscal.inf.br/nfe/wsdl/NFeConsultaProtocolo4">' +
      '<ns2:retConsSitNFe xmlns:ns2="http://www.portalfiscal.inf.br/nfe" versao="4.00"><ns2:tpAmb>2</ns2:tpAmb><ns2:verAplic>X</ns2:verAplic>' +
      '<ns2:cStat>100</ns2:cStat><ns2:xMotivo>Autorizado o uso da NF-e</ns2:xMotivo><ns2:cUF>29</ns2:cUF><ns2:dhRecbto>2026-11-27T07:00:00-03:00</ns2:dhRecbto>' +
      `<ns2:chNFe>${chave}</ns2:chNFe><ns2:protNFe versao="4.00"><ns2:infProt><ns2:tpAmb>2</ns2:tpAmb><ns2:verAplic>X</ns2:verAplic>` +
      `<ns2:chNFe>${chave}</ns2:chNFe><ns2:dhRecbto>2026-11-27T07:00:00-03:00</ns2:dhRecbto><ns2:nProt>129260000000001</ns2:nProt>` +
      '<ns2:digVal>YWJj</ns2:digVal><ns2:cStat>100</ns2:cStat><ns2:xMotivo>Autorizado o uso da NF-e</ns2:xMotivo></ns2:infProt></ns2:protNFe>' +
      '</ns2:retConsSitNFe></ns3:nfeResultMsg></env:Body></env:Envelope>';
    const { c, fechar } = await servidor(200, corpo);
    const r = await c.consultarProtocolo(destino, chave);
    c.close();
    await fechar();
    expect(r.cStat).toBe('100');
    expect(r.protocolo).toMatchObject({ cStat: '100', protocolo: '129260000000001', chave });
    expect(r.protocolo!.xml).toMatch(/^<ns2:protNFe versao="4\.00" xmlns:ns2="http:\/\/www\.portalfiscal\.inf\.br\/nfe">/);
  });
});

describe('consultarProtocolo (NFeConsultaProtocolo4)', () => {
  it('answers 100 with the protNFe of an authorised key and 217 for an unknown one', async () => {
    const { xml, chave } = nfce(cert, 201);
    const autorizada = await client.autorizar(destino, xml, '1');
    const r = await client.consultarProtocolo(destino, chave);
    expect(r.cStat).toBe('100');
    expect(r.protocolo).toMatchObject({ cStat: '100', chave, protocolo: autorizada.protocolo!.protocolo });
    expect(r.protocolo!.xml).toBe(autorizada.protocolo!.xml);
    expect(fake.requisicoes.at(-1)!.acao).toBe('http://www.portalfiscal.inf.br/nfe/wsdl/NFeConsultaProtocolo4/nfeConsultaNF');

    const desconhecida = await client.consultarProtocolo(destino, nfce(cert, 202).chave);
    expect(desconhecida).toMatchObject({ cStat: '217', protocolo: null });
  });
});

describe('cancelar (event 110111)', () => {
  it('registers the cancellation (135) with a procEventoNFe valid against the XSD; again → 218; the query says 101', async () => {
    const { xml, chave } = nfce(cert, 301);
    const aut = await client.autorizar(destino, xml, '1');
    const pedido = {
      chave,
      protocolo: aut.protocolo!.protocolo!,
      justificativa: 'Venda cancelada a pedido do cliente — troca de produto',
      cnpj: CNPJ,
      em: new Date(),
      timeZone: 'America/Sao_Paulo',
    };
    const r = await client.cancelar(destino, pedido);
    expect(r).toMatchObject({ cStat: '135', xMotivo: 'Evento registrado e vinculado a NF-e' });
    expect(r.protocolo).toMatch(/^\d{15}$/);
    expect(r.registradoEm).toBeInstanceOf(Date);
    expect(schemaError(r.xmlProcEvento!, 'procEventoCancNFe_v1.00.xsd')).toBeNull();
    expect(r.xmlProcEvento).toContain(`<infEvento Id="ID110111${chave}01">`);
    expect(r.xmlProcEvento).toContain('<xJust>Venda cancelada a pedido do cliente - troca de produto</xJust>');
    const envio = fake.requisicoes.at(-1)!;
    expect(envio.servico).toBe('NFeRecepcaoEvento4');
    expect(envio.acao).toBe('http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4/nfeRecepcaoEvento');
    expect(schemaError(/<envEvento[\s\S]*<\/envEvento>/.exec(envio.corpo)![0], 'envEventoCancNFe_v1.00.xsd')).toBeNull();

    const denovo = await client.cancelar(destino, pedido);
    expect(denovo).toMatchObject({ cStat: '218', protocolo: null, xmlProcEvento: null });
    expect(denovo.xMotivo).toContain(`[nProt:${r.protocolo}]`);
    expect((await client.consultarProtocolo(destino, chave)).cStat).toBe('101');
  });

  it('does not send a request that breaks the schema (justificativa under 15 characters): 215 locally', async () => {
    const { xml, chave } = nfce(cert, 304);
    const aut = await client.autorizar(destino, xml, '1');
    const enviados = fake.requisicoes.length;
    const r = await client.cancelar(destino, {
      chave,
      protocolo: aut.protocolo!.protocolo!,
      justificativa: 'Desistiu',
      cnpj: CNPJ,
      em: new Date(),
      timeZone: 'America/Sao_Paulo',
    });
    expect(r).toMatchObject({ cStat: '215', protocolo: null, xmlProcEvento: null });
    expect(r.xMotivo).toContain('validação local');
    expect(r.xMotivo).toContain('xJust');
    const i = await client.inutilizar(destino, {
      cnpj: CNPJ,
      ano: '26',
      serie: 1,
      numeroInicial: 5,
      numeroFinal: 5,
      justificativa: 'curta',
    });
    expect(i.cStat).toBe('215');
    expect(fake.requisicoes.length).toBe(enviados);
  });

  it('answers 222 for another protocol, 494 for an unknown key and 220 past the deadline', async () => {
    const { xml, chave } = nfce(cert, 302);
    const aut = await client.autorizar(destino, xml, '1');
    const base = {
      chave,
      protocolo: aut.protocolo!.protocolo!,
      justificativa: 'Erro na digitação do pedido',
      cnpj: CNPJ,
      timeZone: 'America/Sao_Paulo',
    };
    expect((await client.cancelar(destino, { ...base, protocolo: '135000000000001', em: new Date() })).cStat).toBe('222');
    expect((await client.cancelar(destino, { ...base, chave: nfce(cert, 303).chave, em: new Date() })).cStat).toBe('494');
    const depois = new Date(Date.now() + 31 * 60_000);
    expect((await client.cancelar(destino, { ...base, em: depois })).cStat).toBe('220');
  });
});

describe('inutilizar (NFeInutilizacao4)', () => {
  it('homologates (102) with a ProcInutNFe valid against the XSD; a used number → 241; the same range → 563', async () => {
    const pedido = {
      cnpj: CNPJ,
      ano: '26',
      serie: 1,
      numeroInicial: 400,
      numeroFinal: 402,
      justificativa: 'Numeração pulada por falha do sistema',
    };
    const r = await client.inutilizar(destino, pedido);
    expect(r).toMatchObject({ cStat: '102', xMotivo: 'Inutilização de número homologado' });
    expect(r.protocolo).toMatch(/^\d{15}$/);
    expect(schemaError(r.xml, 'procInutNFe_v4.00.xsd')).toBeNull();
    expect(r.xml).toContain(`<infInut Id="ID2926${CNPJ}65001000000400000000402">`);
    expect(fake.requisicoes.at(-1)!.acao).toBe('http://www.portalfiscal.inf.br/nfe/wsdl/NFeInutilizacao4/nfeInutilizacaoNF');

    expect((await client.inutilizar(destino, pedido)).cStat).toBe('563');
    expect((await client.inutilizar(destino, { ...pedido, numeroInicial: 402, numeroFinal: 405 })).cStat).toBe('256');
    await client.autorizar(destino, nfce(cert, 410).xml, '1');
    expect((await client.inutilizar(destino, { ...pedido, numeroInicial: 409, numeroFinal: 411 })).cStat).toBe('241');
    // A number inutilizado is refused for authorisation (206).
    expect((await client.autorizar(destino, nfce(cert, 401).xml, '2')).protocolo!.cStat).toBe('206');
  });
});

describe('statusServico (NFeStatusServico4)', () => {
  it('answers 107 em operação', async () => {
    expect(await client.statusServico(destino)).toEqual({ cStat: '107', xMotivo: 'Serviço em Operação' });
    expect(fake.requisicoes.at(-1)!.corpo).toContain(
      '<consStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><cUF>29</cUF><xServ>STATUS</xServ></consStatServ>',
    );
  });
});

describe('assinarCanonico (events and inutilização signed without a DOM)', () => {
  it('gives byte for byte what assinarXml (xml-crypto) gives, for texts with accents, quotes and & < >', () => {
    const justificativas = ['Cancelamento a pedido do cliente', 'Ração "Premium" & <5kg> — erro de digitação, d’água'];
    for (const justificativa of justificativas) {
      const evento = xmlEventoCancelamento(
        {
          chave: nfce(cert, 9).chave,
          protocolo: '129260000000001',
          justificativa,
          cnpj: CNPJ,
          em: new Date(),
          timeZone: 'America/Manaus',
        },
        'producao',
      );
      expect(assinarCanonico(evento, 'infEvento', cert).xml).toBe(assinarXml(evento, 'infEvento', cert));
      const inut = xmlInutilizacao(
        { cnpj: CNPJ, ano: '26', serie: 12, numeroInicial: 7, numeroFinal: 9, justificativa },
        '29',
        'homologacao',
      );
      expect(assinarCanonico(inut, 'infInut', cert).xml).toBe(assinarXml(inut, 'infInut', cert));
    }
  });

  it('refuses a document not written in the expected canonical shape', () => {
    expect(() => assinarCanonico('<evento versao="1.00"><infEvento Id="ID1"></infEvento></evento>', 'infEvento', cert)).toThrow(
      /canônico/,
    );
  });
});

describe('URL table (urls-sefaz.ts) against sped-nfe wsnfe_4.00_mod65.xml', () => {
  const fixture = new DOMParser().parseFromString(
    readFileSync(path.join(FIXTURES, 'ws', 'sped-nfe__wsnfe_4.00_mod65.xml'), 'utf8'),
    'text/xml',
  );
  const TAGS: Record<ServicoSefaz, string> = {
    autorizacao: 'NfeAutorizacao',
    consultaProtocolo: 'NfeConsultaProtocolo',
    statusServico: 'NfeStatusServico',
    recepcaoEvento: 'RecepcaoEvento',
    inutilizacao: 'NfeInutilizacao',
  };
  const doFixture = (sigla: string, ambiente: string, servico: ServicoSefaz) => {
    const uf = Array.from(fixture.getElementsByTagName('UF')).find(
      (u) => u.getElementsByTagName('sigla')[0]?.textContent === sigla,
    );
    const el = uf?.getElementsByTagName(ambiente)[0]?.getElementsByTagName(TAGS[servico])[0];
    return el
      ? {
          url: el.textContent!.trim(),
          operacao: el.getAttribute('operation'),
          metodo: el.getAttribute('method'),
          versao: el.getAttribute('version'),
        }
      : null;
  };

  it('gives every state, in both environments, its authoriser’s five services as the fixture lists them', () => {
    const ufs = Object.keys(AUTORIZADOR_NFCE_POR_UF);
    expect(ufs).toHaveLength(27);
    let verificados = 0;
    for (const uf of ufs) {
      for (const ambiente of ['homologacao', 'producao'] as const) {
        for (const servico of Object.keys(TAGS) as ServicoSefaz[]) {
          const esperado = doFixture(AUTORIZADOR_NFCE_POR_UF[uf]!, ambiente, servico);
          expect(esperado, `${uf} ${ambiente} ${servico}`).not.toBeNull();
          expect(enderecoServico(uf, ambiente, servico), `${uf} ${ambiente} ${servico}`).toEqual(esperado);
          verificados += 1;
        }
      }
    }
    expect(verificados).toBe(27 * 2 * 5);
    // And the table holds exactly the fixture's authorisers with services.
    const comServicos = Array.from(fixture.getElementsByTagName('UF'))
      .filter((u) => u.getElementsByTagName('NfeAutorizacao').length > 0)
      .map((u) => u.getElementsByTagName('sigla')[0]!.textContent);
    expect(Object.keys(SERVICOS_NFCE).sort()).toEqual(comServicos.sort());
  });

  it('sends every service to {SEFAZ_URL}/{service} when SEFAZ_URL is set', () => {
    expect(enderecoServico('SP', 'producao', 'autorizacao', 'https://127.0.0.1:9999/').url).toBe(
      'https://127.0.0.1:9999/NFeAutorizacao4',
    );
    expect(enderecoServico('GO', 'homologacao', 'recepcaoEvento', 'https://x').url).toBe('https://x/NFeRecepcaoEvento4');
    expect(() => enderecoServico('XX', 'producao', 'autorizacao')).toThrow(/XX/);
  });
});
