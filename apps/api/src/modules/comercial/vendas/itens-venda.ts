/**
 * A sale's items in a draft write (gravar-venda.ts): priced from the catalogue (`montarItens`),
 * compared with the stored ones (`itensDiferem`) and written over them (`gravarItens`).
 */
import { eq, inArray } from 'drizzle-orm';
import { roundQuantidade, toCents } from '@petshop/shared/format';
import type { TipoDesconto, VendaInputParsed } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { insertRows } from '../../../db/insert-rows.ts';
import { runTogether } from '../../../db/run-together.ts';
import { vendaItens } from '../../../db/schema/index.ts';
import { fieldError } from '../../../lib/errors.ts';
import type { ProdutoVenda } from './vendas-repository.ts';
import { num } from '../../../db/rows.ts';

export type ItemArmazenado = typeof vendaItens.$inferSelect;

export type ItemGravado = {
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
  /**
   * The clinic's applied dose this line charges (issue #19): kept from the stored line with the
   * same id and product, never taken from the client's input (a new line has none).
   */
  vacinaAplicadaId: string | null;
};

/**
 * What of a sale line moves stock when the sale's stock goes out or comes back: a line charging
 * a vaccine dose applied at the clinic (issue #19, `vacina_aplicada_id`) had that one dose taken
 * out of stock when it was applied (clinica/registrar-vacina.ts 'saida_vacina'), so only what the
 * till added beyond it moves.
 */
export const quantidadeEstoqueItem = (item: { quantidade: number; vacinaAplicadaId?: string | null | undefined }): number =>
  item.vacinaAplicadaId ? Math.max(0, item.quantidade - 1) : item.quantidade;

/**
 * The items as they will be stored: the price of a line already stored (same id, same
 * product) stays; a new line takes the product's sale price, so price changes are discounts.
 * Product must exist (in `catalogo`, `listProdutosVenda` of the input's products), and be active for
 * new lines (400 `itens.N.produtoId`); quantity rounded by the unit (spec §4), zero after
 * rounding is 400 `itens.N.quantidade`.
 */
export const montarItens = (
  input: VendaInputParsed,
  armazenados: readonly ItemArmazenado[],
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
      vacinaAplicadaId: mesmaLinha?.vacinaAplicadaId ?? null,
    };
  });
};

/** Whether the items of a sale left open (stock out) would change. */
export const itensDiferem = (armazenados: readonly ItemArmazenado[], novos: readonly ItemGravado[]): boolean => {
  if (armazenados.length !== novos.length) return true;
  const porId = new Map(armazenados.map((i) => [i.id, i] as const));
  return novos.some((n) => {
    const a = porId.get(n.id);
    return (
      !a ||
      a.produtoId !== n.produtoId ||
      Math.round(num(a.quantidade) * 1000) !== Math.round(n.quantidade * 1000) ||
      toCents(num(a.desconto)) !== toCents(n.desconto) ||
      a.tipoDesconto !== n.tipoDesconto
    );
  });
};

/**
 * Replaces the stored items by `itens`: deletes the missing, updates the changed, inserts the
 * new, all issued together (runTogether: one round trip).
 */
export const gravarItens = async (
  tx: Db,
  vendaId: string,
  armazenados: readonly ItemArmazenado[],
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
      // Issue #19: the applied dose stays on its line (cleared when the line's product changes).
      vacinaAplicadaId: item.vacinaAplicadaId,
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
