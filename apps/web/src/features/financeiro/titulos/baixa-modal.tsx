/**
 * "Baixar" (PATCH /financeiro/{despesas|receitas}/{id}/baixa, issue #6 item 1): the payment date
 * (today by default, not after today), the principal settled (what is open by default; less is a
 * partial settlement), interest, fine, discount (and the card/PIX fee of a receivable, by default
 * the título's fee in proportion to the value), the account and the payment method; the total
 * that moves through the account (`totalBaixa`) is shown live. Each opening carries a client uuid
 * (`chave`): a double click or a retry settles once. Enter submits.
 */
import { Alert, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { baixaInputSchema, totalBaixa, type BaixaInputParsed } from '@petshop/shared/financeiro';
import { formatDate, formatMoney, fromCents, parseDateInput, toCents } from '@petshop/shared/format';
import { TIPOS_PAGAM_DESPESA } from '@petshop/shared/forma-pagamento';
import { useMemo, useState } from 'react';
import { useContasOpcoes, useFormasOpcoes } from './opcoes.ts';
import { useBaixarTitulo } from '../api/baixar-titulo.ts';
import type { Titulo } from './titulo-types.ts';
import type { TipoTitulo } from '#lib/query-keys.ts';
import { FormActions } from '#lib/forms/form-actions.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { newUuid } from '#lib/http/idempotency.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { MoneyInput, moneyValue } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';

export type BaixaModalProps = {
  tipo: TipoTitulo;
  /** The título to settle; null closes the modal. */
  titulo: Titulo | null;
  onClose: () => void;
};

export function BaixaModal({ tipo, titulo, onClose }: BaixaModalProps) {
  return (
    <Modal
      opened={titulo !== null}
      onClose={onClose}
      title={tipo === 'despesas' ? 'Baixar despesa' : 'Baixar receita'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {/* Mounted per opening: each one starts from what is open, with a fresh `chave`. */}
      {titulo ? <BaixaForm tipo={tipo} titulo={titulo} onDone={onClose} /> : null}
    </Modal>
  );
}

type BaixaValues = {
  chave: string;
  dataPagamento: string;
  valor: number | string;
  juros: number | string;
  multa: number | string;
  desconto: number | string;
  taxa: number | string;
  contaId: string | null;
  formaPagamentoId: string | null;
  observacoes: string;
};

/** The card/PIX fee of a receivable for settling `valor` of it: its fee in proportion (reais). */
export const taxaProporcional = (titulo: { valor: number; valorTaxa?: number }, valor: number): number => {
  if (!titulo.valorTaxa || titulo.valor <= 0) return 0;
  return fromCents(Math.round((toCents(titulo.valorTaxa) * toCents(valor)) / toCents(titulo.valor)));
};

const num = (v: number | string) => moneyValue(v) ?? 0;

function BaixaForm({ tipo, titulo, onDone }: { tipo: TipoTitulo; titulo: Titulo; onDone: () => void }) {
  const baixar = useBaixarTitulo(tipo);
  const receita = tipo === 'receitas' && 'valorTaxa' in titulo;
  const valorTaxa = 'valorTaxa' in titulo ? titulo.valorTaxa : 0;
  const emAberto = titulo.valorEmAberto;
  const hoje = hojeNaUnidade();
  const [taxaEditada, setTaxaEditada] = useState(false);
  const contas = useContasOpcoes(titulo.conta?.id);
  // A payable is paid by cash, PIX, card, boleto or bank transfer (issue #15 item 2), not by a customer's credit.
  const formas = useFormasOpcoes(titulo.formaPagamento?.id, tipo === 'despesas' ? TIPOS_PAGAM_DESPESA : undefined);

  const schema = useMemo(
    () =>
      baixaInputSchema.superRefine((b, ctx) => {
        if (b.valor !== undefined && toCents(b.valor) > toCents(emAberto))
          ctx.addIssue({
            code: 'custom',
            path: ['valor'],
            message: `Valor maior que o saldo em aberto de ${formatMoney(emAberto)}`,
          });
        if (b.dataPagamento && b.dataPagamento > hoje)
          ctx.addIssue({ code: 'custom', path: ['dataPagamento'], message: 'Data de pagamento não pode ser futura' });
      }),
    [emAberto, hoje],
  );

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<BaixaValues, BaixaInputParsed, Titulo>({
    schema,
    initialValues: {
      chave: newUuid(),
      dataPagamento: hoje,
      valor: emAberto,
      juros: '',
      multa: '',
      desconto: '',
      taxa: receita ? taxaProporcional({ valor: titulo.valor, valorTaxa }, emAberto) : '',
      contaId: titulo.conta?.id ?? null,
      formaPagamentoId: titulo.formaPagamento?.id ?? null,
      observacoes: '',
    },
    submit: (dados, { idempotencyKey }) =>
      baixar.mutateAsync({ id: titulo.id, dados: receita ? dados : { ...dados, taxa: undefined }, idempotencyKey }),
    successMessage: 'Baixa registrada',
    onSuccess: onDone,
  });

  const v = form.getValues();
  const valor = num(v.valor);
  const total = totalBaixa({
    valor,
    juros: num(v.juros),
    multa: num(v.multa),
    desconto: num(v.desconto),
    taxa: receita ? num(v.taxa) : 0,
  });
  const parcial = valor > 0 && toCents(valor) < toCents(emAberto);

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Baixa">
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600}>{titulo.descricao}</Text>
          <Text size="sm" c="dimmed">
            {titulo.totalParcelas > 1 ? `Parcela ${titulo.parcela}/${titulo.totalParcelas} · ` : ''}
            Vencimento {formatDate(titulo.dataVencimento)} · Valor {formatMoney(titulo.valor)} · Em aberto{' '}
            <Text span fw={600} c="dark" aria-label="Saldo em aberto">
              {formatMoney(emAberto)}
            </Text>
          </Text>
        </Stack>
        <FormGeneralErrors errors={generalErrors} title="Não foi possível baixar" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            label={tipo === 'despesas' ? 'Data do pagamento' : 'Data do recebimento'}
            required
            placeholder="dd/mm/aaaa"
            valueFormat="DD/MM/YYYY"
            dateParser={(text) => parseDateInput(text)}
            maxDate={hoje}
            value={v.dataPagamento || null}
            onChange={(value) => form.setFieldValue('dataPagamento', value ?? '')}
            error={form.errors.dataPagamento}
          />
          <MoneyInput
            label="Valor"
            required
            data-autofocus
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={parcial ? 'Baixa parcial: o restante continua em aberto' : 'Todo o saldo em aberto'}
            {...form.getInputProps('valor')}
            onChange={(value) => {
              form.setFieldValue('valor', value);
              if (receita && !taxaEditada)
                form.setFieldValue('taxa', taxaProporcional({ valor: titulo.valor, valorTaxa }, num(value)));
            }}
          />
          <MoneyInput label="Juros" {...form.getInputProps('juros')} />
          <MoneyInput label="Multa" {...form.getInputProps('multa')} />
          <MoneyInput label="Desconto" {...form.getInputProps('desconto')} />
          {receita ? (
            <MoneyInput
              label="Taxa"
              description="Taxa do cartão/PIX retida"
              {...form.getInputProps('taxa')}
              onChange={(value) => {
                setTaxaEditada(true);
                form.setFieldValue('taxa', value);
              }}
            />
          ) : null}
          <SelectField
            label="Conta"
            placeholder="Conta da forma de pagamento"
            data={contas}
            clearable
            {...form.getInputProps('contaId')}
          />
          <SelectField
            label="Forma de pagamento"
            placeholder="A do lançamento"
            data={formas}
            clearable
            {...form.getInputProps('formaPagamentoId')}
          />
        </SimpleGrid>
        <TextInput label="Observações" maxLength={500} {...form.getInputProps('observacoes')} />
        <Alert color={total < 0 ? 'red' : 'blue'} variant="light" py="xs">
          <Group justify="space-between">
            <Text size="sm">{tipo === 'despesas' ? 'Total pago (sai da conta)' : 'Total recebido (entra na conta)'}</Text>
            <Text fw={700} size="lg" aria-label="Total da baixa">
              {formatMoney(total)}
            </Text>
          </Group>
        </Alert>
        <FormActions onCancel={onDone} submitting={submitting} submitLabel={parcial ? 'Baixar parcialmente' : 'Baixar'} />
      </Stack>
    </form>
  );
}
