/**
 * Who is acting at the till: the signed-in user and what the selected unit's profile lets
 * them do. Routes of the point of sale accept either `vendas` or `orcamentos` (a receptionist
 * quotes, a cashier sells); the use cases check the specific one for the record they write
 * (spec §6, DOMAIN.md §1).
 */
import type { FastifyRequest } from 'fastify';
import { PERMISSOES, perfilPode, type Permissao } from '@petshop/shared/permissoes';
import type { TipoVenda } from '@petshop/shared/venda';
import { forbidden, unauthorized } from '../../lib/errors.ts';

export type PdvContexto = {
  usuarioId: string;
  /** Whether the selected unit's profile holds `permissao`. */
  pode: (permissao: Permissao) => boolean;
  /** A number reserved for the sale before its transaction (new sales only), else taken inside. */
  numeroVenda?: number | undefined;
};

/** The acting user of a signed-in request with a selected unit. */
export const contextoPdv = (request: FastifyRequest): PdvContexto => {
  const auth = request.auth;
  if (!auth) throw unauthorized();
  const perfilId = auth.unidades.find((u) => u.unidadeNegocioId === request.unidadeNegocioId)?.perfilId;
  return { usuarioId: auth.usuarioId, pode: (permissao) => perfilPode(perfilId, permissao) };
};

/** 403 unless the user may write records of `tipo`: sales need `vendas`, quotes `orcamentos`. */
export const assertPermissaoTipo = (ctx: PdvContexto, tipo: TipoVenda): void => {
  if (tipo === 'Venda' && !ctx.pode(PERMISSOES.vendas)) throw forbidden('Você não tem permissão para vender');
  if (tipo === 'Orcamento' && !ctx.pode(PERMISSOES.orcamentos)) throw forbidden('Você não tem permissão para fazer orçamentos');
};

/** 403 unless the user holds `vendas` (payments, returns, turning a quote into a sale). */
export const assertVendas = (ctx: PdvContexto): void => assertPermissaoTipo(ctx, 'Venda');
