/**
 * New customer (/clientes/form/): personal data, contacts, address with CEP lookup, LGPD
 * consent, photo and an optional first pet. Saving creates the person (multipart), then the
 * pet with the new person as its tutor, then opens the customer's page.
 */
import { Grid } from '@mantine/core';
import { createPessoaInputSchema, type Pessoa } from '@petshop/shared/pessoa';
import { createPetInputSchema } from '@petshop/shared/pet';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { ConsentimentoField } from './consentimento-field.tsx';
import { ContatoFields } from './contato-fields.tsx';
import { DadosPessoaisFields } from './dados-pessoais-fields.tsx';
import { PetBasicoFields } from './pet-fields.tsx';
import { emptyPetBasico, primeiroPetSchema, type PetBasicoValues } from './pet-values.ts';
import {
  contatoValues,
  dadosPessoaisValues,
  dropTrailingBlankPhones,
  enderecoFormValues,
  type ContatoValues,
  type DadosPessoaisValues,
  type EnderecoValues,
} from './pessoa-values.ts';
import { EnderecoFields } from '#lib/address/endereco-fields.tsx';
import { ResourceFormLayout } from '#lib/forms/resource-form-layout.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { errorMessage } from '#lib/http/api-error.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { FotoField } from '#lib/ui/foto-field.tsx';
import { useCriarPessoa } from '../api/criar-pessoa.ts';
import { useCriarPet } from '../api/criar-pet.ts';

export type ClienteFormValues = DadosPessoaisValues & ContatoValues & EnderecoValues & { primeiroPet: PetBasicoValues };

/** The person's contract plus the optional first pet; trailing blank phone rows are dropped. */
export const clienteCreateSchema = z.preprocess(
  dropTrailingBlankPhones,
  createPessoaInputSchema.extend({ primeiroPet: primeiroPetSchema }),
);
type ClienteCreatePayload = z.output<typeof clienteCreateSchema>;
type Saved = { pessoa: Pessoa; petError: unknown };

export const CLIENTE_SALVO = 'Cliente cadastrado';

export function ClienteCreateForm() {
  const navigate = useNavigate();
  const criarPessoa = useCriarPessoa();
  const criarPet = useCriarPet();
  const [foto, setFoto] = useState<File | null>(null);

  const submit = async ({ primeiroPet, ...dados }: ClienteCreatePayload, idempotencyKey: string): Promise<Saved> => {
    const pessoa = await criarPessoa.mutateAsync({ dados, foto, idempotencyKey });
    if (!primeiroPet) return { pessoa, petError: null };
    try {
      await criarPet.mutateAsync({
        dados: createPetInputSchema.parse({ ...primeiroPet, tutores: [{ pessoaId: pessoa.id, principal: true }] }),
        foto: null,
      });
      return { pessoa, petError: null };
    } catch (petError) {
      // The customer exists now: go on to their page and let the pet be added there.
      return { pessoa, petError };
    }
  };

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<ClienteFormValues, ClienteCreatePayload, Saved>({
    schema: clienteCreateSchema,
    initialValues: { ...dadosPessoaisValues(), ...contatoValues(), ...enderecoFormValues(), primeiroPet: emptyPetBasico() },
    submit: (payload, { idempotencyKey }) => submit(payload, idempotencyKey),
    successMessage: false,
    onSuccess: ({ pessoa, petError }) => {
      if (petError) notifyError(`Cliente cadastrado, mas o pet não foi salvo: ${errorMessage(petError)}`);
      else notifySuccess(CLIENTE_SALVO);
      void navigate({
        to: '/clientes/$clienteId',
        params: { clienteId: pessoa.id },
        search: petError ? { tab: 'pets' } : {},
      });
    },
  });

  const values = form.getValues();

  return (
    <ResourceFormLayout
      title="Novo cliente"
      back={<BackLink to="/clientes">Clientes</BackLink>}
      onSubmit={handleSubmit}
      onCancel={() => void navigate({ to: '/clientes' })}
      generalErrors={generalErrors}
      submitting={submitting}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <FormSection title="Dados pessoais">
            <DadosPessoaisFields form={form} />
          </FormSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Grid gap="md">
            <Grid.Col span={12}>
              <FormSection title="Foto">
                <FotoField file={foto} onChange={setFoto} name={values.nome || undefined} />
              </FormSection>
            </Grid.Col>
            <Grid.Col span={12}>
              <FormSection title="Comunicações">
                <ConsentimentoField form={form} />
              </FormSection>
            </Grid.Col>
          </Grid>
        </Grid.Col>
        <Grid.Col span={12}>
          <FormSection title="Contato">
            <ContatoFields form={form} />
          </FormSection>
        </Grid.Col>
        <Grid.Col span={12}>
          <FormSection title="Endereço">
            <EnderecoFields form={form} withCodigoIbge={false} />
          </FormSection>
        </Grid.Col>
        <Grid.Col span={12}>
          <FormSection title="Primeiro pet" description="Opcional: já cadastre um pet deste cliente. Deixe em branco para pular.">
            <PetBasicoFields form={form} values={values.primeiroPet} prefix="primeiroPet" nomeLabel="Nome do pet" />
          </FormSection>
        </Grid.Col>
      </Grid>
    </ResourceFormLayout>
  );
}
