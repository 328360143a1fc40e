/**
 * A big signed NF-e for the event-loop tests and bench (issue #22 item 2): the public sample
 * sped-nfe__nfe_layout4_com_prot.xml (read in place from ../shared/fixtures/nfe/samples, never
 * copied), compacted, its one `det` repeated `itens` times (nItem 1…n, totals vProd/vNF summed),
 * its access key's cNF replaced by `cNF` (check digit recomputed), and signed again with a self-signed test certificate
 * (xml-crypto, the way fiscal/assinatura.ts signs), so its signature verifies. 990 items ≈ 1.2 MB.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lerCertificadoA1, type CertificadoA1 } from '../src/lib/certificado.ts';
import { digitoVerificadorChave } from '../src/modules/compras/nfe/chave-acesso.ts';
import { assinarXml } from '../src/modules/fiscal/assinatura.ts';
import { makePfx } from './certificate.ts';

const AMOSTRA = fileURLToPath(
  new URL('../../../../shared/fixtures/nfe/samples/sped-nfe__nfe_layout4_com_prot.xml', import.meta.url),
);
const CHAVE = '43180906929383000163550010000000261000010301';

let certificado: CertificadoA1 | undefined;
const certificadoTeste = (): CertificadoA1 => (certificado ??= lerCertificadoA1(makePfx('senha'), 'senha'));

/** The NF-e XML text with `itens` items, signed (`assinar`, default) or with no Signature. */
export const nfeGrande = (itens = 990, { cNF = '10009900', assinar = true } = {}): string => {
  const chave43 = `${CHAVE.slice(0, 35)}${cNF}`;
  const nova = `${chave43}${digitoVerificadorChave(chave43)}`;
  const xml = readFileSync(AMOSTRA, 'utf8')
    .replace(/>\s+</g, '><')
    .split(CHAVE)
    .join(nova)
    .replace(/<Signature[\s\S]*?<\/Signature>/, '')
    // The namespace on NFe itself, so the part signed alone canonicalises as it does inside nfeProc.
    .replace('<NFe>', '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">');
  const det = /<det nItem="1">[\s\S]*?<\/det>/.exec(xml)![0];
  const linhas = Array.from({ length: itens }, (_, i) => det.replace('nItem="1"', `nItem="${i + 1}"`)).join('');
  const vProd = (500 * itens).toFixed(2);
  const nfe = xml
    .replace(det, linhas)
    .replace(/(<ICMSTot>[\s\S]*?<vProd>)500\.00(<\/vProd>)/, `$1${vProd}$2`)
    .replace('<vNF>500.00</vNF>', `<vNF>${vProd}</vNF>`);
  if (!assinar) return nfe;
  // nfeProc wraps NFe and protNFe: sign the NFe alone, then put it back.
  const inicio = nfe.indexOf('<NFe');
  const fim = nfe.indexOf('</NFe>') + '</NFe>'.length;
  const assinada = assinarXml(nfe.slice(inicio, fim), 'infNFe', certificadoTeste());
  return nfe.slice(0, inicio) + assinada + nfe.slice(fim);
};
