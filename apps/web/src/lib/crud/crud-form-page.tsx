/**
 * The form screen of a settings resource, from its `CrudResource`: the foundation's
 * ResourceFormLayout bound to the shared schema, server errors on the fields, 'Excluir' when
 * editing, back to the list after saving. A screen with more than its fields (the clinic's
 * vaccine, issue #19) passes `below`, `newDescription` and `afterCreate` (CrudFormOptions).
 */
import { Button, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DELETED_MESSAGE } from './crud-list-page.tsx';
import type { CrudResource } from './crud-resource.ts';
import { ResourceFormLayout } from '../forms/resource-form-layout.tsx';
import { useResourceForm } from '../forms/use-resource-form.ts';
import { notifyActionError } from '../http/notify-api-error.ts';
import { notifySuccess } from '../notify.ts';
import { BackLink } from '../ui/back-link.tsx';
import { confirmDelete } from '../ui/confirm-delete.tsx';

/** What a form screen may add to its resource's fields. */
export type CrudFormOptions<T> = {
  /** Under the form of an existing record, outside its <form> (a part that saves on its own). */
  below?: (row: T) => ReactNode;
  /** The subtitle of a new record's form (an existing one shows its name). */
  newDescription?: ReactNode;
  /** After creating: back to the list (default) or on to the new record's own form. */
  afterCreate?: 'list' | 'edit';
};

type CrudFormPageProps<T extends { id: string }, Values extends Record<string, unknown>, Payload> = CrudFormOptions<T> & {
  resource: CrudResource<T, Values, Payload>;
  /** The record to edit (from the route param); absent for a new one. */
  id?: string | undefined;
};

/** New record, or the record of `id` (its loader has put it in the cache first). */
export function CrudFormPage<T extends { id: string }, Values extends Record<string, unknown>, Payload>({
  id,
  ...props
}: CrudFormPageProps<T, Values, Payload>) {
  return id ? <CrudEditForm {...props} id={id} /> : <CrudForm {...props} />;
}

function CrudEditForm<T extends { id: string }, Values extends Record<string, unknown>, Payload>({
  id,
  ...props
}: CrudFormPageProps<T, Values, Payload> & { id: string }) {
  const { data } = props.resource.api.useDetail(id);
  // key: another record's form starts from its own values.
  return <CrudForm key={data.id} {...props} row={data} />;
}

function CrudForm<T extends { id: string }, Values extends Record<string, unknown>, Payload>({
  resource,
  row,
  below,
  newDescription,
  afterCreate = 'list',
}: CrudFormOptions<T> & {
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
    onSuccess: (saved) => {
      if (!row && afterCreate === 'edit') void navigate({ ...links.form(saved.id), replace: true });
      else backToList();
    },
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

  const layout = (
    <ResourceFormLayout
      title={row ? resource.editTitle : resource.newTitle}
      description={row ? resource.name(row) : newDescription}
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
  if (!below) return layout;
  return (
    <Stack gap="md">
      {layout}
      {row ? below(row) : null}
    </Stack>
  );
}
