/**
 * The "Protocolos" section of a vaccine's form (issue #19 item 1): the vaccine's protocols
 * (GET /clinica/vacinas/protocolos?vacinaId) with their schedule in words, 'Novo protocolo' and
 * 'Editar' opening ProtocoloModal, 'Excluir' asking first (the API refuses a protocol with
 * planned doses: deactivate it instead).
 */
import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Protocolo, Vacina } from '@petshop/shared/clinica';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useExcluirProtocolo } from '../api/excluir-protocolo.ts';
import { useProtocolos } from '../api/list-protocolos.ts';
import { DELETED_MESSAGE } from '#lib/crud/crud-list-page.tsx';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';
import { descreverEsquema } from './esquema-protocolo.ts';
import { ProtocoloModal } from './protocolo-modal.tsx';

/** Every protocol of one vaccine fits one page (a vaccine has a handful). */
const PROTOCOLOS_PARAMS = { page: 1, pageSize: 100 } as const;

/** The modal's state: closed, a new protocol, or the protocol being edited. */
type Editando = { protocolo: Protocolo | null } | null;

export function ProtocolosVacina({ vacina }: { vacina: Vacina }) {
  const protocolos = useProtocolos({ ...PROTOCOLOS_PARAMS, vacinaId: vacina.id });
  const remove = useExcluirProtocolo();
  const [editando, setEditando] = useState<Editando>(null);

  const excluir = async (protocolo: Protocolo) => {
    const confirmed = await confirmDelete({
      subject: 'o protocolo',
      name: protocolo.nome,
      detail: 'Protocolos com doses planejadas para algum pet não podem ser excluídos: desative-os.',
    });
    if (!confirmed) return;
    remove.mutate(protocolo.id, { onSuccess: () => notifySuccess(DELETED_MESSAGE), onError: notifyActionError });
  };

  const rows = protocolos.data?.items ?? [];

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="protocolos-vacina-titulo">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div style={{ flex: '1 1 320px' }}>
            <Title order={4} id="protocolos-vacina-titulo">
              Protocolos
            </Title>
            <Text size="sm" c="dimmed">
              As doses de cada protocolo, com o intervalo em dias, e o reforço. Aplicado a um pet, o protocolo agenda as doses a
              partir da data de início.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditando({ protocolo: null })}>
            Novo protocolo
          </Button>
        </Group>

        {protocolos.isError ? (
          <LoadErrorAlert
            title="Não foi possível carregar os protocolos"
            error={protocolos.error}
            onRetry={() => void protocolos.refetch()}
          />
        ) : protocolos.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando protocolos">
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        ) : rows.length === 0 ? (
          <Alert variant="light" color="gray">
            Nenhum protocolo desta vacina. Cadastre um com &quot;Novo protocolo&quot;.
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label="Protocolos da vacina">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Espécie</Table.Th>
                  <Table.Th>Esquema</Table.Th>
                  <Table.Th w={100}>Situação</Table.Th>
                  <Table.Th w={90}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {p.nome}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {p.especieNome ?? (
                        <Text size="sm" c="dimmed">
                          Todas
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{descreverEsquema(p.doses, p.reforcoDias)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <AtivoBadge ativo={p.ativo} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Editar protocolo ${p.nome}`}
                          onClick={() => setEditando({ protocolo: p })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Excluir protocolo ${p.nome}`}
                          onClick={() => void excluir(p)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ProtocoloModal
        vacina={vacina}
        opened={editando !== null}
        protocolo={editando?.protocolo ?? null}
        onClose={() => setEditando(null)}
      />
    </Paper>
  );
}
