/**
 * POST /api/fiscal/produto-situacao (issue #18 item 7): fixes the fiscal data of many products
 * at once, from /fiscal/situacao-fiscal-produtos/.
 *
 * Rules:
 * - every listed product gets its whole fiscal data (`fiscalProdutoInputSchema`: CFOP defaults
 *   to 5102, origem to '0'), in the caller's transaction: all or nothing;
 * - an id that is not a product of the tenant → 404 (row-level security hides other tenants');
 *   an id listed twice → 400 `produtos.{i}.id`;
 * - a value that is GIVEN but invalid for an NFC-e of the selected unit's regime (CFOP 5949,
 *   NCM 00000000, CFOP 5405 without CSOSN 500…, `problemasFiscais` of
 *   @petshop/shared/situacao-fiscal) → 400 `produtos.{i}.fiscal.{campo}`; what is still
 *   MISSING is accepted (a partial fix is saved) and comes back in the answer's `problemas`;
 * - saving the same data again changes nothing else (a retried request is harmless).
 */
import { inArray, sql } from 'drizzle-orm';
import type { ApiErrors } from '@petshop/shared/http';
import type { ProdutoSituacao, SalvarProdutosSituacaoInput } from '@petshop/shared/fiscal';
import { problemasFiscais, type Crt, type ProdutoFiscal } from '@petshop/shared/situacao-fiscal';
import type { Db } from '../../db/client.ts';
import { produtos } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { listProdutosSituacaoPorIds } from './produto-situacao-repository.ts';

type FiscalInput = SalvarProdutosSituacaoInput['produtos'][number]['fiscal'];

/** The stored shape (digits or null) of a parsed fiscal input. */
const fiscalValues = (f: FiscalInput) => ({
  ncm: f.ncm ?? null,
  cest: f.cest ?? null,
  cfop: f.cfop,
  origem: f.origem,
  csosn: f.csosn ?? null,
  cst: f.cst ?? null,
  pisCst: f.pisCst ?? null,
  cofinsCst: f.cofinsCst ?? null,
});

/**
 * Saves `input.produtos`' fiscal data for a unit with `crt` (its rules above) and answers the
 * products as they are now, with their status, in the input's order.
 */
export const salvarProdutosSituacao = async (
  tx: Db,
  crt: Crt,
  input: SalvarProdutosSituacaoInput,
): Promise<ProdutoSituacao[]> => {
  const errors: ApiErrors = {};
  const seen = new Set<string>();
  input.produtos.forEach((p, i) => {
    if (seen.has(p.id)) (errors[`produtos.${i}.id`] ??= []).push('Produto repetido na lista');
    seen.add(p.id);
  });
  if (Object.keys(errors).length > 0) throw new AppError(400, errors);

  const ids = [...seen];
  // Locked: two saves of the same products run one after the other.
  const existentes = await tx
    .select({ id: produtos.id, tipo: produtos.tipo })
    .from(produtos)
    .where(inArray(produtos.id, ids))
    .for('update');
  const tipos = new Map(existentes.map((p) => [p.id, p.tipo]));
  const faltando = ids.filter((id) => !tipos.has(id));
  if (faltando.length > 0)
    throw notFound(faltando.length === 1 ? 'Produto não encontrado' : `${faltando.length} produtos não encontrados`);

  const valores = input.produtos.map((p) => ({ id: p.id, ...fiscalValues(p.fiscal) }));
  valores.forEach((v, i) => {
    const produto: ProdutoFiscal = { ...v, tipo: tipos.get(v.id)! };
    for (const problema of problemasFiscais(produto, crt)) {
      const valor = produto[problema.campo as keyof ProdutoFiscal];
      if (valor != null && valor !== '') (errors[`produtos.${i}.fiscal.${problema.campo}`] ??= []).push(problema.mensagem);
    }
  });
  if (Object.keys(errors).length > 0) throw new AppError(400, errors);

  // One statement for the whole list.
  const linhas = valores.map(
    (v) =>
      sql`(${v.id}::uuid, ${v.ncm}::text, ${v.cest}::text, ${v.cfop}::text, ${v.origem}::text, ${v.csosn}::text, ${v.cst}::text, ${v.pisCst}::text, ${v.cofinsCst}::text)`,
  );
  await tx.execute(sql`update ${produtos} p set
      ncm = v.ncm, cest = v.cest, cfop = v.cfop, origem = v.origem, csosn = v.csosn, cst = v.cst,
      pis_cst = v.pis_cst, cofins_cst = v.cofins_cst, updated_at = now()
    from (values ${sql.join(linhas, sql`, `)}) as v(id, ncm, cest, cfop, origem, csosn, cst, pis_cst, cofins_cst)
    where p.id = v.id`);
  return listProdutosSituacaoPorIds(tx, crt, ids);
};
