/**
 * The list screen of a settings resource, from its `CrudResource`: the foundation's ListPage
 * with the resource's columns, a 'Novo' button, row click to the form and a delete column.
 */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AtivoFilter } from './ativo-filter.tsx';
import type { CrudResource, CrudSearch } from './crud-resource.ts';
import { notifyActionError } from '../http/notify-api-error.ts';
import { deleteActionColumn } from '../list/delete-action-column.tsx';
import { ListPage, type Column } from '../list/list-page.tsx';
import { notifySuccess } from '../notify.ts';
import { BackLink } from '../ui/back-link.tsx';
import { confirmDelete } from '../ui/confirm-delete.tsx';

export const DELETED_MESSAGE = 'Excluído com sucesso';

type CrudListPageProps<T extends { id: string }, Values extends Record<string, unknown>, Payload> = {
  resource: CrudResource<T, Values, Payload>;
  search: CrudSearch;
};

export function CrudListPage<T extends { id: string }, Values extends Record<string, unknown>, Payload>({
  resource,
  search,
}: CrudListPageProps<T, Values, Payload>) {
  const { api, links, Filters } = resource;
  const result = api.useList(search);
  const remove = api.useDelete();
  const navigate = useNavigate();

  const excluir = async (row: T) => {
    const confirmed = await confirmDelete({ subject: resource.subject, name: resource.name(row), detail: resource.deleteDetail });
    if (!confirmed) return;
    remove.mutate(row.id, { onSuccess: () => notifySuccess(DELETED_MESSAGE), onError: notifyActionError });
  };

  const columns: Column<T>[] = [
    ...resource.columns,
    deleteActionColumn<T>({
      name: resource.name,
      canDelete: resource.canDelete ?? (() => true),
      onDelete: (row) => void excluir(row),
    }),
  ];

  return (
    <ListPage
      title={resource.title}
      description={resource.description}
      back={<BackLink {...links.parent}>{links.parentLabel}</BackLink>}
      search={search}
      result={result}
      columns={columns}
      getRowKey={(row) => row.id}
      getRowLabel={(row) => `Editar ${resource.name(row)}`}
      onRowClick={(row) => void navigate(links.form(row.id))}
      searchPlaceholder={resource.searchPlaceholder}
      filters={
        <>
          {Filters ? <Filters search={search} /> : null}
          <AtivoFilter ativo={typeof search.ativo === 'boolean' ? search.ativo : undefined} />
        </>
      }
      createAction={
        <Button renderRoot={(props) => <Link {...props} {...links.form()} />} leftSection={<IconPlus size={16} />}>
          Novo
        </Button>
      }
    />
  );
}
