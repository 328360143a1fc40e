/**
 * The `PrecoAlterado` audit event (issue #22 item 4) of a product's prices, shared by every
 * writer of `produtos.preco_venda` / `preco_custo` a person chooses: the product form
 * (salvar-produto.ts `alterarProduto`) and the sale prices reviewed after a purchase
 * (compras/atualizar-precos-venda.ts). A purchase's automatic cost update and the import
 * (which only creates products) record nothing.
 *
 * The catalogue (and so its prices) is the tenant's, charged in every unit: the event is
 * tenant-wide (`unidadeNegocioId: null`). antes/depois carry only the prices that changed,
 * in reais (precoVenda, precoCusto); nothing is recorded when neither changed.
 */
import { formatMoney, toCents } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';

/** A product's prices in reais. */
export type PrecosProduto = { precoVenda: number; precoCusto: number };

/**
 * Records `PrecoAlterado` for product `produto` when its sale or cost price changed (to the
 * cent) from `antes` to `depois`. descricao: "Preço de venda de Ração X: R$ 10,00 → R$ 12,00"
 * (+ "; preço de custo: …"), followed by ` (${origem})` when given ("revisão de preços da
 * compra nº 12"). Answers whether it recorded.
 */
export const registrarPrecoAlterado = async (
  tx: Db,
  produto: { id: string; nome: string },
  antes: PrecosProduto,
  depois: PrecosProduto,
  origem?: string,
): Promise<boolean> => {
  const venda = toCents(antes.precoVenda) !== toCents(depois.precoVenda);
  const custo = toCents(antes.precoCusto) !== toCents(depois.precoCusto);
  if (!venda && !custo) return false;
  const partes: string[] = [];
  if (venda)
    partes.push(`preço de venda de ${produto.nome}: ${formatMoney(antes.precoVenda)} → ${formatMoney(depois.precoVenda)}`);
  if (custo)
    partes.push(
      `${venda ? 'preço de custo' : `preço de custo de ${produto.nome}`}: ${formatMoney(antes.precoCusto)} → ${formatMoney(depois.precoCusto)}`,
    );
  const frase = partes.join('; ');
  await registrarAuditoria(tx, {
    acao: 'PrecoAlterado',
    entidade: 'produto',
    entidadeId: produto.id,
    descricao: `${frase.charAt(0).toUpperCase()}${frase.slice(1)}${origem ? ` (${origem})` : ''}`,
    antes: { ...(venda ? { precoVenda: antes.precoVenda } : {}), ...(custo ? { precoCusto: antes.precoCusto } : {}) },
    depois: { ...(venda ? { precoVenda: depois.precoVenda } : {}), ...(custo ? { precoCusto: depois.precoCusto } : {}) },
    unidadeNegocioId: null,
  });
  return true;
};
