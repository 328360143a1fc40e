import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { MAX_TELEFONES, TIPOS_TELEFONE } from '@petshop/shared/pessoa';
import { IconBrandWhatsapp, IconPlus, IconTrash } from '@tabler/icons-react';
import { newTelefone, type ContatoValues } from './pessoa-values.ts';
import type { FormBinding } from '#lib/forms/form-binding.ts';
import { TelefoneInput } from '#lib/ui/masked-inputs.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';

const TIPO_OPTIONS = Object.entries(TIPOS_TELEFONE).map(([value, label]) => ({ value, label }));

/** E-mail and up to five phones, each with its kind and whether it takes WhatsApp messages. */
export function ContatoFields({ form }: { form: FormBinding<ContatoValues> }) {
  const telefones = form.getValues().telefones;
  const listError = form.errors.telefones;
  return (
    <Stack gap="sm">
      <TextInput label="E-mail" type="email" autoComplete="off" maw={480} {...form.getInputProps('email')} />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Telefones
        </Text>
        {telefones.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum telefone.
          </Text>
        ) : null}
        {telefones.map((telefone, index) => (
          <Group key={telefone.key} gap="sm" align="flex-start" wrap="wrap">
            <TelefoneInput
              label={`Telefone ${index + 1}`}
              style={{ flex: '0 1 220px', minWidth: 170 }}
              {...form.getInputProps(`telefones.${index}.numero`)}
            />
            <SelectField
              label="Tipo"
              data={TIPO_OPTIONS}
              allowDeselect={false}
              w={130}
              {...form.getInputProps(`telefones.${index}.tipo`)}
            />
            <Switch
              mt={33}
              label={
                <Group gap={4} component="span">
                  <IconBrandWhatsapp size={16} color="var(--mantine-color-green-7)" aria-hidden />
                  WhatsApp
                </Group>
              }
              aria-label={`WhatsApp no telefone ${index + 1}`}
              {...form.getInputProps(`telefones.${index}.whatsapp`, { type: 'checkbox' })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={25}
              aria-label={`Remover telefone ${index + 1}`}
              onClick={() => form.removeListItem('telefones', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {listError ? (
          <Text size="sm" c="red" role="alert">
            {listError}
          </Text>
        ) : null}
        {telefones.length < MAX_TELEFONES ? (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('telefones', newTelefone('', 'celular', false))}
            >
              Adicionar telefone
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Stack>
  );
}
