/** Add or edit a pet of a customer, in a drawer over the customer's page (multipart, with photo). */
import { Button, Drawer, Group, Stack, Title } from '@mantine/core';
import { createPetInputSchema, updatePetInputSchema, type Pet } from '@petshop/shared/pet';
import { useState } from 'react';
import type { z } from 'zod';
import { PetBasicoFields, PetMaisFields } from './pet-fields.tsx';
import { petValues, type PetFormValues } from './pet-values.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { FotoField } from '#lib/ui/foto-field.tsx';
import { useCriarPet } from '../api/criar-pet.ts';
import { useAlterarPet } from '../api/alterar-pet.ts';

type PetFormDrawerProps = {
  opened: boolean;
  onClose: () => void;
  pessoaId: string;
  /** The pet to edit; absent adds one. */
  pet?: Pet | null;
};

export function PetFormDrawer({ opened, onClose, pessoaId, pet }: PetFormDrawerProps) {
  const title = pet ? `Editar ${pet.nome}` : 'Novo pet';
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Title order={3}>{title}</Title>}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {/* key: each opening starts from the pet's own values. */}
      {opened ? (
        <PetForm key={pet?.id ?? 'novo'} title={title} pessoaId={pessoaId} pet={pet ?? undefined} onDone={onClose} />
      ) : null}
    </Drawer>
  );
}

type PetPayload = z.output<typeof createPetInputSchema>;

function PetForm({ title, pessoaId, pet, onDone }: { title: string; pessoaId: string; pet?: Pet; onDone: () => void }) {
  const create = useCriarPet();
  const update = useAlterarPet();
  const [foto, setFoto] = useState<File | null>(null);
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<PetFormValues, PetPayload, Pet>({
    schema: pet ? updatePetInputSchema : createPetInputSchema,
    initialValues: petValues(pessoaId, pet),
    submit: (dados, { idempotencyKey }) =>
      pet ? update.mutateAsync({ id: pet.id, dados, foto, idempotencyKey }) : create.mutateAsync({ dados, foto, idempotencyKey }),
    onSuccess: onDone,
  });
  const values = form.getValues();
  return (
    <form noValidate onSubmit={handleSubmit} aria-label={title}>
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} />
        <FotoField
          label="Foto do pet"
          file={foto}
          onChange={setFoto}
          currentUrl={pet?.fotoUrl ?? null}
          name={values.nome || undefined}
          remove={{ checked: values.removerFoto, onChange: (checked) => form.setFieldValue('removerFoto', checked) }}
        />
        <PetBasicoFields form={form} values={values} />
        <PetMaisFields form={form} values={values} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={submitting}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
