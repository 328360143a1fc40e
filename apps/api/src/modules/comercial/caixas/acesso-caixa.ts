/**
 * Who may act on a register (DOMAIN.md §1, §6): its own cashier always; anyone else only
 * with the `caixa.fechar` permission in the unit (a supervisor closing or covering a
 * colleague's register). The register must be in the request's unit (RLS: otherwise 404).
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PERMISSOES, perfilPode, type Permissao } from '@petshop/shared/permissoes';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { forbidden, notFound, unauthorized } from '../../../lib/errors.ts';
import { CAIXA_NAO_ENCONTRADO } from './caixa-ledger.ts';
import { podeVerEsperado } from './fechamento-cego.ts';

/** The user acting on a register, with what their profile in the selected unit allows. */
export type AtorCaixa = {
  usuarioId: string;
  /** `caixa.fechar` in the unit: may act on other cashiers' registers. */
  podeOperarDeOutros: boolean;
  /**
   * May see expected amounts under a blind closing (fechamento-cego.ts `podeVerEsperado`).
   * Absent: yes (internal callers).
   */
  veEsperado?: boolean;
};

/** Whether the request's profile in its selected unit holds `permissao`. */
const permissaoDaRequisicao =
  (request: FastifyRequest) =>
  (permissao: Permissao): boolean => {
    const perfilId = request.auth?.unidades.find((u) => u.unidadeNegocioId === request.unidadeNegocioId)?.perfilId;
    return perfilPode(perfilId, permissao);
  };

/** The actor of a signed-in request (profile of the selected unit). */
export const atorCaixa = (request: FastifyRequest): AtorCaixa => {
  if (!request.auth) throw unauthorized();
  return {
    usuarioId: request.auth.usuarioId,
    podeOperarDeOutros: permissaoDaRequisicao(request)(PERMISSOES.caixaFechar),
    veEsperado: podeVerEsperado(request),
  };
};

export const SO_O_OPERADOR =
  'Só o operador deste caixa ou um usuário com permissão de fechar caixas pode movimentá-lo ou fechá-lo';

/** 403 unless `ator` is the register's cashier or may act on others' registers. */
export const assertAcessoAoCaixa = (ator: AtorCaixa, usuarioDoCaixa: string): void => {
  if (usuarioDoCaixa !== ator.usuarioId && !ator.podeOperarDeOutros) throw forbidden(SO_O_OPERADOR);
};

export type CaixaTravado = { id: string; numero: number; status: string; usuarioId: string };

/**
 * Reads register `caixaId` of the unit with a row lock (`for update`: closing and cash-out
 * movements, which must not interleave with each other) and checks the actor may act on it.
 * 404 outside the unit, 403 for someone else's register without caixa.fechar. The caller
 * checks the status (closed → CAIXA_FECHADO).
 */
export const lockCaixaParaAtor = async (tx: Db, caixaId: string, ator: AtorCaixa): Promise<CaixaTravado> => {
  const [row] = await queryRows<{ id: string; numero: string | number; status: string; usuario_id: string }>(
    tx,
    sql`select id, numero, status, usuario_id from caixas where id = ${caixaId} for update`,
  );
  if (!row) throw notFound(CAIXA_NAO_ENCONTRADO);
  assertAcessoAoCaixa(ator, row.usuario_id);
  return { id: row.id, numero: Number(row.numero), status: row.status, usuarioId: row.usuario_id };
};
