/**
 * Create or change a recurring payable (POST /financeiro/recorrencias, PUT /{id}): description,
 * supplier, expense category, payment method, account, value, frequency every N weeks / months
 * / years, first due date and its end (never, until a date, or N times), with a preview of the
 * next due dates (`datasOcorrencias` of the contract, as the API generates them). A new one
 * carries a client uuid made once per opening, so a double click creates one recurrence.
 */
import { Badge, Grid, Group, Modal, Paper, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  datasOcorrencias,
  FREQUENCIA_RECORRENCIA_LABEL,
  FREQUENCIAS_RECORRENCIA,
  recorrenciaInputSchema,
  RECORRENCIA_DIAS_A_FRENTE,
  TERMINO_RECORRENCIA_LABEL,
  TERMINOS_RECORRENCIA,
  type FrequenciaRecorrencia,
  type Recorrencia,
  type RecorrenciaInputParsed,
  type TerminoRecorrencia,
} from '@petshop/shared/financeiro';
import { formatDate, formatMoney, parseDateInput } from '@petshop/shared/format';
import { useRef } from 'react';
import type { z } from 'zod';
import { useSalvarRecorrencia } from '../api/salvar-recorrencia.ts';
import { useCategoriasOpcoes, useContasOpcoes, useFormasOpcoes } from '../titulos/opcoes.ts';
import { FormActions } from '#lib/forms/form-actions.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { FornecedorSelect } from '#lib/fornecedores/fornecedor-select.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { newUuid } from '#lib/http/idempotency.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { DecimalInput, MoneyInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';

/** How many next due dates the preview shows. */
export const PREVIA_VENCIMENTOS = 6;

const UNIDADE_INTERVALO: Record<FrequenciaRecorrencia, [string, string]> = {
  semanal: ['semana', 'semanas'],
  mensal: ['mês', 'meses'],
  anual: ['ano', 'anos'],
};

export type RecorrenciaValues = {
  descricao: string;
  fornecedorId: string | null;
  categoriaFinanceiraId: string | null;
  formaPagamentoId: string | null;
  contaId: string | null;
  valor: number | string;
  frequencia: FrequenciaRecorrencia;
  intervalo: number | string;
  dataInicio: string | null;
  termino: TerminoRecorrencia;
  dataFim: string | null;
  totalOcorrencias: number | string;
  observacoes: string;
};

const valoresIniciais = (r: Recorrencia | null): RecorrenciaValues => ({
  descricao: r?.descricao ?? '',
  fornecedorId: r?.fornecedor?.id ?? null,
  categoriaFinanceiraId: r?.categoriaFinanceira?.id ?? null,
  formaPagamentoId: r?.formaPagamento?.id ?? null,
  contaId: r?.conta?.id ?? null,
  valor: r?.valor ?? '',
  frequencia: r?.frequencia ?? 'mensal',
  intervalo: r?.intervalo ?? 1,
  dataInicio: r?.dataInicio ?? null,
  termino: r?.termino ?? 'sem_fim',
  dataFim: r?.dataFim ?? null,
  totalOcorrencias: r?.totalOcorrencias ?? '',
  observacoes: r?.observacoes ?? '',
});

/** The contract's schema, leaving out the end fields that the chosen end does not use. */
const schema: z.ZodType<RecorrenciaInputParsed> = recorrenciaInputSchema.transform((r) => ({
  ...r,
  dataFim: r.termino === 'data' ? r.dataFim : undefined,
  totalOcorrencias: r.termino === 'ocorrencias' ? r.totalOcorrencias : undefined,
}));

/** The next due dates (from today, or from the first due date when later) of what the form holds. */
export const proximosVencimentos = (v: RecorrenciaValues, hoje: string, limite = PREVIA_VENCIMENTOS): string[] => {
  const inicio = v.dataInicio ? parseDateInput(v.dataInicio) : null;
  const intervalo = Number(v.intervalo);
  if (!inicio || !Number.isInteger(intervalo) || intervalo < 1 || intervalo > 12) return [];
  const total = Number(v.totalOcorrencias);
  const datas = datasOcorrencias(
    {
      dataInicio: inicio,
      frequencia: v.frequencia,
      intervalo,
      termino: v.termino,
      dataFim: v.termino === 'data' && v.dataFim ? parseDateInput(v.dataFim) : null,
      totalOcorrencias: v.termino === 'ocorrencias' && Number.isInteger(total) && total >= 1 ? total : null,
    },
    0,
    '9999-12-31',
  );
  return datas
    .map((d) => d.dataVencimento)
    .filter((d) => d >= hoje)
    .slice(0, limite);
};

export type RecorrenciaModalProps = {
  opened: boolean;
  onClose: () => void;
  /** null: a new recurrence. */
  recorrencia: Recorrencia | null;
  onSalva?: (r: Recorrencia) => void;
};

export function RecorrenciaModal({ opened, onClose, recorrencia, onSalva }: RecorrenciaModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={recorrencia ? 'Editar recorrência' : 'Nova recorrência'}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened ? (
        <RecorrenciaForm
          recorrencia={recorrencia}
          onCancel={onClose}
          onDone={(r) => {
            onSalva?.(r);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

function RecorrenciaForm({
  recorrencia,
  onDone,
  onCancel,
}: {
  recorrencia: Recorrencia | null;
  onDone: (r: Recorrencia) => void;
  onCancel: () => void;
}) {
  const salvar = useSalvarRecorrencia();
  const id = useRef(newUuid());
  const hoje = hojeNaUnidade();
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    RecorrenciaValues,
    RecorrenciaInputParsed,
    Recorrencia
  >({
    schema,
    initialValues: valoresIniciais(recorrencia),
    submit: (dados, { idempotencyKey }) =>
      salvar.mutateAsync(
        recorrencia ? { id: recorrencia.id, dados, idempotencyKey } : { dados: { ...dados, id: id.current }, idempotencyKey },
      ),
    successMessage: recorrencia ? 'Recorrência alterada' : 'Recorrência criada',
    onSuccess: onDone,
  });
  const v = form.getValues();
  const previa = proximosVencimentos(v, hoje);
  const [um, varios] = UNIDADE_INTERVALO[v.frequencia];
  const intervalo = Number(v.intervalo);

  // Active ones, plus the one already chosen when it has been deactivated since.
  const opcoesCategoria = useCategoriasOpcoes('despesa', v.categoriaFinanceiraId);
  const opcoesForma = useFormasOpcoes(v.formaPagamentoId);
  const opcoesConta = useContasOpcoes(v.contaId);
  const fornecedorProps = form.getInputProps('fornecedorId');

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={recorrencia ? 'Editar recorrência' : 'Nova recorrência'}>
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} title="Não foi possível salvar a recorrência" />
        <TextInput
          label="Descrição"
          required
          data-autofocus
          placeholder="Ex.: Aluguel da loja"
          {...form.getInputProps('descricao')}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <FornecedorSelect
              label="Fornecedor"
              value={v.fornecedorId}
              onChange={(fornecedorId) => form.setFieldValue('fornecedorId', fornecedorId)}
              atual={recorrencia?.fornecedor ?? null}
              error={fornecedorProps.error as string | undefined}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              label="Categoria"
              data={opcoesCategoria}
              searchable
              clearable
              placeholder="Categoria de despesa"
              nothingFoundMessage="Nenhuma categoria de despesa"
              {...form.getInputProps('categoriaFinanceiraId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              label="Forma de pagamento"
              data={opcoesForma}
              searchable
              clearable
              placeholder="Como será paga"
              {...form.getInputProps('formaPagamentoId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              label="Conta"
              data={opcoesConta}
              clearable
              placeholder="De onde sai o dinheiro"
              {...form.getInputProps('contaId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MoneyInput label="Valor" required {...form.getInputProps('valor')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput
              label="Primeiro vencimento"
              required
              valueFormat="DD/MM/YYYY"
              placeholder="dd/mm/aaaa"
              dateParser={(text) => parseDateInput(text)}
              {...form.getInputProps('dataInicio')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              label="Frequência"
              required
              allowDeselect={false}
              data={FREQUENCIAS_RECORRENCIA.map((f) => ({ value: f, label: FREQUENCIA_RECORRENCIA_LABEL[f] }))}
              {...form.getInputProps('frequencia')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DecimalInput
              label="Repetir a cada"
              min={1}
              max={12}
              allowDecimal={false}
              allowNegative={false}
              rightSection={
                <Text size="sm" c="dimmed" pr="md">
                  {intervalo === 1 ? um : varios}
                </Text>
              }
              rightSectionWidth={80}
              {...form.getInputProps('intervalo')}
            />
          </Grid.Col>
        </Grid>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Término
          </Text>
          <SegmentedControl
            aria-label="Término"
            fullWidth
            data={TERMINOS_RECORRENCIA.map((t) => ({ value: t, label: TERMINO_RECORRENCIA_LABEL[t] }))}
            {...form.getInputProps('termino')}
          />
          {v.termino === 'data' ? (
            <DateInput
              label="Data final"
              required
              valueFormat="DD/MM/YYYY"
              placeholder="dd/mm/aaaa"
              dateParser={(text) => parseDateInput(text)}
              minDate={v.dataInicio ?? undefined}
              {...form.getInputProps('dataFim')}
            />
          ) : null}
          {v.termino === 'ocorrencias' ? (
            <DecimalInput
              label="Número de vezes"
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('totalOcorrencias')}
            />
          ) : null}
        </Stack>
        <Textarea label="Observações" autosize minRows={2} maxRows={5} {...form.getInputProps('observacoes')} />
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" aria-label="Próximos vencimentos">
          <Text size="sm" fw={600} mb={6}>
            Próximos vencimentos
          </Text>
          {previa.length === 0 ? (
            <Text size="sm" c="dimmed">
              {v.dataInicio ? 'Nenhum vencimento a partir de hoje.' : 'Informe o primeiro vencimento para ver as datas.'}
            </Text>
          ) : (
            <Group gap={6}>
              {previa.map((d) => (
                <Badge key={d} variant="light" color="blue" size="lg" radius="sm" tt="none" fw={500}>
                  {formatDate(d)}
                  {moneyValueText(v.valor)}
                </Badge>
              ))}
            </Group>
          )}
          <Text size="xs" c="dimmed" mt={6}>
            As despesas são geradas com {RECORRENCIA_DIAS_A_FRENTE} dias de antecedência; as já vencidas ou pagas não mudam.
          </Text>
        </Paper>
        <FormActions onCancel={onCancel} submitting={submitting} submitLabel={recorrencia ? 'Salvar' : 'Criar recorrência'} />
      </Stack>
    </form>
  );
}

const moneyValueText = (valor: number | string): string => {
  const n = typeof valor === 'number' ? valor : Number(valor);
  return Number.isFinite(n) && n > 0 ? ` · ${formatMoney(n)}` : '';
};
