/**
 * The NFC-e document (issue #18 item 2): many generated sales each give an XML that validates
 * against the official XSD (nfe_v4.00.xsd of PL_009_V4, read from ../shared/fixtures), whose
 * signature verifies, whose totals add up as SEFAZ checks them, whose key has a right check
 * digit and whose QR code carries the right fields and hash. Pure: no database.
 */
import { createHash, createVerify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { lerCertificadoA1, type CertificadoA1 } from '../src/lib/certificado.ts';
import { verifyNfeSignature } from '../src/modules/compras/nfe/signature.ts';
import { assinarCanonico, assinarXml } from '../src/modules/fiscal/assinatura.ts';
import { chaveValida } from '../src/modules/fiscal/nfce/chave-acesso.ts';
import { montarXmlNfce } from '../src/modules/fiscal/nfce/montar-xml-nfce.ts';
import { gerarNfce } from '../src/modules/fiscal/nfce/gerar-nfce.ts';
import { centavos } from '../src/modules/fiscal/nfce/rateio.ts';
import { textoParaHex } from '../src/modules/fiscal/nfce/qrcode-nfce.ts';
import { pastaSchemasNfe, validarXml, validarXmlNfe, XmlForaDoSchemaError } from '../src/modules/fiscal/nfce/validar-xsd.ts';
import { makePfx } from './certificate.ts';
import { prng, vendaAleatoria } from './fiscal-nfce-gerador.ts';

let cert: CertificadoA1;
beforeAll(() => {
  cert = lerCertificadoA1(makePfx('segredo'), 'segredo');
});

const todos = (xml: string, tag: string): string[] =>
  Array.from(xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g')), (m) => m[1]!);
const um = (xml: string, tag: string): string | undefined => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
const soma = (vs: string[]) => vs.reduce((a, v) => a + centavos(v), 0);

describe('gerarNfce over generated sales', () => {
  it('the schema folder of the fixtures is found (validation really runs)', () => {
    expect(pastaSchemasNfe()).toMatch(/PL_009_V4$/);
  });

  it('200 sales (1–30 items, fractions, discounts, freight, 1–3 payments, CPF or not, CRT 1/3, tpEmis 1/9) validate, verify and add up', () => {
    const r = prng(20261127);
    const vistos = { crt1: 0, crt3: 0, offline: 0, online: 0, v2: 0, v3: 0, cpf: 0, troco: 0, frete: 0, desconto: 0 };
    for (let i = 0; i < 200; i++) {
      const dados = vendaAleatoria(r, 1000 + i);
      const g = gerarNfce(dados, cert);
      const xml = g.xml;
      // XSD (again, explicitly) and signature.
      expect(validarXmlNfe(xml)).toBe(true);
      expect(verifyNfeSignature(xml)).toBe('valida');
      // Order: infNFe, infNFeSupl, Signature.
      expect(xml.indexOf('</infNFe><infNFeSupl>')).toBeGreaterThan(0);
      expect(xml.indexOf('</infNFeSupl><Signature')).toBeGreaterThan(0);
      // Key.
      expect(chaveValida(g.chave)).toBe(true);
      expect(xml).toContain(`Id="NFe${g.chave}"`);
      expect(um(xml, 'cDV')).toBe(g.chave[43]);
      expect(g.chave.slice(34, 35)).toBe(dados.tipoEmissao);
      expect(g.chave.slice(35, 43)).toBe(dados.codigoNumerico);
      // Totals as SEFAZ checks them.
      const [totais] = xml.split('<ICMSTot>').slice(1);
      const dets = xml.slice(xml.indexOf('<det '), xml.indexOf('<total>'));
      const itens = dets.split('<det ').slice(1);
      expect(itens).toHaveLength(dados.itens.length);
      const vProd = soma(itens.map((d) => um(d, 'vProd')!));
      const vDesc = soma(itens.flatMap((d) => todos(d, 'vDesc')));
      const vFrete = soma(itens.flatMap((d) => todos(d, 'vFrete')));
      expect(centavos(um(totais!, 'vProd')!)).toBe(vProd);
      expect(centavos(um(totais!, 'vDesc')!)).toBe(vDesc);
      expect(centavos(um(totais!, 'vFrete')!)).toBe(vFrete);
      const vNF = centavos(um(totais!, 'vNF')!);
      expect(vNF).toBe(vProd - vDesc + vFrete);
      expect(g.valorTotal).toBe(um(totais!, 'vNF'));
      expect(centavos(um(totais!, 'vTotTrib')!)).toBe(soma(itens.map((d) => um(d, 'vTotTrib')!)));
      expect(g.valorTributos).toBe(um(totais!, 'vTotTrib'));
      // What the sale says: discount and freight entirely apportioned.
      const descItens = dados.itens.reduce((a, it) => a + centavos(it.descontoItem), 0);
      expect(vDesc).toBe(descItens + centavos(dados.descontoVenda));
      expect(vFrete).toBe(centavos(dados.frete));
      // vProd of each line is qCom × vUnCom within a cent (rule 629).
      for (const d of itens) {
        const exato = Number(um(d, 'qCom')) * Number(um(d, 'vUnCom')) * 100;
        expect(Math.abs(centavos(um(d, 'vProd')!) - exato)).toBeLessThanOrEqual(0.5 + 1e-6);
        // No item is discounted beyond its value.
        expect(centavos(um(d, 'vDesc') ?? '0')).toBeLessThanOrEqual(centavos(um(d, 'vProd')!));
      }
      // Payments: Σ vPag − vTroco = vNF.
      const pag = xml.slice(xml.indexOf('<pag>'), xml.indexOf('</pag>'));
      const troco = centavos(um(pag, 'vTroco') ?? '0');
      expect(soma(todos(pag, 'vPag')) - troco).toBe(vNF);
      expect(todos(pag, 'detPag').length + (pag.match(/<detPag>/g)?.length ?? 0)).toBe(dados.pagamentos.length);
      // Approximate taxes printed for the consumer.
      expect(um(xml, 'infCpl')).toMatch(/Tributos aproximados: R\$ [\d.]+,\d\d/);
      // Homologação: the first item's description (rule 373).
      if (dados.ambiente === '2')
        expect(um(itens[0]!, 'xProd')).toBe('NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
      // QR code.
      const p = g.qrCode.slice(g.qrCode.indexOf('?p=') + 3).split('|');
      expect(p[0]).toBe(g.chave);
      expect(p[2]).toBe(dados.ambiente);
      expect(xml).toContain(`<qrCode><![CDATA[${g.qrCode}]]></qrCode><urlChave>${g.urlChave}</urlChave>`);
      const dia = um(xml, 'dhEmi')!.slice(8, 10);
      if (p[1] === '2') {
        vistos.v2++;
        const semHash = p.slice(0, -1).join('|');
        if (dados.tipoEmissao === '9') {
          const digVal = um(xml, 'DigestValue')!;
          expect(p.slice(3, 7)).toEqual([dia, um(totais!, 'vNF'), textoParaHex(digVal), '1']);
        } else {
          expect(p[3]).toBe('1');
        }
        const esperado = createHash('sha1')
          .update(semHash + dados.csc.token)
          .digest('hex')
          .toUpperCase();
        expect(p.at(-1)).toBe(esperado);
      } else {
        vistos.v3++;
        expect(p[1]).toBe('3');
        if (dados.tipoEmissao === '9') {
          const doc = dados.destinatarioDocumento ?? '';
          expect(p.slice(3, 7)).toEqual([dia, um(totais!, 'vNF'), doc.length === 14 ? '1' : doc ? '2' : '', doc]);
          const ok = createVerify('RSA-SHA1').update(p.slice(0, 7).join('|')).verify(cert.certificadoPem, p[7]!, 'base64');
          expect(ok).toBe(true);
        } else {
          expect(p).toHaveLength(3);
        }
      }
      if (dados.emitente.crt === '1') vistos.crt1++;
      else vistos.crt3++;
      if (dados.tipoEmissao === '9') {
        vistos.offline++;
        expect(um(xml, 'dhCont')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d\d:\d\d$/);
      } else vistos.online++;
      if (dados.destinatarioDocumento) vistos.cpf++;
      if (troco > 0) vistos.troco++;
      if (vFrete > 0) {
        vistos.frete++;
        expect(xml).toContain('<indPres>4</indPres><indIntermed>0</indIntermed>');
        expect(um(xml, 'modFrete')).toBe('0');
      } else {
        expect(um(xml, 'indPres')).toBe('1');
        expect(um(xml, 'modFrete')).toBe('9');
      }
      if (centavos(dados.descontoVenda) > 0) vistos.desconto++;
    }
    // The generator really covered every case.
    for (const [k, v] of Object.entries(vistos)) expect(v, k).toBeGreaterThan(5);
  }, 300_000);

  it('writes dhEmi with the unit offset and a consumer CPF as dest with indIEDest 9, no name', () => {
    const dados = vendaAleatoria(prng(7), 55, { crt: '1', tipoEmissao: '1', ambiente: '1', itens: 2 });
    dados.emitidoEm = new Date('2026-11-27T10:15:30.999Z');
    dados.timeZone = 'America/Sao_Paulo';
    dados.destinatarioDocumento = '529.982.247-25';
    const { xml } = gerarNfce(dados, cert);
    expect(um(xml, 'dhEmi')).toBe('2026-11-27T07:15:30-03:00');
    expect(xml).toContain('<dest><CPF>52998224725</CPF><indIEDest>9</indIEDest></dest>');
    dados.timeZone = 'America/Manaus';
    expect(um(gerarNfce(dados, cert).xml, 'dhEmi')).toBe('2026-11-27T06:15:30-04:00');
  });

  it('escapes and cleans free text (TString: Latin-1, no control characters, trimmed)', () => {
    const dados = vendaAleatoria(prng(8), 56, { ambiente: '1', itens: 2 });
    dados.itens[1]!.descricao = '  Brinquedo <osso> & "bola" — 🐶\tazul  ';
    dados.emitente.razaoSocial = 'Pet & Cão Ltda';
    const { xml } = gerarNfce(dados, cert);
    expect(xml).toMatch(/<xProd>Brinquedo &lt;osso&gt; &amp; ("|&quot;)bola("|&quot;) - \? azul<\/xProd>/);
    expect(xml).toContain('<xNome>Pet &amp; Cão Ltda</xNome>');
  });

  it('refuses payments below the total, an unknown CSOSN/CST and a bad CPF with Portuguese messages', () => {
    const base = () => vendaAleatoria(prng(9), 57, { crt: '1', ambiente: '1', itens: 3 });
    const a = base();
    a.pagamentos = [{ tPag: '01', valor: '0.01' }];
    expect(() => gerarNfce(a, cert)).toThrow(/Pagamentos .* menores que o total/);
    const b = base();
    b.itens[0]!.csosn = '999';
    expect(() => gerarNfce(b, cert)).toThrow(/CSOSN 999 não suportado/);
    const c = vendaAleatoria(prng(9), 57, { crt: '3', ambiente: '1', itens: 3 });
    c.itens[0]!.cst = '10';
    expect(() => gerarNfce(c, cert)).toThrow(/CST de ICMS 10 não suportado/);
    const d = base();
    d.destinatarioDocumento = '123';
    expect(() => gerarNfce(d, cert)).toThrow(/CPF\/CNPJ do consumidor inválido/);
  });

  it('a document broken after signing fails the XSD with libxml2 messages', () => {
    const g = gerarNfce(vendaAleatoria(prng(10), 58, { ambiente: '1', itens: 1 }), cert);
    const quebrado = g.xml.replace('<natOp>VENDA</natOp>', '');
    let erro: unknown;
    try {
      validarXmlNfe(quebrado);
    } catch (e) {
      erro = e;
    }
    expect(erro).toBeInstanceOf(XmlForaDoSchemaError);
    expect((erro as XmlForaDoSchemaError).erros.join(' ')).toMatch(/natOp|mod/);
    expect(() => validarXml('<NFe', 'nfe_v4.00.xsd')).toThrow(XmlForaDoSchemaError);
  });

  it('the enviNFe batch of a generated NFC-e validates against enviNFe_v4.00.xsd', () => {
    const g = gerarNfce(vendaAleatoria(prng(11), 59, { ambiente: '2', itens: 4 }), cert);
    const lote = `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>1</idLote><indSinc>1</indSinc>${g.xml}</enviNFe>`;
    expect(validarXml(lote, 'enviNFe_v4.00.xsd')).toBe(true);
  });

  it('the fast signer gives byte for byte the signature of xml-crypto (assinarXml) over tricky text', () => {
    const r = prng(12);
    for (let i = 0; i < 15; i++) {
      const dados = vendaAleatoria(r, 60 + i, { itens: 1 + (i % 6) });
      dados.itens[0]!.descricao = `Ração "premium" d'água & <cia> > ${i}`;
      dados.informacoesComplementares = `Obs: 'aspas' "duplas" & mais > menos <`;
      const { xml } = montarXmlNfce(dados);
      const rapido = assinarCanonico(xml, 'infNFe', cert);
      const referencia = assinarXml(xml, 'infNFe', cert);
      expect(rapido.xml).toBe(referencia);
      expect(rapido.digestValue).toBe(/<DigestValue>([^<]+)/.exec(referencia)![1]);
      expect(verifyNfeSignature(rapido.xml)).toBe('valida');
    }
  });
});
