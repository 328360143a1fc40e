import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { esqueciSenhaInputSchema, type EsqueciSenhaInput } from '@petshop/shared/auth';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { esqueciSenha } from '../api/esqueci-senha.ts';

type EsqueciSenhaFormProps = { email?: string | undefined };

/** "Esqueci minha senha": asks the e-mail, then shows the API's one answer (it never tells whether the e-mail exists). */
export function EsqueciSenhaForm({ email = '' }: EsqueciSenhaFormProps) {
  const [enviado, setEnviado] = useState<string | null>(null);
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    EsqueciSenhaInput,
    EsqueciSenhaInput,
    { mensagem: string }
  >({
    schema: esqueciSenhaInputSchema,
    initialValues: { email },
    submit: esqueciSenha,
    successMessage: false,
    onSuccess: ({ mensagem }) => setEnviado(mensagem),
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Esqueci minha senha">
      <Stack gap="md">
        <div>
          <Title order={3}>Esqueci minha senha</Title>
          <Text size="sm" c="dimmed">
            Informe o e-mail cadastrado. Enviaremos um link para você criar uma nova senha.
          </Text>
        </div>
        <FormGeneralErrors errors={generalErrors} title="Não foi possível enviar" />
        {enviado ? (
          <Alert color="teal" variant="light" title="Verifique seu e-mail" icon={<IconMailCheck />} role="status">
            {enviado} O link vale por 60 minutos; confira também a caixa de spam.
          </Alert>
        ) : null}
        <TextInput label="E-mail" type="email" autoComplete="username" autoFocus {...form.getInputProps('email')} />
        <Button type="submit" loading={submitting} fullWidth variant={enviado ? 'default' : 'filled'}>
          {enviado ? 'Enviar de novo' : 'Enviar link'}
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Voltar para o login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
