/**
 * What finalising a purchase does (GET /api/compras/{id}/resumo; spec §2 "/compras/{compraId}/resumo";
 * DOMAIN.md §5), computed once and used by the summary screen and by `finalizarCompra`, so
 * both always agree:
 * - per product: the quantity in (items of the same product are summed), the unit cost of the
 *   entry with freight/other costs/discount apportioned by item value (`calcularCompra`), the
 *   balance now → after, the cost price now → after by the unit's `metodo_custo` ('medio':
 *   weighted average of the stock on hand at its average cost and this entry, as
 *   `movimentarEstoque` computes it; 'ultimo': this entry's cost). Products that do not control
 *   stock keep no balance (null) and take the entry's cost;
 * - the payables: one per parcela, or one of the total due on the entry date when none;
 * - `pendencias`: what blocks finalising, in Portuguese (no supplier, no items, items without
 *   product, lot products whose lots are missing or do not add up, parcelas that do not add up
 *   to the total);
 * - `revisaoPrecos` (issue #15): while a draft, the products whose cost price goes up
 *   (`custoNovo` > the product's `preco_custo`), with their sale price, the margin over cost
 *   before and at the new cost, and the price keeping the old margin (`precoMantendoMargem`).
 *   Products without a cost or a sale price yet are left out (no margin to keep).
 * Money in reais; cost prices 2 decimals (produtos.preco_custo), entry costs 4 decimals.
 */
import { eq, inArray } from 'drizzle-orm';
import {
  roundCusto,
  custoMedioPonderado,
  precoMantendoMargem,
  type ResumoCompra,
  type RevisaoPreco,
  type ResumoCompraItem,
  type StatusCompra,
} from '@petshop/shared/compra';
import { formatMoney, formatQuantidade, fromCents, toCents } from '@petshop/shared/format';
import { resolverPrecos } from '@petshop/shared/produto';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { estoques, fornecedores, produtos } from '../../db/schema/index.ts';
import type { LinhaEstoque } from '../estoque/movimentar-estoque.ts';
import { calculoDaCompra, listCompraItens, listCompraParcelas, type CompraRow } from './compras-repository.ts';
import { listProdutosCompra } from './salvar-compra.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';

export type ParcelaPlano = {
  parcela: number;
  numero: string | null;
  dataVencimento: string;
  valor: number;
  descricao: string;
};

export type PlanoFinalizacao = {
  resumo: ResumoCompra;
  /** One stock entry per product (lots of lot products merged by number). */
  linhas: LinhaEstoque[];
  /** The cost price each product gets (reais, 2 decimals). */
  custos: Map<string, number>;
  parcelas: ParcelaPlano[];
  /** Items with a supplier code and a product: what the supplier-code memory learns. */
  memorias: { codigoFornecedor: string; produtoId: string; unidadeFornecedor: string | null; fatorConversao: string }[];
};

type LoteLinha = NonNullable<LinhaEstoque['lotes']>[number];

const milesimos = (q: number | string) => Math.round(Number(q) * 1000);

/** The description of a purchase's payable: 'Compra nº 12 – NF 3456 – parcela 1/3'. */
export const descricaoParcela = (numero: number, numeroNota: string | null, parcela: number, total: number): string =>
  [`Compra nº ${numero}`, numeroNota ? `NF ${numeroNota}` : null, `parcela ${parcela}/${total}`].filter(Boolean).join(' – ');

/** See the file's comment. `compra` is the purchase row (locked by the caller when it finalises). */
export const planejarFinalizacao = async (tx: Db, compra: CompraRow): Promise<PlanoFinalizacao> => {
  const itens = await listCompraItens(tx, compra.id);
  const parcelasRows = await listCompraParcelas(tx, compra.id);
  const calculo = calculoDaCompra(compra, itens);
  const { metodoCusto } = await getUnidadeAtual(tx);
  const rascunho = compra.status === 'Rascunho';
  const ids = itens.flatMap((i) => (i.produtoId ? [i.produtoId] : []));
  const infos = await listProdutosCompra(tx, ids);
  const precos = new Map(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: produtos.id, precoCusto: produtos.precoCusto, precoVenda: produtos.precoVenda })
            .from(produtos)
            .where(inArray(produtos.id, [...new Set(ids)]))
        ).map((p) => [p.id, { custo: num(p.precoCusto), venda: num(p.precoVenda) }] as const),
  );
  const saldos = new Map(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ produtoId: estoques.produtoId, quantidade: estoques.quantidade, custoMedio: estoques.custoMedio })
            .from(estoques)
            .where(inArray(estoques.produtoId, [...new Set(ids)]))
        ).map((e) => [e.produtoId, { quantidade: num(e.quantidade), custoMedio: num(e.custoMedio) }] as const),
  );
  const [fornecedor] = compra.fornecedorId
    ? await tx
        .select({
          id: fornecedores.id,
          razaoSocial: fornecedores.razaoSocial,
          nomeFantasia: fornecedores.nomeFantasia,
          cpfCnpj: fornecedores.cpfCnpj,
        })
        .from(fornecedores)
        .where(eq(fornecedores.id, compra.fornecedorId))
    : [];

  const pendencias: string[] = [];
  if (!fornecedor) pendencias.push('Informe o fornecedor da compra');
  if (itens.length === 0) pendencias.push('Inclua ao menos um item na compra');

  // Per product: quantity (thousandths), value with its share (cents), lots.
  type Agregado = { milesimos: number; centavos: number; lotes: Map<string, LoteLinha> };
  const porProduto = new Map<string, Agregado>();
  itens.forEach((item, n) => {
    const rotulo = `Item ${item.ordem} (${item.descricao})`;
    if (!item.produtoId) {
      pendencias.push(`${rotulo}: vincule a um produto existente ou crie o produto`);
      return;
    }
    const info = infos.get(item.produtoId);
    if (!info) {
      pendencias.push(`${rotulo}: o produto não foi encontrado`);
      return;
    }
    const c = calculo.itens[n]!;
    const ag = porProduto.get(item.produtoId) ?? { milesimos: 0, centavos: 0, lotes: new Map() };
    ag.milesimos += milesimos(item.quantidade);
    ag.centavos += toCents(c.valorTotal) + toCents(c.valorRateio);
    porProduto.set(item.produtoId, ag);
    if (info.controlaLote && info.controlaEstoque) {
      const lotes = item.lotes ?? [];
      const unidade = { sigla: info.sigla, permiteVendaFracionada: info.fracionada };
      const soma = lotes.reduce((s, l) => s + milesimos(l.quantidade), 0);
      if (lotes.length === 0) pendencias.push(`${rotulo}: informe o lote e a validade (o produto controla lote)`);
      else if (soma !== milesimos(item.quantidade))
        pendencias.push(
          `${rotulo}: a soma dos lotes (${formatQuantidade(soma / 1000, unidade)}) difere da quantidade (${formatQuantidade(num(item.quantidade), unidade)})`,
        );
      for (const l of lotes) {
        const chave = l.numero.trim().toUpperCase();
        const atual = ag.lotes.get(chave);
        ag.lotes.set(chave, {
          numero: atual?.numero ?? l.numero.trim(),
          dataFabricacao: atual?.dataFabricacao ?? l.dataFabricacao,
          dataValidade: atual?.dataValidade ?? l.dataValidade,
          quantidade: (milesimos(atual?.quantidade ?? 0) + milesimos(l.quantidade)) / 1000,
        });
      }
    }
  });

  const totalCentavos = toCents(compra.valorTotal);
  const somaParcelas = parcelasRows.reduce((s, p) => s + toCents(p.valor), 0);
  if (parcelasRows.length > 0 && somaParcelas !== totalCentavos)
    pendencias.push(
      `A soma das parcelas (${formatMoney(fromCents(somaParcelas))}) difere do total da compra (${formatMoney(fromCents(totalCentavos))})`,
    );

  // Entry cost and resulting cost price per product.
  const custoEntrada = new Map<string, number>();
  const custos = new Map<string, number>();
  const linhas: LinhaEstoque[] = [];
  for (const [produtoId, ag] of porProduto) {
    const info = infos.get(produtoId)!;
    const quantidade = ag.milesimos / 1000;
    const custo = quantidade > 0 ? roundCusto(ag.centavos / 100 / quantidade) : 0;
    custoEntrada.set(produtoId, custo);
    const saldo = saldos.get(produtoId);
    const novo =
      metodoCusto === 'ultimo' || !info.controlaEstoque
        ? custo
        : custoMedioPonderado(saldo?.quantidade ?? 0, saldo?.custoMedio ?? 0, quantidade, custo);
    custos.set(produtoId, fromCents(toCents(novo)));
    const lotes = info.controlaLote ? [...ag.lotes.values()] : [];
    linhas.push({ produtoId, quantidade, custoUnitario: custo, ...(lotes.length > 0 ? { lotes } : {}) });
  }

  // Per item, balances progress through the items of the same product.
  const saldoCorrente = new Map<string, number>();
  const itensResumo: ResumoCompraItem[] = itens.map((item, n) => {
    const c = calculo.itens[n]!;
    const info = item.produtoId ? infos.get(item.produtoId) : undefined;
    const base = {
      itemId: item.id,
      ordem: item.ordem,
      descricao: item.descricao,
      quantidade: num(item.quantidade),
      custoUnitarioEntrada: c.custoUnitarioFinal,
      valorTotal: c.valorTotal,
      valorRateio: c.valorRateio,
      lotes: item.lotes ?? [],
    };
    if (!info) return { ...base, produto: null, saldoAtual: null, saldoNovo: null, custoAtual: null, custoNovo: null };
    const produtoId = info.id;
    const custoAtual = precos.get(produtoId)?.custo ?? 0;
    let saldoAtual: number | null = null;
    let saldoNovo: number | null = null;
    if (info.controlaEstoque) {
      const antes = saldoCorrente.get(produtoId) ?? milesimos(saldos.get(produtoId)?.quantidade ?? 0);
      const depois = rascunho ? antes + milesimos(item.quantidade) : antes;
      saldoCorrente.set(produtoId, depois);
      saldoAtual = antes / 1000;
      saldoNovo = depois / 1000;
    }
    return {
      ...base,
      custoUnitarioEntrada: custoEntrada.get(produtoId) ?? c.custoUnitarioFinal,
      produto: {
        id: produtoId,
        nome: info.nome,
        unidadeSigla: info.sigla,
        controlaEstoque: info.controlaEstoque,
        controlaLote: info.controlaLote,
      },
      saldoAtual,
      saldoNovo,
      custoAtual,
      custoNovo: rascunho ? (custos.get(produtoId) ?? custoAtual) : custoAtual,
    };
  });

  const dataEntrada = compra.dataEntrada ?? compra.createdAt.toISOString().slice(0, 10);
  const parcelas: ParcelaPlano[] =
    parcelasRows.length > 0
      ? parcelasRows.map((p, i) => ({
          parcela: i + 1,
          numero: p.numero,
          dataVencimento: p.dataVencimento,
          valor: num(p.valor),
          descricao: descricaoParcela(compra.numero, compra.numeroNota, i + 1, parcelasRows.length),
        }))
      : totalCentavos > 0
        ? [
            {
              parcela: 1,
              numero: null,
              dataVencimento: dataEntrada,
              valor: fromCents(totalCentavos),
              descricao: descricaoParcela(compra.numero, compra.numeroNota, 1, 1),
            },
          ]
        : [];

  const memorias = itens.flatMap((i) =>
    i.codigoFornecedor && i.produtoId
      ? [
          {
            codigoFornecedor: i.codigoFornecedor,
            produtoId: i.produtoId,
            unidadeFornecedor: i.unidadeFornecedor,
            fatorConversao: i.fatorConversao,
          },
        ]
      : [],
  );

  const revisaoPrecos: RevisaoPreco[] = [];
  if (rascunho)
    for (const [produtoId, custoNovo] of custos) {
      const info = infos.get(produtoId)!;
      const { custo: custoAtual, venda: precoVenda } = precos.get(produtoId) ?? { custo: 0, venda: 0 };
      if (custoAtual <= 0 || precoVenda <= 0 || toCents(custoNovo) <= toCents(custoAtual)) continue;
      revisaoPrecos.push({
        produtoId,
        nome: info.nome,
        unidadeSigla: info.sigla,
        custoAtual,
        custoNovo,
        precoVenda,
        markupAtual: resolverPrecos({ precoCusto: custoAtual, precoVenda }).markup,
        markupNovo: resolverPrecos({ precoCusto: custoNovo, precoVenda }).markup,
        precoSugerido: precoMantendoMargem(precoVenda, custoAtual, custoNovo),
      });
    }

  const pend = rascunho ? pendencias : [];
  return {
    resumo: {
      compraId: compra.id,
      numero: compra.numero,
      status: compra.status as StatusCompra,
      metodoCusto,
      fornecedor: fornecedor ?? null,
      itens: itensResumo,
      parcelas,
      valorProdutos: calculo.valorProdutos,
      valorFrete: calculo.valorFrete,
      valorDesconto: calculo.valorDesconto,
      valorOutros: calculo.valorOutros,
      valorTotal: num(compra.valorTotal),
      valorParcelas: fromCents(somaParcelas),
      pendencias: pend,
      podeFinalizar: rascunho && pend.length === 0,
      revisaoPrecos,
    },
    linhas,
    custos,
    parcelas,
    memorias,
  };
};
