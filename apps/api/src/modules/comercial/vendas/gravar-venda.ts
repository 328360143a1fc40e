/**
 * The shared draft write of the point of sale (spec §3 working record; DOMAIN.md §6), used by
 * snapshot, salvar-venda, deixar-venda-aberta and adicionar-desconto, and the register rule
 * (`resolverCaixa`) used by salvar-recebimento too. Its parts: the sale's locks and reads in
 * vendas-repository.ts, items in itens-venda.ts, payments in pagamentos-venda.ts.
 *
 * Identity: the client generates the record's `id`; it becomes the sale's primary key on the
 * first write and every later write is an upsert on it (the row is locked `for update` first),
 * so repeating any call never makes two sales. Payments are keyed by `(venda_id, chave)`:
 * a payment sent again records nothing new.
 *
 * Nothing here moves stock, and payments of a sale being served are only recorded
 * (`efetivado_em` null): they take effect in `efetivarPagamentos` when the sale is finalised or
 * left open. A sale already left open is being paid off: its new payments take effect at once.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { formatMoney, fromCents, toCents } from '@petshop/shared/format';
import { calcularVenda, addDays, VALIDADE_ORCAMENTO_DIAS, type VendaInputParsed } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { runTogether } from '../../../db/run-together.ts';
import { caixas, vendas } from '../../../db/schema/index.ts';
import { badRequest, fieldError } from '../../../lib/errors.ts';
import type { ProdutoEstoque } from '../../estoque/movimentar-estoque.ts';
import type { UnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';
import { findCaixaParaVenda, type CaixaParaVenda } from '../caixas/caixa-ledger.ts';
import { escreverRollupsDaVenda, marcarRollupsDaVenda } from './rollups-venda.ts';
import { proximoNumero } from '../contador.ts';
import { assertPermissaoTipo, type PdvContexto } from '../pdv-contexto.ts';
import { efetivarPagamentos, finalizarVenda, type PagamentoPendente } from './efetivar-pagamentos.ts';
import { gravarItens, itensDiferem, montarItens, type ItemArmazenado, type ItemGravado } from './itens-venda.ts';
import {
  cents,
  inserirPagamentos,
  inserirPagamentosEfetivados,
  prepararPagamentos,
  type NovoPagamento,
} from './pagamentos-venda.ts';
import {
  findParaGravar,
  findVendaForUpdate,
  listFinanceirosVenda,
  listItensVenda,
  type ClientePetLido,
  type FinanceiroVendaRow,
  type LeituraGravacao,
  type VendaRow,
} from './vendas-repository.ts';
import { num } from '../../../db/rows.ts';

/** 400 unless a draft write may touch `venda` (not finalised, cancelled or a converted quote). */
export const assertEditavel = (venda: VendaRow): void => {
  if (venda.status === 'Cancelada')
    throw badRequest(venda.tipo === 'Orcamento' ? 'Este orçamento foi cancelado' : 'Esta venda foi cancelada');
  if (venda.status === 'Finalizada') throw badRequest('Esta venda já foi finalizada');
  if (venda.tipo === 'Orcamento' && venda.statusOrcamento === 'Convertido')
    throw badRequest('Este orçamento já foi convertido em venda');
};

/**
 * The register a write records against: `caixaId` when given (must be an open register of
 * this unit, else 400 `caixaId`), else the user's open register, else the sale's current one
 * when still open, else null (drafts and quotes need none). `lido`: the caller's `findCaixaParaVenda` of
 * the same `caixaId` and user (default: read here).
 */
export const resolverCaixa = async (
  tx: Db,
  caixaId: string | undefined,
  usuarioId: string,
  atual: string | null = null,
  lido?: CaixaParaVenda,
): Promise<string | null> => {
  const caixa = lido ?? (await findCaixaParaVenda(tx, caixaId, usuarioId));
  if ('informado' in caixa) {
    if (!caixa.informado) throw fieldError('caixaId', 'Caixa não encontrado');
    if (caixa.informado !== 'Aberto') throw fieldError('caixaId', 'Este caixa está fechado: escolha um caixa aberto');
    return caixaId!;
  }
  if (caixa.doUsuario) return caixa.doUsuario.id;
  if (atual) {
    const [row] = await tx.select({ status: caixas.status }).from(caixas).where(eq(caixas.id, atual));
    if (row?.status === 'Aberto') return atual;
  }
  return null;
};

/** Totals written on the sale row (reais as numeric text). */
const totaisRow = (t: ReturnType<typeof calcularVenda>) => ({
  valorBruto: t.valorBruto.toFixed(2),
  valorDescontoItens: t.valorDescontoItens.toFixed(2),
  valorDescontos: t.valorDescontos.toFixed(2),
  valorEntregaFrete: t.valorEntregaFrete.toFixed(2),
  valorLiquido: t.valorLiquido.toFixed(2),
  valorPago: t.valorPago.toFixed(2),
  valorEmAberto: t.valorEmAberto.toFixed(2),
});

/** valorPago / valorEmAberto of a sale from its liquid value and payments (cents in, reais text out). */
const pagoEmAberto = (liquidoCentavos: number, pagoCentavos: number) => ({
  valorPago: fromCents(pagoCentavos).toFixed(2),
  valorEmAberto: fromCents(Math.max(0, liquidoCentavos - pagoCentavos)).toFixed(2),
});

/** Whether `input` changes the stored sale discount (a zero discount is zero whatever its kind). */
const descontoDifere = (atual: VendaRow, input: VendaInputParsed): boolean => {
  const antes = toCents(num(atual.desconto));
  return antes !== toCents(input.desconto) || (antes > 0 && atual.tipoDesconto !== input.tipoDesconto);
};

/** Customer and pet must be the tenant's; the pet one of the customer's. */
const assertClientePet = (lido: ClientePetLido): void => {
  if (lido.cliente === false) throw fieldError('clienteId', 'Cliente não encontrado');
  if (lido.pet === false) throw fieldError('petId', 'Pet não encontrado entre os pets deste cliente');
};

/** What finalising needs of the written sale (`saidaEstoqueVenda`, `efetivarPagamentos`). */
export type VendaEscrita = Pick<VendaRow, 'id' | 'numero' | 'caixaId' | 'clienteId' | 'estoqueBaixado' | 'valorEmAberto'>;

export type VendaGravada = {
  venda: VendaRow;
  unidade: UnidadeAtual;
  criada: boolean;
  /** The items as stored now (product, quantity in its unit, the clinic's dose it charges), for the stock out. */
  itens: { produtoId: string; quantidade: number; vacinaAplicadaId: string | null }[];
  /** The items' products as read for this write, for the stock out (`MovimentoEstoque.produtos`). */
  produtos: ReadonlyMap<string, ProdutoEstoque>;
  /**
   * Every payment of the sale not yet effected, when this write knows them all (a sale it
   * created: only its own new payments), for `efetivarPagamentos`; else undefined.
   */
  pendentes?: PagamentoPendente[];
  /** The sale's gross value and discounts (items' + the sale's) as written, reais: the discount limit's figures. */
  totais: { valorBruto: number; valorDescontos: number };
};

/**
 * What the caller already knows of the stored record: `travada` = the row as locked with
 * `findVendaForUpdate` in this transaction (null: no record with this id), so it is not locked and
 * read twice; `lido` = its `findParaGravar` of the same input in this transaction.
 */
export type GravarVendaOpcoes = { travada?: VendaRow | null; lido?: LeituraGravacao };

/**
 * `gravarVendaParaFinalizar`'s answer: the write issued but not awaited. `venda` is what finalising
 * needs of the row as it will be, computed here; `escrita` settles when the row, its items and
 * its payments are written (400 `id` when the id is another unit's or tenant's record).
 */
export type VendaGravacaoAdiada = Omit<VendaGravada, 'venda'> & { venda: VendaEscrita; escrita: Promise<void> };

/**
 * Writes the working record `input` as a draft (sale or quote) and adds its new payments,
 * in the caller's transaction. Rules (issue #4 item 3):
 * - 403 unless the user may write records of the input's tipo (and of the stored one);
 * - 400 when the stored record is finalised, cancelled or a converted quote; a sale with
 *   payments or stock out cannot become a quote; a saved quote becomes a sale only through
 *   transformar-orcamento-em-venda; a quote takes no payments;
 * - items replace the stored ones (by item id), see `montarItens`; once stock is out (sale
 *   left open) they may not change (400 `itens`), nor the sale's discount (400 `desconto`);
 * - totals with `calcularVenda` over items, sale discount, freight and every stored payment;
 *   400 when the sale would be worth less than already paid;
 * - the customer may not change once a payment took effect;
 * - new payments: `prepararPagamentos`.
 * The new sale's number comes from the unit's counter. Answers the written row.
 *
 * Round trips: the lock and every independent read together (`findParaGravar`), the stored
 * items and payments (an existing record only), then the sale row with its items and payments.
 */
export const gravarVenda = async (
  tx: Db,
  input: VendaInputParsed,
  ctx: PdvContexto,
  opcoes: GravarVendaOpcoes = {},
): Promise<VendaGravada> => {
  const gravacao = await iniciarGravacao(tx, input, ctx, opcoes);
  return { ...gravacao.resultado, venda: await escreverGravacao(tx, gravacao, ctx.usuarioId) };
};

/**
 * `gravarVenda` for `salvarVenda`, which finalises the sale in the same transaction: the write
 * is issued and not awaited, so the caller's next statements (stock out, the payments' effects)
 * leave with it, one round trip. When nothing stays open (`venda.valorEmAberto` 0) the row is
 * written Finalizada (no longer served, finalised now, change = Σ troco, no snapshot, stock out:
 * the caller takes it out) and a new sale's payments are written effected (the caller passes
 * `jaMarcados` to `efetivarPagamentos`). A stored sale left open that takes new payments is
 * written and its payments effected first, as `gravarVenda` does.
 */
export const gravarVendaParaFinalizar = async (
  tx: Db,
  input: VendaInputParsed,
  ctx: PdvContexto,
  opcoes: GravarVendaOpcoes = {},
): Promise<VendaGravacaoAdiada> => {
  const gravacao = await iniciarGravacao(tx, input, ctx, opcoes);
  if (gravacao.recebeEmAberto) {
    const venda = await escreverGravacao(tx, gravacao, ctx.usuarioId);
    return { ...gravacao.resultado, venda, escrita: Promise.resolve() };
  }
  const finalizar = input.tipo === 'Venda' && toCents(num(gravacao.venda.valorEmAberto)) === 0;
  const escrita = (finalizar ? escreverFinalizada(tx, gravacao.linhas) : escreverRascunhoSemRetorno(tx, gravacao.linhas)).then(
    () => undefined,
  );
  // Settled by the caller's runTogether; never an unhandled rejection meanwhile.
  escrita.catch(() => undefined);
  return { ...gravacao.resultado, venda: gravacao.venda, escrita };
};

/**
 * The write of `gravacao`, awaited. A sale left open takes new payments as real receipts at
 * once (as salvar-recebimento does), and is finalised when nothing stays open. Answers the row
 * as it is now.
 */
const escreverGravacao = async (
  tx: Db,
  gravacao: Awaited<ReturnType<typeof iniciarGravacao>>,
  usuarioId: string,
): Promise<VendaRow> => {
  const atual = await escreverRascunho(tx, gravacao.linhas);
  if (!gravacao.recebeEmAberto) return atual;
  await efetivarPagamentos(tx, atual, gravacao.unidade, usuarioId);
  if (toCents(num(atual.valorEmAberto)) > 0) return atual;
  await finalizarVenda(tx, atual.id);
  return (await findVendaForUpdate(tx, atual.id))!;
};

/**
 * Everything `gravarVenda` decides before writing (see its comment): `linhas`, what the write
 * (`escreverRascunho`, `escreverFinalizada`, `escreverRascunhoSemRetorno`) needs.
 */
const iniciarGravacao = async (tx: Db, input: VendaInputParsed, ctx: PdvContexto, opcoes: GravarVendaOpcoes) => {
  assertPermissaoTipo(ctx, input.tipo);
  const [travada, lido] = await runTogether(
    opcoes.travada !== undefined ? Promise.resolve(opcoes.travada) : findVendaForUpdate(tx, input.id),
    opcoes.lido ? Promise.resolve(opcoes.lido) : findParaGravar(tx, input, ctx.usuarioId),
  );
  const atual = travada;
  const unidade = lido.unidade;
  if (atual) {
    assertEditavel(atual);
    if (atual.tipo !== input.tipo) assertPermissaoTipo(ctx, atual.tipo as VendaInputParsed['tipo']);
  }
  assertClientePet(lido.clientePet);

  const [armazenados, existentes] = atual
    ? await runTogether(listItensVenda(tx, atual.id), listFinanceirosVenda(tx, atual.id))
    : [[], []];
  if (atual) {
    if (atual.tipo === 'Venda' && input.tipo === 'Orcamento' && (atual.estoqueBaixado || existentes.length > 0))
      throw fieldError('tipo', 'Esta venda já tem pagamentos: não pode virar orçamento');
    if (atual.tipo === 'Orcamento' && input.tipo === 'Venda' && !atual.emAtendimento)
      throw fieldError('tipo', 'Use "Transformar em venda" para vender este orçamento');
    const efetivados = existentes.filter((f) => f.efetivadoEm !== null);
    if (efetivados.length > 0 && (input.clienteId ?? null) !== atual.clienteId)
      throw fieldError('clienteId', 'A venda já tem pagamentos recebidos: o cliente não pode mudar');
  }
  if (input.tipo === 'Orcamento' && input.financeiros.length > 0)
    throw fieldError('financeiros', 'Orçamentos não recebem pagamentos');

  const itens = montarItens(input, armazenados, lido.catalogo);
  if (atual?.estoqueBaixado && itensDiferem(armazenados, itens))
    throw fieldError('itens', 'Os itens de uma venda deixada em aberto não podem ser alterados: o estoque já saiu');
  // Nor its discount: it was given (and, above the user's limit, authorized) when the sale left the
  // till, and a later payment finalises it without another check (pdv/autorizacao-desconto.ts).
  if (atual?.estoqueBaixado && descontoDifere(atual, input))
    throw fieldError(
      'desconto',
      'O desconto de uma venda deixada em aberto não pode ser alterado: ela já saiu com este desconto',
    );

  const totais = calcularVenda({
    itens,
    desconto: input.desconto,
    tipoDesconto: input.tipoDesconto,
    valorEntregaFrete: input.valorEntregaFrete,
    pagamentos: existentes.map((f) => ({ valor: num(f.valor) })),
  });
  const liquido = toCents(totais.valorLiquido);
  const pagoAntes = toCents(totais.valorPago);
  if (pagoAntes > liquido)
    throw badRequest(
      `O total da venda (${formatMoney(totais.valorLiquido)}) ficaria menor que o já pago (${formatMoney(totais.valorPago)}): exclua um pagamento antes`,
    );
  const novos = await prepararPagamentos(tx, {
    financeiros: input.financeiros,
    existentes,
    liquidoCentavos: liquido,
    clienteId: input.clienteId ?? null,
    hoje: unidade.hoje,
    campo: (i) => `financeiros.${i}`,
    formas: lido.formas,
  });
  const pago = pagoAntes + novos.reduce((s, p) => s + toCents(p.valor), 0);

  const caixaId = await resolverCaixa(tx, input.caixaId, ctx.usuarioId, atual?.caixaId ?? null, lido.caixa);
  const orcamento = input.tipo === 'Orcamento';
  const valores = {
    tipo: input.tipo,
    statusOrcamento: orcamento ? 'Aberto' : null,
    validadeOrcamento: orcamento
      ? (input.validadeOrcamento ?? atual?.validadeOrcamento ?? addDays(unidade.hoje, VALIDADE_ORCAMENTO_DIAS))
      : null,
    caixaId,
    clienteId: input.clienteId ?? null,
    petId: input.petId ?? null,
    desconto: input.desconto.toFixed(2),
    tipoDesconto: input.tipoDesconto,
    observacoes: input.observacoes ?? null,
    ...totaisRow(totais),
    ...pagoEmAberto(liquido, pago),
  };

  const criada = !atual;
  const numero = atual ? atual.numero : (ctx.numeroVenda ?? (await proximoNumero(tx, 'venda')));

  return {
    unidade,
    criada,
    novos,
    linhas: {
      vendaId: input.id,
      numero,
      usuarioId: ctx.usuarioId,
      atual,
      criada,
      valores,
      armazenados,
      itens,
      calculados: totais.itens,
      existentes,
      novos,
      caixaId,
    } satisfies LinhasVenda,
    /** A sale left open that takes new payments: they take effect at once (`gravarVenda`). */
    recebeEmAberto: !criada && atual!.tipo === 'Venda' && !atual!.emAtendimento && novos.length > 0,
    venda: {
      id: input.id,
      numero,
      caixaId,
      clienteId: valores.clienteId,
      estoqueBaixado: atual?.estoqueBaixado ?? false,
      valorEmAberto: valores.valorEmAberto,
    } satisfies VendaEscrita,
    resultado: {
      unidade,
      criada,
      itens: itens.map((i) => ({ produtoId: i.produtoId, quantidade: i.quantidade, vacinaAplicadaId: i.vacinaAplicadaId })),
      produtos: lido.catalogo,
      totais: { valorBruto: totais.valorBruto, valorDescontos: totais.valorDescontos },
      pendentes: criada
        ? novos.map((p) => ({
            financeiro: p,
            forma: lido.formas.get(p.formaPagamentoId)!,
          }))
        : undefined,
    },
  };
};

/** The sale row's columns a draft write sets (`iniciarGravacao` decides them). */
type ValoresVenda = Omit<PgInsertValue<typeof vendas>, 'id' | 'numero' | 'usuarioId'>;

/** What the write of a draft needs, decided by `iniciarGravacao`. */
type LinhasVenda = {
  vendaId: string;
  /** The new sale's number (a stored one keeps its own). */
  numero: number;
  usuarioId: string;
  /** The stored row as locked (null: a new sale). */
  atual: VendaRow | null;
  criada: boolean;
  /** The row's columns; customer and totals typed as written (the rollups read them). */
  valores: ValoresVenda & { clienteId: string | null; valorLiquido: string; valorEntregaFrete: string };
  armazenados: readonly ItemArmazenado[];
  itens: readonly ItemGravado[];
  calculados: readonly { valorDesconto: number; valorTotal: number }[];
  existentes: readonly FinanceiroVendaRow[];
  novos: readonly NovoPagamento[];
  caixaId: string | null;
};

/**
 * The sale row (`linha`, its statement: issued here, first), its items and its payments
 * (`inserir`), issued together (PostgreSQL runs them in order, so the items and payments find
 * the row). Answers the row as `linha` returns it.
 */
const escreverComItensEPagamentos = async <R>(
  tx: Db,
  l: LinhasVenda,
  linha: Promise<R[]>,
  inserir: typeof inserirPagamentos,
): Promise<R> => {
  let escrita: R | undefined;
  const linhaEscrita = linha.then(([row]) => {
    escrita = row;
  });
  // Nothing inserted: the id belongs to a record of another unit or tenant (invisible here).
  const idUsado = () => fieldError('id', 'Identificador de venda já usado');
  try {
    await runTogether(
      linhaEscrita,
      gravarItens(tx, l.vendaId, l.armazenados, l.itens, l.calculados),
      inserir(tx, l.vendaId, l.novos, l.caixaId, l.usuarioId),
    );
  } catch (error) {
    if (l.criada && !escrita) throw idUsado();
    throw error;
  }
  if (!escrita) throw idUsado();
  return escrita;
};

/** The draft written, its row answered in full (`gravarVenda`). */
const escreverRascunho = (tx: Db, l: LinhasVenda): Promise<VendaRow> =>
  escreverComItensEPagamentos(
    tx,
    l,
    l.atual
      ? tx.update(vendas).set(l.valores).where(eq(vendas.id, l.atual.id)).returning()
      : tx
          .insert(vendas)
          .values({ id: l.vendaId, numero: l.numero, usuarioId: l.usuarioId, ...l.valores })
          .onConflictDoNothing({ target: vendas.id })
          .returning(),
    inserirPagamentos,
  );

/**
 * The row `linhaVenda` written answering only its id (`gravarVendaParaFinalizar`, which does not
 * need the row): Drizzle builds a full `returning` at some cost (about 0.15 ms per sale), and
 * PostgreSQL sends it; a new sale's row goes through `insertRows` (no statement building).
 */
const escreverSoId = (tx: Db, l: LinhasVenda, linhaVenda: ValoresVenda, inserir: typeof inserirPagamentos) =>
  escreverComItensEPagamentos(
    tx,
    l,
    l.atual
      ? tx.update(vendas).set(linhaVenda).where(eq(vendas.id, l.atual.id)).returning({ id: vendas.id })
      : insertRows<typeof vendas, { id: string }>(
          tx,
          vendas,
          [{ id: l.vendaId, numero: l.numero, usuarioId: l.usuarioId, ...linhaVenda }],
          { onConflictDoNothing: [vendas.id], returning: { id: vendas.id } },
        ),
    inserir,
  );

/** The draft written as it is, only its id answered (something stays open: `salvarVenda` refuses it). */
const escreverRascunhoSemRetorno = (tx: Db, l: LinhasVenda) => escreverSoId(tx, l, l.valores, inserirPagamentos);

/**
 * The sale written finalised (`gravarVendaParaFinalizar`, nothing open): the row Finalizada with
 * its change, and a new sale's payments effected, instead of two updates after. Only its id answered.
 * Its reports' rollups are written here too, in the same round trip (rollups-venda.ts): the sale is
 * named first (`marcarRollupsDaVenda`, so the rollup triggers skip it), then the row, items and
 * payments, then the rollup rows.
 */
const escreverFinalizada = async (tx: Db, l: LinhasVenda) => {
  const marcada = marcarRollupsDaVenda(tx, l.vendaId);
  const escrita = escreverSoId(
    tx,
    l,
    {
      ...l.valores,
      status: 'Finalizada',
      emAtendimento: false,
      estoqueBaixado: true,
      dataFinalizacao: sql`now()`,
      valorTroco: fromCents(
        [...l.existentes.map((f) => cents(f.troco)), ...l.novos.map((p) => toCents(p.troco))].reduce((a, b) => a + b, 0),
      ).toFixed(2),
      snapshot: null,
      snapshotEm: null,
    },
    l.criada ? inserirPagamentosEfetivados : inserirPagamentos,
  );
  const rollups = escreverRollupsDaVenda(tx, {
    vendaId: l.vendaId,
    clienteId: l.valores.clienteId,
    usuarioId: l.atual?.usuarioId ?? l.usuarioId,
    valorLiquido: l.valores.valorLiquido,
    valorEntregaFrete: l.valores.valorEntregaFrete,
    itens: l.itens.map((i, n) => ({
      id: i.id,
      produtoId: i.produtoId,
      quantidade: i.quantidade.toFixed(3),
      valorTotal: l.calculados[n]!.valorTotal.toFixed(2),
      precoCusto: i.precoCusto,
    })),
    pagamentos: [
      ...l.existentes.map((f) => ({ formaPagamentoId: f.formaPagamentoId, valor: f.valor })),
      ...l.novos.map((p) => ({ formaPagamentoId: p.formaPagamentoId, valor: p.valor.toFixed(2) })),
    ],
  });
  const [, linha] = await runTogether(marcada, escrita, rollups);
  return linha;
};
