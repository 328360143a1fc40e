/**
 * "Marcar como recebido": the chosen card/PIX receivables landed on `dataRecebimento` (today by
 * default) in `contaId` (default: each one's account). Each is settled for what is open, its fee
 * in proportion. Enter submits.
 */
import { Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { confirmarRecebimentosInputSchema, type Receita } from '@petshop/shared/financeiro';
import { formatMoney, fromCents, parseDateInput, toCents } from '@petshop/shared/format';
import { useConfirmarRecebimentos } from '../api/confirmar-recebimentos.ts';
import { useContasOpcoes } from '../titulos/opcoes.ts';
import { FormActions } from '#lib/forms/form-actions.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { SelectField } from '#lib/ui/select-field.tsx';
import type { z } from 'zod';

type Props = { receitas: Receita[]; opened: boolean; onClose: () => void; onDone: () => void };

export function ConfirmarRecebimentosModal({ receitas, opened, onClose, onDone }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Marcar como recebido" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {opened ? <ConfirmarForm receitas={receitas} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

type Values = { ids: string[]; dataRecebimento: string; contaId: string | null };

function ConfirmarForm({ receitas, onClose, onDone }: Omit<Props, 'opened'>) {
  const confirmar = useConfirmarRecebimentos();
  const contas = useContasOpcoes();
  const hoje = hojeNaUnidade();
  const aberto = receitas.reduce((s, r) => s + toCents(r.valorEmAberto), 0);
  const taxa = receitas.reduce(
    (s, r) => s + (r.valor > 0 ? Math.round((toCents(r.valorTaxa) * toCents(r.valorEmAberto)) / toCents(r.valor)) : 0),
    0,
  );
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    Values,
    z.output<typeof confirmarRecebimentosInputSchema>,
    { confirmados: number }
  >({
    schema: confirmarRecebimentosInputSchema,
    initialValues: { ids: receitas.map((r) => r.id), dataRecebimento: hoje, contaId: null },
    submit: (dados, { idempotencyKey }) => confirmar.mutateAsync({ dados, idempotencyKey }),
    successMessage: false,
    onSuccess: onDone,
  });
  const v = form.getValues();
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Marcar como recebido">
      <Stack gap="md">
        <Text size="sm">
          {receitas.length} {receitas.length === 1 ? 'recebimento' : 'recebimentos'}: bruto {formatMoney(fromCents(aberto))}, taxa{' '}
          {formatMoney(fromCents(taxa))},{' '}
          <Text span fw={700} aria-label="Líquido a receber">
            líquido {formatMoney(fromCents(aberto - taxa))}
          </Text>
          .
        </Text>
        <FormGeneralErrors errors={generalErrors} title="Não foi possível confirmar" />
        <DateInput
          label="Data do recebimento"
          required
          data-autofocus
          placeholder="dd/mm/aaaa"
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => parseDateInput(text)}
          maxDate={hoje}
          value={v.dataRecebimento || null}
          onChange={(value) => form.setFieldValue('dataRecebimento', value ?? '')}
          error={form.errors.dataRecebimento}
        />
        <SelectField
          label="Conta"
          placeholder="A de cada recebimento"
          data={contas}
          clearable
          {...form.getInputProps('contaId')}
        />
        <FormActions onCancel={onClose} submitting={submitting} submitLabel="Confirmar recebimento" />
      </Stack>
    </form>
  );
}
