/**
 * Search params of the bath-and-grooming report screens (issue #20): the reports' common ones
 * (relatorioSearchSchema: page, pageSize, query, dataInicio, dataFim, produtoId) plus, for
 * /relatorios/banho-tosa-por-periodo, the appointment type and the status. An invalid value is
 * dropped (the URL never breaks the screen).
 */
import { STATUS_ATENDIMENTO_IDS } from '@petshop/shared/agenda';
import { z } from 'zod';
import { relatorioSearchSchema } from '../relatorio-search.ts';

export const banhoTosaPorPeriodoSearchSchema = relatorioSearchSchema.extend({
  tipoAtendimentoId: z.uuid().optional().catch(undefined),
  status: z.enum(STATUS_ATENDIMENTO_IDS).optional().catch(undefined),
});
export type BanhoTosaPorPeriodoSearch = z.output<typeof banhoTosaPorPeriodoSearchSchema>;
