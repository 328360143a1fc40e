/**
 * The parts of the NFC-e document (issue #18): the apportionment of discount and freight
 * (property test over random sales, fixed seed), the access key's check digit (fixtures' real
 * keys), cNF, the QR code's layout and hash recomputed from the fixtures' NFC-e samples, and the
 * consultation URL table compared with the fixtures' tables for every state. Pure: no database.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chaveValida,
  digitoVerificador,
  gerarCodigoNumerico,
  montarChaveAcesso,
} from '../src/modules/fiscal/nfce/chave-acesso.ts';
import { hashQrCodeV2, montarQrCode, textoParaHex } from '../src/modules/fiscal/nfce/qrcode-nfce.ts';
import { centavos, ratear, reais } from '../src/modules/fiscal/nfce/rateio.ts';
import { tributosAproximadosItem } from '../src/modules/fiscal/nfce/tributos-aproximados.ts';
import { pastaSchemasNfe, validarXml } from '../src/modules/fiscal/nfce/validar-xsd.ts';
import { UFS_CONSULTA_NFCE, urlsConsultaNfce } from '../src/modules/fiscal/nfce/urls-consulta-nfce.ts';
import { prng } from './fiscal-nfce-gerador.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/nfe');
const fixture = (p: string) => readFileSync(path.join(FIXTURES, p), 'utf8');
const um = (xml: string, tag: string) => new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`).exec(xml)?.[1];

describe('rateio', () => {
  it('5000 random splits add up exactly, never exceed an item, stay within a cent of the exact share', () => {
    const r = prng(535);
    for (let k = 0; k < 5000; k++) {
      const n = 1 + Math.floor(r() * 30);
      const pesos = Array.from({ length: n }, () => (r() < 0.05 ? 0 : Math.floor(r() * 100000)));
      const soma = pesos.reduce((a, b) => a + b, 0);
      const total = r() < 0.5 ? Math.floor(r() * (soma + 1)) : Math.floor(r() * 5000);
      const partes = ratear(total, pesos);
      expect(partes.reduce((a, b) => a + b, 0)).toBe(total);
      partes.forEach((p, i) => {
        expect(Number.isInteger(p) && p >= 0).toBe(true);
        if (soma > 0) {
          const exato = (total * pesos[i]!) / soma;
          expect(Math.abs(p - exato)).toBeLessThan(1);
          if (total <= soma) expect(p).toBeLessThanOrEqual(pesos[i]!);
        }
      });
    }
  });

  it('all-zero weights put the amount on the last item; money text converts both ways', () => {
    expect(ratear(150, [0, 0, 0])).toEqual([0, 0, 150]);
    expect(ratear(0, [])).toEqual([]);
    expect(ratear(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(centavos('12.3')).toBe(1230);
    expect(centavos('0.05')).toBe(5);
    expect(reais(123456)).toBe('1234.56');
    expect(() => centavos('1,50')).toThrow(/inválido/);
  });
});

describe('chave de acesso', () => {
  it('the check digit of the fixtures keys (mod 11, weights 2..9)', () => {
    // The untouched keys: the digit is right in Id and ide/cDV.
    for (const f of ['samples/sped-nfe__nfe_layout4_com_prot.xml', 'samples/sped-da__mod55-nfe.xml']) {
      const xml = fixture(f);
      const chave = /Id="NFe(\d{44})"/.exec(xml)![1]!;
      expect(chaveValida(chave), f).toBe(true);
      expect(digitoVerificador(chave.slice(0, 43))).toBe(um(xml, 'cDV'));
    }
    // Keys edited by hand (SOURCES.md): the RS sample's ide/cDV (9) is right, its Id's last digit
    // (0) is not; the BA sample says 9 in both where mod 11 gives 8.
    const lote = fixture('samples/sped-nfe__exemplo_xml_envia_lote_modelo_65.xml');
    const chave = /Id="NFe(\d{44})"/.exec(lote)![1]!;
    expect(digitoVerificador(chave.slice(0, 43))).toBe(um(lote, 'cDV'));
    expect(chaveValida(chave)).toBe(false);
    expect(digitoVerificador('2918103365767700015665001000165439900165439')).toBe('8');
    // Remainder 0 or 1 gives 0.
    expect(digitoVerificador('0'.repeat(43))).toBe('0');
  });

  it('rebuilds the sample key from its ide fields', () => {
    const lote = fixture('samples/sped-nfe__exemplo_xml_envia_lote_modelo_65.xml');
    const chave = montarChaveAcesso({
      uf: 'RS',
      anoMes: um(lote, 'dhEmi')!.slice(2, 4) + um(lote, 'dhEmi')!.slice(5, 7),
      cnpj: '05730928000145',
      modelo: '65',
      serie: Number(um(lote, 'serie')),
      numero: Number(um(lote, 'nNF')),
      tipoEmissao: um(lote, 'tpEmis')!,
      codigoNumerico: um(lote, 'cNF')!,
    });
    expect(chave).toBe(/Id="NFe(\d{43})/.exec(lote)![1]! + um(lote, 'cDV'));
  });

  it('cNF: 8 digits, never the number itself', () => {
    for (let i = 0; i < 2000; i++) {
      const n = 1 + (i % 50);
      const c = gerarCodigoNumerico(n);
      expect(c).toMatch(/^\d{8}$/);
      expect(c).not.toBe(String(n).padStart(8, '0'));
    }
  });
});

describe('QR code', () => {
  it('v2 offline: the fields of the sample (BA, contingency) are the ones the builder writes from its XML', () => {
    const xml = fixture('samples/sped-nfe__nfce_com_qrcode.xml');
    const qr = um(xml, 'qrCode')!;
    const chave = /Id="NFe(\d{44})"/.exec(xml)![1]!;
    const [url, params] = qr.split('?p=');
    const nosso = montarQrCode({
      url: url!,
      versao: 2,
      chave,
      tpAmb: um(xml, 'tpAmb') as '2',
      tpEmis: '9',
      diaEmissao: um(xml, 'dhEmi')!.slice(8, 10),
      valorTotal: um(xml, 'vNF')!,
      digestValue: um(xml, 'DigestValue')!,
      csc: { id: '000001', token: 'CSC-QUALQUER' },
    });
    // Everything but the hash (the sample's CSC is not public) is equal.
    expect(nosso.slice(0, nosso.lastIndexOf('|'))).toBe(`${url}?p=${params!.slice(0, params!.lastIndexOf('|'))}`);
    expect(params!.split('|')[5]).toBe(textoParaHex(um(xml, 'DigestValue')!));
    // The hash is SHA-1 (upper-case hex) of the parameters followed by the CSC.
    expect(nosso.slice(nosso.lastIndexOf('|') + 1)).toBe(
      hashQrCodeV2(params!.slice(0, params!.lastIndexOf('|')), 'CSC-QUALQUER'),
    );
  });

  it('v2 online: the sample (RS) has the layout chave|2|tpAmb|cIdToken|hash, and the hash is SHA-1 of it with the CSC', () => {
    const xml = fixture('samples/sped-nfe__exemplo_xml_envia_lote_modelo_65.xml');
    const qr = um(xml, 'qrCode')!;
    const chave = /Id="NFe(\d{44})"/.exec(xml)![1]!;
    const url = qr.slice(0, qr.indexOf('?p='));
    const nosso = montarQrCode({
      url,
      versao: 2,
      chave,
      tpAmb: '2',
      tpEmis: '1',
      diaEmissao: '11',
      valorTotal: '1.00',
      digestValue: 'x',
      csc: { id: '000001', token: 'GPB0JBWLUR6HWFTVEAS6RJ69GPCROFPBBB8G' },
    });
    expect(nosso.slice(0, nosso.lastIndexOf('|'))).toBe(qr.slice(0, qr.lastIndexOf('|')));
    // Independent recomputation of the NT 2015.002 hash (known vector, computed with sha1sum).
    expect(hashQrCodeV2(`${chave}|2|2|1`, 'GPB0JBWLUR6HWFTVEAS6RJ69GPCROFPBBB8G')).toBe(
      'E45F597CEA3115159A3165A5B64AD98D5FD9C4D7',
    );
    expect(nosso.endsWith('|E45F597CEA3115159A3165A5B64AD98D5FD9C4D7')).toBe(true);
  });

  it('v3 online carries no CSC', () => {
    const qr = montarQrCode({
      url: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode',
      versao: 3,
      chave: '3'.repeat(44),
      tpAmb: '2',
      tpEmis: '1',
      diaEmissao: '01',
      valorTotal: '1.00',
      digestValue: 'x',
      csc: { id: '', token: '' },
    });
    expect(qr).toBe(`https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${'3'.repeat(44)}|3|2`);
  });
});

describe('consultation URLs', () => {
  it('match the fixtures tables (NfeConsultaQR with its version, urlChave) for every state and environment', () => {
    const ws = fixture('ws/sped-nfe__wsnfe_4.00_mod65.xml');
    const uri = JSON.parse(fixture('ws/sped-nfe__uri_consulta_nfce.json')) as Record<'1' | '2', Record<string, string>>;
    const ufs = Array.from(ws.matchAll(/<UF>\s*<sigla>(\w+)<\/sigla>([\s\S]*?)<\/UF>/g)).filter((m) =>
      m[2]!.includes('NfeConsultaQR'),
    );
    expect(ufs.length).toBe(27);
    expect([...UFS_CONSULTA_NFCE].sort()).toEqual(ufs.map((m) => m[1]).sort());
    for (const [, uf, corpo] of ufs) {
      for (const [amb, tag] of [
        ['1', 'producao'],
        ['2', 'homologacao'],
      ] as const) {
        const bloco = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(corpo!)![1]!;
        const q = /<NfeConsultaQR[^>]*version="(\d+)"[^>]*>([^<]*)<\/NfeConsultaQR>/.exec(bloco)!;
        const nossa = urlsConsultaNfce(uf!, amb);
        expect(nossa.qrCode, `${uf} ${tag}`).toBe(q[2]!.trim());
        expect(nossa.versaoQrCode * 100, `${uf} ${tag}`).toBe(Number(q[1]));
        expect(nossa.urlChave, `${uf} ${tag}`).toBe(uri[amb][uf!]);
      }
    }
    expect(() => urlsConsultaNfce('XX', '1')).toThrow(/UF/);
  });
});

describe('tributos aproximados', () => {
  it('rates by NCM chapter, rounded half up to the cent', () => {
    // Pet food: 9,25 % + 12 % = 21,25 % of R$ 100,00.
    expect(tributosAproximadosItem('23091000', 10000)).toBe(2125);
    // Default chapter: 13,45 % + 18 % of R$ 10,01 = 3,148… → 3,15.
    expect(tributosAproximadosItem('84821090', 1001)).toBe(315);
    expect(tributosAproximadosItem('23091000', 0)).toBe(0);
  });
});

describe('schema folder', () => {
  it('NFE_XSD_DIR chooses the folder; a missing folder skips validation (answers false) instead of failing', () => {
    const antes = process.env.NFE_XSD_DIR;
    try {
      process.env.NFE_XSD_DIR = path.join(FIXTURES, 'schemas/PL_009_V4');
      expect(pastaSchemasNfe()).toBe(path.join(FIXTURES, 'schemas/PL_009_V4'));
      process.env.NFE_XSD_DIR = path.join(FIXTURES, 'nao-existe');
      expect(pastaSchemasNfe()).toBeNull();
      expect(validarXml('<NFe/>', 'nfe_v4.00.xsd')).toBe(false);
    } finally {
      if (antes === undefined) delete process.env.NFE_XSD_DIR;
      else process.env.NFE_XSD_DIR = antes;
    }
  });
});
