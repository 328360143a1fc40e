/**
 * The five calls of a plain JSON resource of spec §7 ("list GET with params, POST, GET/PUT/DELETE
 * by id"), with their query options and hooks. The settings resources (units of measure,
 * brands, categories, suppliers, species, breeds, coats) differ only in path and types, so one
 * factory serves them instead of five near-identical files each; resources with multipart
 * bodies or extra calls (pessoas, pets, produtos) keep their own endpoint files.
 */
import type { Page } from '@petshop/shared/http';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { http } from '../http/http.ts';
import { idempotencyConfig } from '../http/idempotency.ts';
import type { ListParams } from '../query-keys.ts';

/** The keys of one resource in `queryKeys` (lib/query-keys.ts). */
export type ResourceKeys = {
  all: readonly unknown[];
  lists: () => readonly unknown[];
  list: (params: ListParams) => readonly unknown[];
  details: () => readonly unknown[];
  detail: (id: string) => readonly unknown[];
};

export type CrudApiOptions = {
  /** Path under /api ('/inventario/marcas'). */
  path: string;
  keys: ResourceKeys;
  /**
   * Other resources whose answers embed this one (a breed answers its species' name): their
   * lists and details are refreshed after every write here.
   */
  related?: readonly ResourceKeys[];
};

export type SaveVariables<Input> = { dados: Input; idempotencyKey?: string };
export type UpdateVariables<Input> = SaveVariables<Input> & { id: string };

/** Options of a select: the first page the API serves at most (100 rows). */
export const OPTIONS_PARAMS = { page: 1, pageSize: 100 } as const;

export const createCrudApi = <T extends { id: string }, Input>({ path, keys, related = [] }: CrudApiOptions) => {
  const byId = (id: string) => `${path}/${encodeURIComponent(id)}`;

  /** GET {path}?page&pageSize&query&filters → Page<T>. */
  const list = async (params: ListParams): Promise<Page<T>> => {
    const { data } = await http.get<Page<T>>(path, { params });
    return data;
  };
  const listQueryOptions = (params: ListParams) =>
    queryOptions({ queryKey: keys.list(params), queryFn: () => list(params), placeholderData: keepPreviousData });
  /** Rows for a select (active and inactive alike; the caller decides what to offer). */
  const optionsQueryOptions = (filters: Omit<ListParams, 'page' | 'pageSize'> = {}) =>
    queryOptions({
      queryKey: keys.list({ ...OPTIONS_PARAMS, ...filters }),
      queryFn: () => list({ ...OPTIONS_PARAMS, ...filters }),
    });

  /** GET {path}/{id} → T; 404 when it is not in the tenant. */
  const get = async (id: string): Promise<T> => {
    const { data } = await http.get<T>(byId(id));
    return data;
  };
  const detailQueryOptions = (id: string) => queryOptions({ queryKey: keys.detail(id), queryFn: () => get(id) });

  /** POST {path} → the new T; 400 with field errors. */
  const create = async ({ dados, idempotencyKey }: SaveVariables<Input>): Promise<T> => {
    const { data } = await http.post<T>(path, dados, idempotencyConfig(idempotencyKey));
    return data;
  };
  /** PUT {path}/{id} → the saved T. */
  const update = async ({ id, dados, idempotencyKey }: UpdateVariables<Input>): Promise<T> => {
    const { data } = await http.put<T>(byId(id), dados, idempotencyConfig(idempotencyKey));
    return data;
  };
  /** DELETE {path}/{id}; 400 with generalErrors when the record is in use. */
  const remove = async (id: string): Promise<void> => {
    await http.delete(byId(id));
  };

  /** After a write: this resource's lists and the record, and what embeds it. */
  const invalidate = (queryClient: QueryClient, id?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.lists() }),
      id ? queryClient.invalidateQueries({ queryKey: keys.detail(id) }) : Promise.resolve(),
      ...related.map((r) => queryClient.invalidateQueries({ queryKey: r.all })),
    ]);

  const useList = (params: ListParams) => useQuery(listQueryOptions(params));
  const useOptions = (filters: Omit<ListParams, 'page' | 'pageSize'> = {}, enabled = true) =>
    useQuery({ ...optionsQueryOptions(filters), enabled });
  const useDetail = (id: string) => useSuspenseQuery(detailQueryOptions(id));

  const useCreate = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: create,
      onSuccess: (row) => {
        queryClient.setQueryData(keys.detail(row.id), row);
        return invalidate(queryClient);
      },
    });
  };
  const useUpdate = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: update,
      onSuccess: (row) => {
        queryClient.setQueryData(keys.detail(row.id), row);
        return invalidate(queryClient);
      },
    });
  };
  const useDelete = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: remove,
      onSuccess: (_, id) => {
        queryClient.removeQueries({ queryKey: keys.detail(id) });
        return invalidate(queryClient);
      },
    });
  };

  return {
    path,
    keys,
    list,
    listQueryOptions,
    optionsQueryOptions,
    get,
    detailQueryOptions,
    create,
    update,
    remove,
    invalidate,
    useList,
    useOptions,
    useDetail,
    useCreate,
    useUpdate,
    useDelete,
  };
};

export type CrudApi<T extends { id: string }, Input> = ReturnType<typeof createCrudApi<T, Input>>;
