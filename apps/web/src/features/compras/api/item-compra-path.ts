/** The path of an action on one imported line of a draft purchase (vincular, criar-produto). */
export const itemPath = (compraId: string, itemId: string, acao: string) =>
  `/compras/${encodeURIComponent(compraId)}/itens/${encodeURIComponent(itemId)}/${acao}`;
