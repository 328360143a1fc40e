/** The 'Pets' tab of a customer: a card per pet, add and edit in a drawer, delete with confirmation. */
import { ActionIcon, Alert, Avatar, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { PORTES } from '@petshop/shared/especie';
import { formatDate, formatQuantidade, todayISO } from '@petshop/shared/format';
import { SEXOS_PET, type Pet } from '@petshop/shared/pet';
import { IconAlertCircle, IconClipboardHeart, IconPaw, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { useState } from 'react';
import { idadePet } from '@petshop/shared/idade';
import { PetFormDrawer } from './pet-form-drawer.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { hasPermissao } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { ButtonLink } from '#lib/ui/router-links.tsx';
import { useExcluirPet } from '../api/excluir-pet.ts';
import { usePetsDaPessoa } from '../api/list-pets.ts';

const KG = { sigla: 'kg', permiteVendaFracionada: true };

/** Deceased and inactive pets go last. */
const ordem = (pet: Pet) => (pet.dataObito ? 2 : pet.ativo ? 0 : 1);

export function ClientePetsTab({ pessoaId }: { pessoaId: string }) {
  const pets = usePetsDaPessoa(pessoaId);
  const remove = useExcluirPet();
  const [drawer, setDrawer] = useState<{ opened: boolean; pet: Pet | null }>({ opened: false, pet: null });

  const excluir = async (pet: Pet) => {
    const confirmed = await confirmDelete({ subject: 'o pet', name: pet.nome });
    if (!confirmed) return;
    remove.mutate(pet.id, { onSuccess: () => notifySuccess('Pet excluído'), onError: notifyActionError });
  };

  const items = [...(pets.data?.items ?? [])].sort((a, b) => ordem(a) - ordem(b));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {pets.data ? `${pets.data.total} ${pets.data.total === 1 ? 'pet' : 'pets'}` : ' '}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDrawer({ opened: true, pet: null })}>
          Adicionar pet
        </Button>
      </Group>
      {pets.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível carregar os pets">
          {errorMessage(pets.error)}
        </Alert>
      ) : null}
      {pets.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </SimpleGrid>
      ) : null}
      {pets.data && items.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="xs">
            <IconPaw size={32} color="var(--mantine-color-gray-5)" />
            <Text fw={500}>Nenhum pet cadastrado</Text>
            <Text size="sm" c="dimmed">
              Adicione o primeiro pet deste cliente.
            </Text>
          </Stack>
        </Card>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((pet) => (
          <PetCard
            key={pet.id}
            pet={pet}
            pessoaId={pessoaId}
            onEdit={() => setDrawer({ opened: true, pet })}
            onDelete={() => void excluir(pet)}
          />
        ))}
      </SimpleGrid>
      <PetFormDrawer
        opened={drawer.opened}
        pet={drawer.pet}
        pessoaId={pessoaId}
        onClose={() => setDrawer((d) => ({ ...d, opened: false }))}
      />
    </Stack>
  );
}

function PetCard({ pet, pessoaId, onEdit, onDelete }: { pet: Pet; pessoaId: string; onEdit: () => void; onDelete: () => void }) {
  const idade = idadePet(pet, todayISO());
  const especieRaca = [pet.especieNome, pet.racaNome].filter(Boolean).join(' · ');
  const detalhes = [
    pet.sexo ? SEXOS_PET[pet.sexo] + (pet.castrado ? (pet.sexo === 'F' ? ' castrada' : ' castrado') : '') : null,
    idade || null,
    pet.porte ? `Porte ${PORTES[pet.porte].toLowerCase()}` : null,
    pet.peso !== null ? formatQuantidade(pet.peso, KG) : null,
  ].filter(Boolean);
  const falecido = Boolean(pet.dataObito);
  // The animal's chart (issue #19): read by clinica and clientes.
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const verFicha = [PERMISSOES.clinica, PERMISSOES.clientes].some((p) => hasPermissao({ unidadeNegocio }, p));

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={pet.nome} opacity={falecido ? 0.75 : 1}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={pet.fotoUrl} size={64} radius="md" name={pet.nome} color="initials" alt={`Foto de ${pet.nome}`} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={600} truncate="end">
              {pet.nome}
            </Text>
            <Group gap={2} wrap="nowrap">
              <Tooltip label="Editar">
                <ActionIcon variant="subtle" aria-label={`Editar ${pet.nome}`} onClick={onEdit}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Excluir">
                <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${pet.nome}`} onClick={onDelete}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            {especieRaca || 'Espécie não informada'}
          </Text>
          {detalhes.length > 0 ? <Text size="sm">{detalhes.join(' · ')}</Text> : null}
          {verFicha ? (
            <ButtonLink
              to="/clientes/$clienteId/ficha-animal/$petId"
              params={{ clienteId: pessoaId, petId: pet.id }}
              variant="light"
              size="compact-sm"
              leftSection={<IconClipboardHeart size={14} />}
              aria-label={`Ficha clínica de ${pet.nome}`}
              style={{ alignSelf: 'flex-start' }}
              mt={4}
            >
              Ficha clínica
            </ButtonLink>
          ) : null}
          <Group gap={6} mt={4}>
            {falecido ? (
              <Badge color="dark" variant="light">
                Falecido em {formatDate(pet.dataObito)}
              </Badge>
            ) : null}
            {!pet.ativo && !falecido ? (
              <Badge color="gray" variant="light">
                Inativo
              </Badge>
            ) : null}
            {pet.agressivo ? (
              <Badge color="red" variant="light">
                Agressivo
              </Badge>
            ) : null}
            {pet.usaFocinheira ? (
              <Badge color="orange" variant="light">
                Usa focinheira
              </Badge>
            ) : null}
            {pet.alergias ? (
              <Tooltip label={pet.alergias} multiline w={260}>
                <Badge color="yellow" variant="light">
                  Alergias
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
