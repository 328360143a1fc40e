/**
 * "Aplicar protocolo" (issue #19 item 2): a protocol for the pet's species (or any species) and a
 * start date (today by default) → the doses it plans, previewed with their dates before
 * confirming (a start in the past shows the doses already due as atrasada, as the API plans them).
 */
import { Alert, Modal, Stack, Table, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { aplicarProtocoloInputSchema, type AplicarProtocoloResult, type FichaAnimal } from '@petshop/shared/clinica';
import { formatDate, parseDateInput } from '@petshop/shared/format';
import type { z } from 'zod';
import { datasDoProtocolo, diasEntre } from './datas-vacina.ts';
import { useAplicarProtocolo } from '../../api/aplicar-protocolo.ts';
import { useProtocolos } from '../../api/list-protocolos.ts';
import { FormActions } from '#lib/forms/form-actions.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { notifySuccess } from '#lib/notify.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { SelectField } from '#lib/ui/select-field.tsx';

type Props = { ficha: FichaAnimal; opened: boolean; onClose: () => void };

export function AplicarProtocoloModal({ ficha, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Aplicar protocolo" size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {/* Mounted per opening: a fresh form and idempotency key each time. */}
      {opened ? <AplicarProtocoloForm ficha={ficha} onClose={onClose} /> : null}
    </Modal>
  );
}

type Values = { petId: string; protocoloId: string | null; dataInicio: string };

function AplicarProtocoloForm({ ficha, onClose }: { ficha: FichaAnimal; onClose: () => void }) {
  const hoje = hojeNaUnidade();
  const protocolos = useProtocolos({ especieId: ficha.pet.especieId ?? undefined, ativo: 'true', page: 1, pageSize: 100 });
  const aplicar = useAplicarProtocolo();
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    Values,
    z.output<typeof aplicarProtocoloInputSchema>,
    AplicarProtocoloResult
  >({
    schema: aplicarProtocoloInputSchema,
    initialValues: { petId: ficha.pet.id, protocoloId: null, dataInicio: hoje },
    submit: (dados, { idempotencyKey }) => aplicar.mutateAsync({ dados, idempotencyKey }),
    successMessage: false,
    onSuccess: (resultado) => {
      const n = resultado.doses.length;
      notifySuccess(`Protocolo aplicado: ${n} ${n === 1 ? 'dose planejada' : 'doses planejadas'}`);
      onClose();
    },
  });
  const v = form.getValues();
  const lista = protocolos.data?.items ?? [];
  const protocolo = lista.find((p) => p.id === v.protocoloId) ?? null;
  const inicio = parseDateInput(v.dataInicio);
  const previstas = protocolo && inicio ? datasDoProtocolo(protocolo, inicio) : [];

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Aplicar protocolo">
      <Stack gap="md">
        <FormGeneralErrors errors={generalErrors} title="Não foi possível aplicar o protocolo" />
        <SelectField
          label="Protocolo"
          required
          data-autofocus
          searchable
          placeholder={protocolos.isPending ? 'Carregando…' : 'Escolha o protocolo'}
          nothingFoundMessage="Nenhum protocolo ativo para esta espécie"
          data={lista.map((p) => ({ value: p.id, label: p.nome }))}
          {...form.getInputProps('protocoloId')}
        />
        <DateInput
          label="Data de início"
          required
          placeholder="dd/mm/aaaa"
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => parseDateInput(text)}
          value={v.dataInicio || null}
          onChange={(value) => form.setFieldValue('dataInicio', value ?? '')}
          error={form.errors.dataInicio}
          description="A primeira dose é planejada a partir desta data"
        />
        {protocolo && previstas.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Doses que serão planejadas — {protocolo.vacinaNome}
            </Text>
            <Table aria-label="Doses que serão planejadas" withTableBorder verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Dose</Table.Th>
                  <Table.Th>Data prevista</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {previstas.map((d, i) => {
                  const atraso = diasEntre(d.data, hoje);
                  return (
                    <Table.Tr key={i}>
                      <Table.Td>{d.descricao}</Table.Td>
                      <Table.Td>
                        {formatDate(d.data)}
                        {atraso > 0 ? (
                          <Text span c="red" size="sm" fw={600}>
                            {' '}
                            (atrasada)
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Text size="sm" c="dimmed">
              {protocolo.reforcoDias
                ? protocolo.reforcoDias === 365
                  ? 'Reforço anual: planejado ao registrar a última dose.'
                  : `Reforço a cada ${protocolo.reforcoDias} dias: planejado ao registrar a última dose.`
                : 'Sem reforço.'}
            </Text>
          </Stack>
        ) : null}
        {protocolos.isSuccess && lista.length === 0 ? (
          <Alert color="yellow" variant="light">
            Nenhum protocolo ativo para {ficha.pet.especieNome ?? 'esta espécie'}. Cadastre em Configurações › Clínica › Vacinas.
          </Alert>
        ) : null}
        <FormActions onCancel={onClose} submitting={submitting} submitLabel="Aplicar protocolo" />
      </Stack>
    </form>
  );
}
