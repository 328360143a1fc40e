/**
 * POST /api/estoque/ajuste (spec §7 "Stock"; DOMAIN.md §4 "Ajuste de estoque"; issue #5
 * item 1): an inventory count (`contagem`: set the counted quantities) or an entry/removal
 * with a reason; every difference becomes an `ajuste_entrada` / `ajuste_saida` movement
 * through `movimentarEstoque`, all with origem 'ajuste', one `origem_id` for the whole
 * adjustment (the client's `chave` when given) and the reason as `observacao`.
 *
 * Rules:
 * - products must control stock (400 `itens.N.produtoId`); a whole unit (UN, SC…) takes no
 *   fraction (400 `itens.N.quantidade`), fractional units are rounded to 3 decimals;
 * - the balances (and the lots named) are locked first, in product id order, so the count's
 *   difference is computed on the value it replaces and no concurrent sale slips in between;
 * - contagem: difference = counted − balance (or − the lot's quantity with `loteId`: a count
 *   of that lot); nothing when equal. It sets exactly what was counted (≥ 0);
 * - entrada: + quantidade, into `lote` (created or added to by number, lot products only) or
 *   `loteId`, else no lot; at the balance's average cost (the cost price when it has none),
 *   so an adjustment never moves the average;
 * - saida: − quantidade, from `loteId` (400 when the lot has less) or first-expired-first-out;
 *   400 `itens.N.quantidade` 'Estoque insuficiente…' below zero unless the unit allows
 *   negative stock.
 * Idempotent: with `chave`, a repetition answers the movements already written (a count that
 * changed nothing wrote none, so it runs again); the `Idempotency-Key` header does the same
 * for any POST (plugins/idempotency.ts).
 * Audit (issue #22 item 4): an adjustment that moved stock records one `EstoqueAjustado` in the
 * same transaction (`registrarAjuste`: per product the balance before and after, in its unit,
 * the first `MAX_ITENS_AUDITORIA`); one that changed nothing, or a replay, records nothing.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AjusteEstoque, AjusteEstoqueInputParsed, ModoAjusteEstoque, MovimentacaoEstoque } from '@petshop/shared/estoque';
import { formatQuantidade, roundQuantidade } from '@petshop/shared/format';
import type { ApiErrors } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { num, queryRows } from '../../db/rows.ts';
import { produtos, unidadesMedida } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { listMovimentacoesDaOrigem } from './estoque-repository.ts';
import { movimentarEstoque, type LinhaEstoque } from './movimentar-estoque.ts';

const mil = (q: number): number => Math.round(q * 1000);

/** Serialises two requests with the same client key (the second then sees the first's rows). */
export const lockKey = async (tx: Db, escopo: string, chave: string): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${escopo}:${chave}`}))`);
};

/**
 * Locks (creating at 0 when missing) the balance rows of `ids`, in id order, and answers each
 * balance and average cost. Writers of stock lock the same rows in the same order.
 */
export const lockSaldos = async (
  tx: Db,
  ids: readonly string[],
): Promise<Map<string, { quantidade: number; custoMedio: number }>> => {
  const ordenados = [...new Set(ids)].sort();
  if (ordenados.length === 0) return new Map();
  const valores = sql.join(
    ordenados.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const rows = await queryRows<{ produto_id: string; quantidade: string; custo_medio: string }>(
    tx,
    sql`insert into estoques (produto_id)
        select v.produto_id from (values ${valores}) as v(produto_id) order by v.produto_id
        on conflict (unidade_negocio_id, produto_id) do update set updated_at = estoques.updated_at
        returning produto_id, quantidade::text, custo_medio::text`,
  );
  return new Map(rows.map((r) => [r.produto_id, { quantidade: num(r.quantidade), custoMedio: num(r.custo_medio) }]));
};

/** Balances before/after per product, read back from an adjustment's movements (replays). */
const itensDasMovimentacoes = (movimentacoes: readonly MovimentacaoEstoque[]): AjusteEstoque['itens'] => {
  const porProduto = new Map<string, { delta: number; saldo: number }>();
  for (const m of movimentacoes) {
    const atual = porProduto.get(m.produtoId);
    const delta = (atual?.delta ?? 0) + mil(m.quantidade);
    // Entries end on the highest balance, outs on the lowest.
    const saldo =
      atual === undefined
        ? m.saldoResultante
        : m.quantidade > 0
          ? Math.max(atual.saldo, m.saldoResultante)
          : Math.min(atual.saldo, m.saldoResultante);
    porProduto.set(m.produtoId, { delta, saldo });
  }
  return [...porProduto].map(([produtoId, { delta, saldo }]) => ({
    produtoId,
    saldoAnterior: (mil(saldo) - delta) / 1000,
    saldo,
  }));
};

/** See the file's comment. Answers the movements written and each item's balance before and after. */
export const ajustarEstoque = async (tx: Db, input: AjusteEstoqueInputParsed, usuarioId: string): Promise<AjusteEstoque> => {
  const origemId = input.chave ?? randomUUID();
  if (input.chave) {
    await lockKey(tx, 'ajuste', input.chave);
    const feitas = await listMovimentacoesDaOrigem(tx, 'ajuste', input.chave);
    if (feitas.length > 0) return { movimentacoes: feitas, itens: itensDasMovimentacoes(feitas) };
  }
  const unidade = await getUnidadeAtual(tx);

  const ids = input.itens.map((i) => i.produtoId);
  const info = await tx
    .select({
      id: produtos.id,
      nome: produtos.nome,
      tipo: produtos.tipo,
      controlaEstoque: produtos.controlaEstoque,
      controlaLote: produtos.controlaLote,
      precoCusto: produtos.precoCusto,
      sigla: unidadesMedida.sigla,
      permiteVendaFracionada: unidadesMedida.permiteVendaFracionada,
    })
    .from(produtos)
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .where(inArray(produtos.id, ids));
  const byId = new Map(info.map((p) => [p.id, p]));

  const errors: ApiErrors = {};
  const erro = (key: string, message: string) => (errors[key] ??= []).push(message);
  const quantidades = input.itens.map((item, i) => {
    const p = byId.get(item.produtoId);
    if (!p) {
      erro(`itens.${i}.produtoId`, 'Produto não encontrado');
      return 0;
    }
    if (p.tipo === 'servico' || !p.controlaEstoque) {
      erro(`itens.${i}.produtoId`, `"${p.nome}" não controla estoque`);
      return 0;
    }
    if (!p.controlaLote && item.loteId) erro(`itens.${i}.loteId`, `"${p.nome}" não controla lote`);
    if (!p.controlaLote && item.lote) erro(`itens.${i}.lote`, `"${p.nome}" não controla lote`);
    const q = roundQuantidade(item.quantidade, p.permiteVendaFracionada);
    if (!p.permiteVendaFracionada && q !== item.quantidade)
      erro(`itens.${i}.quantidade`, `A unidade ${p.sigla} não permite quantidade fracionada`);
    else if (input.modo !== 'contagem' && q <= 0) erro(`itens.${i}.quantidade`, 'Quantidade deve ser maior que zero');
    return q;
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  // Balances first, then the lots named (the order every stock writer locks in).
  const saldos = await lockSaldos(tx, ids);
  const loteIds = [...new Set(input.itens.flatMap((i) => (i.loteId ? [i.loteId] : [])))].sort();
  const lotesTravados =
    loteIds.length === 0
      ? []
      : await queryRows<{ id: string; produto_id: string; numero: string; quantidade: string }>(
          tx,
          sql`select id, produto_id, numero, quantidade::text from lotes
               where id in (${sql.join(
                 loteIds.map((id) => sql`${id}::uuid`),
                 sql`, `,
               )})
               order by id for update`,
        );
  const lotePorId = new Map(lotesTravados.map((l) => [l.id, l]));

  const entradas: LinhaEstoque[] = [];
  const saidas: LinhaEstoque[] = [];
  input.itens.forEach((item, i) => {
    const p = byId.get(item.produtoId)!;
    const unidadeMedida = { sigla: p.sigla, permiteVendaFracionada: p.permiteVendaFracionada };
    const saldo = saldos.get(item.produtoId)!;
    const lote = item.loteId ? lotePorId.get(item.loteId) : undefined;
    if (item.loteId && (!lote || lote.produto_id !== item.produtoId)) {
      erro(`itens.${i}.loteId`, 'Lote não encontrado');
      return;
    }
    const q = quantidades[i]!;
    let delta: number;
    if (input.modo === 'contagem') delta = mil(q) - mil(lote ? num(lote.quantidade) : saldo.quantidade);
    else if (input.modo === 'entrada') delta = mil(q);
    else {
      delta = -mil(q);
      if (lote && mil(q) > mil(num(lote.quantidade)))
        erro(
          `itens.${i}.quantidade`,
          `O lote ${lote.numero} tem ${formatQuantidade(Math.max(0, num(lote.quantidade)), unidadeMedida)}`,
        );
      else if (!unidade.permiteEstoqueNegativo && mil(saldo.quantidade) + delta < 0)
        erro(
          `itens.${i}.quantidade`,
          `Estoque insuficiente de "${p.nome}": disponível ${formatQuantidade(Math.max(0, saldo.quantidade), unidadeMedida)}`,
        );
    }
    if (delta === 0) return;
    const quantidade = delta / 1000;
    if (delta > 0) {
      entradas.push({
        produtoId: item.produtoId,
        quantidade,
        custoUnitario: saldo.custoMedio > 0 ? saldo.custoMedio : num(p.precoCusto),
        ...(item.loteId ? { loteId: item.loteId } : {}),
        ...(item.lote
          ? {
              lotes: [
                {
                  numero: item.lote.numero,
                  dataFabricacao: item.lote.dataFabricacao,
                  dataValidade: item.lote.dataValidade,
                  quantidade,
                },
              ],
            }
          : {}),
      });
    } else saidas.push({ produtoId: item.produtoId, quantidade, ...(item.loteId ? { loteId: item.loteId } : {}) });
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const movimento = { origem: 'ajuste' as const, origemId, usuarioId, observacao: input.motivo };
  const depois = new Map<string, number>();
  for (const s of await movimentarEstoque(tx, entradas, { ...movimento, tipo: 'ajuste_entrada', permitirNegativo: true }))
    depois.set(s.produtoId, s.saldo);
  // A count sets what was counted (never below zero); a removal follows the unit's rule.
  const permitirNegativo = input.modo === 'contagem' || unidade.permiteEstoqueNegativo;
  for (const s of await movimentarEstoque(tx, saidas, { ...movimento, tipo: 'ajuste_saida', permitirNegativo }))
    depois.set(s.produtoId, s.saldo);

  const itens = input.itens.map((item) => {
    const saldoAnterior = saldos.get(item.produtoId)!.quantidade;
    return { produtoId: item.produtoId, saldoAnterior, saldo: depois.get(item.produtoId) ?? saldoAnterior };
  });
  await registrarAjuste(tx, input, origemId, itens, byId);
  return { movimentacoes: await listMovimentacoesDaOrigem(tx, 'ajuste', origemId), itens };
};

/** At most this many products go into an adjustment's audit event (the count says how many in all). */
export const MAX_ITENS_AUDITORIA = 200;

const ROTULO_MODO: Record<ModoAjusteEstoque, string> = {
  contagem: 'Contagem de estoque',
  entrada: 'Entrada manual de estoque',
  saida: 'Saída manual de estoque',
};

/**
 * The `EstoqueAjustado` event of an adjustment (nothing when no balance changed): entidade
 * 'ajuste_estoque', id = the adjustment's origem_id (the client's `chave` when sent);
 * descricao "Contagem de estoque (Inventário mensal): Ração X 10 UN → 8 UN"; antes/depois the
 * balance of each changed product in its unit (`itens`, the first MAX_ITENS_AUDITORIA, same
 * order), depois also `totalItens` and `diferenca` per product.
 */
const registrarAjuste = async (
  tx: Db,
  input: AjusteEstoqueInputParsed,
  origemId: string,
  itens: readonly { produtoId: string; saldoAnterior: number; saldo: number }[],
  produtosPorId: ReadonlyMap<string, { nome: string; sigla: string; permiteVendaFracionada: boolean }>,
): Promise<void> => {
  const vistos = new Set<string>();
  const mudados = itens.filter((i) => {
    if (vistos.has(i.produtoId) || mil(i.saldo) === mil(i.saldoAnterior)) return false;
    vistos.add(i.produtoId);
    return true;
  });
  if (mudados.length === 0) return;
  const linhas = mudados.map((i) => {
    const p = produtosPorId.get(i.produtoId)!;
    return { ...i, nome: p.nome, unidade: p.sigla, fmt: (q: number) => formatQuantidade(q, p) };
  });
  const resumo = linhas
    .slice(0, 3)
    .map((l) => `${l.nome} ${l.fmt(l.saldoAnterior)} → ${l.fmt(l.saldo)}`)
    .join('; ');
  const mais = linhas.length > 3 ? ` e mais ${linhas.length - 3} produto${linhas.length - 3 > 1 ? 's' : ''}` : '';
  const registrados = linhas.slice(0, MAX_ITENS_AUDITORIA);
  await registrarAuditoria(tx, {
    acao: 'EstoqueAjustado',
    entidade: 'ajuste_estoque',
    entidadeId: origemId,
    descricao: `${ROTULO_MODO[input.modo]} (${input.motivo}): ${resumo}${mais}`.slice(0, 1000),
    antes: {
      itens: registrados.map((l) => ({
        produtoId: l.produtoId,
        produto: l.nome,
        unidade: l.unidade,
        quantidade: l.saldoAnterior,
      })),
    },
    depois: {
      modo: input.modo,
      motivo: input.motivo,
      totalItens: linhas.length,
      itens: registrados.map((l) => ({
        produtoId: l.produtoId,
        produto: l.nome,
        unidade: l.unidade,
        quantidade: l.saldo,
        diferenca: (mil(l.saldo) - mil(l.saldoAnterior)) / 1000,
      })),
    },
  });
};
