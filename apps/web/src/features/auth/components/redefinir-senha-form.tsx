import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { redefinirSenhaInputSchema, type RedefinirSenhaInput } from '@petshop/shared/auth';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { redefinirSenha } from '../api/redefinir-senha.ts';

const LINK_INVALIDO = 'Link inválido ou expirado';

type RedefinirSenhaFormProps = { token?: string | undefined };

/**
 * The page of the e-mailed link: the new password twice (rules of the password change). On
 * success every session of the user has ended, so this browser's too: it is cleared and the
 * user goes to the login with a success message.
 */
export function RedefinirSenhaForm({ token }: RedefinirSenhaFormProps) {
  if (!token) {
    return (
      <Stack gap="md">
        <Title order={3}>Redefinir senha</Title>
        <Alert color="red" variant="light" title={LINK_INVALIDO} icon={<IconAlertCircle />} role="alert">
          Abra o link exatamente como chegou no e-mail, ou peça um novo.
        </Alert>
        <NovoLink />
      </Stack>
    );
  }
  return <NovaSenhaForm token={token} />;
}

function NovaSenhaForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const clearSession = useSessionStore((s) => s.clear);
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<RedefinirSenhaInput, RedefinirSenhaInput, void>({
    schema: redefinirSenhaInputSchema,
    initialValues: { token, novaSenha: '', confirmacaoSenha: '' },
    submit: redefinirSenha,
    successMessage: false,
    onSuccess: () => {
      clearSession();
      void navigate({ to: '/login', search: { senhaRedefinida: true }, replace: true });
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Redefinir senha">
      <Stack gap="md">
        <div>
          <Title order={3}>Redefinir senha</Title>
          <Text size="sm" c="dimmed">
            Escolha uma nova senha. As sessões abertas com a senha antiga serão encerradas.
          </Text>
        </div>
        <FormGeneralErrors errors={generalErrors} title="Não foi possível redefinir a senha">
          {generalErrors.includes(LINK_INVALIDO) ? <NovoLink /> : null}
        </FormGeneralErrors>
        <PasswordInput
          label="Nova senha"
          description="Mínimo de 8 caracteres"
          autoComplete="new-password"
          autoFocus
          {...form.getInputProps('novaSenha')}
        />
        <PasswordInput
          label="Confirmação da nova senha"
          autoComplete="new-password"
          {...form.getInputProps('confirmacaoSenha')}
        />
        <Button type="submit" loading={submitting} fullWidth>
          Salvar nova senha
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

function NovoLink() {
  return (
    <Text size="sm">
      <Anchor component={Link} to="/esqueci-senha">
        Pedir um novo link
      </Anchor>
    </Text>
  );
}
