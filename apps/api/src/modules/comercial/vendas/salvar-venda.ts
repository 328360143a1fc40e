/**
 * POST /pdv/salvar-venda (spec §7; DOMAIN.md §6): saves the working record for good.
 * - A quote: written as a draft, then Aberto with its validity (default today +
 *   VALIDADE_ORCAMENTO_DIAS), no longer being served; no stock, no money.
 * - A sale: written as a draft, then finalised in ONE transaction: at least one item, nothing
 *   left open, stock out of every item (unless already out when it was left open; below zero
 *   only when the unit allows it), every pending payment takes effect (register, receivables,
 *   customer credit), status Finalizada with the change given; package items give the customer
 *   their packages (agenda/pacotes.ts `criarPacotesDaVenda`, issue #17).
 * Called again on a finalised sale (double click, network retry) it answers the sale as it
 * is, without doing anything twice.
 * A sale's discount above the user's limit needs a supervisor's authorization (`autorizador`,
 * checked by the route; pdv/autorizacao-desconto.ts, issue #22 item 4): 400
 * `autorizacaoDesconto` without it, and the authorized act recorded in the audit log.
 */
import { eq } from 'drizzle-orm';
import { formatMoney } from '@petshop/shared/format';
import type { VendaInputParsed } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { runTogether } from '../../../db/run-together.ts';
import { vendaItens, vendas } from '../../../db/schema/index.ts';
import { badRequest, fieldError } from '../../../lib/errors.ts';
import { movimentarEstoque, type ProdutoEstoque } from '../../estoque/movimentar-estoque.ts';
import type { UnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';
import { criarPacotesDaVenda, vendePacote } from '../../agenda/pacotes.ts';
import { efetivarPagamentos } from './efetivar-pagamentos.ts';
import { gravarVenda, gravarVendaParaFinalizar, type VendaEscrita } from './gravar-venda.ts';
import { quantidadeEstoqueItem } from './itens-venda.ts';
import { findParaGravar, findVendaForUpdate, type VendaRow } from './vendas-repository.ts';
import { assertPermissaoTipo, type PdvContexto } from '../pdv-contexto.ts';
import { assertLimiteDesconto, findLimiteDesconto, type AutorizadorDesconto } from '../pdv/autorizacao-desconto.ts';
import { num } from '../../../db/rows.ts';

/**
 * Takes the sale's items out of stock ('saida_venda'), once: nothing when `estoque_baixado`.
 * `itens` are the stored items (read from the sale when not given), `produtos` the caller's read
 * of their products (`MovimentoEstoque.produtos`). 400 'Estoque
 * insuficiente…' when a controlled product would go below zero and the unit does not allow it
 * (DOMAIN.md §4). Does not mark the sale: the caller sets `estoque_baixado` (`baixarEstoqueVenda`
 * or `finalizarVenda`). Answers whether stock moved.
 */
export const saidaEstoqueVenda = async (
  tx: Db,
  venda: Pick<VendaEscrita, 'id' | 'numero' | 'estoqueBaixado'>,
  unidade: UnidadeAtual,
  usuarioId: string,
  itens?: readonly { produtoId: string; quantidade: number; vacinaAplicadaId?: string | null }[],
  produtos?: ReadonlyMap<string, ProdutoEstoque>,
): Promise<boolean> => {
  if (venda.estoqueBaixado) return false;
  const linhas =
    itens ??
    (
      await tx
        .select({
          produtoId: vendaItens.produtoId,
          quantidade: vendaItens.quantidade,
          vacinaAplicadaId: vendaItens.vacinaAplicadaId,
        })
        .from(vendaItens)
        .where(eq(vendaItens.vendaId, venda.id))
    ).map((i) => ({ produtoId: i.produtoId, quantidade: num(i.quantidade), vacinaAplicadaId: i.vacinaAplicadaId }));
  await movimentarEstoque(
    tx,
    // Issue #19: a clinic's applied dose already left stock when applied (quantidadeEstoqueItem).
    linhas.map((i) => ({ produtoId: i.produtoId, quantidade: -quantidadeEstoqueItem(i) })).filter((l) => l.quantidade !== 0),
    {
      tipo: 'saida_venda',
      origem: 'venda',
      origemId: venda.id,
      usuarioId,
      observacao: `Venda nº ${venda.numero}`,
      permitirNegativo: unidade.permiteEstoqueNegativo,
      produtos,
    },
  );
  return true;
};

/** `saidaEstoqueVenda` and the sale marked `estoque_baixado`. Answers the row as it is now. */
export const baixarEstoqueVenda = async (
  tx: Db,
  venda: VendaRow,
  unidade: UnidadeAtual,
  usuarioId: string,
  itens?: readonly { produtoId: string; quantidade: number; vacinaAplicadaId?: string | null }[],
): Promise<VendaRow> => {
  if (!(await saidaEstoqueVenda(tx, venda, unidade, usuarioId, itens))) return venda;
  const [row] = await tx.update(vendas).set({ estoqueBaixado: true }).where(eq(vendas.id, venda.id)).returning();
  return row!;
};

/** See the file's comment. Answers the sale's id. */
export const salvarVenda = async (
  tx: Db,
  input: VendaInputParsed,
  ctx: PdvContexto,
  autorizador?: AutorizadorDesconto,
): Promise<string> => {
  assertPermissaoTipo(ctx, input.tipo);
  // The lock and every read of the write leave together: one round trip (the reads are wasted
  // only on a repeated save of a finalised sale).
  const [existente, lido] = await runTogether(findVendaForUpdate(tx, input.id), findParaGravar(tx, input, ctx.usuarioId));
  if (existente?.status === 'Finalizada' && existente.tipo === input.tipo) return existente.id;

  if (input.tipo === 'Orcamento') {
    const { venda } = await gravarVenda(tx, input, ctx, { travada: existente, lido });
    await tx
      .update(vendas)
      .set({ emAtendimento: false, statusOrcamento: 'Aberto', snapshot: null, snapshotEm: null })
      .where(eq(vendas.id, venda.id));
    return venda.id;
  }

  if (input.itens.length === 0) throw fieldError('itens', 'Adicione ao menos um item à venda');
  // The sale is written (Finalizada when nothing is open) and not awaited: it leaves with the
  // stock out and the payments' effects, one round trip. Should any of them fail, everything rolls back.
  const gravada = await gravarVendaParaFinalizar(tx, input, ctx, { travada: existente, lido });
  const aberto = num(gravada.venda.valorEmAberto);
  if (aberto > 0) {
    await gravada.escrita;
    throw badRequest(`Falta receber ${formatMoney(aberto)}: adicione um pagamento ou deixe a venda em aberto`);
  }
  const { valorBruto, valorDescontos } = gravada.totais;
  const [, , , usuario] = await runTogether(
    gravada.escrita,
    saidaEstoqueVenda(tx, gravada.venda, gravada.unidade, ctx.usuarioId, gravada.itens, gravada.produtos),
    // A new sale's payments (`pendentes` known) were written effected; a stored one's are marked here.
    efetivarPagamentos(tx, gravada.venda, gravada.unidade, ctx.usuarioId, gravada.pendentes, gravada.pendentes !== undefined),
    // The user's discount limit, read with the writes (no round trip of its own): a refusal rolls them back.
    valorDescontos > 0 ? findLimiteDesconto(tx, ctx.usuarioId) : Promise.resolve(null),
  );
  if (usuario) await assertLimiteDesconto(tx, { venda: gravada.venda, valorBruto, valorDescontos, usuario, autorizador });
  // Only a sale selling a package pays the packages' statement (the till's read of its products).
  if (vendePacote(gravada.itens, lido.catalogo)) await criarPacotesDaVenda(tx, gravada.venda.id);
  return gravada.venda.id;
};
