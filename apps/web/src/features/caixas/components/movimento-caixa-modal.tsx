/**
 * The register's own movements (DOMAIN.md §6 "Caixa"), one modal per action: sangria
 * (withdrawal), suprimento (cash added), despesa (expense paid from the drawer), crédito de
 * cliente (a customer deposits credit) and transferência (cash to a financial account). Each
 * form validates with the API's contract; withdrawals show the cash in the drawer, and the
 * API refuses more than that.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  creditoClienteCaixaInputSchema,
  despesaCaixaInputSchema,
  sangriaInputSchema,
  suprimentoInputSchema,
  transferenciaCaixaInputSchema,
  TIPOS_FORMA_SEM_CONFERENCIA,
  type MovimentacaoCaixa,
} from '@petshop/shared/caixa';
import { formatCpfCnpj, formatMoney } from '@petshop/shared/format';
import { TIPO_CONTA_LABEL } from '@petshop/shared/conta';
import { useMemo, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useCreditoClienteCaixa } from '../api/credito-cliente-caixa.ts';
import { useDespesaCaixa } from '../api/despesa-caixa.ts';
import { useCategoriasDespesa } from '../api/list-categorias-despesa.ts';
import { useContasAtivas } from '../api/list-contas-ativas.ts';
import { useFormasPagamentoAtivas } from '../api/list-formas-pagamento-ativas.ts';
import { useSangriaCaixa } from '../api/sangria-caixa.ts';
import { useSuprimentoCaixa } from '../api/suprimento-caixa.ts';
import { useTransferenciaCaixa } from '../api/transferencia-caixa.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { MoneyInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useBuscaPessoas } from '#lib/pessoas/busca-pessoas.ts';

export const ACOES_CAIXA = ['sangria', 'suprimento', 'despesa', 'credito-cliente', 'transferencia'] as const;
export type AcaoCaixa = (typeof ACOES_CAIXA)[number];

export const ACAO_CAIXA_LABEL: Record<AcaoCaixa, string> = {
  sangria: 'Sangria',
  suprimento: 'Suprimento',
  despesa: 'Despesa',
  'credito-cliente': 'Crédito de cliente',
  transferencia: 'Transferência',
};

const AJUDA: Record<AcaoCaixa, string> = {
  sangria: 'Retirada de dinheiro da gaveta (para o cofre, por exemplo).',
  suprimento: 'Dinheiro colocado na gaveta (troco trazido do cofre, por exemplo).',
  despesa: 'Despesa paga com o dinheiro da gaveta.',
  'credito-cliente': 'O cliente deixa dinheiro como crédito para usar em compras futuras.',
  transferencia: 'Dinheiro da gaveta levado para uma conta financeira da unidade (depósito no banco, por exemplo).',
};

export type MovimentoCaixaModalProps = {
  /** saldoDinheiro null: withheld (blind closing), not shown. */
  caixa: { id: string; numero: number; saldoDinheiro: number | null };
  /** The open action, or null when closed. */
  acao: AcaoCaixa | null;
  onClose: () => void;
  onDone?: (movimento: MovimentacaoCaixa) => void;
};

export function MovimentoCaixaModal({ caixa, acao, onClose, onDone }: MovimentoCaixaModalProps) {
  const done = (movimento: MovimentacaoCaixa) => {
    onDone?.(movimento);
    onClose();
  };
  const props = { caixa, onCancel: onClose, onDone: done };
  return (
    <Modal
      opened={acao !== null}
      onClose={onClose}
      title={acao ? `${ACAO_CAIXA_LABEL[acao]} — caixa nº ${caixa.numero}` : undefined}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {acao ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {AJUDA[acao]}
          </Text>
          {acao === 'sangria' || acao === 'suprimento' ? <SangriaSuprimentoForm key={acao} acao={acao} {...props} /> : null}
          {acao === 'despesa' ? <DespesaForm {...props} /> : null}
          {acao === 'credito-cliente' ? <CreditoClienteForm {...props} /> : null}
          {acao === 'transferencia' ? <TransferenciaForm {...props} /> : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

type FormProps = {
  caixa: MovimentoCaixaModalProps['caixa'];
  onCancel: () => void;
  onDone: (movimento: MovimentacaoCaixa) => void;
};

function DinheiroEmCaixa({ valor }: { valor: number | null }) {
  if (valor === null) return null;
  return (
    <Text size="sm">
      Dinheiro em caixa:{' '}
      <Text component="span" fw={600}>
        {formatMoney(valor)}
      </Text>
    </Text>
  );
}

function Botoes({ label, submitting, onCancel }: { label: string; submitting: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        Cancelar
      </Button>
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}

type ValorDescricao = { valor: number | string; descricao: string };

function SangriaSuprimentoForm({ acao, caixa, onCancel, onDone }: FormProps & { acao: 'sangria' | 'suprimento' }) {
  const sangria = useSangriaCaixa();
  const suprimento = useSuprimentoCaixa();
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    ValorDescricao,
    z.output<typeof sangriaInputSchema>,
    MovimentacaoCaixa
  >({
    schema: acao === 'sangria' ? sangriaInputSchema : suprimentoInputSchema,
    initialValues: { valor: '', descricao: acao === 'sangria' ? 'Sangria para o cofre' : 'Suprimento de troco' },
    submit: (dados, { idempotencyKey }) =>
      (acao === 'sangria' ? sangria : suprimento).mutateAsync({ caixaId: caixa.id, dados, idempotencyKey }),
    successMessage: acao === 'sangria' ? 'Sangria registrada' : 'Suprimento registrado',
    onSuccess: onDone,
  });
  return (
    <form noValidate onSubmit={handleSubmit} aria-label={ACAO_CAIXA_LABEL[acao]}>
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} />
        {acao === 'sangria' ? <DinheiroEmCaixa valor={caixa.saldoDinheiro} /> : null}
        <MoneyInput label="Valor" required data-autofocus {...form.getInputProps('valor')} />
        <TextInput label="Descrição" required maxLength={200} {...form.getInputProps('descricao')} />
        <Botoes label={`Registrar ${ACAO_CAIXA_LABEL[acao].toLowerCase()}`} submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function DespesaForm({ caixa, onCancel, onDone }: FormProps) {
  const despesa = useDespesaCaixa();
  const categorias = useCategoriasDespesa(true);
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    ValorDescricao & { categoriaFinanceiraId: string | null },
    z.output<typeof despesaCaixaInputSchema>,
    MovimentacaoCaixa
  >({
    schema: despesaCaixaInputSchema,
    initialValues: { valor: '', descricao: '', categoriaFinanceiraId: null },
    submit: (dados, { idempotencyKey }) => despesa.mutateAsync({ caixaId: caixa.id, dados, idempotencyKey }),
    successMessage: 'Despesa registrada',
    onSuccess: onDone,
  });
  const opcoes = (categorias.data?.items ?? []).map((c) => ({ value: c.id, label: c.caminho }));
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Despesa">
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} />
        <DinheiroEmCaixa valor={caixa.saldoDinheiro} />
        <MoneyInput label="Valor" required data-autofocus {...form.getInputProps('valor')} />
        <TextInput
          label="Descrição"
          required
          maxLength={200}
          placeholder="Ex.: produtos de limpeza"
          {...form.getInputProps('descricao')}
        />
        {/* The categories are Financeiro's: without access to them the expense goes uncategorised. */}
        {categorias.isError ? null : (
          <SelectField
            label="Categoria financeira"
            placeholder={categorias.isPending ? 'Carregando…' : 'Sem categoria'}
            data={opcoes}
            searchable
            clearable
            nothingFoundMessage="Nenhuma categoria encontrada"
            {...form.getInputProps('categoriaFinanceiraId')}
          />
        )}
        <Botoes label="Registrar despesa" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

const rotuloCliente = (p: { nome: string; cpfCnpj: string | null }) =>
  p.cpfCnpj ? `${p.nome} · ${formatCpfCnpj(p.cpfCnpj)}` : p.nome;

/** Customer picker: the server searches name, CPF/CNPJ, phone or pet name. */
function ClientePicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: ReactNode;
}) {
  const [busca, setBusca] = useState('');
  const [escolhido, setEscolhido] = useState<{ value: string; label: string } | null>(null);
  const [query] = useDebouncedValue(busca.trim() === escolhido?.label ? '' : busca.trim(), 250);
  const clientes = useBuscaPessoas(query, { somenteAtivos: true });
  const data = useMemo(() => {
    const items = (clientes.data?.items ?? []).map((p) => ({ value: p.id, label: rotuloCliente(p) }));
    if (escolhido && !items.some((i) => i.value === escolhido.value)) items.unshift(escolhido);
    return items;
  }, [clientes.data, escolhido]);
  return (
    <SelectField
      label="Cliente"
      required
      placeholder="Busque por nome, CPF, telefone ou pet"
      data={data}
      value={value}
      onChange={(id, option) => {
        setEscolhido(id ? { value: id, label: option.label } : null);
        onChange(id);
      }}
      searchable
      clearable
      filter={({ options }) => options}
      onSearchChange={setBusca}
      nothingFoundMessage={clientes.isFetching ? 'Buscando…' : 'Nenhum cliente encontrado'}
      error={error}
      data-autofocus
    />
  );
}

function CreditoClienteForm({ caixa, onCancel, onDone }: FormProps) {
  const credito = useCreditoClienteCaixa();
  const formas = useFormasPagamentoAtivas(true);
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    { pessoaId: string | null; valor: number | string; formaPagamentoId: string | null; descricao: string },
    z.output<typeof creditoClienteCaixaInputSchema>,
    MovimentacaoCaixa
  >({
    schema: creditoClienteCaixaInputSchema,
    initialValues: { pessoaId: null, valor: '', formaPagamentoId: null, descricao: '' },
    submit: (dados, { idempotencyKey }) => credito.mutateAsync({ caixaId: caixa.id, dados, idempotencyKey }),
    successMessage: 'Crédito do cliente registrado',
    onSuccess: onDone,
  });
  // Cash is the default (no method); methods nothing physical backs cannot bring money in.
  const opcoes = (formas.data?.items ?? [])
    .filter((f) => f.tipo !== 'dinheiro' && !TIPOS_FORMA_SEM_CONFERENCIA.includes(f.tipo))
    .map((f) => ({ value: f.id, label: f.nome }));
  const pessoa = form.getInputProps('pessoaId');
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Crédito de cliente">
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} />
        <ClientePicker
          value={form.getValues().pessoaId}
          onChange={(id) => form.setFieldValue('pessoaId', id)}
          error={pessoa.error as ReactNode}
        />
        <MoneyInput label="Valor" required {...form.getInputProps('valor')} />
        <SelectField
          label="Forma de pagamento"
          placeholder="Dinheiro"
          data={opcoes}
          clearable
          {...form.getInputProps('formaPagamentoId')}
        />
        <TextInput
          label="Descrição"
          maxLength={200}
          placeholder="Ex.: adiantamento do banho"
          {...form.getInputProps('descricao')}
        />
        <Botoes label="Registrar crédito" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function TransferenciaForm({ caixa, onCancel, onDone }: FormProps) {
  const transferencia = useTransferenciaCaixa();
  const contas = useContasAtivas(true);
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    { contaId: string | null; valor: number | string; descricao: string },
    z.output<typeof transferenciaCaixaInputSchema>,
    MovimentacaoCaixa
  >({
    schema: transferenciaCaixaInputSchema,
    initialValues: { contaId: null, valor: '', descricao: '' },
    submit: (dados, { idempotencyKey }) => transferencia.mutateAsync({ caixaId: caixa.id, dados, idempotencyKey }),
    successMessage: 'Transferência registrada',
    onSuccess: onDone,
  });
  const opcoes = (contas.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.nome} (${TIPO_CONTA_LABEL[c.tipo]})` }));
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Transferência">
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} />
        <DinheiroEmCaixa valor={caixa.saldoDinheiro} />
        <SelectField
          label="Conta de destino"
          required
          placeholder={contas.isPending ? 'Carregando…' : 'Escolha a conta'}
          data={opcoes}
          nothingFoundMessage="Nenhuma conta ativa"
          data-autofocus
          {...form.getInputProps('contaId')}
        />
        <MoneyInput label="Valor" required {...form.getInputProps('valor')} />
        <TextInput label="Descrição" maxLength={200} placeholder="Ex.: depósito no banco" {...form.getInputProps('descricao')} />
        <Botoes label="Registrar transferência" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
