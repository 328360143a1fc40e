/**
 * Reads returns of the scope's unit (row-level security keeps other units and tenants out)
 * as `devolucaoSchema`: number, date, the sale, customer, operator, refund kind, reason,
 * register, total and items (product as sold, unit, quantity, unit value, total; reais).
 */
import { asc, eq } from 'drizzle-orm';
import type { Devolucao, TipoReembolso } from '@petshop/shared/devolucao';
import type { Db } from '../../../db/client.ts';
import { devolucaoItens, devolucoes, pessoas, usuarios, vendaItens, vendas } from '../../../db/schema/index.ts';
import { num } from '../../../db/rows.ts';
import { notFound } from '../../../lib/errors.ts';

export const DEVOLUCAO_NAO_ENCONTRADA = 'Devolução não encontrada';

/** One return with its items, or null when it is not in the scope's unit. */
export const findDevolucao = async (tx: Db, id: string): Promise<Devolucao | null> => {
  const [row] = await tx
    .select({
      devolucao: devolucoes,
      vendaNumero: vendas.numero,
      cliente: { id: pessoas.id, nome: pessoas.nome },
      usuarioNome: usuarios.nome,
    })
    .from(devolucoes)
    .innerJoin(vendas, eq(vendas.id, devolucoes.vendaId))
    .innerJoin(usuarios, eq(usuarios.id, devolucoes.usuarioId))
    .leftJoin(pessoas, eq(pessoas.id, devolucoes.clienteId))
    .where(eq(devolucoes.id, id));
  if (!row) return null;
  const d = row.devolucao;
  const itens = await tx
    .select({ item: devolucaoItens, descricao: vendaItens.descricao, unidadeSigla: vendaItens.unidadeSigla })
    .from(devolucaoItens)
    .innerJoin(vendaItens, eq(vendaItens.id, devolucaoItens.vendaItemId))
    .where(eq(devolucaoItens.devolucaoId, id))
    .orderBy(asc(vendaItens.ordem), asc(devolucaoItens.id));
  return {
    id: d.id,
    numero: d.numero,
    createdAt: d.createdAt.toISOString(),
    venda: { id: d.vendaId, numero: row.vendaNumero },
    cliente: row.cliente,
    usuario: { id: d.usuarioId, nome: row.usuarioNome },
    reembolso: d.reembolso as TipoReembolso,
    motivo: d.motivo,
    caixaId: d.caixaId,
    valorTotal: num(d.valorTotal),
    itens: itens.map(({ item: i, descricao, unidadeSigla }) => ({
      id: i.id,
      vendaItemId: i.vendaItemId,
      produtoId: i.produtoId,
      descricao,
      unidadeSigla,
      quantidade: num(i.quantidade),
      valorUnitario: num(i.valorUnitario),
      valorTotal: num(i.valorTotal),
    })),
  };
};

/** Like `findDevolucao`, 404 'Devolução não encontrada' when absent. */
export const getDevolucao = async (tx: Db, id: string): Promise<Devolucao> => {
  const devolucao = await findDevolucao(tx, id);
  if (!devolucao) throw notFound(DEVOLUCAO_NAO_ENCONTRADA);
  return devolucao;
};
