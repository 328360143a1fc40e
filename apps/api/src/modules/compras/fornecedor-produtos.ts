/**
 * The supplier-code memory (`fornecedor_produtos`, tenant-wide; DOMAIN.md §5): which product
 * a supplier's own code (cProd) is, and how many shop units one supplier unit holds
 * (1 CX = 12 UN → 12). Learned when an item is linked, a product is created from an item or a
 * purchase is finalised; used by the next import of that supplier's invoices.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fornecedorProdutos } from '../../db/schema/index.ts';

export type MemoriaFornecedor = {
  fornecedorId: string;
  codigoFornecedor: string;
  produtoId: string;
  unidadeFornecedor: string | null;
  /** numeric text, 4 decimals ('12.0000'). */
  fatorConversao: string;
};

/** Upserts each (supplier, code) → product + unit + factor; the latest wins. */
export const lembrarFornecedorProdutos = async (tx: Db, memorias: readonly MemoriaFornecedor[]): Promise<void> => {
  // One row per (supplier, code) in a statement: the last one given wins.
  const unicas = new Map(memorias.map((m) => [`${m.fornecedorId}|${m.codigoFornecedor}`, m] as const));
  if (unicas.size === 0) return;
  await tx
    .insert(fornecedorProdutos)
    .values(
      [...unicas.values()].map((m) => ({
        fornecedorId: m.fornecedorId,
        codigoFornecedor: m.codigoFornecedor,
        produtoId: m.produtoId,
        unidadeFornecedor: m.unidadeFornecedor,
        fatorConversao: m.fatorConversao,
      })),
    )
    .onConflictDoUpdate({
      target: [fornecedorProdutos.fornecedorId, fornecedorProdutos.codigoFornecedor],
      set: {
        produtoId: sql`excluded.produto_id`,
        unidadeFornecedor: sql`excluded.unidade_fornecedor`,
        fatorConversao: sql`excluded.fator_conversao`,
        updatedAt: sql`now()`,
      },
    });
};

/** What the memory says of a supplier's codes: code → product and factor (absent codes are unknown). */
export const listLembrancasFornecedor = async (
  tx: Db,
  fornecedorId: string,
  codigos: readonly string[],
): Promise<Map<string, { produtoId: string; fatorConversao: number }>> => {
  const unicos = [...new Set(codigos.filter(Boolean))];
  if (unicos.length === 0) return new Map();
  const rows = await tx
    .select({
      codigo: fornecedorProdutos.codigoFornecedor,
      produtoId: fornecedorProdutos.produtoId,
      fatorConversao: fornecedorProdutos.fatorConversao,
    })
    .from(fornecedorProdutos)
    .where(and(eq(fornecedorProdutos.fornecedorId, fornecedorId), inArray(fornecedorProdutos.codigoFornecedor, unicos)));
  return new Map(rows.map((r) => [r.codigo, { produtoId: r.produtoId, fatorConversao: Number(r.fatorConversao) }] as const));
};
