/**
 * Blind register closing (*fechamento de caixa cego*, issue #15): when the unit's
 * `fechamento_cego` is on, the cashier counts the drawer without knowing what the system
 * expects, so a short drawer cannot be "fixed" to match. Enforced here, on every answer that
 * carries an expected amount (register list and detail, opening, closing, the movements'
 * period totals, the closing report), not only on the screen.
 *
 * Who still sees expected amounts and differences: a profile with `caixa.fechar` (manager,
 * administrator: they close and check others' registers) or `financeiro` (the back office
 * reconciles registers and never counts a drawer). Everyone else reading a register of a blind
 * unit gets them as null, with `fechamentoCego: true`. The stored conferência is untouched.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  Caixa,
  CaixaResumo,
  ListCaixasQuery,
  ListMovimentacoesCaixaQuery,
  MovimentacoesCaixaPage,
} from '@petshop/shared/caixa';
import { PERMISSOES, perfilPode } from '@petshop/shared/permissoes';
import type { Db } from '../../../db/client.ts';
import { unidadesNegocio } from '../../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../../db/schema/tenancy.ts';
import { formaConferida, getCaixa, listCaixas, listMovimentacoesCaixa } from './caixas-repository.ts';

/** Whether the request's profile in its selected unit may see expected amounts of registers. */
export const podeVerEsperado = (request: FastifyRequest): boolean => {
  const perfilId = request.auth?.unidades.find((u) => u.unidadeNegocioId === request.unidadeNegocioId)?.perfilId;
  return perfilPode(perfilId, PERMISSOES.caixaFechar) || perfilPode(perfilId, PERMISSOES.financeiro);
};

/** Whether the scope's unit closes registers blind (false when it has no unit). */
export const unidadeFechaCego = async (tx: Db): Promise<boolean> => {
  const [row] = await tx
    .select({ fechamentoCego: unidadesNegocio.fechamentoCego })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  return row?.fechamentoCego ?? false;
};

/**
 * Whether expected amounts are withheld from this reader in the scope's unit: the unit closes
 * blind and the reader may not see them. Skips the read when the reader may see them anyway.
 */
export const esperadoOculto = async (tx: Db, veEsperado: boolean): Promise<boolean> =>
  !veEsperado && (await unidadeFechaCego(tx));

/** A register summary with the expected amounts and the difference nulled (`fechamentoCego: true`). */
export const ocultarResumo = <T extends CaixaResumo>(caixa: T): T => ({
  ...caixa,
  entradas: null,
  saidas: null,
  saldoDinheiro: null,
  valorEsperado: null,
  diferenca: null,
  fechamentoCego: true,
});

/**
 * A full register as a blind reader sees it: what was counted stays; expected amounts and
 * differences go, and so does the "counted" of a method not counted at the till (customer
 * credit, a prazo, boleto: it closes as expected, so it would be the expected amount).
 */
export const ocultarCaixa = (caixa: Caixa): Caixa => ({
  ...ocultarResumo(caixa),
  totaisPorForma: caixa.totaisPorForma.map((t) => ({
    ...t,
    entradas: null,
    saidas: null,
    esperado: null,
    contado: t.conferir ? t.contado : null,
    diferenca: null,
  })),
  conferencia:
    caixa.conferencia?.map((c) => ({
      ...c,
      esperado: null,
      contado: formaConferida(c.tipo) ? c.contado : null,
      diferenca: null,
    })) ?? null,
});

/** `caixa` as the reader may see it (`oculto`: from esperadoOculto). */
export const caixaParaLeitor = (caixa: Caixa, oculto: boolean): Caixa => (oculto ? ocultarCaixa(caixa) : caixa);

/** The movements page without the period totals for a blind reader. */
export const movimentacoesParaLeitor = (page: MovimentacoesCaixaPage, oculto: boolean): MovimentacoesCaixaPage =>
  oculto ? { ...page, resumo: null } : page;

/**
 * Register `id` (404 when absent) as the reader may see it: under a blind closing without
 * expected amounts unless `veEsperado`.
 */
export const getCaixaParaLeitor = async (tx: Db, id: string, veEsperado: boolean): Promise<Caixa> => {
  const caixa = await getCaixa(tx, id);
  return caixaParaLeitor(caixa, await esperadoOculto(tx, veEsperado));
};

/** A page of registers as the reader may see it (see `getCaixaParaLeitor`). */
export const listCaixasParaLeitor = async (tx: Db, query: ListCaixasQuery, veEsperado: boolean) => {
  const page = await listCaixas(tx, query);
  return (await esperadoOculto(tx, veEsperado)) ? { ...page, items: page.items.map(ocultarResumo) } : page;
};

/** A page of register movements as the reader may see it (see `getCaixaParaLeitor`). */
export const listMovimentacoesCaixaParaLeitor = async (
  tx: Db,
  query: ListMovimentacoesCaixaQuery,
  veEsperado: boolean,
): Promise<MovimentacoesCaixaPage> =>
  movimentacoesParaLeitor(await listMovimentacoesCaixa(tx, query), await esperadoOculto(tx, veEsperado));
