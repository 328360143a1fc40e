/**
 * The "Pacote" section of a service's form (issue #17 item 6; DOMAIN.md §3): a service sold as a
 * package of sessions ("4 banhos") — how many sessions, valid how many days from the sale, and
 * which appointment type they cover (GET /agenda/tipos-atendimento, active ones plus the one
 * already chosen). Sent as the product's `pacote` only when the switch is on.
 */
import { Grid, Paper, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { AREAS_ATENDIMENTO } from '@petshop/shared/agenda';
import { useMemo } from 'react';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { tiposAtendimentoApi } from '#lib/agenda/cadastros-agenda.ts';
import type { ProdutoFormValues } from './produto-values.ts';

type Props = { form: UseFormReturnType<ProdutoFormValues>; values: ProdutoFormValues };

export function ProdutoPacoteFields({ form, values }: Props) {
  const tipos = tiposAtendimentoApi.useOptions({}, values.ehPacote);
  const atual = values.pacote.tipoAtendimentoId;
  const tipoOptions = useMemo(
    () =>
      (tipos.data?.items ?? [])
        .filter((t) => t.ativo || t.id === atual)
        .map((t) => ({ value: t.id, label: `${t.nome} (${AREAS_ATENDIMENTO[t.area]})` })),
    [tipos.data, atual],
  );
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Pacote">
      <Stack gap="sm">
        <Switch
          label="É um pacote"
          description="Vendido no PDV, dá ao cliente sessões de um tipo de atendimento (por exemplo, 4 banhos)."
          {...form.getInputProps('ehPacote', { type: 'checkbox' })}
        />
        {values.ehPacote ? (
          <Grid gap="sm">
            <Grid.Col span={{ base: 6, md: 3 }}>
              <DecimalInput
                label="Sessões"
                required
                min={1}
                max={100}
                allowDecimal={false}
                {...form.getInputProps('pacote.sessoes')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <DecimalInput
                label="Validade (dias)"
                required
                min={1}
                max={730}
                allowDecimal={false}
                {...form.getInputProps('pacote.validadeDias')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SelectField
                label="Tipo de atendimento"
                required
                placeholder={tipos.isLoading ? 'Carregando…' : 'Selecione'}
                data={tipoOptions}
                searchable
                nothingFoundMessage="Nenhum tipo de atendimento"
                {...form.getInputProps('pacote.tipoAtendimentoId')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Text size="xs" c="dimmed">
                A validade conta a partir do dia da venda; um agendamento desse tipo consome uma sessão e não é cobrado de novo.
              </Text>
            </Grid.Col>
          </Grid>
        ) : null}
      </Stack>
    </Paper>
  );
}
