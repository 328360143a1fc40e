/**
 * What receivables (*receitas*) and payables (*despesas*) share when read and checked
 * (DOMAIN.md §7; spec §7 "Finance"): the list filters of `listDespesasQuerySchema` /
 * `listReceitasQuerySchema`, the filtered totals, the settlements of a título, the common
 * fields of the answer, the checks of the references a título points to, and the columns
 * of the spreadsheet export. Row-level security keeps other units and tenants out.
 *
 * Overdue (*vencida*) is computed, never stored: EmAberto/BaixaParcial due before today in the
 * unit's time zone (`estaVencido`). Money in reais; dates 'yyyy-MM-dd'.
 */
import { and, asc, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  estaVencido,
  FILTRO_STATUS_FINANCEIRO_LABEL,
  situacaoTitulo,
  valorEmAberto,
  type Baixa,
  type FiltroStatusFinanceiro,
  type StatusFinanceiro,
  type TotaisTitulos,
} from '@petshop/shared/financeiro';
import type { Db } from '../../db/client.ts';
import { selectInPages, type SelectBuilder } from '../../db/select-pages.ts';
import { num } from '../../db/rows.ts';
import { containsText } from '../../db/search.ts';
import {
  baixasFinanceiras,
  categoriasFinanceiras,
  contas,
  despesas,
  formasPagamento,
  fornecedores,
  pessoas,
  receitas,
  usuarios,
} from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import type { SpreadsheetColumn } from '../../lib/spreadsheet-export.ts';
import { pageWindow } from '../inventario/shared.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { tituloNaoEncontrado, type TipoTitulo } from './baixar-titulo.ts';

export type TabelaTitulo = typeof despesas | typeof receitas;

/** The filters both lists take (the rest of each list's query is its own). */
export type FiltrosTitulos = {
  query?: string | undefined;
  dataInicio?: string | undefined;
  dataFim?: string | undefined;
  status: readonly FiltroStatusFinanceiro[];
  categoriaFinanceiraId?: string | undefined;
  formaPagamentoId?: string | undefined;
  contaId?: string | undefined;
};

/** A list query of either kind: the shared filters and the page. */
export type ListTitulosQuery = FiltrosTitulos & { page: number; pageSize: number };

/** The open statuses: what can still be settled and can be overdue. */
const ABERTOS = ['EmAberto', 'BaixaParcial'] as const;

/** Open (EmAberto/BaixaParcial) and due before `hoje`. */
export const vencidaSql = (t: TabelaTitulo, hoje: string): SQL =>
  and(inArray(t.status, [...ABERTOS]), lt(t.dataVencimento, hoje))!;

/**
 * The filters of both lists on table `t`:
 * - period on the due date (inclusive);
 * - `status`: any of the stored statuses, 'Vencida' = open and due before today; absent:
 *   everything but Cancelada. EmAberto / BaixaParcial include the overdue ones of that status;
 * - category: the category and its subcategories (the tree);
 * - payment method, account: equal.
 * `query` is left to each list (it searches the supplier or the customer too).
 */
export const filtrosTitulos = (t: TabelaTitulo, f: FiltrosTitulos, hoje: string): SQL[] => {
  const filtros: SQL[] = [];
  if (f.dataInicio) filtros.push(sql`${t.dataVencimento} >= ${f.dataInicio}`);
  if (f.dataFim) filtros.push(sql`${t.dataVencimento} <= ${f.dataFim}`);
  if (f.status.length === 0) filtros.push(ne(t.status, 'Cancelada'));
  else {
    const guardados = f.status.filter((s): s is StatusFinanceiro => s !== 'Vencida');
    const partes: SQL[] = [];
    if (guardados.length > 0) partes.push(inArray(t.status, guardados));
    if (f.status.includes('Vencida')) partes.push(vencidaSql(t, hoje));
    filtros.push(or(...partes)!);
  }
  if (f.categoriaFinanceiraId)
    filtros.push(
      sql`${t.categoriaFinanceiraId} in (with recursive arvore(id) as (select ${f.categoriaFinanceiraId}::uuid union all select c.id from categorias_financeiras c join arvore a on c.categoria_pai_id = a.id) select id from arvore)`,
    );
  if (f.formaPagamentoId) filtros.push(eq(t.formaPagamentoId, f.formaPagamentoId));
  if (f.contaId) filtros.push(eq(t.contaId, f.contaId));
  return filtros;
};

/**
 * Totals of every row matching `where` (all pages): count, value, settled, open (gross and, for
 * receivables, net of the fee in proportion, as the overview sums it), overdue.
 */
export const getTotaisTitulos = async (tx: Db, t: TabelaTitulo, where: SQL | undefined, hoje: string): Promise<TotaisTitulos> => {
  const aberto = sql`case when ${t.status} = 'Cancelada' then 0 else greatest(${t.valor} - ${t.valorPago}, 0) end`;
  const liquido =
    'valorTaxa' in t ? sql`${aberto} - case when ${t.valor} > 0 then ${t.valorTaxa} * ${aberto} / ${t.valor} else 0 end` : aberto;
  const [row] = await tx
    .select({
      quantidade: sql<number>`count(*)::int`,
      valor: sql<string>`coalesce(sum(${t.valor}), 0)`,
      valorPago: sql<string>`coalesce(sum(${t.valorPago}), 0)`,
      valorEmAberto: sql<string>`coalesce(sum(${aberto}), 0)`,
      valorEmAbertoLiquido: sql<string>`round(coalesce(sum(${liquido}), 0), 2)`,
      valorVencido: sql<string>`coalesce(sum(case when ${vencidaSql(t, hoje)} then ${aberto} else 0 end), 0)`,
    })
    .from(t)
    .where(where);
  return {
    quantidade: Number(row?.quantidade ?? 0),
    valor: num(row?.valor),
    valorPago: num(row?.valorPago),
    valorEmAberto: num(row?.valorEmAberto),
    valorEmAbertoLiquido: num(row?.valorEmAbertoLiquido),
    valorVencido: num(row?.valorVencido),
  };
};

/** `fk` points to a supplier (razão social or nome fantasia) / a customer (name) containing `texto`, accent-insensitive. */
export const refContainsText = (fk: AnyPgColumn, tabela: 'fornecedores' | 'pessoas', texto: string): SQL =>
  tabela === 'fornecedores'
    ? sql`${fk} in (select f.id from fornecedores f where ${or(containsText(sql`f.razao_social`, texto), containsText(sql`f.nome_fantasia`, texto))})`
    : sql`${fk} in (select p.id from pessoas p where ${containsText(sql`p.nome`, texto)})`;

/** The columns of the common part of a título, for a select joined with category, method and account. */
export const camposTitulo = <T extends TabelaTitulo>(t: T) => ({
  id: t.id,
  descricao: t.descricao,
  documento: t.documento,
  grupoId: t.grupoId,
  parcela: t.parcela,
  totalParcelas: t.totalParcelas,
  dataEmissao: t.dataEmissao,
  dataVencimento: t.dataVencimento,
  valor: t.valor,
  valorPago: t.valorPago,
  status: t.status,
  dataBaixa: t.dataBaixa,
  observacoes: t.observacoes,
  categoria: { id: categoriasFinanceiras.id, nome: categoriasFinanceiras.nome },
  forma: { id: formasPagamento.id, nome: formasPagamento.nome, tipo: formasPagamento.tipo },
  conta: { id: contas.id, nome: contas.nome },
});

/** A row of `camposTitulo`. */
export type TituloRow = {
  id: string;
  descricao: string;
  documento: string | null;
  grupoId: string | null;
  parcela: number;
  totalParcelas: number;
  dataEmissao: string;
  dataVencimento: string;
  valor: string;
  valorPago: string;
  status: string;
  dataBaixa: string | null;
  observacoes: string | null;
  categoria: { id: string; nome: string } | null;
  forma: { id: string; nome: string; tipo: string } | null;
  conta: { id: string; nome: string } | null;
};

/** The common answer fields of a título (`baixas` filled by the caller when it has them). */
export const tituloComum = (r: TituloRow, hoje: string, baixas: Baixa[] = []) => {
  const status = r.status as StatusFinanceiro;
  const valor = num(r.valor);
  const valorPago = num(r.valorPago);
  return {
    id: r.id,
    descricao: r.descricao,
    documento: r.documento,
    categoriaFinanceira: r.categoria,
    formaPagamento: r.forma,
    conta: r.conta,
    grupoId: r.grupoId,
    parcela: r.parcela,
    totalParcelas: r.totalParcelas,
    dataEmissao: r.dataEmissao,
    dataVencimento: r.dataVencimento,
    valor,
    valorPago,
    valorEmAberto: valorEmAberto({ status, valor, valorPago }),
    status,
    vencida: estaVencido({ status, dataVencimento: r.dataVencimento }, hoje),
    dataBaixa: r.dataBaixa,
    observacoes: r.observacoes,
    baixas,
  };
};

const contaBaixa = alias(contas, 'conta_baixa');
const formaBaixa = alias(formasPagamento, 'forma_baixa');

/** The settlements of título `id` of `tipo`, newest first, reversed ones included (with `estornadaEm`). */
export const listBaixasDoTitulo = async (tx: Db, tipo: TipoTitulo, id: string): Promise<Baixa[]> => {
  const coluna = tipo === 'receita' ? baixasFinanceiras.receitaId : baixasFinanceiras.despesaId;
  const rows = await tx
    .select({
      b: baixasFinanceiras,
      conta: { id: contaBaixa.id, nome: contaBaixa.nome },
      forma: { id: formaBaixa.id, nome: formaBaixa.nome },
      usuario: usuarios.nome,
    })
    .from(baixasFinanceiras)
    .leftJoin(contaBaixa, eq(contaBaixa.id, baixasFinanceiras.contaId))
    .leftJoin(formaBaixa, eq(formaBaixa.id, baixasFinanceiras.formaPagamentoId))
    .leftJoin(usuarios, eq(usuarios.id, baixasFinanceiras.usuarioId))
    .where(eq(coluna, id))
    .orderBy(desc(baixasFinanceiras.createdAt), desc(baixasFinanceiras.id));
  return rows.map(({ b, conta, forma, usuario }) => ({
    id: b.id,
    dataPagamento: b.dataPagamento,
    valor: num(b.valor),
    juros: num(b.juros),
    multa: num(b.multa),
    desconto: num(b.desconto),
    taxa: num(b.taxa),
    total: num(b.total),
    conta,
    formaPagamento: forma,
    observacoes: b.observacoes,
    usuario: usuario ?? null,
    criadaEm: b.createdAt.toISOString(),
    estornadaEm: b.estornadaEm?.toISOString() ?? null,
  }));
};

/** The references a título's body may carry (ids as sent). */
export type ReferenciasTitulo = {
  categoriaFinanceiraId?: string | undefined;
  formaPagamentoId?: string | undefined;
  contaId?: string | undefined;
  fornecedorId?: string | undefined;
  pessoaId?: string | undefined;
};

/**
 * 400 on the field (never a foreign-key 500) unless each reference sent exists for the
 * tenant/unit: the category active and of kind `tipo`, the payment method and (for payables)
 * the supplier / (for receivables) the customer of the tenant, the account active in the unit.
 * A reference equal to the one in `atual` (an update that keeps it) is not checked again, so
 * a category deactivated later does not block editing the rest.
 */
export const assertReferencias = async (
  tx: Db,
  tipo: TipoTitulo,
  refs: ReferenciasTitulo,
  atual: ReferenciasTitulo = {},
): Promise<void> => {
  const mudou = (k: keyof ReferenciasTitulo) => refs[k] !== undefined && refs[k] !== atual[k];
  if (mudou('categoriaFinanceiraId')) {
    const [c] = await tx
      .select({ tipo: categoriasFinanceiras.tipo, ativo: categoriasFinanceiras.ativo })
      .from(categoriasFinanceiras)
      .where(eq(categoriasFinanceiras.id, refs.categoriaFinanceiraId!));
    if (!c) throw fieldError('categoriaFinanceiraId', 'Categoria não encontrada');
    if (c.tipo !== tipo)
      throw fieldError('categoriaFinanceiraId', `Escolha uma categoria de ${tipo === 'receita' ? 'receita' : 'despesa'}`);
    if (!c.ativo) throw fieldError('categoriaFinanceiraId', 'Categoria inativa');
  }
  if (mudou('formaPagamentoId')) {
    const [f] = await tx
      .select({ id: formasPagamento.id })
      .from(formasPagamento)
      .where(eq(formasPagamento.id, refs.formaPagamentoId!));
    if (!f) throw fieldError('formaPagamentoId', 'Forma de pagamento não encontrada');
  }
  if (mudou('contaId')) {
    const [c] = await tx.select({ ativo: contas.ativo }).from(contas).where(eq(contas.id, refs.contaId!));
    if (!c || !c.ativo) throw fieldError('contaId', 'Conta não encontrada ou inativa nesta unidade');
  }
  if (mudou('fornecedorId')) {
    const [f] = await tx.select({ id: fornecedores.id }).from(fornecedores).where(eq(fornecedores.id, refs.fornecedorId!));
    if (!f) throw fieldError('fornecedorId', 'Fornecedor não encontrado');
  }
  if (mudou('pessoaId')) {
    const [p] = await tx.select({ id: pessoas.id }).from(pessoas).where(eq(pessoas.id, refs.pessoaId!));
    if (!p) throw fieldError('pessoaId', 'Cliente não encontrado');
  }
};

/** The shape the export columns read (a list item of either kind). */
export type TituloPlanilha = {
  dataVencimento: string;
  descricao: string;
  parcela: number;
  totalParcelas: number;
  documento: string | null;
  categoriaFinanceira: { nome: string } | null;
  formaPagamento: { nome: string } | null;
  conta: { nome: string } | null;
  status: StatusFinanceiro;
  valor: number;
  valorPago: number;
  valorEmAberto: number;
  dataBaixa: string | null;
  dataEmissao: string;
};

/**
 * The columns of an exported list: due date, description, installment, the person
 * (`pessoa`: supplier or customer), category, document, method, account, situation (with
 * 'Vencida'), value, settled, open, settlement day, issue day, plus `extras` (the fee of
 * receivables).
 */
export const colunasTitulos = <T extends TituloPlanilha>(
  hoje: string,
  pessoa: { titulo: string; valor: (t: T) => string | null },
  extras: SpreadsheetColumn<T>[] = [],
): SpreadsheetColumn<T>[] => [
  { titulo: 'Vencimento', tipo: 'data', valor: (t) => t.dataVencimento },
  { titulo: 'Descrição', largura: 40, valor: (t) => t.descricao },
  { titulo: 'Parcela', valor: (t) => `${t.parcela}/${t.totalParcelas}` },
  { titulo: pessoa.titulo, largura: 32, valor: pessoa.valor },
  { titulo: 'Categoria', largura: 24, valor: (t) => t.categoriaFinanceira?.nome },
  { titulo: 'Documento', valor: (t) => t.documento },
  { titulo: 'Forma de pagamento', largura: 22, valor: (t) => t.formaPagamento?.nome },
  { titulo: 'Conta', largura: 20, valor: (t) => t.conta?.nome },
  { titulo: 'Situação', valor: (t) => FILTRO_STATUS_FINANCEIRO_LABEL[situacaoTitulo(t, hoje)] },
  { titulo: 'Valor', tipo: 'dinheiro', valor: (t) => t.valor },
  ...extras,
  { titulo: 'Pago', tipo: 'dinheiro', valor: (t) => t.valorPago },
  { titulo: 'Em aberto', tipo: 'dinheiro', valor: (t) => t.valorEmAberto },
  { titulo: 'Data da baixa', tipo: 'data', valor: (t) => t.dataBaixa },
  { titulo: 'Emissão', tipo: 'data', valor: (t) => t.dataEmissao },
];

/**
 * 400 unless título `t` of `tipo` can still be changed or deleted: not Cancelada and nothing
 * settled (EmAberto with valor_pago 0). A settled one is changed only by reversing its
 * settlements first (issue #6 item 2).
 */
export const assertSemBaixa = (tipo: TipoTitulo, t: { status: string; valorPago: string }, acao: 'alterar' | 'excluir'): void => {
  const nome = tipo === 'receita' ? 'Receita' : 'Despesa';
  if (t.status === 'Cancelada')
    throw badRequest(`${nome} cancelada não pode ser ${acao === 'alterar' ? 'alterada' : 'excluída'}`);
  if (t.status !== 'EmAberto' || num(t.valorPago) > 0) throw badRequest(`${nome} com baixa: cancele a baixa antes de ${acao}`);
};

/** The page of GET /api/financeiro/despesas or /receitas: items, count, page and the totals of every filtered row. */
export type PaginaTitulos<R> = { items: R[]; total: number; page: number; pageSize: number; totais: TotaisTitulos };

/**
 * A select of one kind's títulos with its joins (`camposTitulo` + the kind's columns), made
 * dynamic (`.$dynamic()`) so that the reader adds where, order, limit and offset.
 */
export type ConsultaTitulos<Row> = SelectBuilder<Row> & {
  where(where: SQL | undefined): ConsultaTitulos<Row>;
  orderBy(...ordem: SQL[]): ConsultaTitulos<Row>;
  limit(limite: number): ConsultaTitulos<Row>;
  offset(inicio: number): ConsultaTitulos<Row>;
};

/**
 * What one kind of título tells `titulosReader`: its table, its select with joins, its own
 * filters, the person the text search also looks into, and how a row becomes the answer.
 * `Extra` is what the kind loads for the rows of a page or a detail (the attachments of
 * payables), `carregarExtras` the loader (absent: nothing).
 */
export type DefinicaoLeitorTitulos<Q extends ListTitulosQuery, Row extends TituloRow, R, Extra = never> = {
  tipo: TipoTitulo;
  tabela: TabelaTitulo;
  consulta: (tx: Db) => ConsultaTitulos<Row>;
  /** The kind's filters beyond `filtrosTitulos` (supplier, customer, method kinds…). */
  filtros: (query: Q) => SQL[];
  /** `query` also searches the name of the supplier / the customer this column points to. */
  busca: { coluna: AnyPgColumn; tabela: 'fornecedores' | 'pessoas' };
  /** The answer of a row; `baixas` only on the detail, `extra` where it was loaded. */
  paraTitulo: (row: Row, hoje: string, baixas: Baixa[], extra: Extra | undefined) => R;
  carregarExtras?: (tx: Db, ids: readonly string[]) => Promise<Map<string, Extra>>;
};

/**
 * The reads of one kind of título (payables or receivables) of the scope's unit, the same
 * for both: `list` (GET list: the page ordered by due date, description, installment, id,
 * with extras, without settlements, and `totais` of every filtered row), `listForExport`
 * (every filtered row, at most `limite`, without extras, in pages of 500 read through a cursor
 * of the caller's transaction, `selectInPages`: the event loop turns between pages, issue #22
 * item 2), `find` (one título with its
 * settlements, newest first, and extras; null outside the unit) and `get` (404 'Despesa /
 * Receita não encontrada' when absent). Filters: `filtrosTitulos` + the kind's + `query` on
 * description, document and the person's name.
 */
export const titulosReader = <Q extends ListTitulosQuery, Row extends TituloRow, R, Extra = never>(
  def: DefinicaoLeitorTitulos<Q, Row, R, Extra>,
) => {
  const t = def.tabela;
  const ordem = [asc(t.dataVencimento), asc(t.descricao), asc(t.parcela), asc(t.id)];
  const onde = (query: Q, hoje: string): SQL | undefined => {
    const filtros = [...filtrosTitulos(t, query, hoje), ...def.filtros(query)];
    if (query.query)
      filtros.push(
        or(
          containsText(t.descricao, query.query),
          containsText(t.documento, query.query),
          refContainsText(def.busca.coluna, def.busca.tabela, query.query),
        )!,
      );
    return and(...filtros);
  };
  const extras = async (tx: Db, ids: readonly string[]) =>
    def.carregarExtras ? def.carregarExtras(tx, ids) : new Map<string, Extra>();

  const list = async (tx: Db, query: Q): Promise<PaginaTitulos<R>> => {
    const { hoje } = await getUnidadeAtual(tx);
    const where = onde(query, hoje);
    const { limit, offset } = pageWindow(query);
    const rows = await def
      .consulta(tx)
      .where(where)
      .orderBy(...ordem)
      .limit(limit)
      .offset(offset);
    const totais = await getTotaisTitulos(tx, t, where, hoje);
    const porId = await extras(
      tx,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => def.paraTitulo(r, hoje, [], porId.get(r.id))),
      total: totais.quantidade,
      page: query.page,
      pageSize: query.pageSize,
      totais,
    };
  };

  async function* listForExport(tx: Db, query: Q, limite: number): AsyncGenerator<R[]> {
    const { hoje } = await getUnidadeAtual(tx);
    const consulta = def
      .consulta(tx)
      .where(onde(query, hoje))
      .orderBy(...ordem)
      .limit(limite);
    for await (const rows of selectInPages(tx, consulta)) yield rows.map((r) => def.paraTitulo(r, hoje, [], undefined));
  }

  const find = async (tx: Db, id: string): Promise<R | null> => {
    const [row] = await def.consulta(tx).where(eq(t.id, id));
    if (!row) return null;
    const { hoje } = await getUnidadeAtual(tx);
    const porId = await extras(tx, [id]);
    return def.paraTitulo(row, hoje, await listBaixasDoTitulo(tx, def.tipo, id), porId.get(id));
  };

  const get = async (tx: Db, id: string): Promise<R> => {
    const titulo = await find(tx, id);
    if (!titulo) throw notFound(tituloNaoEncontrado(def.tipo));
    return titulo;
  };

  return { list, listForExport, find, get };
};
