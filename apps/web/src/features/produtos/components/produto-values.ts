/** Form values of a product (@petshop/shared/produto) and the tab each field lives on. */
import { CFOP_PADRAO, createProdutoInputSchema, type Produto, type TipoProduto } from '@petshop/shared/produto';
import { z } from 'zod';
import type { PrecoValue } from '../precos.ts';

export type ProdutoFormValues = {
  tipo: TipoProduto;
  nome: string;
  codigo: string;
  codigoBarras: string;
  marcaId: string | null;
  categoriaId: string | null;
  unidadeMedidaId: string | null;
  ativo: boolean;
  precoCusto: PrecoValue;
  markup: PrecoValue;
  precoVenda: PrecoValue;
  estoqueMinimo: number | '';
  controlaEstoque: boolean;
  controlaLote: boolean;
  fiscal: {
    ncm: string;
    cest: string;
    cfop: string;
    origem: string;
    csosn: string | null;
    cst: string | null;
    pisCst: string | null;
    cofinsCst: string | null;
  };
  /** Whether the product has a bulk counterpart (the `granel` block is sent only then). */
  temGranel: boolean;
  granel: { produtoGranelId: string | null; fatorConversao: number | '' };
  /** Whether the service is a package of sessions (the `pacote` block is sent only then; issue #17). */
  ehPacote: boolean;
  pacote: { sessoes: number | ''; validadeDias: number | ''; tipoAtendimentoId: string | null };
};

export const produtoValues = (p?: Produto): ProdutoFormValues => ({
  tipo: p?.tipo ?? 'produto',
  nome: p?.nome ?? '',
  codigo: p?.codigo ?? '',
  codigoBarras: p?.codigoBarras ?? '',
  marcaId: p?.marcaId ?? null,
  categoriaId: p?.categoriaId ?? null,
  unidadeMedidaId: p?.unidadeMedidaId ?? null,
  ativo: p?.ativo ?? true,
  precoCusto: p?.precoCusto ?? '',
  markup: p?.markup ?? '',
  precoVenda: p?.precoVenda ?? '',
  estoqueMinimo: p?.estoqueMinimo ?? '',
  controlaEstoque: p?.controlaEstoque ?? true,
  controlaLote: p?.controlaLote ?? false,
  fiscal: {
    ncm: p?.fiscal.ncm ?? '',
    cest: p?.fiscal.cest ?? '',
    cfop: p?.fiscal.cfop ?? CFOP_PADRAO,
    origem: p?.fiscal.origem ?? '0',
    csosn: p?.fiscal.csosn ?? null,
    cst: p?.fiscal.cst ?? null,
    pisCst: p?.fiscal.pisCst ?? null,
    cofinsCst: p?.fiscal.cofinsCst ?? null,
  },
  temGranel: Boolean(p?.granel),
  granel: { produtoGranelId: p?.granel?.produtoGranelId ?? null, fatorConversao: p?.granel?.fatorConversao ?? '' },
  ehPacote: Boolean(p?.pacote),
  pacote: {
    sessoes: p?.pacote?.sessoes ?? 4,
    validadeDias: p?.pacote?.validadeDias ?? 60,
    tipoAtendimentoId: p?.pacote?.tipoAtendimentoId ?? null,
  },
});

/**
 * The form's values as the contract's body: `granel` only when turned on, none for services;
 * `pacote` only for a service marked as a package.
 */
const toBody = (values: unknown): unknown => {
  if (typeof values !== 'object' || values === null) return values;
  const { temGranel, granel, ehPacote, pacote, ...rest } = values as Partial<ProdutoFormValues>;
  return {
    ...rest,
    granel: temGranel && rest.tipo !== 'servico' ? granel : null,
    pacote: ehPacote && rest.tipo === 'servico' ? pacote : null,
  };
};

/** Create and update share the rules (createProdutoInputSchema ≡ updateProdutoInputSchema). */
export const produtoFormSchema = z.preprocess(toBody, createProdutoInputSchema);
export type ProdutoPayload = z.output<typeof produtoFormSchema>;

export const PRODUTO_TABS = ['geral', 'precos', 'estoque', 'fiscal', 'granel'] as const;
export type ProdutoTab = (typeof PRODUTO_TABS)[number];

export const PRODUTO_TAB_LABELS: Record<ProdutoTab, string> = {
  geral: 'Geral',
  precos: 'Preços',
  estoque: 'Estoque',
  fiscal: 'Fiscal',
  granel: 'Granel',
};

const GERAL = ['tipo', 'nome', 'codigo', 'codigoBarras', 'marcaId', 'categoriaId', 'unidadeMedidaId', 'ativo'];
const PRECOS = ['precoCusto', 'markup', 'precoVenda'];
const ESTOQUE = ['estoqueMinimo', 'controlaEstoque', 'controlaLote'];

/** The tab of an error key ('fiscal.ncm' → fiscal); unknown keys belong to Geral. */
export const tabOfField = (key: string): ProdutoTab => {
  const root = key.split('.')[0] ?? key;
  if (PRECOS.includes(root)) return 'precos';
  if (ESTOQUE.includes(root)) return 'estoque';
  if (root === 'fiscal') return 'fiscal';
  if (root === 'granel' || root === 'temGranel') return 'granel';
  if (GERAL.includes(root)) return 'geral';
  return 'geral';
};

/** Tabs holding at least one error, in tab order. */
export const tabsWithErrors = (errors: Record<string, unknown>): ProdutoTab[] => {
  const found = new Set(
    Object.entries(errors)
      .filter(([, v]) => Boolean(v))
      .map(([k]) => tabOfField(k)),
  );
  return PRODUTO_TABS.filter((t) => found.has(t));
};
