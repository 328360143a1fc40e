/**
 * The DANFE NFC-e and the XML download (issue #18 item 5): GET /api/fiscal/documentos/{id}/pdf and
 * /{id}/xml on documents written straight into the table from the NFC-e sample of the fixtures.
 * The PDF's text is read back (vendas-helper's `textoDoPdf`): the manual's labels, totals in
 * pt-BR, the key in groups of 4, the environment and contingency messages, the cancelled banner.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney } from '@petshop/shared/format';
import { lerCertificadoA1 } from '../src/lib/certificado.ts';
import { chaveEmGrupos, lerNfce, NOME_TPAG } from '../src/modules/fiscal/danfe-nfce.ts';
import { gerarNfce } from '../src/modules/fiscal/nfce/gerar-nfce.ts';
import { makePfx } from './certificate.ts';
import { prng, vendaAleatoria } from './fiscal-nfce-gerador.ts';
import { newTenant, novaUnidade, usuarioComPerfil, useTestApp, type TenantFixture } from './helper.ts';
import { largurasDoPdf, scopeOf, textoDoPdf } from './vendas-helper.ts';
import {
  CHAVE_AMOSTRA,
  inserirDocumentos,
  nfceAmostra,
  nfceNormal,
  nfeProc,
  procEventoCancelamento,
  vendaParaDocumentos,
} from './fiscal-arquivos-helper.ts';

const ctx = useTestApp();

const CHAVE_EM_GRUPOS = '2918 1033 6576 7700 0156 6500 1000 1654 3990 0165 4399';

describe('DANFE NFC-e e XML', () => {
  let t: TenantFixture;
  let vendaId: string;
  const ids = {} as Record<'contingencia' | 'autorizada' | 'producao' | 'cancelada' | 'rejeitada' | 'descontos', string>;

  beforeAll(async () => {
    t = await newTenant(ctx);
    vendaId = await vendaParaDocumentos(ctx, scopeOf(t), t);
    // Discount, freight, other expenses, cash with change and a fractional quantity, on the normal emission.
    const comDescontos = nfceNormal({ cpf: '12345678909' })
      .replace('<qCom>1.0000</qCom>', '<qCom>1.2500</qCom>')
      .replace('<vFrete>0.00</vFrete>', '<vFrete>5.00</vFrete>')
      .replace('<vDesc>0.00</vDesc>', '<vDesc>10.50</vDesc>')
      .replace('<vOutro>0.00</vOutro>', '<vOutro>1.25</vOutro>')
      .replace('<vNF>150.00</vNF>', '<vNF>145.75</vNF>')
      .replace(
        /<pag>.*<\/pag>/s,
        '<pag><detPag><tPag>01</tPag><vPag>100.00</vPag></detPag><detPag><tPag>17</tPag><vPag>50.00</vPag></detPag><vTroco>4.25</vTroco></pag>',
      );
    const [contingencia, autorizada, producao, cancelada, rejeitada, descontos] = await inserirDocumentos(ctx, scopeOf(t), [
      { vendaId, numero: 1, status: 'contingencia', tipoEmissao: '9', xml: nfceAmostra() },
      { vendaId, numero: 2, status: 'autorizada', xml: nfeProc(nfceNormal({ cpf: '12345678909' }), CHAVE_AMOSTRA) },
      { vendaId, numero: 3, status: 'autorizada', xml: nfeProc(nfceNormal({ producao: true }), CHAVE_AMOSTRA) },
      {
        vendaId,
        numero: 4,
        status: 'cancelada',
        xml: nfeProc(nfceNormal(), CHAVE_AMOSTRA),
        xmlCancelamento: procEventoCancelamento(CHAVE_AMOSTRA),
      },
      { vendaId, numero: 5, status: 'rejeitada', xml: nfceNormal() },
      { vendaId, numero: 6, status: 'autorizada', xml: nfeProc(comDescontos, CHAVE_AMOSTRA) },
    ]);
    Object.assign(ids, { contingencia, autorizada, producao, cancelada, rejeitada, descontos });
  });

  const pdf = (id: string, headers = t.headers) =>
    ctx.app.inject({ method: 'GET', url: `/api/fiscal/documentos/${id}/pdf`, headers });
  const texto = async (id: string) => {
    const res = await pdf(id);
    expect(res.statusCode, res.body).toBe(200);
    return textoDoPdf(res.rawPayload);
  };

  it('contingência em homologação: 80 mm, emitente, itens, totais, chave em grupos, mensagens fiscais e QR', async () => {
    const res = await pdf(ids.contingencia);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${CHAVE_AMOSTRA}-danfe.pdf"`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(largurasDoPdf(bytes)).toEqual([226.77]);
    const tx = textoDoPdf(bytes);
    for (const trecho of [
      'PMZ CENTRO NORTE S/A',
      'CNPJ: 33.657.677/0001-56  IE: 130796832',
      'AV. DA FEB (LOT.PONTE NOVA), 1150, PONTE NOVA, VARZEA GRANDE - BA',
      'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
      'Código',
      'Vl Total',
      '10015300336',
      '(153 - C2075) -CILINDRO MESTRE DUPLO UN',
      '96,22',
      '53,78',
      'Qtde. total de itens',
      'Valor total R$',
      '150,00',
      'Valor a Pagar R$',
      'FORMA PAGAMENTO',
      'VALOR PAGO R$',
      'Cartão de Débito',
      'Troco R$',
      '0,00',
      'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL',
      'EMITIDA EM CONTINGÊNCIA',
      'Pendente de autorização',
      'Consulte pela Chave de Acesso em',
      'http://hinternet.sefaz.ba.gov.br/nfce/consulta',
      CHAVE_EM_GRUPOS,
      'CONSUMIDOR NÃO IDENTIFICADO',
      // dhEmi 07:28:14-04:00 on the unit's clock (America/Sao_Paulo).
      'NFC-e nº 165439 Série 1 01/10/2018 08:28:14',
      'Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ 35,75',
      'CLIENTE RECUSOU INFORMAR CPF/CNPJ NO CUPOM',
    ]) {
      expect(tx).toContain(trecho);
    }
    expect(tx).not.toContain('Protocolo de autorização');
    expect(tx).not.toContain('Desconto R$');
    expect(tx).not.toContain('CANCELADA');
    // The QR code: pdfmake draws its dark modules as filled rectangles (hundreds of them).
    const retangulos = bytes.toString('latin1').match(/\bre\b/g) ?? [];
    expect(retangulos.length).toBeGreaterThan(300);
  });

  it('autorizada: protocolo e data de autorização, consumidor com CPF formatado, sem contingência', async () => {
    const tx = await texto(ids.autorizada);
    expect(tx).toContain('CONSUMIDOR - CPF 123.456.789-09');
    expect(tx).toContain('Protocolo de autorização: 129180000123456');
    expect(tx).toContain('Data de autorização: 01/10/2018 14:55:02');
    expect(tx).toContain('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO');
    expect(tx).not.toContain('CONTINGÊNCIA');
    expect(tx).not.toContain('Pendente de autorização');
    expect(tx).not.toContain('NÃO IDENTIFICADO');
  });

  it('produção: sem a mensagem de homologação', async () => {
    const tx = await texto(ids.producao);
    expect(tx).not.toContain('HOMOLOGAÇÃO');
    expect(tx).toContain('Protocolo de autorização: 129180000123456');
  });

  it('descontos, frete, outras despesas, quantidade fracionada, dois pagamentos e troco', async () => {
    const tx = await texto(ids.descontos);
    expect(tx).toContain('1,25');
    expect(tx).toContain('Desconto R$');
    expect(tx).toContain('10,50');
    expect(tx).toContain('Frete R$');
    expect(tx).toContain('5,00');
    expect(tx).toContain('Outras despesas R$');
    expect(tx).toContain('Valor a Pagar R$145,75');
    expect(tx).toContain('Dinheiro100,00');
    expect(tx).toContain('Pagamento Instantâneo (PIX)50,00');
    expect(tx).toContain('Troco R$4,25');
  });

  it('cancelada: faixa NFC-e CANCELADA com protocolo e data do cancelamento', async () => {
    const tx = await texto(ids.cancelada);
    expect(tx).toContain('NFC-e CANCELADA');
    expect(tx).toContain('em 01/10/2018 15:10:00 – Protocolo 129180000999999');
    expect(tx).toContain('Protocolo de autorização: 129180000123456');
  });

  it('rejeitada não é impressa (400); id de outra unidade ou tenant é 404; id inválido é 400', async () => {
    const rejeitada = await pdf(ids.rejeitada);
    expect(rejeitada.statusCode).toBe(400);
    expect(rejeitada.json().errors.generalErrors[0]).toContain('A NFC-e nº 5 não pode ser impressa (Rejeitada)');

    const outro = await newTenant(ctx);
    expect((await pdf(ids.autorizada, outro.headers)).statusCode).toBe(404);
    expect((await pdf(ids.autorizada, outro.headers)).json().errors.generalErrors).toEqual(['Documento fiscal não encontrado']);
    const bairro = await novaUnidade(ctx, t);
    expect((await pdf(ids.autorizada, bairro.headers)).statusCode).toBe(404);

    const invalido = await pdf('nao-e-uuid');
    expect(invalido.statusCode).toBe(400);
  });

  it('o caixa (vendas) imprime; quem não tem vendas nem fiscal não', async () => {
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await pdf(ids.autorizada, caixa.headers)).statusCode).toBe(200);
    const veterinario = await usuarioComPerfil(ctx, t, 'veterinario');
    expect((await pdf(ids.autorizada, veterinario.headers)).statusCode).toBe(403);
  });

  const xml = (id: string, query = '', headers = t.headers) =>
    ctx.app.inject({ method: 'GET', url: `/api/fiscal/documentos/${id}/xml${query}`, headers });

  it('XML: o nfeProc guardado como anexo {chave}-nfce.xml; cancelamento=1 dá o procEventoNFe', async () => {
    const res = await xml(ids.autorizada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${CHAVE_AMOSTRA}-nfce.xml"`);
    expect(res.body).toBe(`<?xml version="1.0" encoding="UTF-8"?>${nfeProc(nfceNormal({ cpf: '12345678909' }), CHAVE_AMOSTRA)}`);
    expect(lerNfce(res.body).autorizacao).toEqual({ protocolo: '129180000123456', data: '2018-10-01T14:55:02-03:00' });

    const cancelamento = await xml(ids.cancelada, '?cancelamento=1');
    expect(cancelamento.statusCode).toBe(200);
    expect(cancelamento.headers['content-disposition']).toBe(`attachment; filename="${CHAVE_AMOSTRA}-cancelamento.xml"`);
    expect(cancelamento.body).toBe(`<?xml version="1.0" encoding="UTF-8"?>${procEventoCancelamento(CHAVE_AMOSTRA)}`);

    const semCancelamento = await xml(ids.autorizada, '?cancelamento=1');
    expect(semCancelamento.statusCode).toBe(404);
    expect(semCancelamento.json().errors.generalErrors[0]).toContain('Cancelamento não encontrado');
    expect((await xml(ids.autorizada, '?cancelamento=talvez')).statusCode).toBe(400);
  });

  it('XML: de outra unidade ou tenant é 404; o caixa baixa, o veterinário não', async () => {
    const outro = await newTenant(ctx);
    expect((await xml(ids.autorizada, '', outro.headers)).statusCode).toBe(404);
    const bairro = await novaUnidade(ctx, t, 'Loja Bairro XML');
    expect((await xml(ids.autorizada, '', bairro.headers)).statusCode).toBe(404);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await xml(ids.autorizada, '', caixa.headers)).statusCode).toBe(200);
    const veterinario = await usuarioComPerfil(ctx, t, 'veterinario');
    expect((await xml(ids.autorizada, '', veterinario.headers)).statusCode).toBe(403);
  });

  it('NFC-e feitas pelo gerador (gerarNfce): autorizada e em contingência, totais, pagamentos e chave do XML', async () => {
    const cert = lerCertificadoA1(makePfx('segredo'), 'segredo');
    const r = prng(18);
    for (const tipoEmissao of ['1', '9'] as const) {
      const dados = vendaAleatoria(r, 500 + Number(tipoEmissao), { tipoEmissao, ambiente: '2', itens: 12 });
      const gerada = gerarNfce(dados, cert);
      const autorizada = tipoEmissao === '1';
      const [id] = await inserirDocumentos(ctx, scopeOf(t), [
        {
          vendaId,
          numero: dados.numero,
          chave: gerada.chave,
          status: autorizada ? 'autorizada' : 'contingencia',
          tipoEmissao,
          xml: autorizada ? nfeProc(gerada.xml, gerada.chave) : gerada.xml,
          valorTotal: gerada.valorTotal,
          emitidoEm: dados.emitidoEm,
        },
      ]);
      const tx = await texto(id!);
      expect(tx).toContain(chaveEmGrupos(gerada.chave));
      expect(tx).toContain(gerada.urlChave);
      expect(tx).toContain(`Qtde. total de itens${dados.itens.length}`);
      expect(tx).toContain(`Valor a Pagar R$${formatDecimal(gerada.valorTotal, 2)}`);
      expect(tx).toContain(`Tributos Totais Incidentes (Lei Federal 12.741/2012): ${formatMoney(gerada.valorTributos)}`);
      for (const p of dados.pagamentos) {
        const nome = p.tPag === '99' && p.descricao ? p.descricao : NOME_TPAG[p.tPag]!;
        expect(tx).toContain(`${nome}${formatDecimal(p.valor, 2)}`);
      }
      expect(tx).toContain('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL');
      expect(tx.includes('EMITIDA EM CONTINGÊNCIA')).toBe(!autorizada);
      expect(tx.includes('Protocolo de autorização: 129180000123456')).toBe(autorizada);
      expect(tx).toContain(`NFC-e nº ${dados.numero} Série ${dados.serie} `);
    }
  });
});
