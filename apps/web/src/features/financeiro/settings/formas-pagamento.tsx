/**
 * Payment methods (DOMAIN.md §7): /configuracoes/financeiro/forma-pagamento. Kind with its
 * label, the acquirer's fee in percent, settlement as D+N, installments (only the installment
 * kinds take more than one), the account the money lands in and, on card methods, the default
 * acquirer (name and CNPJ) the till prefills on each card payment (issue #15 item 4).
 */
import { Grid, Switch, Text, TextInput } from '@mantine/core';
import {
  formaPagamentoInputSchema,
  formatDiasRecebimento,
  PARCELAS_MAXIMAS,
  TIPO_FORMA_PAGAMENTO_LABEL,
  TIPOS_FORMA_PAGAMENTO,
  TIPOS_PARCELAVEIS,
  type FormaPagamento,
  type FormaPagamentoInputParsed,
  type TipoFormaPagamento,
} from '@petshop/shared/forma-pagamento';
import { isCartao } from '@petshop/shared/cartao';
import { linkOptions } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { CrudFieldsProps, CrudResource, CrudSearch } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { contasApi } from '../api/contas.ts';
import { formasPagamentoApi } from '../api/formas-pagamento.ts';
import { TipoFilter } from '../components/tipo-filter.tsx';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';

type FormaPagamentoFormValues = {
  nome: string;
  tipo: TipoFormaPagamento | null;
  taxaPercentual: number | string;
  diasRecebimento: number | string;
  maxParcelas: number | string;
  contaDestinoId: string | null;
  adquirente: string;
  adquirenteCnpj: string;
  ativo: boolean;
};

export const TIPO_FORMA_OPTIONS = TIPOS_FORMA_PAGAMENTO.map((value) => ({ value, label: TIPO_FORMA_PAGAMENTO_LABEL[value] }));

/** '3,49 %' (up to the 4 decimals the fee keeps). */
export const formatTaxa = (taxa: number): string =>
  `${taxa.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} %`;

/** 'Até 12x' or 'À vista'. */
export const formatParcelas = (maxParcelas: number): string => (maxParcelas > 1 ? `Até ${maxParcelas}x` : 'À vista');

const parcelavel = (tipo: TipoFormaPagamento | null) => tipo !== null && TIPOS_PARCELAVEIS.includes(tipo);

function FormaPagamentoFields({ form, row }: CrudFieldsProps<FormaPagamento, FormaPagamentoFormValues>) {
  const contas = contasApi.useOptions();
  const { tipo, contaDestinoId } = form.getValues();
  const contaOptions = useMemo(
    () =>
      (contas.data?.items ?? [])
        .filter((c) => c.ativo || c.id === row?.contaDestinoId)
        .map((c) => ({ value: c.id, label: c.nome })),
    [contas.data, row],
  );
  // The account of another unit is kept (the API does not check it again) but cannot be shown.
  const contaDeOutraUnidade =
    contaDestinoId !== null && contas.data !== undefined && !contas.data.items.some((c) => c.id === contaDestinoId);
  return (
    <FormSection title="Forma de pagamento">
      <Grid gap="sm" maw={760}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nome" required autoFocus {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Tipo"
            required
            data={TIPO_FORMA_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('tipo')}
            onChange={(value) => {
              const next = value as TipoFormaPagamento | null;
              form.setFieldValue('tipo', next);
              if (!parcelavel(next)) form.setFieldValue('maxParcelas', 1);
              if (!next || !isCartao(next)) {
                form.setFieldValue('adquirente', '');
                form.setFieldValue('adquirenteCnpj', '');
              }
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DecimalInput
            label="Taxa"
            description="Percentual retido pela operadora."
            suffix=" %"
            decimalScale={4}
            min={0}
            max={100}
            allowNegative={false}
            {...form.getInputProps('taxaPercentual')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DecimalInput
            label="Dias para recebimento"
            description={`O dinheiro entra em ${formatDiasRecebimento(Number(form.getValues().diasRecebimento) || 0)}.`}
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('diasRecebimento')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DecimalInput
            label="Máximo de parcelas"
            description={parcelavel(tipo) ? 'Parcelas de 30 em 30 dias.' : 'Este tipo é sempre à vista.'}
            min={1}
            max={PARCELAS_MAXIMAS}
            allowDecimal={false}
            allowNegative={false}
            disabled={!parcelavel(tipo)}
            {...form.getInputProps('maxParcelas')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Conta de destino"
            description={
              contaDeOutraUnidade
                ? 'A conta escolhida é de outra unidade; nesta unidade o dinheiro vai para a conta bancária padrão.'
                : 'Vazio: a conta bancária padrão de cada unidade.'
            }
            placeholder="Conta bancária padrão da unidade"
            data={contaOptions}
            clearable
            searchable
            nothingFoundMessage="Nenhuma conta encontrada"
            {...form.getInputProps('contaDestinoId')}
          />
        </Grid.Col>
        {tipo && isCartao(tipo) ? (
          <>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Adquirente padrão"
                description="Quem processa os pagamentos (ex.: Stone, Cielo); o PDV já preenche."
                maxLength={60}
                {...form.getInputProps('adquirente')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="CNPJ da adquirente"
                description="Vai no grupo de cartão da NFC-e."
                inputMode="numeric"
                maxLength={18}
                {...form.getInputProps('adquirenteCnpj')}
              />
            </Grid.Col>
          </>
        ) : null}
        <Grid.Col span={12}>
          <Switch
            label="Ativa"
            description="Formas inativas não aparecem no ponto de venda."
            {...form.getInputProps('ativo', { type: 'checkbox' })}
          />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

function FormaPagamentoFilters({ search }: { search: CrudSearch }) {
  return (
    <TipoFilter
      tipo={typeof search.tipo === 'string' ? search.tipo : undefined}
      options={TIPO_FORMA_OPTIONS}
      placeholder="Todos os tipos"
    />
  );
}

const dimmed = (text: string) => (
  <Text size="sm" c="dimmed">
    {text}
  </Text>
);

export const formasPagamentoResource: CrudResource<FormaPagamento, FormaPagamentoFormValues, FormaPagamentoInputParsed> = {
  api: formasPagamentoApi,
  title: 'Formas de pagamento',
  description: 'Como os clientes pagam: taxas, prazos de recebimento e parcelas.',
  newTitle: 'Nova forma de pagamento',
  editTitle: 'Editar forma de pagamento',
  subject: 'a forma de pagamento',
  deleteDetail: 'Formas já usadas em vendas, caixas ou receitas não podem ser excluídas: desative-as.',
  name: (f) => f.nome,
  columns: [
    {
      key: 'nome',
      header: 'Nome',
      render: (f) => (
        <Text size="sm" fw={500}>
          {f.nome}
        </Text>
      ),
    },
    { key: 'tipo', header: 'Tipo', render: (f) => TIPO_FORMA_PAGAMENTO_LABEL[f.tipo] },
    { key: 'taxa', header: 'Taxa', render: (f) => formatTaxa(f.taxaPercentual), align: 'right', width: 100 },
    { key: 'recebimento', header: 'Recebimento', render: (f) => formatDiasRecebimento(f.diasRecebimento), width: 120 },
    { key: 'parcelas', header: 'Parcelas', render: (f) => formatParcelas(f.maxParcelas), width: 110, visibleFrom: 'sm' },
    {
      key: 'conta',
      header: 'Conta de destino',
      render: (f) => f.contaDestinoNome ?? dimmed(f.contaDestinoId ? 'Outra unidade' : 'Padrão da unidade'),
      visibleFrom: 'md',
    },
    { key: 'ativo', header: 'Situação', render: (f) => <AtivoBadge ativo={f.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por nome',
  Filters: FormaPagamentoFilters,
  schema: formaPagamentoInputSchema,
  valuesOf: (f) => ({
    nome: f?.nome ?? '',
    tipo: f?.tipo ?? null,
    taxaPercentual: f?.taxaPercentual ?? 0,
    diasRecebimento: f?.diasRecebimento ?? 0,
    maxParcelas: f?.maxParcelas ?? 1,
    contaDestinoId: f?.contaDestinoId ?? null,
    adquirente: f?.adquirente ?? '',
    adquirenteCnpj: f?.adquirenteCnpj ?? '',
    ativo: f?.ativo ?? true,
  }),
  Fields: FormaPagamentoFields,
  links: {
    list: linkOptions({ to: '/configuracoes/financeiro/forma-pagamento' }),
    form: (id) =>
      linkOptions({
        to: '/configuracoes/financeiro/forma-pagamento/form/{-$formaPagamentoId}',
        params: { formaPagamentoId: id },
      }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'financeiro' } }),
    parentLabel: 'Configurações',
  },
};
