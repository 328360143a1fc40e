/**
 * Search params of the bath-and-grooming report screens (issue #20): the reports' common ones
 * (relatorioSearchSchema: page, pageSize, query, dataInicio, dataFim, produtoId) plus, for
 * /relatorios/banho-tosa-por-periodo, the appointment type and the status. An invalid value is
 * dropped (the URL never breaks the screen).
 */
import { STATUS_ATENDIMENTO_IDS } from '#lib/contrato-valores.ts';
import { enumParam, uuidParam, type SearchOf } from '#lib/list/search-params.ts';
import { relatorioSearchSchema } from '../relatorio-search.ts';

export const banhoTosaPorPeriodoSearchSchema = relatorioSearchSchema.extend({
  tipoAtendimentoId: uuidParam,
  status: enumParam(STATUS_ATENDIMENTO_IDS),
});
export type BanhoTosaPorPeriodoSearch = SearchOf<typeof banhoTosaPorPeriodoSearchSchema>;
