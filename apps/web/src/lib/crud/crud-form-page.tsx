/**
 * The form screen of a settings resource, from its `CrudResource`: the foundation's
 * ResourceFormLayout bound to the shared schema, server errors on the fields, 'Excluir' when
 * editing, back to the list after saving.
 */
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { DELETED_MESSAGE } from './crud-list-page.tsx';
import type { CrudResource } from './crud-resource.ts';
import { ResourceFormLayout } from '../forms/resource-form-layout.tsx';
import { useResourceForm } from '../forms/use-resource-form.ts';
import { notifyActionError } from '../http/notify-api-error.ts';
import { notifySuccess } from '../notify.ts';
import { BackLink } from '../ui/back-link.tsx';
import { confirmDelete } from '../ui/confirm-delete.tsx';

type CrudFormPageProps<T extends { id: string }, Values extends Record<string, unknown>, Payload> = {
  resource: CrudResource<T, Values, Payload>;
  /** The record to edit (from the route param); absent for a new one. */
  id?: string | undefined;
};

/** New record, or the record of `id` (its loader has put it in the cache first). */
export function CrudFormPage<T extends { id: string }, Values extends Record<string, unknown>, Payload>({
  resource,
  id,
}: CrudFormPageProps<T, Values, Payload>) {
  return id ? <CrudEditForm resource={resource} id={id} /> : <CrudForm resource={resource} />;
}

function CrudEditForm<T extends { id: string }, Values extends Record<string, unknown>, Payload>({
  resource,
  id,
}: CrudFormPageProps<T, Values, Payload> & { id: string }) {
  const { data } = resource.api.useDetail(id);
  // key: another record's form starts from its own values.
  return <CrudForm key={data.id} resource={resource} row={data} />;
}

function CrudForm<T extends { id: string }, Values extends Record<string, unknown>, Payload>({
  resource,
  row,
}: {
  resource: CrudResource<T, Values, Payload>;
  row?: T;
}) {
  const { api, links, Fields } = resource;
  const navigate = useNavigate();
  const create = api.useCreate();
  const update = api.useUpdate();
  const remove = api.useDelete();
  const backToList = () => void navigate(links.list);

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<Values, Payload, T>({
    schema: resource.schema,
    initialValues: resource.valuesOf(row),
    submit: (dados, { idempotencyKey }) =>
      row ? update.mutateAsync({ id: row.id, dados, idempotencyKey }) : create.mutateAsync({ dados, idempotencyKey }),
    onSuccess: backToList,
  });

  const excluir = async (current: T) => {
    const confirmed = await confirmDelete({
      subject: resource.subject,
      name: resource.name(current),
      detail: resource.deleteDetail,
    });
    if (!confirmed) return;
    remove.mutate(current.id, {
      onSuccess: () => {
        notifySuccess(DELETED_MESSAGE);
        backToList();
      },
      onError: notifyActionError,
    });
  };

  const deletable = row !== undefined && (resource.canDelete?.(row) ?? true);

  return (
    <ResourceFormLayout
      title={row ? resource.editTitle : resource.newTitle}
      description={row ? resource.name(row) : undefined}
      back={<BackLink {...links.list}>{resource.title}</BackLink>}
      onSubmit={handleSubmit}
      onCancel={backToList}
      generalErrors={generalErrors}
      submitting={submitting}
      extraActions={
        deletable ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => void excluir(row)}
          >
            Excluir
          </Button>
        ) : null
      }
    >
      <Fields form={form} row={row} />
    </ResourceFormLayout>
  );
}
