/**
 * What an NFeAutorizacao4 answer means for the document (emitir-nfce.ts, issue #18 items 2–3):
 * protNFe 100/150 authorised, 110/301/302 denied, 539 number used, batch 103/105 (asynchronous)
 * unknown yet, batch 108/109 (service paralysed) SEFAZ down, anything else rejected.
 */
import { describe, expect, it } from 'vitest';
import { assertSefazEmOperacao, interpretarAutorizacao } from '../src/modules/fiscal/emitir-nfce.ts';
import { SefazIndisponivelError, type RetornoAutorizacao, type SefazClient } from '../src/modules/fiscal/sefaz/sefaz.ts';
import type { UnidadeFiscal } from '../src/modules/fiscal/unidade-fiscal.ts';

const CHAVE = '35261111222333000181650010000000011000000019';
const prot = (cStat: string, xMotivo = 'x') => ({
  cStat,
  xMotivo,
  protocolo: cStat === '100' ? '135260000000001' : null,
  recebidoEm: new Date(),
  chave: CHAVE,
  xml: `<protNFe versao="4.00"><infProt><cStat>${cStat}</cStat></infProt></protNFe>`,
});
const lote = (cStat: string, p: ReturnType<typeof prot> | null = null): RetornoAutorizacao => ({
  cStat,
  xMotivo: `lote ${cStat}`,
  protocolo: p,
});
const semSefaz = {} as SefazClient;
const unidade = { emitente: { uf: 'SP' }, ambiente: 'homologacao', certificado: {} } as unknown as UnidadeFiscal;
const ler = (r: RetornoAutorizacao) => interpretarAutorizacao(semSefaz, unidade, CHAVE, r, 1000);

describe('interpretarAutorizacao', () => {
  it('classifica as respostas', async () => {
    expect((await ler(lote('104', prot('100')))).status).toBe('autorizada');
    expect((await ler(lote('104', prot('150')))).status).toBe('autorizada');
    expect(await ler(lote('104', prot('302', 'Uso Denegado')))).toMatchObject({ status: 'denegada', cStat: '302' });
    expect(await ler(lote('104', prot('539', 'Duplicidade')))).toMatchObject({ status: 'numeroUsado', cStat: '539' });
    expect(await ler(lote('104', prot('778', 'NCM inexistente')))).toMatchObject({
      status: 'rejeitada',
      cStat: '778',
      motivo: 'NCM inexistente',
    });
    expect(await ler(lote('225'))).toMatchObject({ status: 'rejeitada', cStat: '225', motivo: 'lote 225' });
    expect(await ler(lote('103'))).toMatchObject({ status: 'indefinido', cStat: '103' });
  });

  it('204: consulta o protocolo (autorizada) ou fica indefinida quando a consulta falha', async () => {
    const consultando = (falha: boolean): SefazClient =>
      ({
        consultarProtocolo: async () => {
          if (falha) throw new SefazIndisponivelError('tempo esgotado');
          return { cStat: '100', xMotivo: 'Autorizado', protocolo: prot('100') };
        },
      }) as unknown as SefazClient;
    expect((await interpretarAutorizacao(consultando(false), unidade, CHAVE, lote('104', prot('204')), 1000)).status).toBe(
      'autorizada',
    );
    expect((await interpretarAutorizacao(consultando(true), unidade, CHAVE, lote('104', prot('204')), 1000)).status).toBe(
      'indefinido',
    );
  });

  it('108/109 no lote: SEFAZ paralisada (contingência), não rejeição', () => {
    expect(() => assertSefazEmOperacao(lote('108'))).toThrow(SefazIndisponivelError);
    expect(() => assertSefazEmOperacao(lote('109'))).toThrow(SefazIndisponivelError);
    expect(() => assertSefazEmOperacao(lote('104', prot('100')))).not.toThrow();
    expect(() => assertSefazEmOperacao(lote('225'))).not.toThrow();
  });
});
