import type {
  Despesa,
  DespesaInput,
  DespesaUpdate,
  Receita,
  ReceitaInput,
  ReceitaUpdate,
  TotaisTitulos,
} from '@petshop/shared/financeiro';
import type { TipoTitulo } from '#lib/query-keys.ts';

export type PageTitulos<T> = { items: T[]; total: number; page: number; pageSize: number; totais: TotaisTitulos };

export type Tipos = {
  despesas: { titulo: Despesa; input: DespesaInput; update: DespesaUpdate };
  receitas: { titulo: Receita; input: ReceitaInput; update: ReceitaUpdate };
};

export type TituloDe<K extends TipoTitulo> = Tipos[K]['titulo'];

export type Titulo = Despesa | Receita;
