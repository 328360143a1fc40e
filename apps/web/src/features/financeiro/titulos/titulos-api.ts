/**
 * The calls of payables (/financeiro/despesas) and receivables (/financeiro/receitas), which
 * speak the same contract (@petshop/shared/financeiro): the filtered page with its totals, one
 * título with its settlements, create (one per installment), update, cancel (DELETE), settle
 * (PATCH …/{id}/baixa) and reverse (POST …/cancelar-baixar). Every write refreshes
 * ['financeiro']: balances, the overview and the receipts summary change with it.
 */
import type {
  BaixaInput,
  Despesa,
  DespesaInput,
  DespesaUpdate,
  Receita,
  ReceitaInput,
  ReceitaUpdate,
  TotaisTitulos,
} from '@petshop/shared/financeiro';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type TipoTitulo } from '#lib/query-keys.ts';
import { titulosQueryParams } from './titulos-search.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type PageTitulos<T> = { items: T[]; total: number; page: number; pageSize: number; totais: TotaisTitulos };

type Tipos = {
  despesas: { titulo: Despesa; input: DespesaInput; update: DespesaUpdate };
  receitas: { titulo: Receita; input: ReceitaInput; update: ReceitaUpdate };
};
export type TituloDe<K extends TipoTitulo> = Tipos[K]['titulo'];
export type Titulo = Despesa | Receita;

const base = (tipo: TipoTitulo) => `/financeiro/${tipo}`;
const byId = (tipo: TipoTitulo, id: string) => `${base(tipo)}/${encodeURIComponent(id)}`;

/** GET /financeiro/{tipo}?page&pageSize&query&status&dataInicio&dataFim&… → the page and the totals of every page. */
export const getTitulos = async <K extends TipoTitulo>(
  tipo: K,
  search: Record<string, unknown>,
): Promise<PageTitulos<TituloDe<K>>> => {
  const { data } = await http.get<PageTitulos<TituloDe<K>>>(base(tipo), { params: titulosQueryParams(search) });
  return data;
};

export const titulosQueryOptions = <K extends TipoTitulo>(tipo: K, search: Record<string, unknown>) =>
  queryOptions({
    queryKey: queryKeys.titulos.list(tipo, titulosQueryParams(search)),
    queryFn: () => getTitulos(tipo, search),
    placeholderData: keepPreviousData,
  });

export const useTitulos = <K extends TipoTitulo>(tipo: K, search: Record<string, unknown>, enabled = true) =>
  useQuery({ ...titulosQueryOptions(tipo, search), enabled });

/** GET /financeiro/{tipo}/{id} → the título with its settlements (and a payable's attachments); 404 outside the unit. */
export const getTitulo = async <K extends TipoTitulo>(tipo: K, id: string): Promise<TituloDe<K>> => {
  const { data } = await http.get<TituloDe<K>>(byId(tipo, id));
  return data;
};

export const tituloQueryOptions = <K extends TipoTitulo>(tipo: K, id: string) =>
  queryOptions({ queryKey: queryKeys.titulos.detail(tipo, id), queryFn: () => getTitulo(tipo, id) });

export const useTitulo = <K extends TipoTitulo>(tipo: K, id: string) => useQuery(tituloQueryOptions(tipo, id));

/** After any write: the whole finance area (lists, details, balances, overview, receipts). */
const useInvalidarFinanceiro = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro });
};

export type CriarTitulosVariables<K extends TipoTitulo> = { dados: Tipos[K]['input']; idempotencyKey?: string };

/** POST /financeiro/{tipo}: one título per installment (201); sent again with the same `id`, answers what exists. */
export const criarTitulos = async <K extends TipoTitulo>(tipo: K, { dados, idempotencyKey }: CriarTitulosVariables<K>) => {
  const { data } = await http.post<unknown>(base(tipo), dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarTitulos = <K extends TipoTitulo>(tipo: K) => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: (v: CriarTitulosVariables<K>) => criarTitulos(tipo, v), onSuccess: invalidar });
};

export type AlterarTituloVariables<K extends TipoTitulo> = { id: string; dados: Tipos[K]['update']; idempotencyKey?: string };

/** PUT /financeiro/{tipo}/{id}: only while open with nothing settled (else 400). */
export const alterarTitulo = async <K extends TipoTitulo>(tipo: K, { id, dados, idempotencyKey }: AlterarTituloVariables<K>) => {
  const { data } = await http.put<TituloDe<K>>(byId(tipo, id), dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useAlterarTitulo = <K extends TipoTitulo>(tipo: K) => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: (v: AlterarTituloVariables<K>) => alterarTitulo(tipo, v), onSuccess: invalidar });
};

/** DELETE /financeiro/{tipo}/{id}: cancels an open, unsettled título (it stays, Cancelada). */
export const cancelarTitulo = async (tipo: TipoTitulo, id: string): Promise<void> => {
  await http.delete(byId(tipo, id));
};

export const useCancelarTitulo = (tipo: TipoTitulo) => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: (id: string) => cancelarTitulo(tipo, id), onSuccess: invalidar });
};

export type BaixarVariables = { id: string; dados: BaixaInput; idempotencyKey?: string };

/** PATCH /financeiro/{tipo}/{id}/baixa → the título with the new settlement; `chave` makes a repeat settle once. */
export const baixarTitulo = async <K extends TipoTitulo>(tipo: K, { id, dados, idempotencyKey }: BaixarVariables) => {
  const { data } = await http.patch<TituloDe<K>>(`${byId(tipo, id)}/baixa`, dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useBaixarTitulo = <K extends TipoTitulo>(tipo: K) => {
  const queryClient = useQueryClient();
  const invalidar = useInvalidarFinanceiro();
  return useMutation({
    mutationFn: (v: BaixarVariables) => baixarTitulo(tipo, v),
    onSuccess: (titulo) => {
      queryClient.setQueryData(queryKeys.titulos.detail(tipo, titulo.id), titulo);
      return invalidar();
    },
  });
};

/** POST /financeiro/{tipo}/cancelar-baixar { id, baixaId? } → the título with the settlement reversed. */
export const cancelarBaixa = async <K extends TipoTitulo>(tipo: K, dados: { id: string; baixaId?: string }) => {
  const { data } = await http.post<TituloDe<K>>(`${base(tipo)}/cancelar-baixar`, dados);
  return data;
};

export const useCancelarBaixa = <K extends TipoTitulo>(tipo: K) => {
  const queryClient = useQueryClient();
  const invalidar = useInvalidarFinanceiro();
  return useMutation({
    mutationFn: (dados: { id: string; baixaId?: string }) => cancelarBaixa(tipo, dados),
    onSuccess: (titulo) => {
      queryClient.setQueryData(queryKeys.titulos.detail(tipo, titulo.id), titulo);
      return invalidar();
    },
  });
};

/** GET /financeiro/{tipo}/exportar?formato&<filters>: the export of the list (ExportarMenu). */
export const exportarTitulosUrl = (tipo: TipoTitulo) => `${base(tipo)}/exportar`;

export { useInvalidarFinanceiro };
