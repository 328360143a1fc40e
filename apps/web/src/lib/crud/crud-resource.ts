/**
 * What a settings resource screen needs to know: its calls, names, list columns and form
 * fields. `CrudListPage` and `CrudFormPage` turn one of these into the list at
 * /configuracoes/<area>/<resource> and the form at .../form/{optional id} (spec §2).
 */
import type { UseFormReturnType } from '@mantine/form';
import type { LinkOptions } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { CrudApi } from './crud-api.ts';
import type { Column } from '../list/list-page.tsx';
import type { ListSearchParams } from '../list/list-search.ts';

/** The list's search params: page, pageSize, query and the resource's own filters. */
export type CrudSearch = ListSearchParams & Record<string, string | number | boolean | undefined>;

export type CrudFieldsProps<T, Values extends Record<string, unknown>> = {
  form: UseFormReturnType<Values>;
  /** The record being edited; absent on a new one. */
  row?: T | undefined;
};

export type CrudResource<T extends { id: string }, Values extends Record<string, unknown>, Payload> = {
  api: CrudApi<T, Payload>;
  /** Plural title of the list ('Marcas'). */
  title: string;
  /** One line under the list title. */
  description: string;
  /** Titles of the form ('Nova marca', 'Editar marca'). */
  newTitle: string;
  editTitle: string;
  /** Article and noun for the delete question ('a marca'). */
  subject: string;
  /** What deleting does or when it is refused, under the question. */
  deleteDetail?: ReactNode;
  /** Record name shown in the form subtitle, the delete question and the row label. */
  name: (row: T) => string;
  columns: readonly Column<T>[];
  searchPlaceholder: string;
  /** Filters beside the search box; they write their own search params. */
  Filters?: ComponentType<{ search: CrudSearch }>;
  /** Shared contract of the create/update body. */
  schema: z.ZodType<Payload>;
  /** Form values of a new record (`row` absent) or of an existing one. */
  valuesOf: (row?: T) => Values;
  /** The fields, inside the form frame. */
  Fields: ComponentType<CrudFieldsProps<T, Values>>;
  links: {
    /** The list screen. */
    list: LinkOptions;
    /** The form, for a new record (`id` absent) or an existing one. */
    form: (id?: string) => LinkOptions;
    /** The parent of the list (the settings tab). */
    parent: LinkOptions;
    parentLabel: string;
  };
  /** Whether the row can be deleted (default: always; the API refuses records in use). */
  canDelete?: (row: T) => boolean;
};
