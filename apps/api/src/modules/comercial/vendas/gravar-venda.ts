/**
 * The shared draft write of the point of sale (spec §3 working record; DOMAIN.md §6), used by
 * snapshot, salvar-venda, deixar-venda-aberta and adicionar-desconto, and the payment rules
 * used by salvar-recebimento too.
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
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney, fromCents, roundQuantidade, toCents } from '@petshop/shared/format';
import { ehCartao } from '@petshop/shared/cartao';
import { TIPO_FORMA_PAGAMENTO_LABEL, TIPOS_EXIGEM_CLIENTE, type TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import {
  calcularPagamento,
  calcularVenda,
  DIAS_VENCIMENTO_A_PRAZO,
  somarDias,
  VALIDADE_ORCAMENTO_DIAS,
  type TipoDesconto,
  type VendaFinanceiroInputParsed,
  type VendaInputParsed,
} from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { preparedSelect } from '../../../db/prepared-select.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { runTogether } from '../../../db/run-together.ts';
import {
  caixas,
  formasPagamento,
  pessoas,
  petTutores,
  pets,
  produtos,
  vendaFinanceiros,
  vendaItens,
  vendas,
} from '../../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../../lib/errors.ts';
import { lerProdutosEstoque, type ProdutoEstoque } from '../../estoque/movimentar-estoque.ts';
import { saldoCreditoCliente } from '../../financeiro/credito-cliente-ledger.ts';
import { unidadeAtual, type UnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';
import { caixaAbertoDoUsuario, travarCaixaParaMovimento } from '../caixas/caixa-ledger.ts';
import { efetivarPagamentos, finalizarVenda, type PagamentoPendente } from './efetivar-pagamentos.ts';
import { proximoNumero } from '../contador.ts';
import { exigirPermissaoTipo, type PdvContexto } from '../pdv-contexto.ts';
import { VENDA_NAO_ENCONTRADA } from './vendas-repository.ts';
import { num } from '../../../db/rows.ts';

export type VendaRow = typeof vendas.$inferSelect;
type FinanceiroRow = typeof vendaFinanceiros.$inferSelect;
type FormaRow = typeof formasPagamento.$inferSelect;

/**
 * Locks sale `id` of the scope's unit for the rest of the transaction; null when absent.
 * A transaction-scoped advisory lock on the id comes first, so two first writes of the same
 * new id (double click, retry while the first still runs) are serialised too: the second one
 * finds the row the first created instead of racing it.
 */
export const travarVenda = async (tx: Db, id: string): Promise<VendaRow | null> => {
  // Sent together; PostgreSQL runs them in order, so the row is read once the lock is held.
  const [, [row]] = await runTogether(
    tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${id}, 0))`),
    lerVendaParaAtualizar(tx, { id }),
  );
  return row ?? null;
};

/** The sale's row, locked `for update` (built once: db/prepared-select.ts). */
const lerVendaParaAtualizar = preparedSelect((qb) =>
  qb
    .select()
    .from(vendas)
    .where(eq(vendas.id, sql.placeholder('id')))
    .for('update'),
);

/** Like `travarVenda`, 404 'Venda não encontrada' when absent. */
export const travarVendaExistente = async (tx: Db, id: string): Promise<VendaRow> => {
  const row = await travarVenda(tx, id);
  if (!row) throw notFound(VENDA_NAO_ENCONTRADA);
  return row;
};

/** 400 unless a draft write may touch `venda` (not finalised, cancelled or a converted quote). */
export const exigirEditavel = (venda: VendaRow): void => {
  if (venda.status === 'Cancelada')
    throw badRequest(venda.tipo === 'Orcamento' ? 'Este orçamento foi cancelado' : 'Esta venda foi cancelada');
  if (venda.status === 'Finalizada') throw badRequest('Esta venda já foi finalizada');
  if (venda.tipo === 'Orcamento' && venda.statusOrcamento === 'Convertido')
    throw badRequest('Este orçamento já foi convertido em venda');
};

/**
 * What `resolverCaixa` reads before deciding: the status of `caixaId` when given (share-locked,
 * `travarCaixaParaMovimento`), else the user's open register. Exported so a caller can issue it
 * together with its other reads.
 */
export type CaixaLido = { informado: string | null } | { doUsuario: { id: string } | null };

/** See `CaixaLido`. */
export const lerCaixa = async (tx: Db, caixaId: string | undefined, usuarioId: string): Promise<CaixaLido> =>
  caixaId ? { informado: await travarCaixaParaMovimento(tx, caixaId) } : { doUsuario: await caixaAbertoDoUsuario(tx, usuarioId) };

/**
 * The register a write records against: `caixaId` when given (must be an open register of
 * this unit, else 400 `caixaId`), else the user's open register, else the sale's current one
 * when still open, else null (drafts and quotes need none). `lido`: the caller's `lerCaixa` of
 * the same `caixaId` and user (default: read here).
 */
export const resolverCaixa = async (
  tx: Db,
  caixaId: string | undefined,
  usuarioId: string,
  atual: string | null = null,
  lido?: CaixaLido,
): Promise<string | null> => {
  const caixa = lido ?? (await lerCaixa(tx, caixaId, usuarioId));
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

/** Payments of a sale, oldest first. */
export const financeirosDaVenda = (tx: Db, vendaId: string): Promise<FinanceiroRow[]> =>
  tx
    .select()
    .from(vendaFinanceiros)
    .where(eq(vendaFinanceiros.vendaId, vendaId))
    .orderBy(vendaFinanceiros.createdAt, vendaFinanceiros.id);

const cents = (value: string | number) => toCents(typeof value === 'number' ? value : num(value));

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

/**
 * Recomputes valorPago / valorEmAberto of `venda` from its stored payments and writes them.
 * Answers the updated row.
 */
export const recalcularPagamentos = async (tx: Db, venda: VendaRow): Promise<VendaRow> => {
  const [row] = await tx
    .update(vendas)
    .set({
      valorPago: sql`(select coalesce(sum(f.valor), 0) from venda_financeiros f where f.venda_id = ${venda.id})`,
      valorEmAberto: sql`greatest(0, ${vendas.valorLiquido} - (select coalesce(sum(f.valor), 0) from venda_financeiros f where f.venda_id = ${venda.id}))`,
    })
    .where(eq(vendas.id, venda.id))
    .returning();
  return row!;
};

type NovoPagamento = {
  /** Generated here, so the caller knows the row before it is written. */
  id: string;
  chave: string;
  formaPagamentoId: string;
  tipoForma: TipoFormaPagamento;
  valor: number;
  valorRecebido: number;
  troco: number;
  parcelas: number;
  taxaPercentual: string;
  dataVencimento: string | null;
  /** Card payments (issue #15 item 4): brand (tBand), NSU, acquirer (default: the method's) and its CNPJ. */
  bandeira: string | null;
  autorizacao: string | null;
  adquirente: string | null;
  adquirenteCnpj: string | null;
};

/** A payment input's card fields, refused on other kinds. */
const CAMPOS_CARTAO = ['bandeira', 'autorizacao', 'adquirente', 'adquirenteCnpj'] as const;

/** Payment methods `ids` of the tenant, by id (absent ids are missing). */
export const lerFormas = async (tx: Db, ids: readonly string[]): Promise<Map<string, FormaRow>> =>
  ids.length === 0 ? new Map() : new Map((await consultaFormas(tx, { ids: [...new Set(ids)] })).map((f) => [f.id, f] as const));

/** `lerFormas`'s statement, built once (db/prepared-select.ts). */
const consultaFormas = preparedSelect((qb) =>
  qb
    .select()
    .from(formasPagamento)
    .where(sql`${formasPagamento.id} = any(${sql.placeholder('ids')})`),
);

/**
 * Validates payments to add to a sale whose liquid value is `liquidoCentavos` and which already
 * has `existentes` (DOMAIN.md §6): payments whose `chave` is already stored are skipped
 * (idempotent). Each new one: its method must exist and be active (400
 * `financeiros.N.formaPagamentoId`); it pays at most what is open (`calcularPagamento`: cash
 * gives change, anything else above the open balance is 400 `financeiros.N.valorRecebido`;
 * nothing open is 400); installments up to the method's maximum (400 `financeiros.N.parcelas`);
 * customer credit and a prazo need the sale's customer (400 `clienteId`), customer credit
 * also enough balance, counting this sale's payments not yet effected (the ledger checks
 * again at effecting); card details (bandeira, autorizacao, adquirente, adquirenteCnpj) only on
 * card kinds (400 `financeiros.N.<field>` 'Somente em pagamentos com cartão'), the acquirer
 * defaulting to the method's (issue #15 item 4). Answers the rows to insert.
 */
export const prepararPagamentos = async (
  tx: Db,
  args: {
    financeiros: readonly VendaFinanceiroInputParsed[];
    existentes: readonly FinanceiroRow[];
    liquidoCentavos: number;
    clienteId: string | null;
    hoje: string;
    /** The input's field prefix ('financeiros' or 'financeiro' for salvar-recebimento). */
    campo: (index: number) => string;
    /** The caller's `lerFormas` of the payments' methods (default: read here). */
    formas?: ReadonlyMap<string, FormaRow>;
  },
): Promise<NovoPagamento[]> => {
  const chaves = new Set(args.existentes.map((f) => f.chave));
  const pendentes = args.financeiros
    .map((f, index) => ({ f, index }))
    .filter(({ f }) => {
      if (chaves.has(f.chave)) return false;
      chaves.add(f.chave);
      return true;
    });
  if (pendentes.length === 0) return [];

  const formas =
    args.formas ??
    (await lerFormas(
      tx,
      pendentes.map(({ f }) => f.formaPagamentoId),
    ));
  let pago = args.existentes.reduce((s, f) => s + cents(f.valor), 0);
  let creditoReservado = args.existentes
    .filter((f) => f.tipoForma === 'credito_cliente' && f.efetivadoEm === null)
    .reduce((s, f) => s + cents(f.valor), 0);
  let saldoCredito: number | null = null;
  const novos: NovoPagamento[] = [];
  for (const { f, index } of pendentes) {
    const campo = args.campo(index);
    const forma = formas.get(f.formaPagamentoId);
    if (!forma || !forma.ativo) throw fieldError(`${campo}.formaPagamentoId`, 'Forma de pagamento não encontrada ou inativa');
    const tipo = forma.tipo as TipoFormaPagamento;
    const aberto = Math.max(0, args.liquidoCentavos - pago);
    const calculo = calcularPagamento(tipo, fromCents(aberto), f.valorRecebido);
    if (calculo.excedeAberto)
      throw fieldError(`${campo}.valorRecebido`, `Valor maior que o saldo em aberto (${formatMoney(fromCents(aberto))})`);
    if (calculo.valor <= 0) throw fieldError(`${campo}.valorRecebido`, 'Não há saldo em aberto para receber');
    if (f.parcelas > forma.maxParcelas)
      throw fieldError(
        `${campo}.parcelas`,
        forma.maxParcelas === 1
          ? `${forma.nome} não aceita parcelas`
          : `No máximo ${forma.maxParcelas} parcelas em ${forma.nome}`,
      );
    if (TIPOS_EXIGEM_CLIENTE.includes(tipo) && !args.clienteId)
      throw fieldError('clienteId', `Informe o cliente para receber em ${TIPO_FORMA_PAGAMENTO_LABEL[tipo]}`);
    const cartao = ehCartao(tipo);
    if (!cartao)
      for (const c of CAMPOS_CARTAO)
        if (f[c] !== undefined) throw fieldError(`${campo}.${c}`, 'Somente em pagamentos com cartão');
    const valor = toCents(calculo.valor);
    if (tipo === 'credito_cliente') {
      saldoCredito ??= toCents(await saldoCreditoCliente(tx, args.clienteId!));
      const disponivel = saldoCredito - creditoReservado;
      if (valor > disponivel)
        throw fieldError(
          `${campo}.valorRecebido`,
          `Crédito insuficiente: o cliente tem ${formatMoney(fromCents(Math.max(0, disponivel)))} de crédito`,
        );
      creditoReservado += valor;
    }
    pago += valor;
    novos.push({
      id: randomUUID(),
      chave: f.chave,
      formaPagamentoId: forma.id,
      tipoForma: tipo,
      valor: calculo.valor,
      valorRecebido: tipo === 'dinheiro' ? f.valorRecebido : calculo.valor,
      troco: calculo.troco,
      parcelas: f.parcelas,
      taxaPercentual: forma.taxaPercentual,
      dataVencimento: tipo === 'a_prazo' ? (f.dataVencimento ?? somarDias(args.hoje, DIAS_VENCIMENTO_A_PRAZO)) : null,
      bandeira: cartao ? (f.bandeira ?? null) : null,
      autorizacao: cartao ? (f.autorizacao ?? null) : null,
      adquirente: cartao ? (f.adquirente ?? forma.adquirente ?? null) : null,
      adquirenteCnpj: cartao ? (f.adquirenteCnpj ?? (f.adquirente ? null : forma.adquirenteCnpj) ?? null) : null,
    });
  }
  return novos;
};

/** Inserts prepared payments of sale `vendaId` (a repeated chave is ignored by the unique index). */
export const inserirPagamentos = async (
  tx: Db,
  vendaId: string,
  novos: readonly NovoPagamento[],
  caixaId: string | null,
  usuarioId: string,
  /** Written already effected (now): the caller effects them in this transaction (`efetivarPagamentos`, `jaMarcados`). */
  efetivados = false,
): Promise<void> => {
  if (novos.length === 0) return;
  await insertRows(
    tx,
    vendaFinanceiros,
    novos.map((p) => ({
      id: p.id,
      vendaId,
      chave: p.chave,
      formaPagamentoId: p.formaPagamentoId,
      tipoForma: p.tipoForma,
      valor: p.valor.toFixed(2),
      valorRecebido: p.valorRecebido.toFixed(2),
      troco: p.troco.toFixed(2),
      parcelas: p.parcelas,
      taxaPercentual: p.taxaPercentual,
      dataVencimento: p.dataVencimento,
      bandeira: p.bandeira,
      autorizacao: p.autorizacao,
      adquirente: p.adquirente,
      adquirenteCnpj: p.adquirenteCnpj,
      caixaId,
      usuarioId,
      ...(efetivados ? { efetivadoEm: sql`now()` } : {}),
    })),
    { onConflictDoNothing: [vendaFinanceiros.vendaId, vendaFinanceiros.chave] },
  );
};

/** Whether the customer and the pet exist in the tenant, the pet among the customer's (undefined: not asked). */
type ClientePetLido = { cliente?: boolean; pet?: boolean };

const lerClientePet = async (tx: Db, clienteId: string | undefined, petId: string | undefined): Promise<ClientePetLido> => {
  const [cliente, pet] = await runTogether(
    clienteId ? tx.select({ id: pessoas.id }).from(pessoas).where(eq(pessoas.id, clienteId)) : Promise.resolve(undefined),
    petId
      ? tx
          .select({ id: pets.id })
          .from(pets)
          .innerJoin(petTutores, and(eq(petTutores.petId, pets.id), eq(petTutores.pessoaId, clienteId ?? sql`null`)))
          .where(eq(pets.id, petId))
      : Promise.resolve(undefined),
  );
  return { cliente: cliente && cliente.length > 0, pet: pet && pet.length > 0 };
};

/** Customer and pet must be the tenant's; the pet one of the customer's. */
const exigirClientePet = (lido: ClientePetLido): void => {
  if (lido.cliente === false) throw fieldError('clienteId', 'Cliente não encontrado');
  if (lido.pet === false) throw fieldError('petId', 'Pet não encontrado entre os pets deste cliente');
};

type ItemGravado = {
  id: string;
  ordem: number;
  produtoId: string;
  descricao: string;
  unidadeSigla: string;
  quantidade: number;
  valorUnitario: number;
  desconto: number;
  tipoDesconto: TipoDesconto;
  precoCusto: string;
};

/** A sale line's product: what moving its stock needs, and its price, cost and whether active. */
type ProdutoVenda = ProdutoEstoque & { ativo: boolean; precoVenda: string; precoCusto: string };
const colunasProdutoVenda = { ativo: produtos.ativo, precoVenda: produtos.precoVenda, precoCusto: produtos.precoCusto };
const lerCatalogo = (tx: Db, ids: readonly string[]) => lerProdutosEstoque<ProdutoVenda>(tx, ids, colunasProdutoVenda);

/**
 * The items as they will be stored: the price of a line already stored (same id, same
 * product) stays; a new line takes the product's sale price, so price changes are discounts.
 * Product must exist (in `catalogo`, `lerCatalogo` of the input's products), and be active for
 * new lines (400 `itens.N.produtoId`); quantity rounded by the unit (spec §4), zero after
 * rounding is 400 `itens.N.quantidade`.
 */
const montarItens = (
  input: VendaInputParsed,
  armazenados: readonly (typeof vendaItens.$inferSelect)[],
  catalogo: ReadonlyMap<string, ProdutoVenda>,
): ItemGravado[] => {
  const porId = new Map(armazenados.map((i) => [i.id, i] as const));
  const vistos = new Set<string>();
  return input.itens.map((item, n) => {
    if (vistos.has(item.id)) throw fieldError(`itens.${n}.id`, 'Item repetido');
    vistos.add(item.id);
    const produto = catalogo.get(item.produtoId);
    if (!produto) throw fieldError(`itens.${n}.produtoId`, 'Produto não encontrado');
    const armazenado = porId.get(item.id);
    const mesmaLinha = armazenado && armazenado.produtoId === item.produtoId ? armazenado : undefined;
    if (!mesmaLinha && !produto.ativo) throw fieldError(`itens.${n}.produtoId`, `O produto "${produto.nome}" está inativo`);
    const quantidade = roundQuantidade(item.quantidade, produto.permiteVendaFracionada);
    if (quantidade <= 0)
      throw fieldError(
        `itens.${n}.quantidade`,
        produto.permiteVendaFracionada
          ? 'Quantidade deve ser maior que zero'
          : `"${produto.nome}" é vendido em unidades inteiras`,
      );
    return {
      id: item.id,
      ordem: n + 1,
      produtoId: produto.id,
      descricao: mesmaLinha?.descricao ?? produto.nome,
      unidadeSigla: mesmaLinha?.unidadeSigla ?? produto.sigla,
      quantidade,
      valorUnitario: mesmaLinha ? num(mesmaLinha.valorUnitario) : num(produto.precoVenda),
      desconto: item.desconto,
      tipoDesconto: item.tipoDesconto,
      precoCusto: mesmaLinha?.precoCusto ?? produto.precoCusto,
    };
  });
};

/** Whether the items of a sale left open (stock out) would change. */
const itensDiferem = (armazenados: readonly (typeof vendaItens.$inferSelect)[], novos: readonly ItemGravado[]): boolean => {
  if (armazenados.length !== novos.length) return true;
  const porId = new Map(armazenados.map((i) => [i.id, i] as const));
  return novos.some((n) => {
    const a = porId.get(n.id);
    return (
      !a ||
      a.produtoId !== n.produtoId ||
      Math.round(num(a.quantidade) * 1000) !== Math.round(n.quantidade * 1000) ||
      cents(a.desconto) !== toCents(n.desconto) ||
      a.tipoDesconto !== n.tipoDesconto
    );
  });
};

/** What finalising needs of the written sale (`saidaEstoqueVenda`, `efetivarPagamentos`). */
export type VendaEscrita = Pick<VendaRow, 'id' | 'numero' | 'caixaId' | 'clienteId' | 'estoqueBaixado' | 'valorEmAberto'>;

export type VendaGravada = {
  venda: VendaRow;
  unidade: UnidadeAtual;
  criada: boolean;
  /** The items as stored now (product and quantity in its unit), for the stock out. */
  itens: { produtoId: string; quantidade: number }[];
  /** The items' products as read for this write, for the stock out (`MovimentoEstoque.produtos`). */
  produtos: ReadonlyMap<string, ProdutoEstoque>;
  /**
   * Every payment of the sale not yet effected, when this write knows them all (a sale it
   * created: only its own new payments), for `efetivarPagamentos`; else undefined.
   */
  pendentes?: PagamentoPendente[];
};

/**
 * What a draft write reads before deciding, independent of the stored record and of each
 * other: issued together (one round trip), by `gravarVenda` itself or by a caller that issues
 * them with its own lock of the sale (`salvarVenda`).
 */
export type LeituraGravacao = {
  unidade: UnidadeAtual;
  clientePet: ClientePetLido;
  catalogo: Map<string, ProdutoVenda>;
  formas: Map<string, FormaRow>;
  caixa: CaixaLido;
};

/** See `LeituraGravacao`: the unit, customer and pet, the items' products, the payments' methods, the register. */
export const lerParaGravar = async (tx: Db, input: VendaInputParsed, usuarioId: string): Promise<LeituraGravacao> => {
  const [unidade, clientePet, catalogo, formas, caixa] = await runTogether(
    unidadeAtual(tx),
    lerClientePet(tx, input.clienteId, input.petId),
    lerCatalogo(
      tx,
      input.itens.map((i) => i.produtoId),
    ),
    lerFormas(
      tx,
      input.financeiros.map((f) => f.formaPagamentoId),
    ),
    lerCaixa(tx, input.caixaId, usuarioId),
  );
  return { unidade, clientePet, catalogo, formas, caixa };
};

/**
 * What the caller already knows of the stored record: `travada` = the row as locked with
 * `travarVenda` in this transaction (null: no record with this id), so it is not locked and
 * read twice; `lido` = its `lerParaGravar` of the same input in this transaction.
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
 *   left open) they may not change (400 `itens`);
 * - totals with `calcularVenda` over items, sale discount, freight and every stored payment;
 *   400 when the sale would be worth less than already paid;
 * - the customer may not change once a payment took effect;
 * - new payments: `prepararPagamentos`.
 * The new sale's number comes from the unit's counter. Answers the written row.
 *
 * Round trips: the lock and every independent read together (`lerParaGravar`), the stored
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
  const escrita = gravacao.escrever(false, finalizar).then(() => undefined);
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
  const atual = await gravacao.escrever(true);
  if (!gravacao.recebeEmAberto) return atual;
  await efetivarPagamentos(tx, atual, gravacao.unidade, usuarioId);
  if (toCents(num(atual.valorEmAberto)) > 0) return atual;
  await finalizarVenda(tx, atual.id);
  return (await travarVenda(tx, atual.id))!;
};

/**
 * Everything `gravarVenda` decides before writing (see its comment), and the write itself as
 * `escrever` (called once: the sale row, its items and its payments issued together).
 */
const iniciarGravacao = async (tx: Db, input: VendaInputParsed, ctx: PdvContexto, opcoes: GravarVendaOpcoes) => {
  exigirPermissaoTipo(ctx, input.tipo);
  const [travada, lido] = await runTogether(
    opcoes.travada !== undefined ? Promise.resolve(opcoes.travada) : travarVenda(tx, input.id),
    opcoes.lido ? Promise.resolve(opcoes.lido) : lerParaGravar(tx, input, ctx.usuarioId),
  );
  const atual = travada;
  const unidade = lido.unidade;
  if (atual) {
    exigirEditavel(atual);
    if (atual.tipo !== input.tipo) exigirPermissaoTipo(ctx, atual.tipo as VendaInputParsed['tipo']);
  }
  exigirClientePet(lido.clientePet);

  const [armazenados, existentes] = atual
    ? await runTogether(tx.select().from(vendaItens).where(eq(vendaItens.vendaId, atual.id)), financeirosDaVenda(tx, atual.id))
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
      ? (input.validadeOrcamento ?? atual?.validadeOrcamento ?? somarDias(unidade.hoje, VALIDADE_ORCAMENTO_DIAS))
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

  /**
   * The sale row, its items and its payments, issued together (PostgreSQL runs them in order, so
   * the items and payments find the row). Answers the written row.
   */
  const escrever = async <C extends boolean>(
    completa: C,
    finalizar = false,
  ): Promise<C extends true ? VendaRow : { id: string }> => {
    type Escrita = C extends true ? VendaRow : { id: string };
    // Finalising (gravarVendaParaFinalizar): the row is written Finalizada with its change, and a
    // new sale's payments are written effected, instead of two updates after.
    const linhaVenda = finalizar
      ? {
          ...valores,
          status: 'Finalizada',
          emAtendimento: false,
          estoqueBaixado: true,
          dataFinalizacao: sql`now()`,
          valorTroco: fromCents(
            [...existentes.map((f) => cents(f.troco)), ...novos.map((p) => toCents(p.troco))].reduce((a, b) => a + b, 0),
          ).toFixed(2),
          snapshot: null,
          snapshotEm: null,
        }
      : valores;
    let escrita: Escrita | undefined;
    // Only the id when the caller does not need the row: Drizzle builds a full `returning` at
    // some cost (about 0.15 ms per sale), and PostgreSQL sends it; a new sale's row then goes
    // through `insertRows` (no statement building).
    const linha = (
      atual
        ? completa
          ? tx.update(vendas).set(linhaVenda).where(eq(vendas.id, atual.id)).returning()
          : tx.update(vendas).set(linhaVenda).where(eq(vendas.id, atual.id)).returning({ id: vendas.id })
        : completa
          ? tx
              .insert(vendas)
              .values({ id: input.id, numero, usuarioId: ctx.usuarioId, ...linhaVenda })
              .onConflictDoNothing({ target: vendas.id })
              .returning()
          : insertRows<typeof vendas, { id: string }>(
              tx,
              vendas,
              [{ id: input.id, numero, usuarioId: ctx.usuarioId, ...linhaVenda }],
              { onConflictDoNothing: [vendas.id], returning: { id: vendas.id } },
            )
    ).then(([row]) => {
      escrita = row as Escrita | undefined;
    });
    // Nothing inserted: the id belongs to a record of another unit or tenant (invisible here).
    const idUsado = () => fieldError('id', 'Identificador de venda já usado');
    try {
      await runTogether(
        linha,
        gravarItens(tx, input.id, armazenados, itens, totais.itens),
        inserirPagamentos(tx, input.id, novos, caixaId, ctx.usuarioId, finalizar && criada),
      );
    } catch (error) {
      if (criada && !escrita) throw idUsado();
      throw error;
    }
    if (!escrita) throw idUsado();
    return escrita;
  };

  return {
    unidade,
    criada,
    novos,
    escrever,
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
      itens: itens.map((i) => ({ produtoId: i.produtoId, quantidade: i.quantidade })),
      produtos: lido.catalogo,
      pendentes: criada
        ? novos.map((p) => ({
            financeiro: p,
            forma: lido.formas.get(p.formaPagamentoId)!,
          }))
        : undefined,
    },
  };
};

/**
 * Replaces the stored items by `itens`: deletes the missing, updates the changed, inserts the
 * new, all issued together (runTogether: one round trip).
 */
const gravarItens = async (
  tx: Db,
  vendaId: string,
  armazenados: readonly (typeof vendaItens.$inferSelect)[],
  itens: readonly ItemGravado[],
  calculados: readonly { valorDesconto: number; valorTotal: number }[],
): Promise<void> => {
  const manter = new Set(itens.map((i) => i.id));
  const remover = armazenados.filter((a) => !manter.has(a.id)).map((a) => a.id);
  // Issued now (`then`), in order, before the insert below.
  const escritas: Promise<unknown>[] = [];
  if (remover.length > 0) escritas.push(tx.delete(vendaItens).where(inArray(vendaItens.id, remover)).then());
  const porId = new Map(armazenados.map((a) => [a.id, a] as const));
  const inserir: (typeof vendaItens.$inferInsert)[] = [];
  for (const [n, item] of itens.entries()) {
    const calc = calculados[n]!;
    const linha = {
      ordem: item.ordem,
      produtoId: item.produtoId,
      descricao: item.descricao,
      unidadeSigla: item.unidadeSigla,
      quantidade: item.quantidade.toFixed(3),
      valorUnitario: item.valorUnitario.toFixed(2),
      desconto: item.desconto.toFixed(2),
      tipoDesconto: item.tipoDesconto,
      valorDesconto: calc.valorDesconto.toFixed(2),
      valorTotal: calc.valorTotal.toFixed(2),
      precoCusto: item.precoCusto,
    };
    const a = porId.get(item.id);
    if (!a) {
      inserir.push({ id: item.id, vendaId, ...linha });
      continue;
    }
    const igual =
      a.ordem === linha.ordem &&
      a.produtoId === linha.produtoId &&
      Number(a.quantidade) === Number(linha.quantidade) &&
      Number(a.valorUnitario) === Number(linha.valorUnitario) &&
      Number(a.desconto) === Number(linha.desconto) &&
      a.tipoDesconto === linha.tipoDesconto &&
      Number(a.valorDesconto) === Number(linha.valorDesconto) &&
      Number(a.valorTotal) === Number(linha.valorTotal);
    if (!igual) escritas.push(tx.update(vendaItens).set(linha).where(eq(vendaItens.id, item.id)).then());
  }
  const [, inseridos] = await runTogether(
    runTogether(...escritas),
    insertRows<typeof vendaItens, { id: string }>(tx, vendaItens, inserir, {
      onConflictDoNothing: [vendaItens.id],
      returning: { id: vendaItens.id },
    }),
  );
  if (inserir.length > 0) {
    if (inseridos.length !== inserir.length) {
      const ok = new Set(inseridos.map((i) => i.id));
      const n = itens.findIndex((i) => inserir.some((x) => x.id === i.id) && !ok.has(i.id));
      throw fieldError(`itens.${n}.id`, 'Identificador de item já usado em outra venda');
    }
  }
};
