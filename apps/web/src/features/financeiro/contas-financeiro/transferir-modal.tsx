/**
 * "Transferir" (POST /financeiro/contas/transferencia): money from one account of the unit to
 * another — origin, destination, value (R$), date (today by default, not after today) and a
 * description. The transfer's id is made here once per opening, so a double click or a retry
 * after a lost answer moves the money once. On success every finance query refreshes (both
 * balances, the statements and the overview).
 */
import { Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  transferenciaInputSchema,
  type SaldoContas,
  type Transferencia,
  type TransferenciaInputParsed,
} from '@petshop/shared/financeiro';
import { formatMoney, parseDateInput } from '@petshop/shared/format';
import { useRef } from 'react';
import { useTransferirEntreContas } from '../api/transferir-entre-contas.ts';
import { FormActions } from '#lib/forms/form-actions.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { newUuid } from '#lib/http/idempotency.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { MoneyInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';

type Contas = SaldoContas['contas'];

export type TransferirModalProps = {
  opened: boolean;
  onClose: () => void;
  contas: Contas;
  /** The account open on the screen: the origin by default. */
  contaOrigemId?: string | null;
  onTransferida?: (t: Transferencia) => void;
};

export function TransferirModal({ opened, onClose, contas, contaOrigemId, onTransferida }: TransferirModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Transferir entre contas" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {/* Mounted per opening: each one starts with a new transfer id. */}
      {opened ? (
        <TransferirForm
          contas={contas}
          contaOrigemId={contaOrigemId ?? null}
          onDone={(t) => {
            onTransferida?.(t);
            onClose();
          }}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}

type TransferenciaValues = {
  contaOrigemId: string | null;
  contaDestinoId: string | null;
  valor: number | string;
  data: string;
  descricao: string;
};

function TransferirForm({
  contas,
  contaOrigemId,
  onDone,
  onCancel,
}: {
  contas: Contas;
  contaOrigemId: string | null;
  onDone: (t: Transferencia) => void;
  onCancel: () => void;
}) {
  const transferir = useTransferirEntreContas();
  const id = useRef(newUuid());
  const hoje = hojeNaUnidade();
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    TransferenciaValues,
    TransferenciaInputParsed,
    Transferencia
  >({
    schema: transferenciaInputSchema,
    initialValues: { contaOrigemId, contaDestinoId: null, valor: '', data: hoje, descricao: '' },
    submit: (dados, { idempotencyKey }) => transferir.mutateAsync({ dados: { ...dados, id: id.current }, idempotencyKey }),
    successMessage: 'Transferência registrada',
    onSuccess: onDone,
  });
  const values = form.getValues();
  const opcoes = (excluir: string | null) =>
    contas.map((c) => ({ value: c.id, label: `${c.nome} (${formatMoney(c.saldo)})`, disabled: c.id === excluir }));
  const origem = contas.find((c) => c.id === values.contaOrigemId);

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Transferir entre contas">
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} title="Não foi possível transferir" />
        <SelectField
          label="Conta de origem"
          required
          data={opcoes(values.contaDestinoId)}
          placeholder="De qual conta sai o dinheiro"
          {...form.getInputProps('contaOrigemId')}
        />
        <SelectField
          label="Conta de destino"
          required
          data={opcoes(values.contaOrigemId)}
          placeholder="Para qual conta vai"
          {...form.getInputProps('contaDestinoId')}
        />
        <Group grow align="flex-start">
          <MoneyInput
            label="Valor"
            required
            data-autofocus
            description={origem ? `Saldo da origem: ${formatMoney(origem.saldo)}` : undefined}
            {...form.getInputProps('valor')}
          />
          <DateInput
            label="Data"
            valueFormat="DD/MM/YYYY"
            dateParser={(text) => parseDateInput(text)}
            maxDate={hoje}
            {...form.getInputProps('data')}
          />
        </Group>
        <TextInput label="Descrição" placeholder="Ex.: depósito do caixa no banco" {...form.getInputProps('descricao')} />
        <Text size="xs" c="dimmed">
          O saldo total da unidade não muda: sai da origem e entra no destino.
        </Text>
        <FormActions onCancel={onCancel} submitting={submitting} submitLabel="Transferir" />
      </Stack>
    </form>
  );
}
