/**
 * Reads of the fiscal documents (issue #18 items 2–6; spec §7 "Fiscal"): the sale as the NFC-e
 * needs it (locked), a sale's current document, one document, the paged list of
 * GET /api/fiscal/documentos and of the inutilizações, and the rows shaped as
 * `documentoFiscalSchema` / `inutilizacaoFiscalSchema` of @petshop/shared/fiscal.
 *
 * Everything runs inside a scoped transaction: row-level security keeps the reads in the
 * request's tenant and selected unit (another unit's document is a 404).
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  NFCE_PRAZO_CANCELAMENTO_MINUTOS,
  type DocumentoFiscal,
  type DocumentosFiscaisQuery,
  type InutilizacaoFiscal,
  type StatusDocumentoFiscal,
} from '@petshop/shared/fiscal';
import type { ListQuery, Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import {
  documentosFiscais,
  formasPagamento,
  inutilizacoesFiscais,
  pessoas,
  produtos,
  vendaFinanceiros,
  vendaItens,
  vendas,
} from '../../db/schema/index.ts';
import { runTogether } from '../../db/run-together.ts';
import { containsText } from '../../db/search.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { VendaNfce } from './dados-venda-nfce.ts';

export type DocumentoFiscalRow = typeof documentosFiscais.$inferSelect;

/**
 * The sale with its lines (and their products' fiscal data) and payments, the sale row locked
 * `for update` (two clicks on "Emitir NFC-e" wait for each other). 404 when it is not a sale of
 * the selected unit.
 */
export const lockVendaParaNfce = async (tx: Db, vendaId: string): Promise<VendaNfce> => {
  const [venda] = await tx
    .select({
      id: vendas.id,
      numero: vendas.numero,
      status: vendas.status,
      tipo: vendas.tipo,
      valorDescontoItens: vendas.valorDescontoItens,
      valorDescontos: vendas.valorDescontos,
      valorEntregaFrete: vendas.valorEntregaFrete,
      valorLiquido: vendas.valorLiquido,
    })
    .from(vendas)
    .where(eq(vendas.id, vendaId))
    .for('update');
  if (!venda) throw notFound('Venda não encontrada');
  const [itens, pagamentos] = await runTogether(
    tx
      .select({
        produtoId: produtos.id,
        produtoNome: produtos.nome,
        tipo: produtos.tipo,
        codigo: produtos.codigo,
        codigoBarras: produtos.codigoBarras,
        descricao: vendaItens.descricao,
        unidadeSigla: vendaItens.unidadeSigla,
        quantidade: vendaItens.quantidade,
        valorUnitario: vendaItens.valorUnitario,
        valorDesconto: vendaItens.valorDesconto,
        valorTotal: vendaItens.valorTotal,
        ncm: produtos.ncm,
        cest: produtos.cest,
        cfop: produtos.cfop,
        origem: produtos.origem,
        csosn: produtos.csosn,
        cst: produtos.cst,
        pisCst: produtos.pisCst,
        cofinsCst: produtos.cofinsCst,
      })
      .from(vendaItens)
      .innerJoin(produtos, eq(produtos.id, vendaItens.produtoId))
      .where(eq(vendaItens.vendaId, vendaId))
      .orderBy(asc(vendaItens.ordem)),
    tx
      .select({
        tipoForma: vendaFinanceiros.tipoForma,
        formaNome: formasPagamento.nome,
        valor: vendaFinanceiros.valor,
        troco: vendaFinanceiros.troco,
        bandeira: vendaFinanceiros.bandeira,
        autorizacao: vendaFinanceiros.autorizacao,
        adquirenteCnpj: vendaFinanceiros.adquirenteCnpj,
      })
      .from(vendaFinanceiros)
      .innerJoin(formasPagamento, eq(formasPagamento.id, vendaFinanceiros.formaPagamentoId))
      .where(eq(vendaFinanceiros.vendaId, vendaId))
      .orderBy(asc(vendaFinanceiros.createdAt)),
  );
  return { ...venda, itens, pagamentos };
};

/** Statuses of a sale's document that answer a new POST /nfce as they are (nothing issued). */
export const STATUS_DOCUMENTO_VIGENTE: readonly StatusDocumentoFiscal[] = ['autorizada', 'contingencia', 'pendente'];

/**
 * The sale's document that counts (the newest not cancelled nor denied), or null: an
 * autorizada/contingencia/pendente one answers a repeated POST; a rejeitada one is re-sent
 * with its number.
 */
export const findDocumentoDaVenda = async (tx: Db, vendaId: string): Promise<DocumentoFiscalRow | null> => {
  const [row] = await tx
    .select()
    .from(documentosFiscais)
    .where(
      and(
        eq(documentosFiscais.vendaId, vendaId),
        inArray(documentosFiscais.status, ['autorizada', 'contingencia', 'pendente', 'rejeitada']),
      ),
    )
    .orderBy(desc(documentosFiscais.createdAt))
    .limit(1);
  return row ?? null;
};

/** The 404 of a fiscal document that is not the selected unit's (or does not exist). */
export const DOCUMENTO_FISCAL_NAO_ENCONTRADO = 'Documento fiscal não encontrado';

/** The document row locked `for update`, or 404. */
export const lockDocumentoFiscal = async (tx: Db, id: string): Promise<DocumentoFiscalRow> => {
  const [row] = await tx.select().from(documentosFiscais).where(eq(documentosFiscais.id, id)).for('update');
  if (!row) throw notFound(DOCUMENTO_FISCAL_NAO_ENCONTRADO);
  return row;
};

/** The document row, or null. */
export const findDocumentoFiscalRow = async (tx: Db, id: string): Promise<DocumentoFiscalRow | null> => {
  const [row] = await tx.select().from(documentosFiscais).where(eq(documentosFiscais.id, id));
  return row ?? null;
};

/** The text of an element of the stored XML (CDATA unwrapped), or null. */
const textoXml = (xml: string, tag: string): string | null => {
  const m = new RegExp(`<${tag}>(?:<!\\[CDATA\\[)?([\\s\\S]*?)(?:\\]\\]>)?</${tag}>`).exec(xml);
  return m ? m[1]!.trim() : null;
};

/** Whether an authorised document may still be cancelled at `agora` (30 minutes after authorisation). */
export const dentroDoPrazoCancelamento = (dataAutorizacao: Date | null, agora: Date): boolean =>
  dataAutorizacao !== null && agora.getTime() - dataAutorizacao.getTime() <= NFCE_PRAZO_CANCELAMENTO_MINUTOS * 60_000;

const selectDocumento = (tx: Db) =>
  tx
    .select({ doc: documentosFiscais, vendaNumero: vendas.numero, clienteNome: pessoas.nome })
    .from(documentosFiscais)
    .innerJoin(vendas, eq(vendas.id, documentosFiscais.vendaId))
    .leftJoin(pessoas, eq(pessoas.id, vendas.clienteId));

type DocumentoJoin = { doc: DocumentoFiscalRow; vendaNumero: number; clienteNome: string | null };

/** A row as the API answers it (`documentoFiscalSchema`); podeCancelar/podeRetransmitir at `agora`. */
export const toDocumentoFiscal = (r: DocumentoJoin, agora = new Date()): DocumentoFiscal => {
  const d = r.doc;
  const status = d.status as StatusDocumentoFiscal;
  return {
    id: d.id,
    vendaId: d.vendaId,
    vendaNumero: Number(r.vendaNumero),
    modelo: d.modelo,
    serie: d.serie,
    numero: d.numero,
    chave: d.chave,
    tipoEmissao: d.tipoEmissao,
    ambiente: d.ambiente,
    status,
    cStat: d.cStat,
    motivo: d.motivo,
    protocolo: d.protocolo,
    dataAutorizacao: d.dataAutorizacao?.toISOString() ?? null,
    emitidoEm: d.emitidoEm.toISOString(),
    cpfDestinatario: d.cpfDestinatario,
    clienteNome: r.clienteNome,
    valorTotal: Number(d.valorTotal).toFixed(2),
    tentativas: d.tentativas,
    justificativaCancelamento: d.justificativaCancelamento,
    dataCancelamento: d.dataCancelamento?.toISOString() ?? null,
    podeCancelar: status === 'autorizada' && dentroDoPrazoCancelamento(d.dataAutorizacao, agora),
    podeRetransmitir: status === 'rejeitada' || status === 'contingencia' || status === 'pendente',
    urlConsulta: textoXml(d.xml, 'urlChave'),
    qrCode: textoXml(d.xml, 'qrCode'),
  };
};

/** GET /documentos/{id}: the document of the selected unit, or 404. */
export const getDocumentoFiscal = async (tx: Db, id: string): Promise<DocumentoFiscal> => {
  const [row] = await selectDocumento(tx).where(eq(documentosFiscais.id, id));
  if (!row) throw notFound(DOCUMENTO_FISCAL_NAO_ENCONTRADO);
  return toDocumentoFiscal(row);
};

/**
 * `where` of the list's `query`: digits match the NFC-e number, the sale's number, the access
 * key (contains) or the consumer's CPF/CNPJ; other text the customer's name (contains).
 */
const whereQuery = (query: string): SQL => {
  const texto = query.trim();
  const digitos = texto.replace(/[.\-/\s]/g, '');
  if (/^\d+$/.test(digitos)) {
    const partes: SQL[] = [
      sql`${documentosFiscais.chave} like ${`%${digitos}%`}`,
      eq(documentosFiscais.cpfDestinatario, digitos),
    ];
    if (digitos.length <= 9) {
      partes.push(eq(documentosFiscais.numero, Number(digitos)), eq(vendas.numero, Number(digitos)));
    }
    return or(...partes)!;
  }
  return containsText(pessoas.nome, texto);
};

/**
 * GET /documentos: the selected unit's documents, newest first, paged. Filters: `query`
 * (whereQuery), dataInicio/dataFim on dhEmi in the unit's time zone (`timeZone`; each optional,
 * none by default), status[] and vendaId. 400 on dataFim before dataInicio.
 */
export const listDocumentosFiscais = async (
  tx: Db,
  q: DocumentosFiscaisQuery,
  timeZone: string,
): Promise<Page<DocumentoFiscal>> => {
  if (q.dataInicio && q.dataFim && q.dataFim < q.dataInicio)
    throw fieldError('dataFim', 'A data final deve ser igual ou posterior à data inicial');
  const filtros: SQL[] = [];
  if (q.query) filtros.push(whereQuery(q.query));
  if (q.dataInicio)
    filtros.push(sql`${documentosFiscais.emitidoEm} >= ((${q.dataInicio}::date)::timestamp at time zone ${timeZone})`);
  if (q.dataFim)
    filtros.push(sql`${documentosFiscais.emitidoEm} < (((${q.dataFim}::date + 1)::timestamp) at time zone ${timeZone})`);
  if (q.status.length > 0) filtros.push(inArray(documentosFiscais.status, q.status));
  if (q.vendaId) filtros.push(eq(documentosFiscais.vendaId, q.vendaId));
  const where = filtros.length > 0 ? and(...filtros) : undefined;
  const [rows, [total]] = await runTogether(
    selectDocumento(tx)
      .where(where)
      .orderBy(desc(documentosFiscais.emitidoEm), desc(documentosFiscais.numero))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    tx
      .select({ value: count() })
      .from(documentosFiscais)
      .innerJoin(vendas, eq(vendas.id, documentosFiscais.vendaId))
      .leftJoin(pessoas, eq(pessoas.id, vendas.clienteId))
      .where(where),
  );
  const agora = new Date();
  return { items: rows.map((r) => toDocumentoFiscal(r, agora)), total: total?.value ?? 0, page: q.page, pageSize: q.pageSize };
};

type InutilizacaoRow = typeof inutilizacoesFiscais.$inferSelect;

/** A row as `inutilizacaoFiscalSchema`. */
export const toInutilizacaoFiscal = (r: InutilizacaoRow): InutilizacaoFiscal => ({
  id: r.id,
  serie: r.serie,
  numeroInicial: r.numeroInicial,
  numeroFinal: r.numeroFinal,
  justificativa: r.justificativa,
  status: r.status === 'inutilizada' ? 'inutilizada' : 'rejeitada',
  cStat: r.cStat,
  motivo: r.motivo,
  protocolo: r.protocolo,
  createdAt: r.createdAt.toISOString(),
});

/** GET /inutilizacoes: the selected unit's inutilizações, newest first, paged; `query` = a number in the range. */
export const listInutilizacoesFiscais = async (tx: Db, q: ListQuery): Promise<Page<InutilizacaoFiscal>> => {
  const numero = q.query && /^\d{1,9}$/.test(q.query.trim()) ? Number(q.query.trim()) : null;
  const where =
    numero === null
      ? undefined
      : and(sql`${inutilizacoesFiscais.numeroInicial} <= ${numero}`, sql`${inutilizacoesFiscais.numeroFinal} >= ${numero}`);
  const [rows, [total]] = await runTogether(
    tx
      .select()
      .from(inutilizacoesFiscais)
      .where(where)
      .orderBy(desc(inutilizacoesFiscais.createdAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    tx.select({ value: count() }).from(inutilizacoesFiscais).where(where),
  );
  return { items: rows.map(toInutilizacaoFiscal), total: total?.value ?? 0, page: q.page, pageSize: q.pageSize };
};
