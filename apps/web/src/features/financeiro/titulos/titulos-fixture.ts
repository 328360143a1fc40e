/** Payables, receivables and option lists as the API answers them, for the finance screens' tests. */
import type { Baixa, Despesa, Receita, TotaisTitulos } from '@petshop/shared/financeiro';

export const fid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

export const CONTA_BANCO = { id: fid(901), nome: 'Banco do Brasil' };
export const FORMA_BOLETO = { id: fid(902), nome: 'Boleto', tipo: 'boleto' };
export const FORMA_CREDITO = { id: fid(903), nome: 'Cartão de crédito', tipo: 'cartao_credito' };
export const CATEGORIA_ALUGUEL = { id: fid(904), nome: 'Aluguel' };
export const FORNECEDOR = { id: fid(905), nome: 'Imobiliária Central' };

export const despesaFixture = (over: Partial<Despesa> = {}): Despesa => ({
  id: fid(1),
  descricao: 'Aluguel da loja',
  documento: 'BOL-123',
  categoriaFinanceira: CATEGORIA_ALUGUEL,
  formaPagamento: FORMA_BOLETO,
  conta: CONTA_BANCO,
  grupoId: fid(100),
  parcela: 1,
  totalParcelas: 3,
  dataEmissao: '2025-03-01',
  dataVencimento: '2099-03-10',
  valor: 100,
  valorPago: 0,
  valorEmAberto: 100,
  status: 'EmAberto',
  vencida: false,
  dataBaixa: null,
  observacoes: null,
  baixas: [],
  fornecedor: FORNECEDOR,
  compra: null,
  recorrenciaId: null,
  origem: 'manual',
  anexos: [],
  ...over,
});

export const baixaFixture = (over: Partial<Baixa> = {}): Baixa => ({
  id: fid(300),
  dataPagamento: '2025-03-05',
  valor: 40,
  juros: 0,
  multa: 0,
  desconto: 0,
  taxa: 0,
  total: 40,
  conta: CONTA_BANCO,
  formaPagamento: FORMA_BOLETO,
  observacoes: null,
  usuario: 'Ana Souza',
  criadaEm: '2025-03-05T13:00:00.000Z',
  estornadaEm: null,
  ...over,
});

export const receitaFixture = (over: Partial<Receita> = {}): Receita => ({
  id: fid(2),
  descricao: 'Venda nº 15 — Cartão de crédito',
  documento: null,
  categoriaFinanceira: null,
  formaPagamento: FORMA_CREDITO,
  conta: CONTA_BANCO,
  grupoId: null,
  parcela: 1,
  totalParcelas: 1,
  dataEmissao: '2025-03-01',
  dataVencimento: '2025-03-31',
  valor: 200,
  valorPago: 0,
  valorEmAberto: 200,
  status: 'EmAberto',
  vencida: false,
  dataBaixa: null,
  observacoes: null,
  baixas: [],
  pessoa: { id: fid(906), nome: 'Carla Dias' },
  venda: { id: fid(907), numero: 15 },
  origem: 'venda',
  valorTaxa: 6.98,
  valorLiquido: 193.02,
  ...over,
});

export const totais = (over: Partial<TotaisTitulos> = {}): TotaisTitulos => ({
  quantidade: 1,
  valor: 100,
  valorPago: 0,
  valorEmAberto: 100,
  valorEmAbertoLiquido: over.valorEmAberto ?? 100,
  valorVencido: 0,
  ...over,
});

export const pagina = <T>(items: T[], t: Partial<TotaisTitulos> = {}) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  totais: totais({ quantidade: items.length, ...t }),
});

const vazio = { items: [], total: 0, page: 1, pageSize: 100 };

/** The option lists the filters and forms read. */
export const opcoesHandlers = {
  'GET /financeiro/categorias-financeiro': () => ({
    status: 200,
    body: {
      ...vazio,
      items: [
        { ...CATEGORIA_ALUGUEL, tipo: 'despesa', categoriaPaiId: null, categoriaPaiNome: null, caminho: 'Aluguel', ativo: true },
      ],
      total: 1,
    },
  }),
  'GET /financeiro/formas-pagamento': () => ({
    status: 200,
    body: {
      ...vazio,
      items: [FORMA_BOLETO, FORMA_CREDITO].map((f) => ({
        ...f,
        taxaPercentual: 0,
        diasRecebimento: 0,
        maxParcelas: 1,
        contaDestinoId: null,
        contaDestinoNome: null,
        ativo: true,
      })),
      total: 2,
    },
  }),
  'GET /financeiro/contas': () => ({
    status: 200,
    body: {
      ...vazio,
      items: [
        { ...CONTA_BANCO, tipo: 'banco', banco: null, agencia: null, numeroConta: null, saldoInicial: 0, saldo: 0, ativo: true },
      ],
      total: 1,
    },
  }),
  'GET /inventario/fornecedores': () => ({ status: 200, body: vazio }),
  'GET /pessoal/pessoas': () => ({ status: 200, body: vazio }),
} as const;
