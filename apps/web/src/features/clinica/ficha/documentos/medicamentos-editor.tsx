/**
 * A prescription's medicines (issue #19 item 5): one row each — nome, dose, via (common routes
 * offered, any text accepted), frequência, duração, quantidade — added and removed in place.
 * Bound to a Mantine form's `medicamentos` list, so the API's `medicamentos.N.campo` errors land
 * on their field.
 */
import { ActionIcon, Autocomplete, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FormArrayElement, UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** Routes of administration offered (free text is accepted too). */
export const VIAS_COMUNS = [
  'Oral',
  'Tópica',
  'Subcutânea (SC)',
  'Intramuscular (IM)',
  'Intravenosa (IV)',
  'Otológica',
  'Oftálmica',
  'Intranasal',
  'Retal',
  'Transdérmica',
];

export type MedicamentoValues = {
  /** Row identity for React (not sent: the contract's object drops it). */
  chave: string;
  nome: string;
  dose: string;
  via: string;
  frequencia: string;
  duracao: string;
  quantidade: string;
};

let proximaChave = 0;
export const medicamentoVazio = (): MedicamentoValues => ({
  chave: `med-${++proximaChave}`,
  nome: '',
  dose: '',
  via: '',
  frequencia: '',
  duracao: '',
  quantidade: '',
});

export function MedicamentosEditor<V extends { medicamentos: MedicamentoValues[] }>({ form }: { form: UseFormReturnType<V> }) {
  const medicamentos = form.getValues().medicamentos;
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" size="sm" fw={600} mb={4}>
        Medicamentos
      </Text>
      {medicamentos.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum medicamento: a receita leva apenas o texto do modelo.
        </Text>
      ) : null}
      {medicamentos.map((m, i) => {
        const n = i + 1;
        return (
          <Card key={m.chave} withBorder padding="xs" aria-label={`Medicamento ${n}`} component="section">
            <Group justify="space-between" mb={4} gap="xs">
              <Text size="xs" fw={600} c="dimmed">
                Medicamento {n}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Remover medicamento ${n}`}
                onClick={() => form.removeListItem('medicamentos', i)}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing={6}>
              <TextInput
                label="Nome"
                required
                maxLength={200}
                placeholder="Amoxicilina 250 mg"
                aria-label={`Nome do medicamento ${n}`}
                {...form.getInputProps(`medicamentos.${i}.nome`)}
              />
              <TextInput
                label="Dose"
                required
                maxLength={120}
                placeholder="1 comprimido"
                aria-label={`Dose do medicamento ${n}`}
                {...form.getInputProps(`medicamentos.${i}.dose`)}
              />
              <Autocomplete
                label="Via"
                required
                maxLength={60}
                placeholder="Oral"
                data={VIAS_COMUNS}
                aria-label={`Via do medicamento ${n}`}
                {...form.getInputProps(`medicamentos.${i}.via`)}
              />
              <TextInput
                label="Frequência"
                required
                maxLength={120}
                placeholder="a cada 12 horas"
                aria-label={`Frequência do medicamento ${n}`}
                {...form.getInputProps(`medicamentos.${i}.frequencia`)}
              />
              <TextInput
                label="Duração"
                required
                maxLength={120}
                placeholder="7 dias"
                aria-label={`Duração do medicamento ${n}`}
                {...form.getInputProps(`medicamentos.${i}.duracao`)}
              />
              <TextInput
                label="Quantidade"
                maxLength={60}
                placeholder="1 caixa"
                aria-label={`Quantidade do medicamento ${n}`}
                {...form.getInputProps(`medicamentos.${i}.quantidade`)}
              />
            </SimpleGrid>
          </Card>
        );
      })}
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem('medicamentos', medicamentoVazio() as FormArrayElement<V, 'medicamentos'>)}
        >
          Adicionar medicamento
        </Button>
      </Group>
    </Stack>
  );
}
