/**
 * Fiscal documents written straight into `documentos_fiscais` / `inutilizacoes_fiscais` for the
 * tests of the DANFE, the XML download and the month's zip (issue #18 items 5 and 6): the XMLs are
 * the NFC-e sample of ../shared/fixtures/nfe (read at test time, never copied), edited where a
 * test needs another case, and the nfeProc / procEventoNFe / procInutNFe composed around them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentosFiscais, inutilizacoesFiscais } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import type { TestContext } from './helper.ts';
import { cenario, inserirVenda, type Scope } from './vendas-helper.ts';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const AMOSTRAS = path.join(raiz, '../shared/fixtures/nfe/samples');

/** The sample NFC-e (modelo 65, tpEmis 9, homologação, 2 items, R$ 150,00) without its XML declaration. */
export const nfceAmostra = (): string =>
  readFileSync(path.join(AMOSTRAS, 'sped-nfe__nfce_com_qrcode.xml'), 'utf8').replace(/^<\?xml[^>]*>\s*/, '');

export const CHAVE_AMOSTRA = '29181033657677000156650010001654399001654399';

/** The sample as a normal emission (tpEmis 1, no dhCont/xJust), optionally in produção, with a consumer's CPF. */
export const nfceNormal = (o: { producao?: boolean; cpf?: string } = {}): string => {
  let xml = nfceAmostra()
    .replace('<tpEmis>9</tpEmis>', '<tpEmis>1</tpEmis>')
    .replace(/<dhCont>.*?<\/dhCont>\s*<xJust>.*?<\/xJust>/s, '');
  if (o.producao) xml = xml.replace('<tpAmb>2</tpAmb>', '<tpAmb>1</tpAmb>');
  if (o.cpf) xml = xml.replace('</emit>', `</emit><dest><CPF>${o.cpf}</CPF></dest>`);
  return xml;
};

/** `nfe` wrapped with an authorising protNFe (cStat 100) into an nfeProc. */
export const nfeProc = (nfe: string, chave: string, nProt = '129180000123456', dhRecbto = '2018-10-01T14:55:02-03:00'): string =>
  `<nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe">${nfe}<protNFe versao="4.00"><infProt>` +
  `<tpAmb>2</tpAmb><verAplic>SVRS202401011200</verAplic><chNFe>${chave}</chNFe><dhRecbto>${dhRecbto}</dhRecbto>` +
  `<nProt>${nProt}</nProt><digVal>m9ZrQTKMxv7A1Blnf/nmNGVX+N8=</digVal><cStat>100</cStat>` +
  `<xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;

/** A cancellation's procEventoNFe (event 110111 registered: cStat 135). */
export const procEventoCancelamento = (
  chave: string,
  nProt = '129180000999999',
  dhRegEvento = '2018-10-01T15:10:00-03:00',
): string =>
  `<procEventoNFe versao="1.00" xmlns="http://www.portalfiscal.inf.br/nfe"><evento versao="1.00"><infEvento Id="ID110111${chave}01">` +
  `<cOrgao>29</cOrgao><tpAmb>2</tpAmb><CNPJ>33657677000156</CNPJ><chNFe>${chave}</chNFe><dhEvento>2018-10-01T15:09:58-03:00</dhEvento>` +
  `<tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00">` +
  `<descEvento>Cancelamento</descEvento><nProt>129180000123456</nProt><xJust>Cliente desistiu da compra</xJust></detEvento>` +
  `</infEvento></evento><retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>SVRS</verAplic><cOrgao>29</cOrgao>` +
  `<cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${chave}</chNFe><tpEvento>110111</tpEvento>` +
  `<nSeqEvento>1</nSeqEvento><dhRegEvento>${dhRegEvento}</dhRegEvento><nProt>${nProt}</nProt></infEvento></retEvento></procEventoNFe>`;

/** An inutilização's procInutNFe (cStat 102). */
export const procInut = (serie: number, inicial: number, final: number, nProt = '129180000555555'): string =>
  `<procInutNFe versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><inutNFe versao="4.00"><infInut Id="ID29183365767700015665${String(serie).padStart(3, '0')}${String(inicial).padStart(9, '0')}${String(final).padStart(9, '0')}">` +
  `<tpAmb>2</tpAmb><xServ>INUTILIZAR</xServ><cUF>29</cUF><ano>18</ano><CNPJ>33657677000156</CNPJ><mod>65</mod><serie>${serie}</serie>` +
  `<nNFIni>${inicial}</nNFIni><nNFFin>${final}</nNFFin><xJust>Numeração pulada por falha do sistema</xJust></infInut></inutNFe>` +
  `<retInutNFe versao="4.00"><infInut><tpAmb>2</tpAmb><verAplic>SVRS</verAplic><cStat>102</cStat><xMotivo>Inutilização de número homologado</xMotivo>` +
  `<cUF>29</cUF><nProt>${nProt}</nProt></infInut></retInutNFe></procInutNFe>`;

/** A finalised sale of the scope's unit (documents need one). */
export const vendaParaDocumentos = async (ctx: TestContext, scope: Scope, t: Parameters<typeof cenario>[1]): Promise<string> => {
  const c = await cenario(ctx, t);
  const venda = await inserirVenda(ctx, scope, {
    status: 'Finalizada',
    itens: [{ produtoId: c.racao.id, descricao: c.racao.nome, quantidade: 1, valorUnitario: 150 }],
    pagamentos: [{ formaPagamentoId: c.formas.cartao_debito, tipo: 'cartao_debito', valor: 150 }],
  });
  return venda.id;
};

export type DocumentoSpec = {
  vendaId: string;
  numero: number;
  serie?: number;
  chave?: string;
  status: string;
  tipoEmissao?: '1' | '9';
  xml: string;
  xmlCancelamento?: string | null;
  protocolo?: string | null;
  valorTotal?: string;
  emitidoEm?: Date;
};

/** Inserts fiscal documents in the scope's unit; answers their ids in order. */
export const inserirDocumentos = async (ctx: TestContext, scope: Scope, docs: DocumentoSpec[]): Promise<string[]> =>
  withTenant(ctx.database.db, scope, async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < docs.length; i += 500) {
      const linhas = await tx
        .insert(documentosFiscais)
        .values(
          docs.slice(i, i + 500).map((d) => ({
            vendaId: d.vendaId,
            serie: d.serie ?? 1,
            numero: d.numero,
            chave: d.chave ?? CHAVE_AMOSTRA,
            tipoEmissao: d.tipoEmissao ?? '1',
            ambiente: 'homologacao',
            status: d.status,
            xml: d.xml,
            xmlCancelamento: d.xmlCancelamento ?? null,
            protocolo: d.protocolo ?? null,
            valorTotal: d.valorTotal ?? '150.00',
            emitidoEm: d.emitidoEm ?? new Date('2018-10-01T11:28:14Z'),
          })),
        )
        .returning({ id: documentosFiscais.id });
      ids.push(...linhas.map((l) => l.id));
    }
    return ids;
  });

/** Inserts an inutilização (status 'inutilizada') in the scope's unit at `createdAt`. */
export const inserirInutilizacao = async (
  ctx: TestContext,
  scope: Scope,
  i: { serie: number; inicial: number; final: number; createdAt: Date; protocolo?: string },
): Promise<void> =>
  withTenant(ctx.database.db, scope, async (tx) => {
    await tx.insert(inutilizacoesFiscais).values({
      serie: i.serie,
      numeroInicial: i.inicial,
      numeroFinal: i.final,
      justificativa: 'Numeração pulada por falha do sistema',
      ambiente: 'homologacao',
      status: 'inutilizada',
      cStat: '102',
      protocolo: i.protocolo ?? '129180000555555',
      xml: procInut(i.serie, i.inicial, i.final, i.protocolo),
      createdAt: i.createdAt,
    });
  });
