/**
 * The month's XMLs in one zip (issue #18 item 6): GET /api/fiscal/documentos/xml-mensal?mes=yyyy-MM.
 * Documents and inutilizações written straight into the tables around the month's edges on the
 * unit's clock (America/Sao_Paulo); the zip is unzipped (fflate) and its names and contents compared.
 */
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { unidadesNegocio } from '../src/db/schema/index.ts';
import { newTenant, novaUnidade, usuarioComPerfil, useTestApp, type TenantFixture } from './helper.ts';
import { scopeOf } from './vendas-helper.ts';
import {
  CHAVE_AMOSTRA,
  inserirDocumentos,
  inserirInutilizacao,
  nfceAmostra,
  nfceNormal,
  nfeProc,
  procEventoCancelamento,
  procInut,
  vendaParaDocumentos,
} from './fiscal-arquivos-helper.ts';

const ctx = useTestApp();

/** The sample's key with another number at the end (file names must differ). */
const chave = (n: number) => `${CHAVE_AMOSTRA.slice(0, 40)}${String(n).padStart(4, '0')}`;
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';

describe('XMLs do mês em zip', () => {
  let t: TenantFixture;
  let cnpj: string;

  beforeAll(async () => {
    t = await newTenant(ctx);
    const [u] = await ctx.database.db
      .select({ cnpj: unidadesNegocio.cnpj })
      .from(unidadesNegocio)
      .where(eq(unidadesNegocio.id, t.unidadeNegocioId));
    cnpj = u!.cnpj;
    const vendaId = await vendaParaDocumentos(ctx, scopeOf(t), t);
    await inserirDocumentos(ctx, scopeOf(t), [
      // 30/09 23:00 in São Paulo: September.
      {
        vendaId,
        numero: 9,
        chave: chave(9),
        status: 'autorizada',
        xml: nfeProc(nfceNormal(), chave(9)),
        emitidoEm: new Date('2018-10-01T02:00:00Z'),
      },
      {
        vendaId,
        numero: 10,
        chave: chave(10),
        status: 'autorizada',
        protocolo: '129180000000010',
        valorTotal: '1234.56',
        xml: nfeProc(nfceNormal(), chave(10), '129180000000010'),
        emitidoEm: new Date('2018-10-01T03:00:00Z'),
      },
      {
        vendaId,
        numero: 11,
        chave: chave(11),
        status: 'cancelada',
        protocolo: '129180000000011',
        xml: nfeProc(nfceNormal(), chave(11), '129180000000011'),
        xmlCancelamento: procEventoCancelamento(chave(11)),
        emitidoEm: new Date('2018-10-15T15:00:00Z'),
      },
      {
        vendaId,
        numero: 12,
        chave: chave(12),
        status: 'contingencia',
        tipoEmissao: '9',
        xml: nfceAmostra(),
        emitidoEm: new Date('2018-10-20T15:00:00Z'),
      },
      {
        vendaId,
        numero: 13,
        chave: chave(13),
        status: 'rejeitada',
        xml: nfceNormal(),
        valorTotal: '20.00',
        emitidoEm: new Date('2018-10-21T15:00:00Z'),
      },
      // 31/10 23:30 in São Paulo: still October.
      {
        vendaId,
        numero: 14,
        chave: chave(14),
        status: 'autorizada',
        protocolo: '129180000000014',
        xml: nfeProc(nfceNormal(), chave(14), '129180000000014'),
        emitidoEm: new Date('2018-11-01T02:30:00Z'),
      },
      // 01/11 00:30 in São Paulo: November.
      {
        vendaId,
        numero: 15,
        chave: chave(15),
        status: 'autorizada',
        xml: nfeProc(nfceNormal(), chave(15)),
        emitidoEm: new Date('2018-11-01T03:30:00Z'),
      },
    ]);
    await inserirInutilizacao(ctx, scopeOf(t), { serie: 1, inicial: 7, final: 8, createdAt: new Date('2018-10-16T12:00:00Z') });
    await inserirInutilizacao(ctx, scopeOf(t), { serie: 1, inicial: 16, final: 16, createdAt: new Date('2018-11-16T12:00:00Z') });
  });

  const zip = (mes: string, headers = t.headers) =>
    ctx.app.inject({ method: 'GET', url: `/api/fiscal/documentos/xml-mensal?mes=${mes}`, headers });

  it('o zip do mês no fuso da unidade: nfeProc, cancelamentos, inutilizações e resumo.csv', async () => {
    const res = await zip('2018-10');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="nfce-${cnpj}-2018-10.zip"`);
    const arquivos = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(arquivos).sort()).toEqual(
      [
        `${chave(10)}-nfce.xml`,
        `${chave(11)}-nfce.xml`,
        `${chave(11)}-cancelamento.xml`,
        `${chave(14)}-nfce.xml`,
        'inutilizacao-1-7-8.xml',
        'resumo.csv',
      ].sort(),
    );
    expect(strFromU8(arquivos[`${chave(10)}-nfce.xml`]!)).toBe(`${DECL}${nfeProc(nfceNormal(), chave(10), '129180000000010')}`);
    expect(strFromU8(arquivos[`${chave(11)}-cancelamento.xml`]!)).toBe(`${DECL}${procEventoCancelamento(chave(11))}`);
    expect(strFromU8(arquivos['inutilizacao-1-7-8.xml']!)).toBe(`${DECL}${procInut(1, 7, 8)}`);
    // UTF-8 with BOM (Excel pt-BR); fflate's strFromU8 (TextDecoder) drops the BOM when decoding.
    expect([...arquivos['resumo.csv']!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(strFromU8(arquivos['resumo.csv']!)).toBe(
      [
        'número;série;chave;status;valor;data;protocolo',
        `10;1;${chave(10)};Autorizada;1.234,56;01/10/2018 00:00:00;129180000000010`,
        `11;1;${chave(11)};Cancelada;150,00;15/10/2018 12:00:00;129180000000011`,
        `12;1;${chave(12)};Em contingência;150,00;20/10/2018 12:00:00;`,
        `13;1;${chave(13)};Rejeitada;20,00;21/10/2018 12:00:00;`,
        `14;1;${chave(14)};Autorizada;150,00;31/10/2018 23:30:00;129180000000014`,
        '7 a 8;1;;Inutilizada;;16/10/2018 09:00:00;129180000555555',
      ].join('\r\n') + '\r\n',
    );
  });

  it('setembro e novembro pegam as bordas; mês vazio é 400', async () => {
    const setembro = unzipSync(new Uint8Array((await zip('2018-09')).rawPayload));
    expect(Object.keys(setembro).sort()).toEqual([`${chave(9)}-nfce.xml`, 'resumo.csv']);
    const novembro = unzipSync(new Uint8Array((await zip('2018-11')).rawPayload));
    expect(Object.keys(novembro).sort()).toEqual([`${chave(15)}-nfce.xml`, 'inutilizacao-1-16-16.xml', 'resumo.csv']);

    const vazio = await zip('2018-12');
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().errors.generalErrors).toEqual(['Nenhum documento fiscal em 12/2018']);
  });

  it('mês inválido ou ausente é 400 com o erro no campo', async () => {
    for (const mes of ['2018-13', '10/2018', 'abc']) {
      const res = await zip(mes);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.mes).toEqual(['Mês inválido (use aaaa-mm)']);
    }
    const semMes = await ctx.app.inject({ method: 'GET', url: '/api/fiscal/documentos/xml-mensal', headers: t.headers });
    expect(semMes.statusCode).toBe(400);
    expect(semMes.json().errors.mes).toEqual(['Mês é obrigatório']);
  });

  it('outro tenant e outra unidade não veem os documentos; só quem tem fiscal baixa', async () => {
    const outro = await newTenant(ctx);
    const deOutro = await zip('2018-10', outro.headers);
    expect(deOutro.statusCode).toBe(400);
    expect(deOutro.json().errors.generalErrors).toEqual(['Nenhum documento fiscal em 10/2018']);
    const bairro = await novaUnidade(ctx, t);
    expect((await zip('2018-10', bairro.headers)).statusCode).toBe(400);

    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await zip('2018-10', caixa.headers)).statusCode).toBe(403);
    const gerente = await usuarioComPerfil(ctx, t, 'gerente');
    expect((await zip('2018-10', gerente.headers)).statusCode).toBe(200);
  });

  it('pedidos simultâneos: cada um recebe o seu zip inteiro', async () => {
    const respostas = await Promise.all([zip('2018-10'), zip('2018-11'), zip('2018-10')]);
    expect(respostas.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(Object.keys(unzipSync(new Uint8Array(respostas[0]!.rawPayload))).length).toBe(6);
    expect(Object.keys(unzipSync(new Uint8Array(respostas[1]!.rawPayload))).length).toBe(3);
    const a = unzipSync(new Uint8Array(respostas[0]!.rawPayload));
    const b = unzipSync(new Uint8Array(respostas[2]!.rawPayload));
    expect(strFromU8(b['resumo.csv']!)).toBe(strFromU8(a['resumo.csv']!));
  });

  it('um mês maior que uma página de leitura: todos os documentos, de duas séries, em ordem', async () => {
    const vendaId = await vendaParaDocumentos(ctx, scopeOf(t), t);
    const docs = Array.from({ length: 450 }, (_, i) => {
      const serie = i < 250 ? 1 : 2;
      const numero = 1000 + (i % 250);
      const k =
        `35190311222333000181650${String(serie).padStart(2, '0')}0${String(numero).padStart(8, '0')}1${String(i).padStart(8, '0')}`.slice(
          0,
          44,
        );
      return {
        vendaId,
        serie,
        numero,
        chave: k,
        status: 'autorizada',
        xml: `<nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><NFe>${i}</NFe></nfeProc>`,
        emitidoEm: new Date(Date.parse('2019-03-01T12:00:00Z') + i * 3_600_000),
      };
    });
    await inserirDocumentos(ctx, scopeOf(t), docs);
    const res = await zip('2019-03');
    expect(res.statusCode, res.body).toBe(200);
    const arquivos = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(arquivos)).toHaveLength(451);
    for (const [i, d] of docs.entries()) {
      expect(strFromU8(arquivos[`${d.chave}-nfce.xml`]!)).toBe(
        `${DECL}<nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><NFe>${i}</NFe></nfeProc>`,
      );
    }
    const linhas = strFromU8(arquivos['resumo.csv']!).trimEnd().split('\r\n').slice(1);
    expect(linhas.map((l) => l.split(';').slice(0, 3).join(';'))).toEqual(docs.map((d) => `${d.numero};${d.serie};${d.chave}`));
  });
});
