/**
 * A sale's payments before they take effect (DOMAIN.md §6): validating new ones against what is
 * open (`prepararPagamentos`), writing them (`inserirPagamentos`) and recomputing what the sale
 * has paid (`recalcularPagamentos`). Used by the draft write (gravar-venda.ts) and by
 * salvar-recebimento; taking effect is `efetivarPagamentos` (efetivar-pagamentos.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { formatMoney, fromCents, toCents } from '@petshop/shared/format';
import { isCartao } from '@petshop/shared/cartao';
import { TIPO_FORMA_PAGAMENTO_LABEL, TIPOS_EXIGEM_CLIENTE, type TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { calcularPagamento, DIAS_VENCIMENTO_A_PRAZO, addDays, type VendaFinanceiroInputParsed } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { preparedSelect } from '../../../db/prepared-select.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { formasPagamento, vendaFinanceiros, vendas } from '../../../db/schema/index.ts';
import { fieldError } from '../../../lib/errors.ts';
import { getSaldoCreditoCliente } from '../../financeiro/credito-cliente-ledger.ts';
import type { FinanceiroVendaRow, VendaRow } from './vendas-repository.ts';
import { num } from '../../../db/rows.ts';

export type FormaPagamentoRow = typeof formasPagamento.$inferSelect;

/** Cents of a stored amount (numeric text) or of reais. */
export const cents = (value: string | number) => toCents(typeof value === 'number' ? value : num(value));

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

export type NovoPagamento = {
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
export const listFormasPagamentoPorId = async (tx: Db, ids: readonly string[]): Promise<Map<string, FormaPagamentoRow>> =>
  ids.length === 0
    ? new Map()
    : new Map((await selectFormasPagamento(tx, { ids: [...new Set(ids)] })).map((f) => [f.id, f] as const));

/** `listFormasPagamentoPorId`'s statement, built once (db/prepared-select.ts). */
const selectFormasPagamento = preparedSelect((qb) =>
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
    existentes: readonly FinanceiroVendaRow[];
    liquidoCentavos: number;
    clienteId: string | null;
    hoje: string;
    /** The input's field prefix ('financeiros' or 'financeiro' for salvar-recebimento). */
    campo: (index: number) => string;
    /** The caller's `listFormasPagamentoPorId` of the payments' methods (default: read here). */
    formas?: ReadonlyMap<string, FormaPagamentoRow>;
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
    (await listFormasPagamentoPorId(
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
    const cartao = isCartao(tipo);
    if (!cartao)
      for (const c of CAMPOS_CARTAO)
        if (f[c] !== undefined) throw fieldError(`${campo}.${c}`, 'Somente em pagamentos com cartão');
    const valor = toCents(calculo.valor);
    if (tipo === 'credito_cliente') {
      saldoCredito ??= toCents(await getSaldoCreditoCliente(tx, args.clienteId!));
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
      dataVencimento: tipo === 'a_prazo' ? (f.dataVencimento ?? addDays(args.hoje, DIAS_VENCIMENTO_A_PRAZO)) : null,
      bandeira: cartao ? (f.bandeira ?? null) : null,
      autorizacao: cartao ? (f.autorizacao ?? null) : null,
      adquirente: cartao ? (f.adquirente ?? forma.adquirente ?? null) : null,
      adquirenteCnpj: cartao ? (f.adquirenteCnpj ?? (f.adquirente ? null : forma.adquirenteCnpj) ?? null) : null,
    });
  }
  return novos;
};

/** Inserts prepared payments of sale `vendaId` (a repeated chave is ignored by the unique index). */
export const inserirPagamentos = (
  tx: Db,
  vendaId: string,
  novos: readonly NovoPagamento[],
  caixaId: string | null,
  usuarioId: string,
): Promise<void> => inserir(tx, vendaId, novos, caixaId, usuarioId, {});

/**
 * `inserirPagamentos` with the payments written already effected (now): the caller effects them
 * in this transaction (`efetivarPagamentos`, `jaMarcados`).
 */
export const inserirPagamentosEfetivados = (
  tx: Db,
  vendaId: string,
  novos: readonly NovoPagamento[],
  caixaId: string | null,
  usuarioId: string,
): Promise<void> => inserir(tx, vendaId, novos, caixaId, usuarioId, { efetivadoEm: sql`now()` });

const inserir = async (
  tx: Db,
  vendaId: string,
  novos: readonly NovoPagamento[],
  caixaId: string | null,
  usuarioId: string,
  efetivacao: { efetivadoEm?: SQL },
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
      ...efetivacao,
    })),
    { onConflictDoNothing: [vendaFinanceiros.vendaId, vendaFinanceiros.chave] },
  );
};
