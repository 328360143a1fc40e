/**
 * POST /api/compras/{id}/finalizar (DOMAIN.md §5; issue #5 item 3), in the request's one
 * transaction, the purchase row locked first (two finalisations of the same purchase are
 * serialised; the second sees it Finalizada and answers it as it is — idempotent):
 * - 400 with the `pendencias` of the summary (resumo-compra.ts) as generalErrors when any;
 * - stock in through `movimentarEstoque` ('entrada_compra', origem 'compra', the entry cost
 *   with freight/other costs/discount apportioned, the lots of lot products);
 * - the cost price of each product (`produtos.preco_custo`): 'medio' → the unit's resulting
 *   average cost (`estoques.custo_medio`, which movimentarEstoque just computed), 'ultimo' →
 *   this purchase's unit cost; products without stock control take the purchase's cost. The
 *   sale price stays; the markup is recomputed from cost and price (`resolverPrecos`);
 * - the payables (despesas EmAberto, financeiro/despesas-ledger.ts), one per parcela, or one
 *   of the total due on the entry date when there are none: supplier, document (nDup or the
 *   invoice number), 'Compra nº N – NF 123 – parcela 1/3', category = the tenant's expense
 *   category for goods when it has one;
 * - the supplier-code memory for every item with a supplier code;
 * - status Finalizada, finalizada_em now.
 * Answers the purchase's id and the products whose cost price went up (the summary's
 * `revisaoPrecos` as planned in this transaction; empty when it was finalised before).
 * 400 for a cancelled purchase, 404 outside the unit.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { GENERAL_ERRORS } from '@petshop/shared/http';
import { resolverPrecos } from '@petshop/shared/produto';
import type { RevisaoPreco } from '@petshop/shared/compra';
import type { Db } from '../../db/client.ts';
import { compras, estoques, produtos } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { movimentarEstoque } from '../estoque/movimentar-estoque.ts';
import { categoriaDespesaCompra, criarDespesas } from '../financeiro/despesas-ledger.ts';
import { lockCompra } from './compras-repository.ts';
import { lembrarFornecedorProdutos } from './fornecedor-produtos.ts';
import { planejarFinalizacao } from './resumo-compra.ts';

/** See the file's comment. */
export const finalizarCompra = async (
  tx: Db,
  id: string,
  usuarioId: string,
): Promise<{ id: string; revisaoPrecos: RevisaoPreco[] }> => {
  const compra = await lockCompra(tx, id);
  if (compra.status === 'Finalizada') return { id: compra.id, revisaoPrecos: [] };
  if (compra.status !== 'Rascunho') throw badRequest('Esta compra foi cancelada e não pode ser finalizada');
  const plano = await planejarFinalizacao(tx, compra);
  if (plano.resumo.pendencias.length > 0) throw badRequest({ [GENERAL_ERRORS]: plano.resumo.pendencias });

  const rotulo = [`Compra nº ${compra.numero}`, compra.numeroNota ? `NF ${compra.numeroNota}` : null].filter(Boolean).join(' – ');
  await movimentarEstoque(tx, plano.linhas, {
    tipo: 'entrada_compra',
    origem: 'compra',
    origemId: compra.id,
    usuarioId,
    observacao: rotulo,
    permitirNegativo: true,
  });

  // Cost prices: 'medio' reads the average movimentarEstoque left on the balance. One read of
  // products with their balance, one update of them all.
  const ids = [...plano.custos.keys()];
  if (ids.length > 0) {
    const atuais = await tx
      .select({
        id: produtos.id,
        precoVenda: produtos.precoVenda,
        controlaEstoque: produtos.controlaEstoque,
        custoMedio: estoques.custoMedio,
      })
      .from(produtos)
      .leftJoin(estoques, eq(estoques.produtoId, produtos.id))
      .where(inArray(produtos.id, ids));
    const novos = atuais.map((p) => {
      const medio =
        plano.resumo.metodoCusto === 'medio' && p.controlaEstoque && p.custoMedio !== null ? Number(p.custoMedio) : undefined;
      const custo = medio !== undefined ? medio : plano.custos.get(p.id)!;
      const venda = Number(p.precoVenda);
      // A product without a sale price yet keeps markup 0 (not −100 %).
      const precos = resolverPrecos(venda > 0 ? { precoCusto: custo, precoVenda: venda } : { precoCusto: custo, markup: 0 });
      return sql`(${p.id}::uuid, ${precos.precoCusto.toFixed(2)}::numeric, ${venda > 0 ? precos.markup.toFixed(2) : '0'}::numeric)`;
    });
    await tx.execute(sql`update produtos p set preco_custo = v.custo, markup = v.markup, updated_at = now()
        from (values ${sql.join(novos, sql`, `)}) as v(id, custo, markup)
       where p.id = v.id`);
  }

  const categoriaFinanceiraId = await categoriaDespesaCompra(tx);
  await criarDespesas(
    tx,
    plano.parcelas.map((p) => ({
      compraId: compra.id,
      grupoId: compra.id,
      fornecedorId: compra.fornecedorId,
      categoriaFinanceiraId,
      descricao: p.descricao,
      documento: p.numero ?? compra.numeroNota,
      parcela: p.parcela,
      totalParcelas: plano.parcelas.length,
      dataEmissao: compra.dataEmissao ?? compra.dataEntrada ?? p.dataVencimento,
      dataVencimento: p.dataVencimento,
      valor: p.valor,
    })),
  );

  if (compra.fornecedorId) {
    const fornecedorId = compra.fornecedorId;
    await lembrarFornecedorProdutos(
      tx,
      plano.memorias.map((m) => ({ ...m, fornecedorId })),
    );
  }

  await tx.update(compras).set({ status: 'Finalizada', finalizadaEm: new Date() }).where(eq(compras.id, compra.id));
  return { id: compra.id, revisaoPrecos: plano.resumo.revisaoPrecos };
};
