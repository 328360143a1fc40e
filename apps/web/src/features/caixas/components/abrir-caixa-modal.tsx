/**
 * "Abrir caixa": asks the opening float (cash in the drawer, R$) and opens the user's register
 * in the selected unit (POST /comercial/caixas/abrir-caixa). Enter in the field submits. Used
 * by the register screens and, through a route, by the point of sale (its "Caixa fechado"
 * panel and F2).
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { abrirCaixaInputSchema, type AbrirCaixaInputParsed, type Caixa } from '@petshop/shared/caixa';
import { useAbrirCaixa } from '../api/abrir-caixa.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { MoneyInput } from '#lib/ui/decimal-input.tsx';

export type AbrirCaixaModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The register just opened (id, numero, status 'Aberto', …). */
  onOpened: (caixa: Caixa) => void;
};

export function AbrirCaixaModal({ opened, onClose, onOpened }: AbrirCaixaModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Abrir caixa" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {/* Mounted per opening: each one starts empty with a fresh idempotency key. */}
      {opened ? <AbrirCaixaForm onCancel={onClose} onOpened={onOpened} /> : null}
    </Modal>
  );
}

type AbrirCaixaValues = { valorAbertura: number | string; observacoes: string };

function AbrirCaixaForm({ onCancel, onOpened }: { onCancel: () => void; onOpened: (caixa: Caixa) => void }) {
  const abrir = useAbrirCaixa();
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<AbrirCaixaValues, AbrirCaixaInputParsed, Caixa>({
    schema: abrirCaixaInputSchema,
    initialValues: { valorAbertura: '', observacoes: '' },
    submit: (dados, { idempotencyKey }) => abrir.mutateAsync({ dados, idempotencyKey }),
    successMessage: false,
    onSuccess: onOpened,
  });
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Abrir caixa">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Informe o fundo de troco: o dinheiro que fica na gaveta ao abrir o caixa.
        </Text>
        <FormGeneralErrors errors={generalErrors} title="Não foi possível abrir o caixa" />
        <MoneyInput label="Valor de abertura" data-autofocus {...form.getInputProps('valorAbertura')} />
        <Textarea label="Observações" autosize minRows={2} maxRows={4} {...form.getInputProps('observacoes')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={submitting}>
            Abrir caixa
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
