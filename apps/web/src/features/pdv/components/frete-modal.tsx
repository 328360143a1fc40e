import { Button, Group, Kbd, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MoneyInput, moneyValue } from '#lib/ui/decimal-input.tsx';

type FreteModalProps = {
  opened: boolean;
  onClose: () => void;
  valorAtual: number;
  onConfirmar: (valor: number) => void;
};

/** F7: the delivery fee (*valorEntregaFrete*), added after discounts. */
export function FreteModal({ opened, onClose, valorAtual, onConfirmar }: FreteModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Entrega/frete (F7)" centered size="sm">
      {opened ? <FreteForm onClose={onClose} valorAtual={valorAtual} onConfirmar={onConfirmar} /> : null}
    </Modal>
  );
}

function FreteForm({ onClose, valorAtual, onConfirmar }: Omit<FreteModalProps, 'opened'>) {
  const [valor, setValor] = useState<number | string>(valorAtual || '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirmar(moneyValue(valor) ?? 0);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <MoneyInput label="Valor da entrega" size="lg" value={valor} onChange={setValor} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar (Esc)
          </Button>
          <Button type="submit" rightSection={<Kbd size="xs">Enter</Kbd>}>
            Aplicar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
