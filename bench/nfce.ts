/**
 * NFC-e document bench (issue #18 "Performance": building, validating and signing a 20-item
 * NFC-e < 50 ms of CPU; no step blocks the event loop > 20 ms).
 *
 * `npm run bench:nfce [-- --n 500 --itens 20]`: after a warm-up (schema compiled, JIT warm),
 * generates N documents of 20 items (seeded random sales: fractions, discounts, freight, card
 * and cash payments, CPF, half in contingency) and prints per step p50/p95/max in ms: build (the
 * XML string), sign (assinatura.ts assinarCanonico: SHA-1 of the canonical infNFe, RSA-SHA1), QR (hash or v3 signature), validate (libxml2-wasm,
 * XSD), total (gerarNfce as the emission calls it: wall time, then the process CPU time of
 * each call, which a machine shared with other work does not inflate). Meanwhile a
 * 1 ms timer "ping" runs and perf_hooks.monitorEventLoopDelay records how long the loop was
 * blocked: the max is the longest single step the event loop had to wait for.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { lerCertificadoA1 } from '../apps/api/src/lib/certificado.ts';
import { assinarCanonico, assinarXml } from '../apps/api/src/modules/fiscal/assinatura.ts';
import { gerarNfce, inserirInfNfeSupl } from '../apps/api/src/modules/fiscal/nfce/gerar-nfce.ts';
import { montarXmlNfce } from '../apps/api/src/modules/fiscal/nfce/montar-xml-nfce.ts';
import { montarQrCode } from '../apps/api/src/modules/fiscal/nfce/qrcode-nfce.ts';
import { urlsConsultaNfce } from '../apps/api/src/modules/fiscal/nfce/urls-consulta-nfce.ts';
import { pastaSchemasNfe, precompilarSchemasNfe, validarXmlNfe } from '../apps/api/src/modules/fiscal/nfce/validar-xsd.ts';
import { makePfx } from '../apps/api/test/certificate.ts';
import { prng, vendaAleatoria } from '../apps/api/test/fiscal-nfce-gerador.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '500' }, itens: { type: 'string', default: '20' } } });
const N = Number(values.n);
const ITENS = Number(values.itens);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const linha = (nome: string, xs: number[]) =>
  console.log(
    `${nome.padEnd(10)} p50 ${pct(xs, 50).toFixed(2).padStart(7)}  p95 ${pct(xs, 95).toFixed(2).padStart(7)}  max ${Math.max(
      ...xs,
    )
      .toFixed(2)
      .padStart(7)} ms`,
  );

const cert = lerCertificadoA1(makePfx('bench'), 'bench');
if (!pastaSchemasNfe()) console.log('AVISO: schemas XSD não encontrados; a validação não será medida');
let t = performance.now();
precompilarSchemasNfe();
console.log(`schema compilado uma vez em ${(performance.now() - t).toFixed(0)} ms (fora das emissões)`);

const r = prng(1);
const gerar = (i: number) =>
  vendaAleatoria(r, i + 1, {
    itens: ITENS,
    crt: i % 2 ? '1' : '3',
    tipoEmissao: i % 2 ? '9' : '1',
    ambiente: i % 4 < 2 ? '1' : '2',
  });

// Warm-up.
for (let i = 0; i < 50; i++) gerarNfce(gerar(i), cert);

const passos = { build: [] as number[], sign: [] as number[], qr: [] as number[], validate: [] as number[] };
const totais: number[] = [];
const totaisCpu: number[] = [];
const docs = Array.from({ length: N }, (_, i) => gerar(i));

// Steps, one by one.
for (const d of docs) {
  t = performance.now();
  const m = montarXmlNfce(d);
  passos.build.push(performance.now() - t);
  t = performance.now();
  const { xml: assinado, digestValue } = assinarCanonico(m.xml, 'infNFe', cert);
  passos.sign.push(performance.now() - t);
  t = performance.now();
  const urls = urlsConsultaNfce(d.emitente.uf, d.ambiente);
  const qr = montarQrCode({
    url: urls.qrCode,
    versao: urls.versaoQrCode,
    chave: m.chave,
    tpAmb: d.ambiente,
    tpEmis: d.tipoEmissao,
    diaEmissao: m.dhEmi.slice(8, 10),
    valorTotal: m.valorTotal,
    digestValue,
    csc: d.csc,
    destinatarioDocumento: d.destinatarioDocumento ?? null,
    chavePrivadaPem: cert.chavePrivadaPem,
  });
  const xml = inserirInfNfeSupl(assinado, qr, urls.urlChave);
  passos.qr.push(performance.now() - t);
  t = performance.now();
  validarXmlNfe(xml);
  passos.validate.push(performance.now() - t);
}

// For reference: the generic xml-crypto signer (a DOM, XPath and C14N of the parsed document).
const xmlCrypto: number[] = [];
for (const d of docs.slice(0, 50)) {
  const m = montarXmlNfce(d);
  t = performance.now();
  assinarXml(m.xml, 'infNFe', cert);
  xmlCrypto.push(performance.now() - t);
}

// The whole call, with a concurrent ping and the event-loop monitor: one emission per macrotask,
// as concurrent requests would interleave.
const h = monitorEventLoopDelay({ resolution: 1 });
let pings = 0;
const ping = setInterval(() => pings++, 1);
h.enable();
const cpu0 = process.cpuUsage();
const inicio = performance.now();
for (const d of docs) {
  await new Promise<void>((resolve) =>
    setImmediate(() => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      gerarNfce(d, cert);
      const c = process.cpuUsage(c0);
      totais.push(performance.now() - t0);
      totaisCpu.push((c.user + c.system) / 1000);
      resolve();
    }),
  );
}
const duracao = performance.now() - inicio;
const cpu = process.cpuUsage(cpu0);
h.disable();
clearInterval(ping);

console.log(`\nNFC-e de ${ITENS} itens, ${N} documentos (metade em contingência, CRT 1 e 3, QR v2 e v3)`);
linha('build', passos.build);
linha('sign', passos.sign);
linha('qr', passos.qr);
linha('validate', passos.validate);
linha('total', totais);
linha('total CPU', totaisCpu);
linha('sign/xmldsig', xmlCrypto);
console.log('(sign/xmldsig: o assinador genérico xml-crypto, só para comparação, 50 documentos)');
console.log(
  `CPU por documento: ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms (${N} em ${duracao.toFixed(0)} ms de relógio)`,
);
console.log(
  `event loop: atraso máximo ${(h.max / 1e6).toFixed(1)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms; ${pings} pings de 1 ms`,
);
