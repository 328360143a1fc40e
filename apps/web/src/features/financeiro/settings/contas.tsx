/**
 * Financial accounts of the selected unit (DOMAIN.md §7): /configuracoes/financeiro/contas.
 * The drawer's cash account, bank accounts and wallets, each with its current balance in R$
 * (saldo inicial + its movements).
 */
import { Grid, Switch, Text, TextInput } from '@mantine/core';
import {
  TIPO_CONTA_LABEL,
  TIPOS_CONTA,
  contaInputSchema,
  type Conta,
  type ContaInputParsed,
  type TipoConta,
} from '@petshop/shared/conta';
import { formatMoney } from '@petshop/shared/format';
import { linkOptions } from '@tanstack/react-router';
import type { CrudFieldsProps, CrudResource, CrudSearch } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { MoneyInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { contasApi } from '../api/contas.ts';
import { TipoFilter } from '../components/tipo-filter.tsx';

type ContaFormValues = {
  nome: string;
  tipo: TipoConta | null;
  banco: string;
  agencia: string;
  numeroConta: string;
  saldoInicial: number | string;
  ativo: boolean;
};

export const TIPO_CONTA_OPTIONS = TIPOS_CONTA.map((value) => ({ value, label: TIPO_CONTA_LABEL[value] }));

/** A balance in R$, red when negative. */
export function Saldo({ valor, size = 'sm' }: { valor: number; size?: string }) {
  return (
    <Text size={size} fw={500} c={valor < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(valor)}
    </Text>
  );
}

/** 'Itaú · ag. 0001 · cc 12345-6', or null without bank data. */
export const dadosBancarios = (c: Pick<Conta, 'banco' | 'agencia' | 'numeroConta'>): string | null => {
  const partes = [c.banco, c.agencia ? `ag. ${c.agencia}` : null, c.numeroConta ? `cc ${c.numeroConta}` : null].filter(Boolean);
  return partes.length ? partes.join(' · ') : null;
};

function ContaFields({ form, row }: CrudFieldsProps<Conta, ContaFormValues>) {
  const values = form.getValues();
  // Bank data for bank accounts (and kept visible when an account with it changes kind).
  const ehBanco = values.tipo === 'banco' || Boolean(values.banco || values.agencia || values.numeroConta);
  return (
    <FormSection
      title="Conta"
      description={row ? <>Saldo atual: {formatMoney(row.saldo)}</> : 'Contas são da unidade selecionada.'}
    >
      <Grid gap="sm" maw={760}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nome" required autoFocus {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField label="Tipo" required data={TIPO_CONTA_OPTIONS} allowDeselect={false} {...form.getInputProps('tipo')} />
        </Grid.Col>
        {ehBanco ? (
          <>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Banco" placeholder="Ex.: Itaú" {...form.getInputProps('banco')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput label="Agência" {...form.getInputProps('agencia')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput label="Número da conta" {...form.getInputProps('numeroConta')} />
            </Grid.Col>
          </>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <MoneyInput
            label="Saldo inicial"
            description="O saldo no dia em que a conta passou a ser usada aqui; pode ser negativo."
            allowNegative
            {...form.getInputProps('saldoInicial')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch
            label="Ativa"
            description="Contas inativas não recebem novos lançamentos."
            {...form.getInputProps('ativo', { type: 'checkbox' })}
          />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

function ContaFilters({ search }: { search: CrudSearch }) {
  return (
    <TipoFilter
      tipo={typeof search.tipo === 'string' ? search.tipo : undefined}
      options={TIPO_CONTA_OPTIONS}
      placeholder="Todos os tipos"
    />
  );
}

export const contasResource: CrudResource<Conta, ContaFormValues, ContaInputParsed> = {
  api: contasApi,
  title: 'Contas',
  description: 'Caixa, bancos e carteiras da unidade selecionada, com o saldo atual.',
  newTitle: 'Nova conta',
  editTitle: 'Editar conta',
  subject: 'a conta',
  deleteDetail: 'Contas com movimentações, receitas ou ligadas a uma forma de pagamento não podem ser excluídas: desative-as.',
  name: (c) => c.nome,
  columns: [
    {
      key: 'nome',
      header: 'Nome',
      render: (c) => (
        <Text size="sm" fw={500}>
          {c.nome}
        </Text>
      ),
    },
    { key: 'tipo', header: 'Tipo', render: (c) => TIPO_CONTA_LABEL[c.tipo], width: 110 },
    {
      key: 'banco',
      header: 'Dados bancários',
      render: (c) =>
        dadosBancarios(c) ?? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
      visibleFrom: 'sm',
    },
    { key: 'saldo', header: 'Saldo', render: (c) => <Saldo valor={c.saldo} />, align: 'right', width: 150 },
    { key: 'ativo', header: 'Situação', render: (c) => <AtivoBadge ativo={c.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por nome ou banco',
  Filters: ContaFilters,
  schema: contaInputSchema,
  valuesOf: (c) => ({
    nome: c?.nome ?? '',
    tipo: c?.tipo ?? null,
    banco: c?.banco ?? '',
    agencia: c?.agencia ?? '',
    numeroConta: c?.numeroConta ?? '',
    saldoInicial: c?.saldoInicial ?? 0,
    ativo: c?.ativo ?? true,
  }),
  Fields: ContaFields,
  links: {
    list: linkOptions({ to: '/configuracoes/financeiro/contas' }),
    form: (id) => linkOptions({ to: '/configuracoes/financeiro/contas/form/{-$contaId}', params: { contaId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'financeiro' } }),
    parentLabel: 'Configurações',
  },
};
