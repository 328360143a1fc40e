import { Alert, Button, Group, Kbd, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

type AutorizacaoDescontoModalProps = {
  /** The API's refusal ('Desconto de 15,00% acima do seu limite de 10,00%: …'); null: closed. */
  mensagem: string | null;
  /** The last authorization's refusal ('E-mail ou senha do autorizador inválidos'), shown in the form. */
  erro: string | null;
  enviando: boolean;
  onConfirmar: (autorizacao: { email: string; senha: string }) => void;
  onClose: () => void;
};

/**
 * "Autorização de desconto" (issue #22 item 4): the sale's discount is above the cashier's limit,
 * so a manager types their e-mail and password at the till and the sale is sent again with them.
 * Keyboard first: the e-mail has the focus, Enter confirms, Esc cancels (the sale and its
 * payments stay as they are).
 */
export function AutorizacaoDescontoModal({ mensagem, erro, enviando, onConfirmar, onClose }: AutorizacaoDescontoModalProps) {
  return (
    <Modal opened={mensagem !== null} onClose={onClose} title="Autorização de desconto" centered size="md">
      {mensagem !== null ? (
        <AutorizacaoForm mensagem={mensagem} erro={erro} enviando={enviando} onConfirmar={onConfirmar} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function AutorizacaoForm({
  mensagem,
  erro,
  enviando,
  onConfirmar,
  onClose,
}: AutorizacaoDescontoModalProps & { mensagem: string }) {
  const [email, setEmail] = useState('');
  const [senha, setSenha] = useState('');
  const [faltando, setFaltando] = useState<{ email?: string; senha?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const vazios = {
      ...(email.trim() ? {} : { email: 'Informe o e-mail do gerente' }),
      ...(senha ? {} : { senha: 'Informe a senha do gerente' }),
    };
    setFaltando(vazios);
    if (Object.keys(vazios).length > 0 || enviando) return;
    onConfirmar({ email: email.trim(), senha });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="yellow" variant="light">
          {mensagem}
        </Alert>
        <Text size="sm" c="dimmed">
          Um gerente ou administrador desta unidade digita o e-mail e a senha para liberar o desconto.
        </Text>
        <TextInput
          label="E-mail do gerente"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={faltando.email}
          data-autofocus
        />
        <PasswordInput
          label="Senha do gerente"
          autoComplete="off"
          value={senha}
          onChange={(e) => setSenha(e.currentTarget.value)}
          error={faltando.senha}
        />
        {erro ? (
          <Text c="red" size="sm" role="alert" data-testid="autorizacao-erro">
            {erro}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar (Esc)
          </Button>
          <Button type="submit" loading={enviando} rightSection={<Kbd size="xs">Enter</Kbd>}>
            Autorizar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
