/**
 * Payment methods (*formas de pagamento*, DOMAIN.md §7): the kinds the till and finance know.
 * Issue #4 item 1. The CRUD contract of the settings screen lives below the kinds.
 */

/** Kinds of payment method, with how the till and finance treat each. */
export const TIPOS_FORMA_PAGAMENTO = [
  'dinheiro',
  'pix',
  'cartao_debito',
  'cartao_credito',
  'boleto',
  'credito_cliente',
  'a_prazo',
] as const;
export type TipoFormaPagamento = (typeof TIPOS_FORMA_PAGAMENTO)[number];

export const TIPO_FORMA_PAGAMENTO_LABEL: Record<TipoFormaPagamento, string> = {
  dinheiro: 'Dinheiro',
  pix: 'PIX',
  cartao_debito: 'Cartão de débito',
  cartao_credito: 'Cartão de crédito',
  boleto: 'Boleto',
  credito_cliente: 'Crédito do cliente',
  a_prazo: 'A prazo',
};

/** Kinds that can take more than one installment. */
export const TIPOS_PARCELAVEIS: readonly TipoFormaPagamento[] = ['cartao_credito', 'a_prazo', 'boleto'];
/** Kinds that need an identified customer on the sale (DOMAIN.md §6). */
export const TIPOS_EXIGEM_CLIENTE: readonly TipoFormaPagamento[] = ['credito_cliente', 'a_prazo'];
/** Kinds that become receivables (*receitas*) when the sale is finalised. */
export const TIPOS_GERAM_RECEITA: readonly TipoFormaPagamento[] = ['pix', 'cartao_debito', 'cartao_credito', 'boleto', 'a_prazo'];
