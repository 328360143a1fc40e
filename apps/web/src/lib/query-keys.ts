/**
 * Query keys of every server resource, in one place so a mutation in one feature can
 * invalidate exactly what another feature reads (features never import each other).
 * Shape: [area, resource, 'list' | 'detail', params]; a write refreshes by prefix
 * (['comercial'] covers sales, registers and the till; ['financeiro'] every finance read;
 * ['estoque'] every stock read). A list's params are the ones the API reads (its
 * `…QueryParams` beside the endpoint), so one filter is one cache entry.
 */
import type { ListQuery } from '@petshop/shared/http';

export type ListParams = ListQuery & Record<string, string | number | boolean | undefined>;

/** The finance resource of a title, as its API path spells it. */
export type TipoTitulo = 'despesas' | 'receitas';

const resource = <const A extends string, const R extends string>(area: A, name: R) => {
  const all = [area, name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: <const P extends object>(params: P) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
};

const pessoas = resource('pessoal', 'pessoas');
const produtos = resource('inventario', 'produtos');
const estoques = resource('estoque', 'estoques');
const pdv = resource('comercial', 'pdv');
const vendas = resource('comercial', 'vendas');

export const queryKeys = {
  /** The prefixes a write refreshes as a whole. */
  area: {
    comercial: ['comercial'] as const,
    estoque: ['estoque'] as const,
    financeiro: ['financeiro'] as const,
  },
  /** GET /auth/me: the session user. */
  me: ['auth', 'me'] as const,
  /** GET /auth/perfis. */
  perfis: ['auth', 'perfis'] as const,
  usuarios: resource('auth', 'usuarios'),
  unidadesNegocio: resource('geral', 'unidades-negocio'),
  tenants: resource('manager', 'tenants'),
  pessoas: {
    ...pessoas,
    /** GET /pessoal/pessoas/{id}/resumo. */
    resumo: (id: string) => [...pessoas.detail(id), 'resumo'] as const,
    /** GET /comercial/vendas/em-aberto?clienteId (the customer's open sales). */
    vendasEmAberto: (id: string) => [...pessoas.detail(id), 'vendas-em-aberto'] as const,
    /** GET /pessoal/pessoas/{id}/lgpd/anonimizacao (since when the customer is anonymised). */
    anonimizacao: (id: string) => [...pessoas.detail(id), 'anonimizacao'] as const,
  },
  pets: resource('animal', 'pets'),
  especies: resource('animal', 'especies'),
  racas: resource('animal', 'racas'),
  pelagens: resource('animal', 'pelagens'),
  produtos: {
    ...produtos,
    /** GET /inventario/produtos/busca-pdv?q= (the till's search). */
    buscaPdv: (q: string) => [...produtos.all, 'busca-pdv', q] as const,
    /** The purchase screen's product search. */
    buscaCompra: (q: string) => [...produtos.all, 'busca-compra', q] as const,
  },
  marcas: resource('inventario', 'marcas'),
  categoriasProduto: resource('inventario', 'categorias-produto'),
  unidadesMedida: resource('inventario', 'unidades-medida'),
  fornecedores: resource('inventario', 'fornecedores'),
  /** GET /estoques (position of the unit) and /estoques/resumo; every stock write refreshes ['estoque']. */
  estoques: {
    ...estoques,
    resumo: <const P extends object>(params: P) => [...estoques.all, 'resumo', params] as const,
    busca: (termo: string) => [...estoques.all, 'busca', termo] as const,
  },
  /** GET /estoques/movimentacoes (the ledger). */
  movimentacoesEstoque: resource('estoque', 'movimentacoes'),
  /** GET /estoques/lotes (lots and expiry). */
  lotes: resource('estoque', 'lotes'),
  /** GET /compras and /compras/{id} (purchases; the summary under the detail). */
  compras: {
    ...resource('compras', 'compras'),
    resumo: (id: string) => ['compras', 'compras', 'detail', id, 'resumo'] as const,
  },
  /** GET /comercial/vendas (the sales list) and /comercial/vendas/resumo-venda. */
  vendas: {
    ...vendas,
    resumo: <const P extends object>(filtro: P) => [...vendas.all, 'resumo', filtro] as const,
  },
  /** The till: GET /comercial/pdv/{id} (the sale, also read by returns), the open sales and quotes, its registers. */
  pdv: {
    ...pdv,
    /** GET /comercial/pdv/obter-caixas-para-pdv. */
    caixas: () => [...pdv.all, 'caixas'] as const,
  },
  devolucoes: resource('comercial', 'devolucoes'),
  caixas: resource('comercial', 'caixas'),
  movimentacoesCaixa: resource('comercial', 'movimentacoes-caixa'),
  formasPagamento: resource('financeiro', 'formas-pagamento'),
  contas: {
    ...resource('financeiro', 'contas'),
    /** GET /financeiro/contas/saldo. */
    saldo: ['financeiro', 'contas', 'saldo'] as const,
  },
  categoriasFinanceiras: resource('financeiro', 'categorias-financeiro'),
  /** GET /financeiro/movimentacoes?contaId (an account's statement). */
  movimentacoesFinanceiro: resource('financeiro', 'movimentacoes'),
  creditoCliente: {
    all: ['financeiro', 'credito-cliente'] as const,
    /** GET /financeiro/credito-cliente/{pessoaId}/creditos. */
    lancamentos: <const P extends object>(pessoaId: string, params: P) =>
      ['financeiro', 'credito-cliente', 'list', pessoaId, params] as const,
    /** GET /financeiro/credito-cliente/{pessoaId}/total (the till and the customer read it). */
    total: (pessoaId: string) => ['financeiro', 'credito-cliente', 'total', pessoaId] as const,
  },
  /** GET /financeiro/despesas and /financeiro/receitas; every write of these screens refreshes ['financeiro']. */
  titulos: {
    lists: (tipo: TipoTitulo) => ['financeiro', tipo, 'list'] as const,
    list: <const P extends object>(tipo: TipoTitulo, params: P) => ['financeiro', tipo, 'list', params] as const,
    detail: (tipo: TipoTitulo, id: string) => ['financeiro', tipo, 'detail', id] as const,
  },
  /** GET /financeiro/recebimentos/resumo. */
  recebimentosResumo: <const P extends object>(params: P) => ['financeiro', 'recebimentos', 'resumo', params] as const,
  recorrencias: resource('financeiro', 'recorrencias'),
  /** GET /financeiro/resumo?mes (the owner's overview). */
  resumoFinanceiro: (mes: string) => ['financeiro', 'resumo', mes] as const,
  /** GET /third/cep/{cep}. */
  cep: (cep: string) => ['third', 'cep', cep] as const,
  /** Every agenda read: an appointment write refreshes ['agenda'] (calendar, board, lists). */
  agenda: ['agenda'] as const,
  tiposAtendimento: resource('agenda', 'tipos-atendimento'),
  salas: resource('agenda', 'salas'),
  boxes: resource('agenda', 'boxes'),
  /** GET /agenda/configuracoes (the selected unit's). */
  agendaConfiguracoes: ['agenda', 'configuracoes'] as const,
  atendimentos: resource('agenda', 'atendimentos'),
  /** GET /agenda/eventos and /eventos/clinica with their range and filters. */
  eventos: <const P extends object>(params: P) => ['agenda', 'eventos', params] as const,
  /** GET /pessoal/pessoas/{id}/pacotes and /animal/pets/{id}/pacotes (a sale or a booking refreshes ['pacotes']). */
  pacotes: {
    all: ['pacotes'] as const,
    daPessoa: (pessoaId: string) => ['pacotes', 'pessoa', pessoaId] as const,
    doPet: (petId: string) => ['pacotes', 'pet', petId] as const,
  },
  /** Every fiscal read: an emission, retry, cancellation or inutilização refreshes ['fiscal'] (list, sale status). */
  fiscal: ['fiscal'] as const,
  documentosFiscais: {
    list: <const P extends object>(params: P) => ['fiscal', 'documentos', 'list', params] as const,
    detail: (id: string) => ['fiscal', 'documentos', 'detail', id] as const,
    /** GET /fiscal/documentos?vendaId: the sale's documents (the till and the sale's detail). */
    daVenda: (vendaId: string) => ['fiscal', 'documentos', 'venda', vendaId] as const,
  },
  /** GET /fiscal/produto-situacao (a product's fiscal edit refreshes ['fiscal', 'produto-situacao'] and ['produtos']). */
  produtoSituacao: <const P extends object>(params: P) => ['fiscal', 'produto-situacao', params] as const,
  /** GET /vendas/{id}/pix: the BR Code of the sale's open amount. */
  pixVenda: (vendaId: string, valor: string) => ['vendas', vendaId, 'pix', valor] as const,
  /** Every clinic read: a record, a dose or a document written refreshes ['clinica'] (chart, lists, doses due). */
  clinica: ['clinica'] as const,
  vacinas: resource('clinica', 'vacinas'),
  protocolosVacina: resource('clinica', 'protocolos'),
  modelosDocumento: resource('clinica', 'modelos-documento'),
  /** GET /clinicas/ficha-animal?petId. */
  fichaAnimal: (petId: string) => ['clinica', 'ficha-animal', petId] as const,
  /** GET /clinica/registros with its filters (petId, tipo, page). */
  registrosClinicos: <const P extends object>(params: P) => ['clinica', 'registros', params] as const,
  /** GET /clinica/registros/historico-peso?petId. */
  historicoPeso: (petId: string) => ['clinica', 'historico-peso', petId] as const,
  /** GET /clinica/planejamentos with its filters. */
  planejamentosVacina: <const P extends object>(params: P) => ['clinica', 'planejamentos', params] as const,
  /** GET /clinica/planejamentos/doses-devidas?dias. */
  dosesDevidas: (dias: number) => ['clinica', 'doses-devidas', dias] as const,
  /**
   * GET /relatorios/{id} with its filters (issue #20). Reports read what every write changes, so
   * they are not invalidated by writes: they refetch on mount (staleTime 0 on the screen).
   */
  relatorio: <const P extends object>(id: string, params: P) => ['relatorios', id, params] as const,
  /** GET /demo/progresso (the demo history seeded in the background, issue #22 item 1). */
  demoProgresso: ['demo', 'progresso'] as const,
  /** GET /indicadores (the home page). */
  indicadores: ['indicadores'] as const,
  /** GET /whatsapp (connection, templates, counts); invalidate `whatsapp.all` after any WhatsApp write. */
  whatsapp: {
    all: ['whatsapp'] as const,
    conexao: ['whatsapp', 'conexao'] as const,
    /** GET /whatsapp/status (polled while pairing). */
    status: ['whatsapp', 'status'] as const,
    /** GET /whatsapp/qrcode (polled while pairing). */
    qrcode: ['whatsapp', 'qrcode'] as const,
    /** GET /whatsapp/mensagens with its filters. */
    mensagens: <const P extends object>(params: P) => ['whatsapp', 'mensagens', params] as const,
  },
  /**
   * GET /auditoria with its filters (issue #22 item 4). The log only grows with other writes, so it
   * is not invalidated by them: it refetches on mount.
   */
  auditoria: <const P extends object>(params: P) => ['auditoria', params] as const,
};
