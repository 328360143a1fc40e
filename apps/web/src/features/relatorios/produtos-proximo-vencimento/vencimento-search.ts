/**
 * Search params of /relatorios/produtos-proximos-vencimento (issue #20): the reports' common ones
 * (relatorioSearchSchema: page, pageSize, query, produtoId; no period) plus `dias` (1–365; absent
 * → the API's 60), `situacao` (todos | vencidos | a_vencer; absent → todos) and `categoriaId`.
 * An invalid value is dropped (the URL never breaks the screen).
 */
import { SITUACOES_VENCIMENTO, VENCIMENTO_DIAS_MAXIMO } from '@petshop/shared/relatorios-estoque';
import { z } from 'zod';
import { relatorioSearchSchema } from '../relatorio-search.ts';

export const vencimentoSearchSchema = relatorioSearchSchema.extend({
  dias: z.coerce.number().int().min(1).max(VENCIMENTO_DIAS_MAXIMO).optional().catch(undefined),
  situacao: z.enum(SITUACOES_VENCIMENTO).optional().catch(undefined),
  categoriaId: z.uuid().optional().catch(undefined),
});
export type VencimentoSearch = z.output<typeof vencimentoSearchSchema>;
