/**
 * Search params of /relatorios/novos-clientes (issue #20): the reports' common ones
 * (relatorioSearchSchema) plus `comoConheceu` (the answer, or 'Não informado'); anything else is
 * dropped (the URL never breaks the screen).
 */
import { z } from 'zod';
import { relatorioSearchSchema } from '../relatorio-search.ts';

export const novosClientesSearchSchema = relatorioSearchSchema.extend({
  comoConheceu: z.string().trim().min(1).max(60).optional().catch(undefined),
});
export type NovosClientesSearch = z.output<typeof novosClientesSearchSchema>;
