/**
 * Search params of /relatorios/novos-clientes (issue #20): the reports' common ones
 * (relatorioSearchSchema) plus `comoConheceu` (the answer, or 'Não informado'); anything else is
 * dropped (the URL never breaks the screen).
 */
import { textParam, type SearchOf } from '#lib/list/search-params.ts';
import { relatorioSearchSchema } from '../relatorio-search.ts';

export const novosClientesSearchSchema = relatorioSearchSchema.extend({
  comoConheceu: textParam(60),
});
export type NovosClientesSearch = SearchOf<typeof novosClientesSearchSchema>;
