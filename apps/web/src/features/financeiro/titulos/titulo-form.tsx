/**
 * "Nova despesa" / "Nova receita" (POST /financeiro/{tipo}: one título per installment, the
 * client's uuid of the first one making a repeat harmless) and "Editar" (PUT …/{id}: one
 * installment, only while open and unsettled). Supplier (payables) or customer (receivables),
 * category of the list's kind, description, document, payment method, account, issue date,
 * observations; creating also takes the installments (ParcelasTitulo), editing the due date and
 * value. Enter submits.
 */
import { Grid, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  despesaInputSchema,
  despesaUpdateSchema,
  type DespesaInputParsed,
  type ReceitaInputParsed,
} from '@petshop/shared/financeiro';
import { formatMoney, parseDateInput, toCents } from '@petshop/shared/format';
import { numberInput, optionalUuid } from '@petshop/shared/validators';
import { useMemo, type ReactNode } from 'react';
import { z } from 'zod';
import { useCategoriasOpcoes, useContasOpcoes, useFormasOpcoes } from './opcoes.ts';
import { ParcelasTitulo, previaParcelas, somaParcelas, type ParcelamentoValues, type ParcelaValues } from './parcelas-titulo.tsx';
import { PessoaPicker } from './pessoa-picker.tsx';
import { useAlterarTitulo } from '../api/alterar-titulo.ts';
import { useCriarTitulos } from '../api/criar-titulos.ts';
import type { Titulo } from './titulo-types.ts';
import type { TipoTitulo } from '#lib/query-keys.ts';
import { FormActions } from '#lib/forms/form-actions.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { newUuid } from '#lib/http/idempotency.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { MoneyInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';

export type TituloFormModalProps = {
  tipo: TipoTitulo;
  opened: boolean;
  onClose: () => void;
  /** The título being edited; absent: a new one. */
  titulo?: Titulo | null;
  /** After creating (how many installments) or saving. */
  onSaved?: () => void;
};

const rotulos = (tipo: TipoTitulo) =>
  tipo === 'despesas'
    ? { novo: 'Nova despesa', editar: 'Editar despesa', pessoa: 'Fornecedor', categoria: 'despesa' as const }
    : { novo: 'Nova receita', editar: 'Editar receita', pessoa: 'Cliente', categoria: 'receita' as const };

export function TituloFormModal({ tipo, opened, onClose, titulo, onSaved }: TituloFormModalProps) {
  const r = rotulos(tipo);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={titulo ? r.editar : r.novo}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened ? (
        titulo ? (
          <EditarTituloForm tipo={tipo} titulo={titulo} onDone={onClose} onSaved={onSaved} />
        ) : (
          <NovoTituloForm tipo={tipo} onDone={onClose} onSaved={onSaved} />
        )
      ) : null}
    </Modal>
  );
}

type CamposComuns = {
  pessoaId: string | null;
  descricao: string;
  categoriaFinanceiraId: string | null;
  formaPagamentoId: string | null;
  contaId: string | null;
  documento: string;
  dataEmissao: string;
  observacoes: string;
};

const s = despesaInputSchema.shape;
const comuns = {
  pessoaId: optionalUuid('Escolha da lista'),
  descricao: s.descricao,
  categoriaFinanceiraId: s.categoriaFinanceiraId,
  formaPagamentoId: s.formaPagamentoId,
  contaId: s.contaId,
  documento: s.documento,
  dataEmissao: s.dataEmissao,
  observacoes: s.observacoes,
};

type Comuns = { pessoaId?: string | undefined };
/** The form's supplier/customer under the name the API reads. */
const comPessoa = <T extends Comuns>(tipo: TipoTitulo, { pessoaId, ...resto }: T) =>
  tipo === 'despesas' ? { ...resto, fornecedorId: pessoaId } : { ...resto, pessoaId };

type NovoValues = CamposComuns & ParcelamentoValues & { id: string };

const novoSchema = (tipo: TipoTitulo) =>
  z
    .object({
      id: z.uuid(),
      ...comuns,
      total: numberInput('Valor total').refine((v) => v !== undefined && v > 0, { error: 'Informe o valor total' }),
      parcelas: s.parcelas,
    })
    .superRefine((v, ctx) => {
      const soma = somaParcelas(v.parcelas);
      if (v.total !== undefined && toCents(soma) !== toCents(v.total))
        ctx.addIssue({
          code: 'custom',
          path: ['total'],
          message: `As parcelas somam ${formatMoney(soma)} e o valor total é ${formatMoney(v.total)}`,
        });
    })
    .transform(({ total: _total, ...v }) => comPessoa(tipo, v) as DespesaInputParsed | ReceitaInputParsed);

function CamposTitulo({
  tipo,
  form,
  atualPessoa,
}: {
  tipo: TipoTitulo;
  form: {
    getValues: () => CamposComuns;
    getInputProps: (path: string) => object;
    setFieldValue: (p: 'pessoaId' | 'dataEmissao', v: string | null) => void;
    errors: Record<string, ReactNode>;
  };
  atualPessoa?: { id: string; nome: string } | null;
}) {
  const r = rotulos(tipo);
  const v = form.getValues();
  const categorias = useCategoriasOpcoes(r.categoria, v.categoriaFinanceiraId);
  const formas = useFormasOpcoes(v.formaPagamentoId);
  const contas = useContasOpcoes(v.contaId);
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput label="Descrição" required data-autofocus maxLength={200} {...form.getInputProps('descricao')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Documento" placeholder="Nº da nota, boleto…" maxLength={60} {...form.getInputProps('documento')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PessoaPicker
          tipo={tipo === 'despesas' ? 'fornecedor' : 'cliente'}
          label={r.pessoa}
          value={v.pessoaId}
          atual={atualPessoa}
          onChange={(id) => form.setFieldValue('pessoaId', id)}
          error={form.errors.pessoaId}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SelectField label="Categoria" data={categorias} searchable clearable {...form.getInputProps('categoriaFinanceiraId')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <SelectField label="Forma de pagamento" data={formas} clearable {...form.getInputProps('formaPagamentoId')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <SelectField
          label="Conta"
          data={contas}
          clearable
          placeholder="A da forma de pagamento"
          {...form.getInputProps('contaId')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <DateInput
          label="Data de emissão"
          placeholder="dd/mm/aaaa"
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => parseDateInput(text)}
          value={v.dataEmissao || null}
          onChange={(value) => form.setFieldValue('dataEmissao', value ?? '')}
          error={form.errors.dataEmissao}
        />
      </Grid.Col>
    </Grid>
  );
}

function NovoTituloForm({ tipo, onDone, onSaved }: { tipo: TipoTitulo; onDone: () => void; onSaved?: () => void }) {
  const criar = useCriarTitulos(tipo);
  const hoje = hojeNaUnidade();
  const schema = useMemo(() => novoSchema(tipo), [tipo]);
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    NovoValues,
    DespesaInputParsed | ReceitaInputParsed,
    unknown
  >({
    schema,
    initialValues: {
      id: newUuid(),
      pessoaId: null,
      descricao: '',
      categoriaFinanceiraId: null,
      formaPagamentoId: null,
      contaId: null,
      documento: '',
      dataEmissao: hoje,
      observacoes: '',
      total: '',
      quantidade: 1,
      primeiroVencimento: hoje,
      intervalo: 'mensal',
      parcelas: [],
    },
    submit: (dados, { idempotencyKey }) => criar.mutateAsync({ dados, idempotencyKey }),
    successMessage: tipo === 'despesas' ? 'Despesa criada' : 'Receita criada',
    serverErrors: { fieldMap: { fornecedorId: 'pessoaId' } },
    onSuccess: () => {
      onSaved?.();
      onDone();
    },
  });
  const v = form.getValues();

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={rotulos(tipo).novo}>
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} />
        <CamposTitulo tipo={tipo} form={form} />
        <ParcelasTitulo
          values={v}
          errors={form.errors}
          onParametros={(patch) => {
            const next = { ...v, ...patch };
            form.setValues({ ...patch, parcelas: previaParcelas(next) });
            form.clearFieldError('total');
          }}
          onParcela={(i, patch: Partial<ParcelaValues>) => {
            form.setFieldValue(`parcelas.${i}`, { ...v.parcelas[i]!, ...patch });
            form.clearFieldError('total');
          }}
        />
        <Textarea label="Observações" autosize minRows={2} maxLength={2000} {...form.getInputProps('observacoes')} />
        <FormActions
          onCancel={onDone}
          submitting={submitting}
          submitLabel={v.parcelas.length > 1 ? `Criar ${v.parcelas.length} parcelas` : 'Salvar'}
        />
      </Stack>
    </form>
  );
}

type EditarValues = CamposComuns & { dataVencimento: string; valor: number | string };

const u = despesaUpdateSchema.shape;
const editarSchema = (tipo: TipoTitulo) =>
  z
    .object({ ...comuns, dataVencimento: u.dataVencimento, valor: u.valor })
    .transform((v) => comPessoa(tipo, v) as z.output<typeof despesaUpdateSchema>);

const pessoaDe = (titulo: Titulo) => ('fornecedor' in titulo ? titulo.fornecedor : titulo.pessoa);

function EditarTituloForm({
  tipo,
  titulo,
  onDone,
  onSaved,
}: {
  tipo: TipoTitulo;
  titulo: Titulo;
  onDone: () => void;
  onSaved?: () => void;
}) {
  const alterar = useAlterarTitulo(tipo);
  const schema = useMemo(() => editarSchema(tipo), [tipo]);
  const pessoa = pessoaDe(titulo);
  const valorFixo = 'origem' in titulo && titulo.origem === 'compra';
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    EditarValues,
    z.output<typeof despesaUpdateSchema>,
    Titulo
  >({
    schema,
    initialValues: {
      pessoaId: pessoa?.id ?? null,
      descricao: titulo.descricao,
      categoriaFinanceiraId: titulo.categoriaFinanceira?.id ?? null,
      formaPagamentoId: titulo.formaPagamento?.id ?? null,
      contaId: titulo.conta?.id ?? null,
      documento: titulo.documento ?? '',
      dataEmissao: titulo.dataEmissao,
      observacoes: titulo.observacoes ?? '',
      dataVencimento: titulo.dataVencimento,
      valor: titulo.valor,
    },
    submit: (dados, { idempotencyKey }) => alterar.mutateAsync({ id: titulo.id, dados, idempotencyKey }),
    serverErrors: { fieldMap: { fornecedorId: 'pessoaId' } },
    onSuccess: () => {
      onSaved?.();
      onDone();
    },
  });
  const v = form.getValues();
  return (
    <form noValidate onSubmit={handleSubmit} aria-label={rotulos(tipo).editar}>
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} />
        <CamposTitulo tipo={tipo} form={form} atualPessoa={pessoa} />
        <Group gap="sm" align="flex-start">
          <DateInput
            label="Vencimento"
            required
            placeholder="dd/mm/aaaa"
            valueFormat="DD/MM/YYYY"
            dateParser={(text) => parseDateInput(text)}
            value={v.dataVencimento || null}
            onChange={(value) => form.setFieldValue('dataVencimento', value ?? '')}
            error={form.errors.dataVencimento}
            w={160}
          />
          <MoneyInput
            label="Valor"
            required
            disabled={valorFixo}
            description={valorFixo ? 'Valor da compra: altere a compra' : undefined}
            {...form.getInputProps('valor')}
            w={160}
          />
        </Group>
        <Textarea label="Observações" autosize minRows={2} maxLength={2000} {...form.getInputProps('observacoes')} />
        <FormActions onCancel={onDone} submitting={submitting} />
      </Stack>
    </form>
  );
}
