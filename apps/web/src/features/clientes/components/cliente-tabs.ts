/**
 * The tabs of /clientes/{clienteId}/ (the route's `tab` search param), apart from
 * cliente-detail.tsx so that the route tree does not pull the customer screen into the entry
 * chunk (issue #22 item 8).
 */
export const CLIENTE_TABS = ['dados', 'pets', 'pacotes', 'vendas-em-aberto', 'resumo'] as const;
export type ClienteTab = (typeof CLIENTE_TABS)[number];
