/**
 * The calendar's views and groupings (/atendimentos/ `?visao=` and `?recurso=`), apart from
 * periodo.ts: the route's search params (in the entry chunk) need them, and periodo.ts imports
 * dayjs, which must stay off the login page (issue #22 item 8).
 */
export const VISOES = ['dia', 'semana', 'lista'] as const;
export type Visao = (typeof VISOES)[number];
export const AGRUPAMENTOS = ['box', 'sala', 'profissional'] as const;
export type Agrupamento = (typeof AGRUPAMENTOS)[number];
