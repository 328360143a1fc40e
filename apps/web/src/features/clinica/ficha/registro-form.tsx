/**
 * The chart's record form, opened in place at the top of the timeline (issue #19 item 6): the
 * kind, date and time (now by default), the kind's fields and up to 4 attachments. Ctrl+Enter
 * saves, Esc cancels (asking first when something was typed). Server 400s land on their fields
 * ('exameFisico.peso', 'data'…), the rest in the alert above the buttons. Saving refreshes every
 * clinic read, so the timeline, the header's weight and the weight chart move.
 */
import {
  ActionIcon,
  Button,
  FileInput,
  Group,
  Kbd,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { HIDRATACAO, MUCOSAS, type FichaAnimal, type Registro } from '@petshop/shared/clinica';
import { parseDateInput } from '@petshop/shared/format';
import { IconArrowBackUp, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatTamanho, agoraNaUnidade } from './ficha-format.ts';
import {
  REGISTRO_FIELD_MAP,
  TIPOS_COM_DESCRICAO,
  TIPOS_COM_EXAME_FISICO,
  TIPOS_FORMULARIO_OPCOES,
  isTipoFormulario,
  referenciasDaEspecie,
  registroFormSchema,
  registroParaFormulario,
  registroVazio,
  type TipoFormulario,
} from './registro-form-values.ts';
import { useAlterarRegistro } from '../api/alterar-registro.ts';
import { useCriarRegistro } from '../api/criar-registro.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';

/** At most this many files a request, each up to 10 MB, of these types (the API's rule). */
export const MAX_ANEXOS = 4;
export const MAX_TAMANHO_ANEXO = 10 * 1024 * 1024;
export const TIPOS_ANEXO = 'application/pdf,image/png,image/jpeg,image/webp';

const MUCOSAS_OPCOES = Object.entries(MUCOSAS).map(([value, label]) => ({ value, label }));
const HIDRATACAO_OPCOES = Object.entries(HIDRATACAO).map(([value, label]) => ({ value, label }));

/** Why these files cannot be sent, or null. */
export const erroDosAnexos = (arquivos: readonly File[]): string | null => {
  if (arquivos.length > MAX_ANEXOS) return `No máximo ${MAX_ANEXOS} anexos por vez`;
  const grande = arquivos.find((f) => f.size > MAX_TAMANHO_ANEXO);
  if (grande) return `${grande.name} tem mais de 10 MB`;
  const aceitos = TIPOS_ANEXO.split(',');
  const tipo = arquivos.find((f) => !aceitos.includes(f.type));
  if (tipo) return `${tipo.name}: envie PDF ou imagem (PNG, JPEG, WebP)`;
  return null;
};

type RegistroFormProps = {
  ficha: FichaAnimal;
  /** The record to edit (a kind of the form); absent: a new record. */
  registro?: Registro;
  onDone: () => void;
};

export function RegistroForm({ ficha, registro, onDone }: RegistroFormProps) {
  const timeZone = useTimeZone();
  const criar = useCriarRegistro();
  const alterar = useAlterarRegistro();
  const [arquivos, setArquivos] = useState<File[]>([]);
  const erroAnexos = erroDosAnexos(arquivos);
  const editando = registro && isTipoFormulario(registro.tipo) ? { ...registro, tipo: registro.tipo } : undefined;

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm({
    schema: registroFormSchema,
    initialValues: editando ? registroParaFormulario(editando) : registroVazio(ficha.pet.id, agoraNaUnidade(timeZone)),
    submit: (dados, { idempotencyKey }) =>
      editando
        ? alterar.mutateAsync({ id: editando.id, dados, anexos: arquivos, idempotencyKey })
        : criar.mutateAsync({ dados, anexos: arquivos, idempotencyKey }),
    successMessage: editando ? 'Registro alterado' : 'Registro salvo',
    onSuccess: onDone,
    serverErrors: { fieldMap: REGISTRO_FIELD_MAP },
  });

  // The first field of the kind takes the focus when the form opens in the timeline.
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  const v = form.getValues();
  const referencias = referenciasDaEspecie(ficha.pet.especieNome);
  const titulo = editando ? 'Editar registro' : 'Novo registro';

  const salvar = () => {
    if (erroAnexos) return;
    handleSubmit();
  };

  const cancelar = () => {
    if (!form.isDirty() && arquivos.length === 0) {
      onDone();
      return;
    }
    modals.openConfirmModal({
      title: 'Descartar o registro?',
      centered: true,
      children: <Text size="sm">O que foi digitado neste registro será perdido.</Text>,
      labels: { confirm: 'Descartar', cancel: 'Continuar editando' },
      confirmProps: { color: 'red' },
      onConfirm: onDone,
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      salvar();
      return;
    }
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // An open list (kind, mucosae, a date picker) closes first.
    if ((event.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    cancelar();
  };

  const removidos = new Set(v.anexosRemovidos);
  const alternarRemovido = (id: string) =>
    form.setFieldValue(
      'anexosRemovidos',
      removidos.has(id) ? v.anexosRemovidos.filter((x) => x !== id) : [...v.anexosRemovidos, id],
    );

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      ref={ref}
      aria-label={titulo}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        salvar();
      }}
      onKeyDown={onKeyDown}
      style={{ borderColor: 'var(--mantine-color-teal-5)' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {titulo}
          </Title>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> salva · <Kbd size="xs">Esc</Kbd> cancela
          </Text>
        </Group>

        <Stack gap={4}>
          <Text size="sm" fw={500} id="registro-tipo-label">
            Tipo
          </Text>
          <SegmentedControl
            aria-labelledby="registro-tipo-label"
            data={TIPOS_FORMULARIO_OPCOES}
            value={v.tipo}
            onChange={(tipo) => form.setFieldValue('tipo', tipo as TipoFormulario)}
            disabled={Boolean(editando)}
            size="sm"
            fullWidth
            styles={{ root: { flexWrap: 'wrap' } }}
          />
        </Stack>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={420}>
          <DateInput
            label="Data"
            required
            placeholder="dd/mm/aaaa"
            valueFormat="DD/MM/YYYY"
            dateParser={(text) => parseDateInput(text)}
            value={v.dia || null}
            onChange={(value) => form.setFieldValue('dia', value ?? '')}
            error={form.errors.dia ?? form.errors.data}
          />
          <TimeInput label="Hora" required {...form.getInputProps('hora')} />
        </SimpleGrid>

        {v.tipo === 'consulta' || v.tipo === 'retorno' ? (
          <Textarea label="Anamnese" autosize minRows={3} maxRows={10} data-autofocus {...form.getInputProps('anamnese')} />
        ) : null}
        {v.tipo === 'internacao' ? (
          <Textarea label="Evolução" autosize minRows={3} maxRows={10} data-autofocus {...form.getInputProps('evolucao')} />
        ) : null}

        {TIPOS_COM_EXAME_FISICO.includes(v.tipo) ? (
          <Paper withBorder radius="sm" p="sm" component="fieldset" style={{ margin: 0 }}>
            <Text component="legend" size="sm" fw={600} px={4}>
              Exame físico
            </Text>
            {/* Inputs on one line whatever the height of their label and reference. */}
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
              <DecimalInput label="Peso" decimalScale={3} suffix=" kg" min={0} {...form.getInputProps('exameFisico.peso')} />
              <DecimalInput
                label="Temperatura"
                decimalScale={1}
                suffix=" °C"
                description={referencias ? `Ref. ${referencias.temperatura}` : undefined}
                {...form.getInputProps('exameFisico.temperatura')}
              />
              <DecimalInput
                label="FC (bpm)"
                decimalScale={0}
                description={referencias ? `Ref. ${referencias.frequenciaCardiaca}` : undefined}
                {...form.getInputProps('exameFisico.frequenciaCardiaca')}
              />
              <DecimalInput
                label="FR (mpm)"
                decimalScale={0}
                description={referencias ? `Ref. ${referencias.frequenciaRespiratoria}` : undefined}
                {...form.getInputProps('exameFisico.frequenciaRespiratoria')}
              />
              <Select label="Mucosas" data={MUCOSAS_OPCOES} clearable {...form.getInputProps('exameFisico.mucosas')} />
              <Select label="Hidratação" data={HIDRATACAO_OPCOES} clearable {...form.getInputProps('exameFisico.hidratacao')} />
              <DecimalInput
                label="TPC (s)"
                decimalScale={1}
                description={referencias ? `Ref. ${referencias.tpc}` : undefined}
                {...form.getInputProps('exameFisico.tpc')}
              />
            </SimpleGrid>
            <Textarea
              mt="sm"
              label="Observações do exame"
              autosize
              minRows={1}
              maxRows={6}
              {...form.getInputProps('exameFisico.observacoes')}
            />
          </Paper>
        ) : null}

        {v.tipo === 'consulta' || v.tipo === 'retorno' ? (
          <>
            <Textarea label="Diagnóstico" autosize minRows={2} maxRows={8} {...form.getInputProps('diagnostico')} />
            <Textarea label="Conduta" autosize minRows={2} maxRows={10} {...form.getInputProps('conduta')} />
          </>
        ) : null}

        {v.tipo === 'peso' ? (
          <DecimalInput
            label="Peso"
            required
            decimalScale={3}
            suffix=" kg"
            min={0}
            maw={200}
            data-autofocus
            {...form.getInputProps('peso')}
          />
        ) : null}

        {TIPOS_COM_DESCRICAO.includes(v.tipo) ? (
          <>
            <TextInput label="Título" data-autofocus {...form.getInputProps('titulo')} />
            <Textarea label="Descrição" autosize minRows={3} maxRows={10} {...form.getInputProps('descricao')} />
          </>
        ) : null}

        {editando && editando.anexos.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Anexos salvos
            </Text>
            {editando.anexos.map((anexo) => {
              const removido = removidos.has(anexo.id);
              return (
                <Group key={anexo.id} gap="xs" wrap="nowrap">
                  <IconPaperclip size={14} />
                  <Text size="sm" td={removido ? 'line-through' : undefined} c={removido ? 'dimmed' : undefined} truncate="end">
                    {anexo.nome}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatTamanho(anexo.tamanho)}
                  </Text>
                  <Tooltip label={removido ? 'Manter' : 'Remover'}>
                    <ActionIcon
                      variant="subtle"
                      color={removido ? 'gray' : 'red'}
                      size="sm"
                      aria-label={`${removido ? 'Manter' : 'Remover'} ${anexo.nome}`}
                      onClick={() => alternarRemovido(anexo.id)}
                    >
                      {removido ? <IconArrowBackUp size={14} /> : <IconTrash size={14} />}
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
          </Stack>
        ) : null}

        <FileInput
          label="Anexos"
          description={`PDF ou imagem, até ${MAX_ANEXOS} arquivos de 10 MB`}
          placeholder="Escolher arquivos"
          leftSection={<IconPaperclip size={16} />}
          multiple
          clearable
          clearButtonProps={{ 'aria-label': 'Tirar todos os arquivos escolhidos' }}
          accept={TIPOS_ANEXO}
          value={arquivos}
          onChange={setArquivos}
          error={erroAnexos}
          valueComponent={() => (
            <Text size="sm" truncate="end">
              {arquivos.length === 1 ? '1 arquivo' : `${arquivos.length} arquivos`}
            </Text>
          )}
        />
        {arquivos.length > 0 ? (
          <Stack gap={2} role="group" aria-label="Arquivos escolhidos">
            {arquivos.map((arquivo, i) => (
              <Group key={`${arquivo.name}-${i}`} gap="xs" wrap="nowrap">
                <IconPaperclip size={14} />
                <Text size="sm" truncate="end">
                  {arquivo.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatTamanho(arquivo.size)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Tirar ${arquivo.name}`}
                  onClick={() => setArquivos(arquivos.filter((_, j) => j !== i))}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : null}

        <FormGeneralErrors errors={generalErrors} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancelar} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={submitting}>
            Salvar registro
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
