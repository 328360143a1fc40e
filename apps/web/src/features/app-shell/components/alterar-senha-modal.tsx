import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { alterarSenhaInputSchema, type AlterarSenhaInput } from '@petshop/shared/auth';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { alterarSenha } from '../api/alterar-senha.ts';

type AlterarSenhaModalProps = { opened: boolean; onClose: () => void };

export function AlterarSenhaModal({ opened, onClose }: AlterarSenhaModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Alterar senha" centered>
      {/* Mounted only while open, so every opening starts with empty fields. */}
      {opened ? <AlterarSenhaForm onDone={onClose} /> : null}
    </Modal>
  );
}

function AlterarSenhaForm({ onDone }: { onDone: () => void }) {
  const setAccessToken = useSessionStore((s) => s.setAccessToken);
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    AlterarSenhaInput,
    AlterarSenhaInput,
    { accessToken: string }
  >({
    schema: alterarSenhaInputSchema,
    initialValues: { senhaAtual: '', novaSenha: '', confirmacaoSenha: '' },
    submit: (input, { idempotencyKey }) => alterarSenha(input, idempotencyKey),
    successMessage: 'Senha alterada com sucesso',
    onSuccess: ({ accessToken }) => {
      setAccessToken(accessToken);
      onDone();
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Alterar senha">
      <Stack gap="sm">
        <FormGeneralErrors errors={generalErrors} />
        <PasswordInput label="Senha atual" autoComplete="current-password" data-autofocus {...form.getInputProps('senhaAtual')} />
        <PasswordInput
          label="Nova senha"
          description="Mínimo de 8 caracteres"
          autoComplete="new-password"
          {...form.getInputProps('novaSenha')}
        />
        <PasswordInput
          label="Confirmação da nova senha"
          autoComplete="new-password"
          {...form.getInputProps('confirmacaoSenha')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={submitting}>
            Alterar senha
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
