/**
 * The guard and search params both point-of-sale routes share, apart from -pdv-compose.tsx so
 * that the route tree (in the entry chunk) does not pull the returns and open-register modals
 * into the first load (issue #22 item 8). (The '-' prefix keeps this file out of the route tree.)
 */
import { PERMISSOES } from '@petshop/shared/permissoes';
import { requirePermissao } from '#lib/access/require-access.ts';
import { enumParam, searchSchema, stringParam } from '#lib/list/search-params.ts';

/** Sales or quotes: a receptionist (orcamentos only) opens the till on the quote tab. */
export const requirePdv = (): void => requirePermissao(PERMISSOES.vendas, PERMISSOES.orcamentos);

export const pdvSearchSchema = searchSchema({ tab: enumParam(['venda', 'orcamento']), returnTo: stringParam });
