/**
 * "CPF na nota?" (issue #18 item 8): asked before the NFC-e is emitted. The CPF or CNPJ is typed
 * masked and checked (check digits) here; Enter confirms, Esc or "Não" emit without identifying
 * the consumer. Prefilled with the sale's customer's CPF/CNPJ when there is one.
 */
import { Button, Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { cpfCnpjSchema } from '@petshop/shared/validators';
import { useEffect, useState, type FormEvent } from 'react';
import { CpfCnpjInput } from '#lib/ui/masked-inputs.tsx';

type CpfNaNotaModalProps = {
  opened: boolean;
  /** The customer's CPF/CNPJ (digits or formatted), or null. */
  cpfInicial: string | null;
  /** The digits typed, or undefined for a consumer not identified. */
  onConfirmar: (cpf: string | undefined) => void;
};

/** The digits of a valid CPF/CNPJ, '' for nothing typed, or the error message. */
export const lerCpfNaNota = (texto: string): { cpf: string | undefined } | { erro: string } => {
  if (texto.replace(/\D/g, '') === '') return { cpf: undefined };
  const lido = cpfCnpjSchema.safeParse(texto);
  return lido.success ? { cpf: lido.data } : { erro: 'CPF/CNPJ inválido' };
};

export function CpfNaNotaModal({ opened, cpfInicial, onConfirmar }: CpfNaNotaModalProps) {
  const [texto, setTexto] = useState(cpfInicial ?? '');
  const [erro, setErro] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setTexto(cpfInicial ?? '');
      setErro(null);
    }
  }, [opened, cpfInicial]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lido = lerCpfNaNota(texto);
    if ('erro' in lido) setErro(lido.erro);
    else onConfirmar(lido.cpf);
  };

  return (
    <Modal
      opened={opened}
      onClose={() => onConfirmar(undefined)}
      title="CPF na nota?"
      size="sm"
      centered
      closeOnClickOutside={false}
      zIndex={400}
    >
      <form onSubmit={submit} noValidate aria-label="CPF na nota">
        <Stack gap="sm">
          <CpfCnpjInput
            data-autofocus
            label="CPF ou CNPJ do consumidor"
            size="lg"
            value={texto}
            onChange={(v) => {
              setTexto(v);
              setErro(null);
            }}
            error={erro}
          />
          <Text size="xs" c="dimmed">
            Enter emite com o documento; Esc ou “Não” emite sem identificar o consumidor.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => onConfirmar(undefined)} rightSection={<Kbd size="xs">Esc</Kbd>}>
              Não
            </Button>
            <Button type="submit" rightSection={<Kbd size="xs">Enter</Kbd>}>
              Emitir NFC-e
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
