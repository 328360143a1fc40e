/**
 * Makes the recorded payments of a sale take effect (DOMAIN.md §6 "Finalising a sale,
 * atomically"; §7), inside the caller's transaction: every payment with `efetivado_em` null
 * - goes into the sale's open register as a 'recebimento' of its method (cash net of change),
 *   so closing shows expected vs counted per method;
 * - card, PIX, boleto and a prazo become receivables (*receitas*), one per installment,
 *   with the method's fee and settlement / due dates (`vencimentosPagamento`);
 * - customer credit is debited from the customer's ledger (which locks and refuses beyond
 *   the balance);
 * and is marked effected. Used by salvar-venda, deixar-venda-aberta and salvar-recebimento.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TIPOS_EXIGEM_CLIENTE, TIPOS_GERAM_RECEITA, type TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { parcelar, valorTaxa, vencimentosPagamento } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { runTogether } from '../../../db/run-together.ts';
import { formasPagamento, receitas, vendaFinanceiros } from '../../../db/schema/index.ts';
import { badRequest, fieldError } from '../../../lib/errors.ts';
import { contaDestinoSql } from '../../financeiro/contas-ledger.ts';
import { lancarCreditoCliente } from '../../financeiro/credito-cliente-ledger.ts';
import type { UnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';
import { lancarMovimentosCaixa } from '../caixas/caixa-ledger.ts';
import type { VendaEscrita } from './gravar-venda.ts';
import { num, queryRows } from '../../../db/rows.ts';
import { criarPacotesDaVenda, vendePacoteSql } from '../../agenda/pacotes.ts';

export const ABRA_O_CAIXA = 'Abra o caixa para receber pagamentos';

/**
 * The tenant's income category for sales (by name: 'Vendas de produtos', a default of every
 * tenant), null when it was removed. An SQL expression, taken inside the receivables' insert.
 */
const categoriaVendasSql = sql`(select c.id from categorias_financeiras c
   where c.tipo = 'receita' and f_busca(c.nome) = f_busca('Vendas de produtos') limit 1)`;

/**
 * A payment not yet effected with its method: what `efetivarPagamentos` needs of each
 * (money as reais, numeric text as stored or a number).
 */
export type PagamentoPendente = {
  financeiro: Pick<
    typeof vendaFinanceiros.$inferSelect,
    'id' | 'formaPagamentoId' | 'tipoForma' | 'parcelas' | 'taxaPercentual' | 'dataVencimento'
  > & { valor: string | number };
  forma: Pick<typeof formasPagamento.$inferSelect, 'nome' | 'contaDestinoId' | 'diasRecebimento'>;
};

/**
 * Effects every pending payment of `venda` (see above). 400 'Abra o caixa para receber
 * pagamentos' when the sale has no register; the register must be open (CAIXA_FECHADO).
 * Customer credit and a prazo need the sale's customer (400 `clienteId`). `conhecidos`: every
 * pending payment of the sale, oldest first, when the caller knows them (it has just written
 * them: `VendaGravada.pendentes`); default: read here. Answers how many payments took effect.
 */
export const efetivarPagamentos = async (
  tx: Db,
  venda: Pick<VendaEscrita, 'id' | 'numero' | 'caixaId' | 'clienteId'>,
  unidade: UnidadeAtual,
  usuarioId: string,
  conhecidos?: readonly PagamentoPendente[],
  /** The payments were written effected (`inserirPagamentos` with `efetivados`): not marked again. */
  jaMarcados = false,
): Promise<number> => {
  const pendentes: readonly PagamentoPendente[] =
    conhecidos ??
    (await tx
      .select({ financeiro: vendaFinanceiros, forma: formasPagamento })
      .from(vendaFinanceiros)
      .innerJoin(formasPagamento, eq(formasPagamento.id, vendaFinanceiros.formaPagamentoId))
      .where(and(eq(vendaFinanceiros.vendaId, venda.id), isNull(vendaFinanceiros.efetivadoEm)))
      .orderBy(vendaFinanceiros.createdAt, vendaFinanceiros.id));
  if (pendentes.length === 0) return 0;
  if (!venda.caixaId) throw badRequest(ABRA_O_CAIXA);

  if (!venda.clienteId && pendentes.some(({ financeiro: f }) => TIPOS_EXIGEM_CLIENTE.includes(f.tipoForma as TipoFormaPagamento)))
    throw fieldError('clienteId', 'Informe o cliente da venda');

  // The register's ledger (locked once, one insert: what this sale received), the customer's
  // credit, the receivables and the payments marked effected are independent: written together
  // (runTogether), one round trip.
  const caixaId = venda.caixaId;
  const clienteId = venda.clienteId;

  // Card, PIX, boleto and a prazo: one receivable per installment, with fee and date; the
  // income category and the destination account are taken by the insert itself.
  const novasReceitas = pendentes.flatMap(({ financeiro: f, forma }) => {
    const tipo = f.tipoForma as TipoFormaPagamento;
    if (!TIPOS_GERAM_RECEITA.includes(tipo)) return [];
    const parcelas = parcelar(num(f.valor), f.parcelas);
    const vencimentos = vencimentosPagamento(tipo, unidade.hoje, f.parcelas, forma.diasRecebimento, f.dataVencimento);
    const taxa = num(f.taxaPercentual);
    const contaId = contaDestinoSql(forma.contaDestinoId);
    return parcelas.map((parcela, i) => ({
      descricao: `Venda nº ${venda.numero} – parcela ${i + 1}/${parcelas.length}`,
      pessoaId: clienteId,
      categoriaFinanceiraId: categoriaVendasSql,
      formaPagamentoId: f.formaPagamentoId,
      contaId,
      vendaId: venda.id,
      vendaFinanceiroId: f.id,
      parcela: i + 1,
      totalParcelas: parcelas.length,
      dataEmissao: unidade.hoje,
      dataVencimento: vencimentos[i]!,
      valor: parcela.toFixed(2),
      valorTaxa: valorTaxa(parcela, taxa).toFixed(2),
    }));
  });

  await runTogether(
    lancarMovimentosCaixa(
      tx,
      pendentes.map(({ financeiro: f, forma }) => ({
        caixaId,
        tipo: 'recebimento' as const,
        valor: num(f.valor),
        descricao: `Venda nº ${venda.numero} – ${forma.nome}`,
        formaPagamentoId: f.formaPagamentoId,
        vendaId: venda.id,
        vendaFinanceiroId: f.id,
        pessoaId: clienteId,
        usuarioId,
      })),
    ),
    // Customer credit, one by one: the customer's ledger locks and checks the balance.
    (async () => {
      for (const { financeiro: f } of pendentes) {
        if (f.tipoForma !== 'credito_cliente') continue;
        await lancarCreditoCliente(tx, {
          pessoaId: clienteId!,
          valor: -num(f.valor),
          origem: 'venda',
          origemId: venda.id,
          descricao: `Venda nº ${venda.numero}`,
          usuarioId,
        });
      }
    })(),
    insertRows(tx, receitas, novasReceitas),
    // An sql template, not the update builder (which walks every column: about 30 µs per call).
    jaMarcados
      ? Promise.resolve()
      : tx
          .execute(
            sql`update venda_financeiros set efetivado_em = now(), caixa_id = ${caixaId}
             where id in ${pendentes.map((p) => p.financeiro.id)}`,
          )
          .then(() => undefined),
  );
  return pendentes.length;
};

/**
 * Marks a paid sale Finalizada: no longer served, finalised now, change = Σ troco, no snapshot,
 * stock out (every path to here took it out: `saidaEstoqueVenda` or a sale left open); its
 * package items give the customer their packages (`criarPacotesDaVenda`, issue #17), a second
 * statement only when the update answers that the sale sells one (`vendePacoteSql`).
 */
export const finalizarVenda = async (tx: Db, vendaId: string): Promise<void> => {
  // An sql template, not the update builder (which walks every column: about 60 µs per call).
  const [linha] = await queryRows<{ vendePacote: boolean }>(
    tx,
    sql`update vendas set status = 'Finalizada', em_atendimento = false, estoque_baixado = true,
          data_finalizacao = now(), snapshot = null, snapshot_em = null, updated_at = now(),
          valor_troco = (select coalesce(sum(f.troco), 0) from venda_financeiros f where f.venda_id = ${vendaId})
        where id = ${vendaId}
        returning ${vendePacoteSql(vendaId)} as "vendePacote"`,
  );
  if (linha?.vendePacote) await criarPacotesDaVenda(tx, vendaId);
};
