import { Anchor, Button, Grid, Group, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { dadosPessoaisSchema } from '@petshop/shared/onboarding';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { OnboardingSteps } from './onboarding-steps.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { ApiError } from '#lib/http/api-error.ts';
import { CpfInput, TelefoneInput } from '#lib/ui/masked-inputs.tsx';
import { isEmailDisponivel } from '../api/check-email.ts';
import { useOnboardingDraft, type PersonalDataValues } from '../onboarding-draft-store.ts';

export const EMAIL_JA_CADASTRADO = 'E-mail já cadastrado';

const EMPTY: PersonalDataValues = { nome: '', email: '', cpf: '', telefone: '', senha: '', confirmacaoSenha: '' };

export function DadosPessoaisForm() {
  const navigate = useNavigate();
  const draft = useOnboardingDraft((s) => s.personalData);
  const serverErrors = useOnboardingDraft((s) => s.personalDataErrors);
  const setPersonalData = useOnboardingDraft((s) => s.setPersonalData);

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm({
    schema: dadosPessoaisSchema,
    initialValues: draft ?? EMPTY,
    successMessage: false,
    submit: async ({ email }) => {
      if (!(await isEmailDisponivel(email))) {
        throw new ApiError({ status: 400, kind: 'validation', fieldErrors: { email: EMAIL_JA_CADASTRADO } });
      }
      return null;
    },
    onSuccess: () => {
      setPersonalData(form.getValues());
      void navigate({ to: '/petshop' });
    },
  });

  // Messages the server gave about these fields when step two was sent.
  useEffect(() => {
    if (Object.keys(serverErrors).length > 0) form.setErrors(serverErrors);
    // Only on arrival: later edits clear field errors as usual.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <OnboardingSteps active={0} />
      <form noValidate onSubmit={handleSubmit} aria-label="Dados pessoais">
        <Grid gap="sm">
          <Grid.Col span={12}>
            <Title order={3}>Crie sua conta</Title>
            <Text size="sm" c="dimmed">
              Primeiro, os dados de quem vai administrar o pet shop.
            </Text>
          </Grid.Col>
          <Grid.Col span={12}>
            <FormGeneralErrors errors={generalErrors} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Nome completo" required autoComplete="name" {...form.getInputProps('nome')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="E-mail" type="email" required autoComplete="email" {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TelefoneInput label="Telefone" required autoComplete="tel" {...form.getInputProps('telefone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <CpfInput label="CPF" required {...form.getInputProps('cpf')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }} visibleFrom="sm" />
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput
              label="Senha"
              description="Mínimo de 8 caracteres"
              required
              autoComplete="new-password"
              {...form.getInputProps('senha')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput
              label="Confirmação da senha"
              description="Repita a senha"
              required
              autoComplete="new-password"
              {...form.getInputProps('confirmacaoSenha')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Group justify="space-between" mt="sm">
              <Anchor component={Link} to="/login" size="sm">
                Já tenho conta
              </Anchor>
              <Button type="submit" loading={submitting}>
                Continuar
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}
