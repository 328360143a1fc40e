import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { LoginInput } from '@petshop/shared/auth';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { applyServerErrors } from '#lib/forms/apply-server-errors.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { safeRedirectPath } from '#lib/session/safe-redirect.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { login } from '../api/login.ts';

type LoginFormProps = {
  toRedirect?: string | undefined;
  /** Coming from "Redefinir senha": says the new password is set. */
  senhaRedefinida?: boolean | undefined;
};

type LoginErrors = Partial<Record<keyof LoginInput, ReactNode>>;

/** The e-mail rule of zod's `z.email()` (the shared `emailSchema`). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The login body as the shared `loginInputSchema` reads it (e-mail trimmed and lower-cased), or
 * the first message of each field with its messages ('E-mail é obrigatório', 'E-mail inválido',
 * 'Senha é obrigatória'). Checked by hand, not with the schema: zod stays out of the login page
 * (issue #22 item 8). The password's 200-character limit is left to the API (same schema, same
 * message, shown on the field).
 */
export const checkLogin = (values: LoginInput): { input: LoginInput } | { errors: LoginErrors } => {
  const email = values.email.trim().toLowerCase();
  const errors: LoginErrors = {};
  if (email === '') errors.email = 'E-mail é obrigatório';
  else if (!EMAIL.test(email)) errors.email = 'E-mail inválido';
  if (values.senha === '') errors.senha = 'Senha é obrigatória';
  return Object.keys(errors).length > 0 ? { errors } : { input: { email, senha: values.senha } };
};

/**
 * The login form (spec §3): e-mail and password, checked before sending, the API's field errors
 * on the fields and its other errors in the Alert ('E-mail ou senha inválidos'), no double submit.
 * A plain controlled form (two fields): the form library and zod are not on the login page.
 */
export function LoginForm({ toRedirect, senhaRedefinida }: LoginFormProps) {
  const navigate = useNavigate();
  const startSession = useSessionStore((s) => s.login);
  // After an expired session the user is still known: offer their e-mail.
  const knownEmail = useSessionStore((s) => s.user?.email ?? '');
  const [values, setValues] = useState<LoginInput>({ email: knownEmail, senha: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  // A ref, not the state: two clicks within one render must not send twice.
  const busy = useRef(false);

  const change = (field: keyof LoginInput) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    setGeneralErrors([]);
    const checked = checkLogin(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    busy.current = true;
    setSubmitting(true);
    login(checked.input).then(
      (output) => {
        busy.current = false;
        setSubmitting(false);
        startSession(output);
        void navigate({ href: safeRedirectPath(toRedirect), replace: true });
      },
      (error: unknown) => {
        busy.current = false;
        setSubmitting(false);
        setGeneralErrors(applyServerErrors({ getValues: () => values, setErrors }, error));
      },
    );
  };

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
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus={!knownEmail}
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          autoFocus={Boolean(knownEmail)}
          value={values.senha}
          onChange={change('senha')}
          error={errors.senha}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/esqueci-senha" search={{ email: values.email.trim() || undefined }} />}
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
