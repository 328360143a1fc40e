/**
 * The lot side of `movimentarEstoque` (see the rules in movimentar-estoque.ts): which lots a
 * movement of a lot-controlled product fills or consumes, the lot rows updated, and the parts
 * (lot, quantity) the ledger gets one row each for. Called only for products with
 * `controla_lote`, after their balance row was updated (and so locked): the balance row's lock
 * serialises every lot change of the product, whatever order the lots are then locked in.
 */
import { sql } from 'drizzle-orm';
import { formatQuantidade, type UnidadeQuantidade } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/errors.ts';
import type { LinhaEstoque, MovimentoEstoque } from './movimentar-estoque.ts';

/** One ledger row of a lot product: the lot (null: stock with no lot) and the signed thousandths. */
export type ParteLote = { loteId: string | null; milesimos: number };

export type ProdutoLote = {
  produtoId: string;
  nome: string;
  unidade: UnidadeQuantidade;
  /** The product's net movement in thousandths (≠ 0). */
  milesimos: number;
  /** The caller's lines of this product. */
  linhas: readonly LinhaEstoque[];
};

const mil = (q: number): number => Math.round(q * 1000);
const texto = (milesimos: number): string => (milesimos / 1000).toFixed(3);

type Disponivel = { id: string; disponivel: string };

/** Adds `milesimos` (signed) to a lot. */
const somarLote = (tx: Db, loteId: string, milesimos: number) =>
  tx.execute(sql`update lotes set quantidade = quantidade + ${texto(milesimos)}::numeric where id = ${loteId}::uuid`);

/**
 * Spreads `milesimos` (> 0) over `lotes` in their order, each at most its `disponivel` (read
 * after every earlier change of this movement: statements see the transaction's own updates);
 * updates the lots by `sinal` × the part; answers the parts and what was left over.
 */
const distribuir = async (
  tx: Db,
  lotes: readonly Disponivel[],
  milesimos: number,
  sinal: 1 | -1,
): Promise<{ partes: ParteLote[]; resto: number }> => {
  const partes: ParteLote[] = [];
  let resto = milesimos;
  for (const lote of lotes) {
    if (resto <= 0) break;
    const parte = Math.min(mil(Number(lote.disponivel)), resto);
    if (parte <= 0) continue;
    await somarLote(tx, lote.id, sinal * parte);
    partes.push({ loteId: lote.id, milesimos: sinal * parte });
    resto -= parte;
  }
  return { partes, resto };
};

/** The sale whose consumption an `estorno_venda` / `entrada_devolucao` puts back. */
const vendaDaReversao = async (tx: Db, movimento: MovimentoEstoque): Promise<string | null> => {
  if (movimento.origemLotesId) return movimento.origemLotesId;
  const origemId = movimento.origemId ?? null;
  if (!origemId) return null;
  if (movimento.tipo === 'entrada_devolucao' && movimento.origem === 'devolucao') {
    const [d] = await queryRows<{ venda_id: string }>(tx, sql`select venda_id from devolucoes where id = ${origemId}::uuid`);
    return d?.venda_id ?? null;
  }
  return origemId;
};

/**
 * Lots a sale consumed and not yet put back (consumed by its `saida_venda` rows less the
 * `estorno_venda` / `entrada_devolucao` rows of the sale or its returns), newest consumption
 * first, the latest expiry first within one; locked.
 */
const lotesConsumidosPelaVenda = (tx: Db, produtoId: string, vendaId: string) =>
  queryRows<Disponivel>(
    tx,
    sql`with consumo as (
          select m.lote_id, -sum(m.quantidade) as q, max(m.created_at) as em
            from movimentacoes_estoque m
           where m.origem_id = ${vendaId}::uuid and m.produto_id = ${produtoId}::uuid
             and m.tipo = 'saida_venda' and m.lote_id is not null
           group by m.lote_id
        ), devolvido as (
          select m.lote_id, sum(m.quantidade) as q
            from movimentacoes_estoque m
           where m.produto_id = ${produtoId}::uuid and m.lote_id is not null
             and m.tipo in ('estorno_venda', 'entrada_devolucao')
             and (m.origem_id = ${vendaId}::uuid or m.origem_id in (select d.id from devolucoes d where d.venda_id = ${vendaId}::uuid))
           group by m.lote_id
        )
        select l.id, (c.q - coalesce(d.q, 0))::text as disponivel
          from consumo c
          join lotes l on l.id = c.lote_id
          left join devolvido d on d.lote_id = c.lote_id
         where c.q - coalesce(d.q, 0) > 0
         order by c.em desc, l.data_validade desc nulls first, l.created_at desc, l.id desc
         for update of l`,
  );

/**
 * Lots a purchase filled and not yet taken back (its `entrada_compra` rows less its
 * `cancelamento_compra` rows), at most what each lot still has; newest first; locked.
 */
const lotesDaCompra = (tx: Db, produtoId: string, compraId: string) =>
  queryRows<Disponivel>(
    tx,
    sql`with entrou as (
          select m.lote_id, sum(m.quantidade) as q, max(m.created_at) as em
            from movimentacoes_estoque m
           where m.origem_id = ${compraId}::uuid and m.produto_id = ${produtoId}::uuid
             and m.tipo = 'entrada_compra' and m.lote_id is not null
           group by m.lote_id
        ), saiu as (
          select m.lote_id, -sum(m.quantidade) as q
            from movimentacoes_estoque m
           where m.origem_id = ${compraId}::uuid and m.produto_id = ${produtoId}::uuid
             and m.tipo = 'cancelamento_compra' and m.lote_id is not null
           group by m.lote_id
        )
        select l.id, least(e.q - coalesce(s.q, 0), l.quantidade)::text as disponivel
          from entrou e
          join lotes l on l.id = e.lote_id
          left join saiu s on s.lote_id = e.lote_id
         where least(e.q - coalesce(s.q, 0), l.quantidade) > 0
         order by e.em desc, l.data_validade desc nulls first, l.created_at desc, l.id desc
         for update of l`,
  );

/** Lots with stock, first-expired-first-out (no expiry last, then oldest); locked in that order. */
const lotesFefo = (tx: Db, produtoId: string) =>
  queryRows<Disponivel>(
    tx,
    sql`select id, quantidade::text as disponivel from lotes
         where produto_id = ${produtoId}::uuid and quantidade > 0
         order by data_validade asc nulls last, created_at asc, id asc
         for update`,
  );

/**
 * Applies one lot-controlled product's movement to its lots and answers the ledger parts
 * (their sum is `produto.milesimos`). 400 when the lots of an entry line do not add up to
 * its quantity, lots are given on an out line, or `loteId` is not the product's.
 */
export const movimentarLotes = async (tx: Db, produto: ProdutoLote, movimento: MovimentoEstoque): Promise<ParteLote[]> => {
  const { produtoId, nome, unidade } = produto;
  const partes: ParteLote[] = [];
  const entradas = new Map<string, { dataFabricacao: string | null; dataValidade: string | null; milesimos: number }>();
  const fixos: { loteId: string; milesimos: number }[] = [];
  let livre = 0;
  for (const linha of produto.linhas) {
    const m = mil(linha.quantidade);
    if (linha.lotes && linha.lotes.length > 0) {
      if (m <= 0) throw badRequest(`Lotes só podem ser informados em entradas ("${nome}")`);
      const soma = linha.lotes.reduce((s, l) => s + mil(l.quantidade), 0);
      if (soma !== m)
        throw badRequest(
          `A soma dos lotes de "${nome}" (${formatQuantidade(soma / 1000, unidade)}) difere da quantidade do item (${formatQuantidade(m / 1000, unidade)})`,
        );
      for (const l of linha.lotes) {
        const numero = l.numero.trim();
        if (!numero) throw badRequest(`Informe o número do lote de "${nome}"`);
        if (mil(l.quantidade) <= 0) throw badRequest(`A quantidade do lote ${numero} de "${nome}" deve ser maior que zero`);
        const atual = entradas.get(numero);
        entradas.set(numero, {
          dataFabricacao: l.dataFabricacao ?? atual?.dataFabricacao ?? null,
          dataValidade: l.dataValidade ?? atual?.dataValidade ?? null,
          milesimos: (atual?.milesimos ?? 0) + mil(l.quantidade),
        });
      }
    } else if (linha.loteId) fixos.push({ loteId: linha.loteId, milesimos: m });
    else livre += m;
  }

  if (entradas.size > 0) {
    const numeros = [...entradas.keys()].sort();
    const valores = sql.join(
      numeros.map((numero) => {
        const e = entradas.get(numero)!;
        return sql`(${produtoId}::uuid, ${numero}::text, ${e.dataFabricacao}::date, ${e.dataValidade}::date, ${texto(e.milesimos)}::numeric)`;
      }),
      sql`, `,
    );
    // Later entries of a number add to it; dates the new entry leaves null stay as they were.
    const rows = await queryRows<{ id: string; numero: string }>(
      tx,
      sql`insert into lotes (produto_id, numero, data_fabricacao, data_validade, quantidade)
          select v.produto_id, v.numero, v.data_fabricacao, v.data_validade, v.quantidade
            from (values ${valores}) as v(produto_id, numero, data_fabricacao, data_validade, quantidade)
           order by v.numero
          on conflict (unidade_negocio_id, produto_id, numero) do update set
            quantidade = lotes.quantidade + excluded.quantidade,
            data_fabricacao = coalesce(excluded.data_fabricacao, lotes.data_fabricacao),
            data_validade = coalesce(excluded.data_validade, lotes.data_validade)
          returning id, numero`,
    );
    const idPorNumero = new Map(rows.map((r) => [r.numero, r.id]));
    for (const numero of numeros) partes.push({ loteId: idPorNumero.get(numero)!, milesimos: entradas.get(numero)!.milesimos });
  }

  for (const f of fixos) {
    const [lote] = await queryRows<{ id: string; quantidade: string }>(
      tx,
      sql`select id, quantidade::text from lotes where id = ${f.loteId}::uuid and produto_id = ${produtoId}::uuid for update`,
    );
    if (!lote) throw badRequest(`Lote não encontrado para "${nome}"`);
    let m = f.milesimos;
    if (m < 0) {
      // As much as the lot has; the rest goes first-expired-first-out like any out.
      const parte = Math.min(Math.max(0, mil(Number(lote.quantidade))), -m);
      livre += m + parte;
      m = -parte;
    }
    if (m !== 0) {
      await somarLote(tx, lote.id, m);
      partes.push({ loteId: lote.id, milesimos: m });
    }
  }

  if (livre > 0) {
    let resto = livre;
    if (movimento.tipo === 'estorno_venda' || movimento.tipo === 'entrada_devolucao') {
      const vendaId = await vendaDaReversao(tx, movimento);
      if (vendaId) {
        const r = await distribuir(tx, await lotesConsumidosPelaVenda(tx, produtoId, vendaId), resto, 1);
        partes.push(...r.partes);
        resto = r.resto;
      }
    }
    if (resto > 0) partes.push({ loteId: null, milesimos: resto });
  } else if (livre < 0) {
    let resto = -livre;
    const origem = movimento.origemLotesId ?? movimento.origemId ?? null;
    if (movimento.tipo === 'cancelamento_compra' && origem) {
      const r = await distribuir(tx, await lotesDaCompra(tx, produtoId, origem), resto, -1);
      partes.push(...r.partes);
      resto = r.resto;
    }
    if (resto > 0) {
      const r = await distribuir(tx, await lotesFefo(tx, produtoId), resto, -1);
      partes.push(...r.partes);
      resto = r.resto;
    }
    if (resto > 0) partes.push({ loteId: null, milesimos: -resto });
  }
  return partes;
};
