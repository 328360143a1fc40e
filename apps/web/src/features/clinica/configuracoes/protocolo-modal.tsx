/**
 * A vaccine's protocol in a modal (issue #19 item 1): name, species, the ordered doses (a
 * description and the days after the previous dose — the first: after the start date), the
 * booster in days after the last dose ('Reforço anual' = 365), notes, active. The schedule is
 * read aloud in one line as it is typed. Saves POST or PUT /clinica/vacinas/protocolos.
 */
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  Input,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { protocoloInputSchema, type Protocolo, type ProtocoloInputParsed, type Vacina } from '@petshop/shared/clinica';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useEspeciesOpcoes } from '../api/list-especies-opcoes.ts';
import { useSalvarProtocolo } from '../api/salvar-protocolo.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { DecimalInput, type DecimalValue } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { descreverEsquema } from './esquema-protocolo.ts';

/** The booster most vaccines take. */
export const REFORCO_ANUAL_DIAS = 365;
/** The interval a new dose starts with (the usual 3 weeks between puppy/kitten doses). */
const INTERVALO_PADRAO_DIAS = 21;

/** A description as 'novaDose' writes it ('3ª dose'), renumbered when the doses move. */
const DESCRICAO_PADRAO = /^\d+ª dose$/;

type DoseValues = { key: string; descricao: string; intervaloDias: DecimalValue };

export type ProtocoloFormValues = {
  nome: string;
  vacinaId: string;
  especieId: string | null;
  doses: DoseValues[];
  reforcoDias: DecimalValue;
  observacoes: string;
  ativo: boolean;
};

const novaDose = (ordem: number, intervaloDias: DecimalValue): DoseValues => ({
  key: randomId(),
  descricao: `${ordem}ª dose`,
  intervaloDias,
});

export const protocoloValuesOf = (vacina: Vacina, row: Protocolo | null): ProtocoloFormValues => ({
  nome: row?.nome ?? '',
  vacinaId: vacina.id,
  especieId: row ? row.especieId : vacina.especieIds.length === 1 ? (vacina.especieIds[0] ?? null) : null,
  doses: row
    ? row.doses.map((d) => ({ key: randomId(), descricao: d.descricao, intervaloDias: d.intervaloDias }))
    : [novaDose(1, 0)],
  reforcoDias: row?.reforcoDias ?? '',
  observacoes: row?.observacoes ?? '',
  ativo: row?.ativo ?? true,
});

type ProtocoloModalProps = {
  vacina: Vacina;
  opened: boolean;
  /** The protocol to edit; null: a new one. */
  protocolo: Protocolo | null;
  onClose: () => void;
};

export function ProtocoloModal({ vacina, opened, protocolo, onClose }: ProtocoloModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={protocolo ? `Editar protocolo — ${protocolo.nome}` : `Novo protocolo — ${vacina.nome}`}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {/* Mounted per opening: each one starts from its record with a fresh idempotency key. */}
      {opened ? <ProtocoloForm key={protocolo?.id ?? 'novo'} vacina={vacina} protocolo={protocolo} onDone={onClose} /> : null}
    </Modal>
  );
}

function ProtocoloForm({ vacina, protocolo, onDone }: { vacina: Vacina; protocolo: Protocolo | null; onDone: () => void }) {
  const salvar = useSalvarProtocolo();
  const especies = useEspeciesOpcoes();
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<ProtocoloFormValues, ProtocoloInputParsed, Protocolo>(
    {
      schema: protocoloInputSchema,
      initialValues: protocoloValuesOf(vacina, protocolo),
      submit: (dados, { idempotencyKey }) => salvar.mutateAsync({ id: protocolo?.id, dados, idempotencyKey }),
      onSuccess: onDone,
    },
  );

  // The vaccine's species (or every active one when it is for any species), plus the saved one.
  const especieOptions = useMemo(
    () =>
      (especies.data ?? [])
        .filter((e) =>
          e.id === form.values.especieId ? true : vacina.especieIds.length > 0 ? vacina.especieIds.includes(e.id) : e.ativo,
        )
        .map((e) => ({ value: e.id, label: e.nome })),
    [especies.data, vacina.especieIds, form.values.especieId],
  );

  const doses = form.values.doses;
  const adicionarDose = () => {
    const anterior = doses.at(-1)?.intervaloDias;
    const intervalo = typeof anterior === 'number' && anterior > 0 ? anterior : INTERVALO_PADRAO_DIAS;
    form.insertListItem('doses', novaDose(doses.length + 1, doses.length === 0 ? 0 : intervalo));
  };
  /** Moves or removes a dose; descriptions still in the default form ('2ª dose') follow their new place. */
  const rearranjar = (next: DoseValues[]) =>
    form.setFieldValue(
      'doses',
      next.map((d, i) => (DESCRICAO_PADRAO.test(d.descricao.trim()) ? { ...d, descricao: `${i + 1}ª dose` } : d)),
    );
  const mover = (from: number, to: number) => {
    const next = [...doses];
    const [dose] = next.splice(from, 1);
    if (dose) next.splice(to, 0, dose);
    rearranjar(next);
  };
  const esquema = descreverEsquema(doses, form.values.reforcoDias);
  const dosesError = form.errors.doses;

  return (
    <form
      noValidate
      aria-label={protocolo ? 'Editar protocolo' : 'Novo protocolo'}
      onSubmit={(event) => {
        // A portal's submit still bubbles through React's tree: keep it off any form around.
        event.stopPropagation();
        handleSubmit(event);
      }}
    >
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} title="Não foi possível salvar o protocolo" />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              label="Nome"
              required
              data-autofocus
              maxLength={120}
              placeholder="Ex.: V10 filhote"
              {...form.getInputProps('nome')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <SelectField
              label="Espécie"
              description="Vazio: qualquer espécie."
              placeholder="Todas as espécies"
              clearable
              data={especieOptions}
              {...form.getInputProps('especieId')}
            />
          </Grid.Col>
        </Grid>

        <Input.Wrapper
          label="Doses"
          description="Na ordem de aplicação. O intervalo conta da dose anterior; o da 1ª dose, da data de início."
          required
          error={typeof dosesError === 'string' ? dosesError : undefined}
        >
          <Table.ScrollContainer minWidth={480} mt={6}>
            <Table verticalSpacing={6} aria-label="Doses do protocolo">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>Nº</Table.Th>
                  <Table.Th>Descrição</Table.Th>
                  <Table.Th w={170}>Intervalo (dias)</Table.Th>
                  <Table.Th w={120}>
                    <VisuallyHidden>Ações da dose</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {doses.map((dose, i) => {
                  const ordem = `${i + 1}ª dose`;
                  return (
                    <Table.Tr key={dose.key}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {i + 1}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Descrição da ${ordem}`}
                          maxLength={60}
                          {...form.getInputProps(`doses.${i}.descricao`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <DecimalInput
                          aria-label={
                            i === 0
                              ? `Intervalo da ${ordem} em dias após o início`
                              : `Intervalo da ${ordem} em dias após a anterior`
                          }
                          allowDecimal={false}
                          min={0}
                          max={3650}
                          leftSection={
                            <Text size="xs" c="dimmed" aria-hidden>
                              {i === 0 ? 'dia' : '+'}
                            </Text>
                          }
                          {...form.getInputProps(`doses.${i}.intervaloDias`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Subir ${ordem}`}
                            disabled={i === 0}
                            onClick={() => mover(i, i - 1)}
                          >
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Descer ${ordem}`}
                            disabled={i === doses.length - 1}
                            onClick={() => mover(i, i + 1)}
                          >
                            <IconArrowDown size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remover ${ordem}`}
                            disabled={doses.length === 1}
                            onClick={() => rearranjar(doses.filter((_, j) => j !== i))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={adicionarDose}
            disabled={doses.length >= 20}
            mt={4}
          >
            Adicionar dose
          </Button>
        </Input.Wrapper>

        <Group align="flex-end" gap="sm">
          <DecimalInput
            label="Reforço (dias após a última dose)"
            description="Vazio: sem reforço."
            allowDecimal={false}
            min={1}
            max={3650}
            w={260}
            {...form.getInputProps('reforcoDias')}
          />
          <Button variant="default" onClick={() => form.setFieldValue('reforcoDias', REFORCO_ANUAL_DIAS)}>
            Reforço anual
          </Button>
        </Group>

        <Text size="sm" aria-live="polite" data-testid="esquema-protocolo">
          <Text span fw={600}>
            Esquema:{' '}
          </Text>
          {esquema}
        </Text>

        <Textarea label="Observações" autosize minRows={2} maxRows={5} maxLength={1000} {...form.getInputProps('observacoes')} />
        <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={submitting}>
            Salvar protocolo
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
