import { Anchor, Button, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { formatCpfCnpj, formatTelefone } from '@petshop/shared/format';
import { IconPaw, IconUser } from '@tabler/icons-react';
import type { RegistroVenda } from '../registro.ts';

type ClientePanelProps = {
  registro: RegistroVenda;
  onEscolher?: () => void;
  onRemoverCliente?: () => void;
  onRemoverPet?: () => void;
  readOnly?: boolean;
};

/** The sale's customer and pet (F4), with "remover" actions. */
export function ClientePanel({ registro, onEscolher, onRemoverCliente, onRemoverPet, readOnly }: ClientePanelProps) {
  const { cliente, petSelecionado } = registro;
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Cliente">
      {cliente ? (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconUser size={18} />
              <Text fw={600} truncate data-testid="pdv-cliente">
                {cliente.nome}
              </Text>
            </Group>
            {readOnly ? null : (
              <Anchor component="button" type="button" size="xs" c="red" onClick={onRemoverCliente}>
                remover
              </Anchor>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {[formatCpfCnpj(cliente.cpfCnpj), formatTelefone(cliente.telefone)].filter(Boolean).join(' · ') || 'Sem documento'}
          </Text>
          {petSelecionado ? (
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={6} wrap="nowrap">
                <IconPaw size={16} />
                <Text size="sm" data-testid="pdv-pet">
                  {petSelecionado.nome}
                </Text>
              </Group>
              {readOnly ? null : (
                <Anchor component="button" type="button" size="xs" c="red" onClick={onRemoverPet}>
                  remover
                </Anchor>
              )}
            </Group>
          ) : null}
          {readOnly ? null : (
            <Anchor component="button" type="button" size="xs" onClick={onEscolher} ta="left">
              Trocar cliente ou pet (F4)
            </Anchor>
          )}
        </Stack>
      ) : readOnly ? (
        <Text size="sm" c="dimmed">
          Consumidor não identificado
        </Text>
      ) : (
        <Button
          variant="light"
          fullWidth
          leftSection={<IconUser size={18} />}
          rightSection={<Kbd size="xs">F4</Kbd>}
          onClick={onEscolher}
        >
          Cliente e pet
        </Button>
      )}
    </Paper>
  );
}
