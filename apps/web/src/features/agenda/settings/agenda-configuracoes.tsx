/**
 * The selected unit's agenda settings (issue #17; spec §2 /configuracoes/atendimento/agenda):
 * the week's opening hours (per weekday: open, from, to), the calendar's slot size, how many
 * pets a professional and a box take at once. GET/PUT /api/agenda/configuracoes; the shared
 * schema validates here as on the API (closing after opening, 5..60-minute slots, 1..10 pets),
 * and the API's 400 lands on the fields ('horarios.1.fecha').
 */
import { Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { agendaConfiguracoesSchema, type AgendaConfiguracoes } from '@petshop/shared/agenda';
import { linkOptions, useNavigate } from '@tanstack/react-router';
import { ResourceFormLayout } from '#lib/forms/resource-form-layout.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useAgendaConfiguracoes } from '../api/get-agenda-configuracoes.ts';
import { useSalvarAgendaConfiguracoes } from '../api/salvar-agenda-configuracoes.ts';

/** Weekday names, domingo (0) to sábado (6), as the contract numbers them. */
export const DIAS_SEMANA = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'];

export const INTERVALO_OPTIONS = [5, 10, 15, 20, 30, 60].map((m) => ({ value: String(m), label: `${m} minutos` }));

type Values = {
  horarios: AgendaConfiguracoes['horarios'];
  intervaloMinutos: number;
  petsPorProfissional: number | string;
  petsPorBox: number | string;
};

const CONFIGURACOES_LINK = linkOptions({ to: '/configuracoes', search: { tab: 'atendimento' } });

/** The screen; its route's loader has fetched the settings. */
export function AgendaConfiguracoesForm() {
  const { data } = useAgendaConfiguracoes();
  const salvar = useSalvarAgendaConfiguracoes();
  const navigate = useNavigate();

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<Values, AgendaConfiguracoes, AgendaConfiguracoes>({
    schema: agendaConfiguracoesSchema,
    initialValues: {
      horarios: data.horarios,
      intervaloMinutos: data.intervaloMinutos,
      petsPorProfissional: data.petsPorProfissional,
      petsPorBox: data.petsPorBox,
    },
    submit: (dados, { idempotencyKey }) => salvar.mutateAsync({ dados, idempotencyKey }),
    onSuccess: (saved) => form.resetDirty(saved),
  });

  return (
    <ResourceFormLayout
      title="Agenda"
      description="Horário de funcionamento, intervalo da agenda e capacidade do banho e tosa desta unidade."
      back={<BackLink {...CONFIGURACOES_LINK}>Configurações</BackLink>}
      onSubmit={handleSubmit}
      onCancel={() => void navigate(CONFIGURACOES_LINK)}
      generalErrors={generalErrors}
      submitting={submitting}
    >
      <FormSection title="Horário de funcionamento" description="Os dias fechados não aparecem livres na agenda.">
        <Stack gap="xs">
          {form.values.horarios.map((h, i) => (
            <Paper key={h.diaSemana} withBorder radius="md" p="xs">
              <Group gap="sm" align="flex-start" wrap="wrap">
                <Switch
                  label={DIAS_SEMANA[h.diaSemana]}
                  aria-label={`${DIAS_SEMANA[h.diaSemana]}: aberto`}
                  w={170}
                  mt={6}
                  {...form.getInputProps(`horarios.${i}.aberto`, { type: 'checkbox' })}
                />
                {h.aberto ? (
                  <Group gap="sm" align="flex-start" wrap="nowrap">
                    <TimeInput
                      label="Abre"
                      aria-label={`${DIAS_SEMANA[h.diaSemana]}: abre`}
                      w={110}
                      {...form.getInputProps(`horarios.${i}.abre`)}
                    />
                    <TimeInput
                      label="Fecha"
                      aria-label={`${DIAS_SEMANA[h.diaSemana]}: fecha`}
                      w={110}
                      {...form.getInputProps(`horarios.${i}.fecha`)}
                    />
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed" mt={6}>
                    Fechado
                  </Text>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      </FormSection>
      <FormSection title="Agenda e capacidade">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" maw={720}>
          <SelectField
            label="Intervalo da agenda"
            description="Tamanho de cada horário no calendário."
            data={INTERVALO_OPTIONS}
            allowDeselect={false}
            value={String(form.values.intervaloMinutos)}
            onChange={(value) => value && form.setFieldValue('intervaloMinutos', Number(value))}
            error={form.errors.intervaloMinutos}
          />
          <DecimalInput
            label="Pets por profissional"
            description="Quantos pets um tosador atende ao mesmo tempo."
            min={1}
            max={10}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('petsPorProfissional')}
          />
          <DecimalInput
            label="Pets por box"
            description="Quantos pets cabem num box ao mesmo tempo."
            min={1}
            max={10}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('petsPorBox')}
          />
        </SimpleGrid>
      </FormSection>
    </ResourceFormLayout>
  );
}
