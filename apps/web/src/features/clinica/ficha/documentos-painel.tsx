/**
 * The chart's "Receitas e documentos" (issue #19 items 5–6): the prescriptions and documents
 * issued for the pet (every page of them, newest first: the chart's first page of records is not
 * enough), each with its PDF; with `ficha.podeEscrever`, "Emitir receita" and "Emitir documento"
 * open the issuing modal (template, medicines, preview, then the PDF).
 */
import { ActionIcon, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { TIPOS_REGISTRO, type FichaAnimal, type Registro, type TipoModelo } from '@petshop/shared/clinica';
import { formatDate } from '@petshop/shared/format';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { baixarRegistroPdf } from '../api/baixar-registro-pdf.ts';
import { useDocumentosEmitidos } from '../api/list-documentos-emitidos.ts';
import { EmitirDocumentoModal } from './documentos/emitir-documento-modal.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { ListPagination } from '#lib/list/list-pagination.tsx';
import { notifyError } from '#lib/notify.ts';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';

/** Documents per page of the panel. */
export const DOCUMENTOS_POR_PAGINA = 8;

/** 'dd/MM/yyyy HH:mm' of the unit's local time the API gives ('yyyy-MM-ddTHH:mm'). */
const dataHora = (dataLocal: string) => `${formatDate(dataLocal.slice(0, 10))} ${dataLocal.slice(11, 16)}`;

const nomeArquivo = (r: Registro, pet: string) =>
  `${`${r.titulo ?? TIPOS_REGISTRO[r.tipo]} ${pet}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.pdf`;

export function DocumentosPainel({ ficha }: { ficha: FichaAnimal }) {
  const [page, setPage] = useState(1);
  const [emitir, setEmitir] = useState<TipoModelo | null>(null);
  const [baixando, setBaixando] = useState<string | null>(null);
  const documentos = useDocumentosEmitidos({ petId: ficha.pet.id, page, pageSize: DOCUMENTOS_POR_PAGINA });
  const itens = documentos.data?.items ?? [];
  const total = documentos.data?.total ?? 0;

  const baixar = async (r: Registro) => {
    setBaixando(r.id);
    try {
      await baixarRegistroPdf(r.id, nomeArquivo(r, ficha.pet.nome));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBaixando(null);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="documentos-painel-titulo">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id="documentos-painel-titulo">
            Receitas e documentos
          </Title>
          {total > 0 ? (
            <Badge variant="light" color="gray" size="sm">
              {total}
            </Badge>
          ) : null}
        </Group>
        {ficha.podeEscrever ? (
          <SimpleGrid cols={2} spacing="xs">
            <Button size="compact-sm" variant="light" fullWidth px={6} onClick={() => setEmitir('receita')}>
              Emitir receita
            </Button>
            <Button size="compact-sm" variant="light" fullWidth px={6} onClick={() => setEmitir('documento')}>
              Emitir documento
            </Button>
          </SimpleGrid>
        ) : null}
        {documentos.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Carregando documentos…
            </Text>
          </Group>
        ) : documentos.isError ? (
          <LoadErrorAlert
            title="Não foi possível carregar os documentos"
            error={documentos.error}
            onRetry={() => void documentos.refetch()}
          />
        ) : itens.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma receita ou documento emitido.
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Documentos emitidos">
            {itens.map((r) => {
              const titulo = r.titulo ?? TIPOS_REGISTRO[r.tipo];
              return (
                <Group key={r.id} component="li" gap="xs" wrap="nowrap" justify="space-between" aria-label={titulo}>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600} truncate>
                        {titulo}
                      </Text>
                      {r.controleEspecial ? (
                        <Badge size="xs" color="orange" variant="light">
                          Controle especial
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {[TIPOS_REGISTRO[r.tipo], dataHora(r.dataLocal), r.veterinarioNome].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  <Tooltip label="Baixar PDF">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Baixar PDF de ${titulo}`}
                      loading={baixando === r.id}
                      onClick={() => void baixar(r)}
                    >
                      <IconFileDownload size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
          </Stack>
        )}
        {total > DOCUMENTOS_POR_PAGINA ? (
          <ListPagination totalPages={Math.ceil(total / DOCUMENTOS_POR_PAGINA)} page={page} onChange={setPage} />
        ) : null}
      </Stack>
      <EmitirDocumentoModal ficha={ficha} tipo={emitir} onClose={() => setEmitir(null)} />
    </Card>
  );
}
