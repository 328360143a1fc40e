import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { loginInputSchema, type LoginInput } from '@petshop/shared/auth';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { safeRedirectPath } from '#lib/session/safe-redirect.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { login } from '../api/login.ts';

type LoginFormProps = {
  toRedirect?: string | undefined;
  /** Coming from "Redefinir senha": says the new password is set. */
  senhaRedefinida?: boolean | undefined;
};

export function LoginForm({ toRedirect, senhaRedefinida }: LoginFormProps) {
  const navigate = useNavigate();
  const startSession = useSessionStore((s) => s.login);
  // After an expired session the user is still known: offer their e-mail.
  const knownEmail = useSessionStore((s) => s.user?.email ?? '');
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    LoginInput,
    LoginInput,
    Awaited<ReturnType<typeof login>>
  >({
    schema: loginInputSchema,
    initialValues: { email: knownEmail, senha: '' },
    submit: login,
    successMessage: false,
    onSuccess: (output) => {
      startSession(output);
      void navigate({ href: safeRedirectPath(toRedirect), replace: true });
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Entrar">
      <Stack gap="md">
        <div>
          <Title order={3}>Entrar</Title>
          <Text size="sm" c="dimmed">
            Acesse com o e-mail e a senha cadastrados.
          </Text>
        </div>
        {senhaRedefinida ? (
          <Alert color="teal" variant="light" title="Senha redefinida" icon={<IconCircleCheck />} role="status">
            Entre com a nova senha.
          </Alert>
        ) : null}
        <FormGeneralErrors errors={generalErrors} title="Não foi possível entrar" />
        <TextInput label="E-mail" type="email" autoComplete="username" autoFocus={!knownEmail} {...form.getInputProps('email')} />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          autoFocus={Boolean(knownEmail)}
          {...form.getInputProps('senha')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link {...props} to="/esqueci-senha" search={{ email: form.values.email.trim() || undefined }} />
            )}
          >
            Esqueci minha senha
          </Anchor>
        </Group>
        <Button type="submit" loading={submitting} fullWidth>
          Entrar
        </Button>
        <Text size="sm" ta="center">
          Ainda não tem conta?{' '}
          <Anchor component={Link} to="/dados-pessoais">
            Criar conta
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
