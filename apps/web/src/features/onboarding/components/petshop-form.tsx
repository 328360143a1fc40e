import { Anchor, Button, Grid, Group, Text, TextInput, Title } from '@mantine/core';
import { dadosPessoaisSchema, petshopSchema } from '@petshop/shared/onboarding';
import { Link, useNavigate } from '@tanstack/react-router';
import { OnboardingSteps } from './onboarding-steps.tsx';
import { EnderecoFields, emptyEndereco } from '#lib/address/endereco-fields.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { isApiError } from '#lib/http/api-error.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { CnpjInput, TelefoneInput } from '#lib/ui/masked-inputs.tsx';
import { criarOnboarding } from '../api/criar-onboarding.ts';
import { useOnboardingDraft, type PetshopDataValues } from '../onboarding-draft-store.ts';

const PERSONAL_PREFIX = 'dadosPessoais.';

const EMPTY: PetshopDataValues = { nomeFantasia: '', razaoSocial: '', cnpj: '', telefone: '', endereco: emptyEndereco() };

/** Server messages about step one, keyed by its field names. */
const personalErrorsOf = (error: unknown): Record<string, string> => {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    if (key.startsWith(PERSONAL_PREFIX)) errors[key.slice(PERSONAL_PREFIX.length)] = message;
  }
  return errors;
};

export function PetshopForm() {
  const navigate = useNavigate();
  const startSession = useSessionStore((s) => s.login);
  const draft = useOnboardingDraft();
  const hasPersonalErrors = Object.keys(draft.personalDataErrors).length > 0;

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm({
    schema: petshopSchema,
    initialValues: draft.petshopData ?? EMPTY,
    successMessage: 'Conta criada com sucesso',
    serverErrors: { prefix: 'petshop' },
    submit: async (petshop) => {
      const personalData = useOnboardingDraft.getState().personalData;
      useOnboardingDraft.getState().setPetshopData(form.getValues());
      try {
        return await criarOnboarding({ dadosPessoais: dadosPessoaisSchema.parse(personalData), petshop });
      } catch (error) {
        useOnboardingDraft.getState().setPersonalDataErrors(personalErrorsOf(error));
        throw error;
      }
    },
    onSuccess: (output) => {
      startSession(output);
      draft.reset();
      void navigate({ to: '/', replace: true });
    },
  });

  const voltar = () => {
    draft.setPetshopData(form.getValues());
    void navigate({ to: '/dados-pessoais' });
  };

  return (
    <>
      <OnboardingSteps active={1} />
      <form noValidate onSubmit={handleSubmit} aria-label="Dados do pet shop">
        <Grid gap="sm">
          <Grid.Col span={12}>
            <Title order={3}>Seu pet shop</Title>
            <Text size="sm" c="dimmed">
              Com estes dados criamos a empresa, a primeira unidade e o seu acesso de administrador.
            </Text>
          </Grid.Col>
          <Grid.Col span={12}>
            <FormGeneralErrors errors={generalErrors} title="Não foi possível criar a conta">
              {hasPersonalErrors ? (
                <Anchor component={Link} to="/dados-pessoais" size="sm" fw={600} display="block" mt="xs">
                  Corrigir os dados pessoais
                </Anchor>
              ) : null}
            </FormGeneralErrors>
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Nome fantasia" required autoComplete="organization" {...form.getInputProps('nomeFantasia')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Razão social" {...form.getInputProps('razaoSocial')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <CnpjInput label="CNPJ" required {...form.getInputProps('cnpj')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TelefoneInput label="Telefone" required {...form.getInputProps('telefone')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Title order={5} mt="sm">
              Endereço
            </Title>
          </Grid.Col>
          <Grid.Col span={12}>
            <EnderecoFields form={form} required />
          </Grid.Col>
          <Grid.Col span={12}>
            <Group justify="space-between" mt="sm">
              <Button variant="default" onClick={voltar} disabled={submitting}>
                Voltar
              </Button>
              <Button type="submit" loading={submitting}>
                Criar conta
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}
