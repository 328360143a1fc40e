/**
 * The values of `@petshop/shared`'s contracts that the entry chunk needs (the routes' search
 * params, the HTTP client's messages), copied here without zod (issue #22 item 8). The route
 * tree, its `validateSearch` and lib/http are in the entry chunk, and the bundler puts every
 * module they import there: importing a contract module (`@petshop/shared/venda` for
 * STATUS_VENDA) put that module, every schema of it any screen uses, and zod itself on the login
 * page (~40 KB brotli). The types come from the contracts (type imports cost nothing), and
 * `contrato-valores.test.ts` checks each value against its contract, so the two cannot drift
 * apart unnoticed. Modules reachable from the entry import these; screens import the contracts.
 */
import type { AcaoAuditoria } from '@petshop/shared/auditoria';
import type { AreaAtendimento, StatusAtendimento } from '@petshop/shared/agenda';
import type { TipoMovimentacaoCaixa } from '@petshop/shared/caixa';
import type { TipoCategoriaFinanceira } from '@petshop/shared/categoria-financeira';
import type { StatusCompra } from '@petshop/shared/compra';
import type { TipoConta } from '@petshop/shared/conta';
import type { SituacaoEstoque, TipoMovimentacaoEstoque } from '@petshop/shared/estoque';
import type { StatusRecorrencia } from '@petshop/shared/financeiro';
import type { StatusDocumentoFiscal } from '@petshop/shared/fiscal';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import type { ClasseAbc } from '@petshop/shared/relatorios-abc';
import type { SituacaoVencimento } from '@petshop/shared/relatorios-estoque';
import type { OrdemVendasPorProduto } from '@petshop/shared/relatorios-vendas';
import type { StatusVenda } from '@petshop/shared/venda';

/** `@petshop/shared/http`: default page, default and largest page size (spec §9). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** `@petshop/shared/http` GENERAL_ERRORS: the key of the errors that belong to no field (spec §5). */
export const GENERAL_ERRORS = 'generalErrors';
/** `@petshop/shared/http` HTTP_MESSAGES: the messages of spec §8, shown verbatim. */
export const HTTP_MESSAGES = {
  unauthorized: 'Acesso não autorizado',
  forbidden: 'Você não tem permissão para esta ação',
  notFound: 'Registro não encontrado',
  internal: 'Erro interno no servidor',
  network: 'Não foi possível se comunicar com o servidor',
} as const;

/** `@petshop/shared/venda` STATUS_VENDA. */
export const STATUS_VENDA = ['EmAberto', 'Finalizada', 'Cancelada'] as const satisfies readonly StatusVenda[];
/** `@petshop/shared/compra` STATUS_COMPRA. */
export const STATUS_COMPRA = ['Rascunho', 'Finalizada', 'Cancelada'] as const satisfies readonly StatusCompra[];
/** `@petshop/shared/financeiro` FILTROS_STATUS_FINANCEIRO (the statuses and 'Vencida'). */
export const FILTROS_STATUS_FINANCEIRO = ['EmAberto', 'BaixaParcial', 'Baixada', 'Cancelada', 'Vencida'] as const;
/** `@petshop/shared/financeiro` STATUS_RECORRENCIA. */
export const STATUS_RECORRENCIA = ['Ativa', 'Pausada', 'Encerrada'] as const satisfies readonly StatusRecorrencia[];
/** `@petshop/shared/forma-pagamento` TIPOS_FORMA_PAGAMENTO. */
export const TIPOS_FORMA_PAGAMENTO = [
  'dinheiro',
  'pix',
  'cartao_debito',
  'cartao_credito',
  'boleto',
  'credito_cliente',
  'a_prazo',
  'transferencia',
] as const satisfies readonly TipoFormaPagamento[];
/** The keys of `@petshop/shared/fiscal` STATUS_DOCUMENTO_FISCAL. */
export const STATUS_DOCUMENTO_IDS = [
  'pendente',
  'autorizada',
  'rejeitada',
  'contingencia',
  'cancelada',
  'denegada',
] as const satisfies readonly StatusDocumentoFiscal[];
/** `@petshop/shared/agenda` AREA_IDS. */
export const AREA_IDS = ['BanhoTosa', 'Clinica'] as const satisfies readonly AreaAtendimento[];
/** `@petshop/shared/agenda` STATUS_ATENDIMENTO_IDS. */
export const STATUS_ATENDIMENTO_IDS = [
  'Agendado',
  'Confirmado',
  'EmAtendimento',
  'Pronto',
  'Finalizado',
  'Cancelado',
  'NaoCompareceu',
] as const satisfies readonly StatusAtendimento[];
/** `@petshop/shared/relatorios-abc` CLASSES_ABC_IDS. */
export const CLASSES_ABC_IDS = ['A', 'B', 'C'] as const satisfies readonly ClasseAbc[];
/** `@petshop/shared/relatorios-estoque` SITUACOES_VENCIMENTO and VENCIMENTO_DIAS_MAXIMO. */
export const SITUACOES_VENCIMENTO = ['todos', 'vencidos', 'a_vencer'] as const satisfies readonly SituacaoVencimento[];
export const VENCIMENTO_DIAS_MAXIMO = 365;
/** `@petshop/shared/relatorios-vendas` ORDENS_VENDAS_POR_PRODUTO. */
export const ORDENS_VENDAS_POR_PRODUTO = [
  'faturamento',
  'quantidade',
  'margem',
  'nome',
] as const satisfies readonly OrdemVendasPorProduto[];
/** `@petshop/shared/estoque` SITUACOES_ESTOQUE, TIPOS_MOVIMENTACAO_ESTOQUE and MOVIMENTACOES_DIAS_PADRAO. */
export const SITUACOES_ESTOQUE = ['todos', 'abaixo_minimo', 'zerado', 'negativo'] as const satisfies readonly SituacaoEstoque[];
export const TIPOS_MOVIMENTACAO_ESTOQUE = [
  'entrada_compra',
  'saida_venda',
  'entrada_devolucao',
  'estorno_venda',
  'ajuste_entrada',
  'ajuste_saida',
  'saida_granel',
  'entrada_granel',
  'cancelamento_compra',
  'saida_vacina',
] as const satisfies readonly TipoMovimentacaoEstoque[];
export const MOVIMENTACOES_DIAS_PADRAO = 30;
/** `@petshop/shared/caixa` TIPOS_MOVIMENTACAO_CAIXA. */
export const TIPOS_MOVIMENTACAO_CAIXA = [
  'abertura',
  'suprimento',
  'sangria',
  'despesa',
  'credito_cliente',
  'transferencia',
  'recebimento',
  'devolucao',
  'estorno',
] as const satisfies readonly TipoMovimentacaoCaixa[];
/** `@petshop/shared/conta` TIPOS_CONTA. */
export const TIPOS_CONTA = ['caixa', 'banco', 'carteira'] as const satisfies readonly TipoConta[];
/** `@petshop/shared/categoria-financeira` TIPOS_CATEGORIA_FINANCEIRA. */
export const TIPOS_CATEGORIA_FINANCEIRA = ['receita', 'despesa'] as const satisfies readonly TipoCategoriaFinanceira[];
/** The keys of `@petshop/shared/auditoria` ACOES_AUDITORIA. */
export const ACAO_AUDITORIA_IDS = [
  'VendaCancelada',
  'NfceCancelada',
  'DescontoAcimaDoLimite',
  'PrecoAlterado',
  'EstoqueAjustado',
  'CaixaFechadoComDiferenca',
  'PagamentoEstornado',
  'UsuarioCriado',
  'UsuarioAlterado',
  'UsuarioDesativado',
  'SenhaRedefinida',
  'PermissoesAlteradas',
  'CertificadoEnviado',
  'DadosExportados',
  'DadosImportados',
  'DadosPessoaisExportados',
  'ClienteAnonimizado',
] as const satisfies readonly AcaoAuditoria[];
