import { describe, expect, it } from 'vitest';
import { CFOPS_NFCE, problemasFiscais, situacaoFiscalCompleta, type ProdutoFiscal } from './situacao-fiscal.ts';

/** A complete good of a Simples Nacional unit (ração: NCM 2309.10.00, CFOP 5102, CSOSN 102). */
const simples: ProdutoFiscal = {
  tipo: 'produto',
  ncm: '23091000',
  cest: null,
  cfop: '5102',
  origem: '0',
  csosn: '102',
  cst: null,
  pisCst: null,
  cofinsCst: null,
};
/** A complete good of a normal-regime unit (CRT 3). */
const normal: ProdutoFiscal = { ...simples, csosn: null, cst: '00', pisCst: '01', cofinsCst: '01' };

/** campo → mensagem of the problems, for compact expectations. */
const campos = (p: ProdutoFiscal, crt: string) => problemasFiscais(p, crt).map((x) => x.campo);

describe('problemasFiscais', () => {
  it.each([
    ['complete Simples good', simples, '1', []],
    ['complete Simples good, CRT 2', simples, '2', []],
    ['complete Simples good, CRT 4 (MEI)', simples, '4', []],
    ['complete normal-regime good', normal, '3', []],
    ['service with nothing', { ...simples, tipo: 'servico', ncm: null, cfop: null, csosn: null }, '3', []],
    ['NCM missing', { ...simples, ncm: null }, '1', ['ncm']],
    ['NCM blank', { ...simples, ncm: '  ' }, '1', ['ncm']],
    ['NCM of 7 digits', { ...simples, ncm: '2309100' }, '1', ['ncm']],
    ['NCM with letters', { ...simples, ncm: '2309100A' }, '1', ['ncm']],
    ['NCM 00000000', { ...simples, ncm: '00000000' }, '1', ['ncm']],
    ['CFOP missing', { ...simples, cfop: null }, '1', ['cfop']],
    ['CFOP 5949 (rule 725)', { ...simples, cfop: '5949' }, '1', ['cfop']],
    ['CFOP 5933 (service, ISSQN)', { ...simples, cfop: '5933' }, '1', ['cfop']],
    ['CFOP 6102 (interstate)', { ...simples, cfop: '6102' }, '1', ['cfop']],
    ['CFOP toString (prototype name)', { ...simples, cfop: 'toString' }, '1', ['cfop']],
    ['CSOSN missing in Simples', { ...simples, csosn: null }, '1', ['csosn']],
    ['CSOSN unknown', { ...simples, csosn: '999' }, '1', ['csosn']],
    ['CST ignored in Simples', { ...simples, cst: '99' }, '1', []],
    ['CST missing in CRT 3', { ...normal, cst: null }, '3', ['cst']],
    ['CST unknown in CRT 3', { ...normal, cst: '11' }, '3', ['cst']],
    ['CSOSN ignored in CRT 3', { ...normal, csosn: '102' }, '3', []],
    ['CSOSN 500 without CEST', { ...simples, cfop: '5405', csosn: '500' }, '1', ['cest']],
    ['CSOSN 500 with CEST and 5405', { ...simples, cfop: '5405', csosn: '500', cest: '2200100' }, '1', []],
    ['CSOSN 500 with CFOP 5102', { ...simples, cfop: '5102', csosn: '500', cest: '2200100' }, '1', ['csosn']],
    ['CSOSN 500 with CFOP 5656 (fuel)', { ...simples, cfop: '5656', csosn: '500', cest: '0600500' }, '1', []],
    ['CSOSN 201 without CEST', { ...simples, csosn: '201' }, '1', ['cest']],
    ['CSOSN 202 with CEST', { ...simples, csosn: '202', cest: '2200100' }, '1', []],
    ['CFOP 5405 with CSOSN 102', { ...simples, cfop: '5405' }, '1', ['cfop']],
    ['CFOP 5405 with CST 00', { ...normal, cfop: '5405' }, '3', ['cfop']],
    ['CST 60 with 5405 and CEST', { ...normal, cfop: '5405', cst: '60', cest: '2200100' }, '3', []],
    ['CST 60 with 5102', { ...normal, cst: '60', cest: '2200100' }, '3', ['cst']],
    ['CST 10 without CEST', { ...normal, cst: '10' }, '3', ['cest']],
    ['CST 70 without CEST', { ...normal, cst: '70' }, '3', ['cest']],
    ['CEST of 6 digits, no ST', { ...simples, cest: '220010' }, '1', ['cest']],
    ['CEST of 7 digits, no ST (accepted)', { ...simples, cest: '2200100' }, '1', []],
    ['origem missing', { ...simples, origem: null }, '1', ['origem']],
    ['origem 9', { ...simples, origem: '9' }, '1', ['origem']],
    ['origem 8', { ...simples, origem: '8' }, '1', []],
    ['PIS/COFINS missing in CRT 3', { ...normal, pisCst: null, cofinsCst: null }, '3', ['pisCst', 'cofinsCst']],
    ['PIS unknown in CRT 3', { ...normal, pisCst: '10' }, '3', ['pisCst']],
    ['COFINS unknown in Simples', { ...simples, cofinsCst: '50' }, '1', ['cofinsCst']],
    ['PIS/COFINS 49 in Simples', { ...simples, pisCst: '49', cofinsCst: '49' }, '1', []],
    [
      'everything missing in CRT 3',
      { tipo: 'produto', ncm: null, cest: null, cfop: null, origem: null, csosn: null, cst: null, pisCst: null, cofinsCst: null },
      '3',
      ['ncm', 'cfop', 'origem', 'cst', 'pisCst', 'cofinsCst'],
    ],
  ] as [string, ProdutoFiscal, string, string[]][])('%s', (_name, produto, crt, esperado) => {
    expect(campos(produto, crt)).toEqual(esperado);
    expect(situacaoFiscalCompleta(produto, crt)).toBe(esperado.length === 0);
  });

  it('writes the messages in Portuguese, on their fields', () => {
    expect(problemasFiscais({ ...simples, ncm: null, cfop: '5949' }, '1')).toEqual([
      { campo: 'ncm', mensagem: 'NCM é obrigatório' },
      { campo: 'cfop', mensagem: 'CFOP 5949 não é aceito na NFC-e (use 5101, 5102, 5103, 5104, 5115, 5405, 5656, 5667)' },
    ]);
    expect(problemasFiscais({ ...simples, cfop: '5405', csosn: '500' }, '1')).toEqual([
      { campo: 'cest', mensagem: 'CEST é obrigatório em operação com substituição tributária (CSOSN 500)' },
    ]);
    expect(problemasFiscais({ ...normal, cst: null }, '3')).toEqual([
      { campo: 'cst', mensagem: 'CST do ICMS é obrigatório no regime normal' },
    ]);
  });

  it('accepts every CFOP of CFOPS_NFCE but 5405 with a plain CSOSN', () => {
    for (const cfop of Object.keys(CFOPS_NFCE)) {
      expect(campos({ ...simples, cfop }, '1')).toEqual(cfop === '5405' ? ['cfop'] : []);
    }
  });
});
