/**
 * The attachments of a payable (the bill, the receipt): the list with links to the files,
 * "Anexar arquivo" (POST /financeiro/despesas/{id}/anexos, multipart field `arquivo`: PDF, PNG
 * or JPEG up to 10 MB) and "Remover" (DELETE …/anexos/{anexoId}, confirmed). Each answers the
 * payable, put in the cache.
 */
import { ActionIcon, Anchor, Button, FileButton, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { Despesa } from '@petshop/shared/financeiro';
import { IconFileUpload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { queryKeys } from '#lib/query-keys.ts';

/** Accepted by the API (checked by content there). */
export const ANEXO_ACCEPT = 'application/pdf,image/png,image/jpeg';

const base = (id: string) => `/financeiro/despesas/${encodeURIComponent(id)}/anexos`;

/** POST /financeiro/despesas/{id}/anexos (multipart `arquivo`) → the payable with its attachments (201). */
export const anexarArquivo = async ({ id, arquivo }: { id: string; arquivo: File }): Promise<Despesa> => {
  const body = new FormData();
  body.append('arquivo', arquivo, arquivo.name);
  const { data } = await http.post<Despesa>(base(id), body);
  return data;
};

/** DELETE /financeiro/despesas/{id}/anexos/{anexoId} → the payable. */
export const removerAnexo = async ({ id, anexoId }: { id: string; anexoId: string }): Promise<Despesa> => {
  const { data } = await http.delete<Despesa>(`${base(id)}/${encodeURIComponent(anexoId)}`);
  return data;
};

const tamanho = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function AnexosDespesa({ despesa }: { despesa: Despesa }) {
  const queryClient = useQueryClient();
  const onSuccess = (d: Despesa) => {
    queryClient.setQueryData(queryKeys.titulos.detail('despesas', d.id), d);
    return queryClient.invalidateQueries({ queryKey: queryKeys.titulos.lists('despesas') });
  };
  const anexar = useMutation({ mutationFn: anexarArquivo, onSuccess });
  const remover = useMutation({ mutationFn: removerAnexo, onSuccess });

  const enviar = async (arquivo: File | null) => {
    if (!arquivo) return;
    try {
      await anexar.mutateAsync({ id: despesa.id, arquivo });
      notifySuccess('Arquivo anexado');
    } catch (error) {
      notifyActionError(error);
    }
  };
  const excluir = async (anexo: Despesa['anexos'][number]) => {
    if (!(await confirmDelete({ subject: 'o anexo', name: anexo.nome, title: 'Remover anexo' }))) return;
    try {
      await remover.mutateAsync({ id: despesa.id, anexoId: anexo.id });
      notifySuccess('Anexo removido');
    } catch (error) {
      notifyActionError(error);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="anexos-titulo">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4} id="anexos-titulo">
            Anexos
          </Title>
          <FileButton onChange={(f) => void enviar(f)} accept={ANEXO_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconFileUpload size={16} />} loading={anexar.isPending}>
                Anexar arquivo
              </Button>
            )}
          </FileButton>
        </Group>
        {despesa.anexos.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum arquivo. Anexe o boleto, a nota ou o comprovante (PDF, PNG ou JPEG até 10 MB).
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label="Anexos">
            <Table.Tbody>
              {despesa.anexos.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <IconPaperclip size={16} />
                      <Anchor href={a.url} target="_blank" rel="noopener noreferrer" size="sm">
                        {a.nome}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" w={90}>
                    <Text size="xs" c="dimmed">
                      {tamanho(a.tamanho)}
                    </Text>
                  </Table.Td>
                  <Table.Td w={50}>
                    <Tooltip label="Remover">
                      <ActionIcon variant="subtle" color="red" aria-label={`Remover ${a.nome}`} onClick={() => void excluir(a)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
