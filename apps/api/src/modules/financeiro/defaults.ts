/**
 * What a new shop starts with in finance (DOMAIN.md §7; issue #4 item 1): the usual payment
 * methods and an income/expense category tree for every new tenant (listed in `tenantDefaults`,
 * modules/tenants/defaults.ts), and a cash account and a bank account for every new unit, the
 * first one included (listed in `unidadeDefaults`, unidades-negocio/unidade-defaults.ts).
 */
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import type { TipoCategoriaFinanceira } from '@petshop/shared/categoria-financeira';
import type { Db } from '../../db/client.ts';
import { categoriasFinanceiras, contas, formasPagamento } from '../../db/schema/index.ts';

type FormaPadrao = {
  nome: string;
  tipo: TipoFormaPagamento;
  taxaPercentual: number;
  diasRecebimento: number;
  maxParcelas: number;
};

/** Payment methods of a new tenant: fees and settlement days typical of Brazilian acquirers. */
export const FORMAS_PAGAMENTO_PADRAO: readonly FormaPadrao[] = [
  { nome: 'Dinheiro', tipo: 'dinheiro', taxaPercentual: 0, diasRecebimento: 0, maxParcelas: 1 },
  { nome: 'PIX', tipo: 'pix', taxaPercentual: 0, diasRecebimento: 0, maxParcelas: 1 },
  { nome: 'Cartão de débito', tipo: 'cartao_debito', taxaPercentual: 1.99, diasRecebimento: 1, maxParcelas: 1 },
  { nome: 'Cartão de crédito', tipo: 'cartao_credito', taxaPercentual: 3.49, diasRecebimento: 30, maxParcelas: 12 },
  { nome: 'Crédito do cliente', tipo: 'credito_cliente', taxaPercentual: 0, diasRecebimento: 0, maxParcelas: 1 },
  { nome: 'A prazo', tipo: 'a_prazo', taxaPercentual: 0, diasRecebimento: 30, maxParcelas: 12 },
  // How payables are mostly paid (issue #15 item 2); a boleto received from a customer lands in 1 business day.
  { nome: 'Boleto', tipo: 'boleto', taxaPercentual: 0, diasRecebimento: 1, maxParcelas: 1 },
  { nome: 'Transferência bancária', tipo: 'transferencia', taxaPercentual: 0, diasRecebimento: 0, maxParcelas: 1 },
];

type CategoriaPadrao = { nome: string; filhas?: readonly string[] };

/** The income/expense tree of a new tenant (top-level categories, each with its children). */
export const CATEGORIAS_FINANCEIRAS_PADRAO: Record<TipoCategoriaFinanceira, readonly CategoriaPadrao[]> = {
  receita: [
    { nome: 'Vendas de produtos' },
    { nome: 'Serviços de banho e tosa' },
    { nome: 'Serviços veterinários' },
    { nome: 'Outras receitas' },
  ],
  despesa: [
    {
      nome: 'Despesas operacionais',
      filhas: ['Aluguel', 'Energia', 'Água', 'Internet/telefone', 'Manutenção', 'Marketing'],
    },
    { nome: 'Pessoal', filhas: ['Salários'] },
    { nome: 'Compras', filhas: ['Fornecedores/mercadorias'] },
    { nome: 'Impostos e tarifas', filhas: ['Impostos', 'Tarifas bancárias e de cartão'] },
    { nome: 'Outras despesas' },
  ],
};

/** Accounts of a new unit: the drawer's cash account and a bank account. */
export const CONTAS_PADRAO = [
  { nome: 'Caixa', tipo: 'caixa' },
  { nome: 'Conta bancária', tipo: 'banco' },
] as const;

export const aplicarFinanceiroPadrao = async (tx: Db): Promise<void> => {
  await tx.insert(formasPagamento).values(
    FORMAS_PAGAMENTO_PADRAO.map((f) => ({
      nome: f.nome,
      tipo: f.tipo,
      taxaPercentual: f.taxaPercentual.toFixed(4),
      diasRecebimento: f.diasRecebimento,
      maxParcelas: f.maxParcelas,
    })),
  );
  for (const [tipo, categorias] of Object.entries(CATEGORIAS_FINANCEIRAS_PADRAO)) {
    for (const categoria of categorias) {
      const [pai] = await tx
        .insert(categoriasFinanceiras)
        .values({ nome: categoria.nome, tipo })
        .returning({ id: categoriasFinanceiras.id });
      if (categoria.filhas?.length) {
        await tx.insert(categoriasFinanceiras).values(categoria.filhas.map((nome) => ({ nome, tipo, categoriaPaiId: pai!.id })));
      }
    }
  }
};

export const aplicarContasPadrao = async (tx: Db): Promise<void> => {
  await tx.insert(contas).values(CONTAS_PADRAO.map((c) => ({ nome: c.nome, tipo: c.tipo })));
};
