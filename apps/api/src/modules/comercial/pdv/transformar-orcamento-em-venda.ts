/**
 * POST /pdv/transformar-orcamento-em-venda (spec §2, §4 "A quote can be turned into a sale";
 * DOMAIN.md §6): a valid open quote (Aberto, validity not before the unit's today) becomes a
 * new sale being served at the user's open register — a new id and number, the quote's items
 * WITH the quote's prices, customer, pet, discounts, freight and notes, `orcamento_origem_id`
 * pointing back — and the quote becomes Convertido. Called again on a converted quote it
 * answers the sale made from it (retry safety).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { formatDate } from '@petshop/shared/format';
import type { Db } from '../../../db/client.ts';
import { vendaItens, vendas } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/errors.ts';
import { getUnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';
import { findCaixaAbertoDoUsuario } from '../caixas/caixa-ledger.ts';
import { proximoNumero } from '../contador.ts';
import { lockVenda } from '../vendas/vendas-repository.ts';
import { assertVendas, type PdvContexto } from '../pdv-contexto.ts';

/** See the file's comment. 404 for a quote of another unit; 400 when not an open, valid quote. Answers the new sale's id. */
export const transformarOrcamentoEmVenda = async (tx: Db, id: string, ctx: PdvContexto): Promise<string> => {
  assertVendas(ctx);
  const orcamento = await lockVenda(tx, id);
  if (orcamento.tipo !== 'Orcamento') throw badRequest('Este registro não é um orçamento');
  if (orcamento.statusOrcamento === 'Convertido') {
    const [venda] = await tx
      .select({ id: vendas.id })
      .from(vendas)
      .where(and(eq(vendas.orcamentoOrigemId, orcamento.id), eq(vendas.tipo, 'Venda')))
      .orderBy(asc(vendas.createdAt))
      .limit(1);
    if (venda) return venda.id;
  }
  if (orcamento.status === 'Cancelada') throw badRequest('Este orçamento foi cancelado');
  if (orcamento.statusOrcamento !== 'Aberto') throw badRequest('Este orçamento não está aberto');
  const unidade = await getUnidadeAtual(tx);
  if (orcamento.validadeOrcamento && orcamento.validadeOrcamento < unidade.hoje)
    throw badRequest(`Orçamento expirado em ${formatDate(orcamento.validadeOrcamento, unidade.timeZone)}`);

  const caixa = await findCaixaAbertoDoUsuario(tx, ctx.usuarioId);
  const novoId = randomUUID();
  const numero = await proximoNumero(tx, 'venda');
  await tx.insert(vendas).values({
    id: novoId,
    numero,
    tipo: 'Venda',
    status: 'EmAberto',
    emAtendimento: true,
    caixaId: caixa?.id ?? null,
    usuarioId: ctx.usuarioId,
    clienteId: orcamento.clienteId,
    petId: orcamento.petId,
    valorBruto: orcamento.valorBruto,
    valorDescontoItens: orcamento.valorDescontoItens,
    desconto: orcamento.desconto,
    tipoDesconto: orcamento.tipoDesconto,
    valorDescontos: orcamento.valorDescontos,
    valorEntregaFrete: orcamento.valorEntregaFrete,
    valorLiquido: orcamento.valorLiquido,
    valorPago: '0',
    valorEmAberto: orcamento.valorLiquido,
    observacoes: orcamento.observacoes,
    orcamentoOrigemId: orcamento.id,
  });
  const itens = await tx.select().from(vendaItens).where(eq(vendaItens.vendaId, orcamento.id)).orderBy(asc(vendaItens.ordem));
  if (itens.length > 0) {
    await tx.insert(vendaItens).values(
      itens.map((i) => ({
        id: randomUUID(),
        vendaId: novoId,
        ordem: i.ordem,
        produtoId: i.produtoId,
        descricao: i.descricao,
        unidadeSigla: i.unidadeSigla,
        quantidade: i.quantidade,
        valorUnitario: i.valorUnitario,
        desconto: i.desconto,
        tipoDesconto: i.tipoDesconto,
        valorDesconto: i.valorDesconto,
        valorTotal: i.valorTotal,
        precoCusto: i.precoCusto,
      })),
    );
  }
  await tx
    .update(vendas)
    .set({ statusOrcamento: 'Convertido', emAtendimento: false, snapshot: null, snapshotEm: null })
    .where(eq(vendas.id, orcamento.id));
  return novoId;
};
