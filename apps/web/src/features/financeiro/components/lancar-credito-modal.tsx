/**
 * "Lançar crédito/ajuste" (POST /financeiro/credito-cliente/creditos): a credit to the customer
 * or a debit adjustment, with its value (R$) and description. A debit beyond the balance is
 * refused by the API on the value field. Enter submits.
 */
import { Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { CreditoClienteInputParsed, CreditoClienteLancamento } from '@petshop/shared/credito-cliente';
import { formatMoney } from '@petshop/shared/format';
import { moneyInput, requiredText } from '@petshop/shared/validators';
import { useMemo } from 'react';
import { z } from 'zod';
import { useLancarCredito } from '../api/lancar-credito.ts';
import { FormActions } from '#lib/forms/form-actions.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { MoneyInput } from '#lib/ui/decimal-input.tsx';

export type LancarCreditoModalProps = {
  opened: boolean;
  onClose: () => void;
  cliente: { id: string; nome: string };
  /** The customer's balance now (reais), shown as the limit of a debit. */
  saldo: number;
};

export function LancarCreditoModal({ opened, onClose, cliente, saldo }: LancarCreditoModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Lançar crédito/ajuste" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {/* Mounted per opening: each one starts empty with a fresh idempotency key. */}
      {opened ? <LancarCreditoForm cliente={cliente} saldo={saldo} onDone={onClose} /> : null}
    </Modal>
  );
}

type Operacao = 'credito' | 'debito';
type LancamentoValues = { operacao: Operacao; valor: number | string; descricao: string };

/** The form's values → the call's body: a debit is the negative value. */
const lancamentoSchema = (pessoaId: string): z.ZodType<CreditoClienteInputParsed> =>
  z
    .object({
      operacao: z.enum(['credito', 'debito']),
      valor: moneyInput('Valor').refine((v) => v !== undefined && v > 0, { error: 'Informe um valor maior que zero' }),
      descricao: requiredText('Descrição', 200),
    })
    .transform((v) => ({ pessoaId, valor: v.operacao === 'debito' ? -(v.valor ?? 0) : (v.valor ?? 0), descricao: v.descricao }));

function LancarCreditoForm({
  cliente,
  saldo,
  onDone,
}: {
  cliente: { id: string; nome: string };
  saldo: number;
  onDone: () => void;
}) {
  const lancar = useLancarCredito();
  const schema = useMemo(() => lancamentoSchema(cliente.id), [cliente.id]);
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    LancamentoValues,
    CreditoClienteInputParsed,
    CreditoClienteLancamento
  >({
    schema,
    initialValues: { operacao: 'credito', valor: '', descricao: '' },
    submit: (dados, { idempotencyKey }) => lancar.mutateAsync({ dados, idempotencyKey }),
    successMessage: 'Lançamento registrado',
    onSuccess: onDone,
  });
  const debito = form.getValues().operacao === 'debito';
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Lançar crédito/ajuste">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {cliente.nome} tem {formatMoney(saldo)} de crédito.
        </Text>
        <FormGeneralErrors errors={generalErrors} title="Não foi possível registrar o lançamento" />
        <SegmentedControl
          aria-label="Operação"
          fullWidth
          data={[
            { value: 'credito', label: 'Crédito' },
            { value: 'debito', label: 'Débito (ajuste)' },
          ]}
          {...form.getInputProps('operacao')}
        />
        <MoneyInput
          label="Valor"
          required
          data-autofocus
          description={debito ? `No máximo ${formatMoney(saldo)}, o saldo do cliente.` : undefined}
          {...form.getInputProps('valor')}
        />
        <TextInput
          label="Descrição"
          required
          placeholder={debito ? 'Ex.: correção de lançamento' : 'Ex.: crédito de cortesia'}
          {...form.getInputProps('descricao')}
        />
        <FormActions
          onCancel={onDone}
          submitting={submitting}
          submitLabel={debito ? 'Lançar débito' : 'Lançar crédito'}
          submitColor={debito ? 'red' : undefined}
        />
      </Stack>
    </form>
  );
}
