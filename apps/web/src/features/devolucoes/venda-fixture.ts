/** A finalised sale for the returns tests: 3 UN at R$ 10,00 (1 already returned), 1,5 KG at R$ 19,90, 10 % off the sale. */
import type { Venda, VendaItem } from '@petshop/shared/venda';

export const VENDA_ID = '0c000000-0000-4000-8000-000000000001';
export const ITEM_UN = '0c000000-0000-4000-8000-0000000000a1';
export const ITEM_KG = '0c000000-0000-4000-8000-0000000000a2';

const item = (over: Partial<VendaItem> & Pick<VendaItem, 'id' | 'descricao'>): VendaItem => ({
  ordem: 1,
  produtoId: `${over.id}-p`,
  produto: {
    id: `${over.id}-p`,
    nome: over.descricao,
    codigo: null,
    codigoBarras: null,
    tipo: 'produto',
    controlaEstoque: true,
    unidadeMedida: { sigla: 'UN', permiteVendaFracionada: false },
  },
  quantidade: 1,
  quantidadeDevolvida: 0,
  valorUnitario: 0,
  desconto: 0,
  tipoDesconto: 'Valor',
  valorDesconto: 0,
  valorTotal: 0,
  ...over,
});

const kg = { sigla: 'KG', permiteVendaFracionada: true };

export const vendaFinalizada = (over: Partial<Venda> = {}): Venda => ({
  id: VENDA_ID,
  sId: VENDA_ID,
  numero: 42,
  tipo: 'Venda',
  status: 'Finalizada',
  statusOrcamento: null,
  validadeOrcamento: null,
  emAtendimento: false,
  caixaId: null,
  usuario: { id: 'u1', nome: 'Ana Souza' },
  cliente: { id: '0c000000-0000-4000-8000-0000000000c1', nome: 'Carla Dias', cpfCnpj: null, telefone: null },
  pet: null,
  itens: [
    item({
      id: ITEM_UN,
      descricao: 'Ração Premium 1 kg',
      quantidade: 3,
      quantidadeDevolvida: 1,
      valorUnitario: 10,
      valorTotal: 30,
    }),
    {
      ...item({ id: ITEM_KG, descricao: 'Ração a granel', ordem: 2, quantidade: 1.5, valorUnitario: 19.9, valorTotal: 29.85 }),
      produto: { ...item({ id: ITEM_KG, descricao: 'Ração a granel' }).produto, unidadeMedida: kg },
    },
  ],
  financeiros: [],
  devolucoes: [],
  valorBruto: 59.85,
  valorDescontoItens: 0,
  desconto: 10,
  tipoDesconto: 'Percentual',
  valorDescontos: 5.99,
  valorEntregaFrete: 0,
  valorLiquido: 53.86,
  valorPago: 53.86,
  valorEmAberto: 0,
  valorTroco: 0,
  observacoes: null,
  createdAt: '2024-03-09T13:00:00-03:00',
  dataFinalizacao: '2024-03-09T13:05:00-03:00',
  dataCancelamento: null,
  motivoCancelamento: null,
  snapshot: null,
  ...over,
});
