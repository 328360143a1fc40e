/**
 * "Importar XML da NF-e" (DOMAIN.md §5; issue #5 item 4): the supplier's NF-e file is chosen
 * or dropped and sent at once. An NF-e addressed to another CNPJ than the unit's comes back
 * with the API's message and "Importar assim mesmo", which sends it again with the user's
 * confirmation; any other refusal (not an NF-e, an NFC-e, an access key already imported)
 * shows its message. On success the new draft opens.
 */
import { Alert, Button, FileInput, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IMPORTAR_XML_CAMPO_ACEITAR, type Compra } from '@petshop/shared/compra';
import { IconAlertCircle, IconAlertTriangle, IconFileCode, IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { toApiError } from '#lib/http/api-error.ts';
import { useImportarXml } from '../api/importar-xml.ts';

type ImportarXmlModalProps = { opened: boolean; onClose: () => void; onImportada: (compra: Compra) => void };

export function ImportarXmlModal({ opened, onClose, onImportada }: ImportarXmlModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Importar XML da NF-e" size="lg" centered>
      {opened ? <ImportarXml onClose={onClose} onImportada={onImportada} /> : null}
    </Modal>
  );
}

function ImportarXml({ onClose, onImportada }: Omit<ImportarXmlModalProps, 'opened'>) {
  const importar = useImportarXml();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  /** The API's question when the NF-e names another CNPJ. */
  const [outroDestinatario, setOutroDestinatario] = useState<string | null>(null);
  const [arrastando, setArrastando] = useState(false);

  const enviar = (file: File, aceitarOutroDestinatario = false) => {
    setErro(null);
    setOutroDestinatario(null);
    importar.mutate(
      { arquivo: file, aceitarOutroDestinatario },
      {
        onSuccess: onImportada,
        onError: (error) => {
          const e = toApiError(error);
          if (e.kind === 'unauthorized') return;
          const pergunta = e.fieldErrors[IMPORTAR_XML_CAMPO_ACEITAR];
          if (pergunta && !aceitarOutroDestinatario) {
            setOutroDestinatario(pergunta);
            return;
          }
          const mensagens = [...e.generalErrors, ...Object.values(e.fieldErrors)];
          setErro(mensagens.length > 0 ? mensagens.join(' ') : e.message);
        },
      },
    );
  };

  const escolher = (file: File | null) => {
    setArquivo(file);
    if (file) enviar(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setArrastando(false);
    const file = event.dataTransfer.files[0];
    if (file) escolher(file);
  };

  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p="lg"
        data-testid="xml-dropzone"
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: arrastando ? 'var(--mantine-primary-color-filled)' : undefined,
          background: arrastando ? 'var(--mantine-primary-color-light)' : undefined,
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setArrastando(true);
        }}
        onDragLeave={() => setArrastando(false)}
        onDrop={onDrop}
      >
        <Stack gap="sm" align="center">
          <IconUpload size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text size="sm" ta="center">
            Arraste o arquivo XML da NF-e do fornecedor para cá, ou escolha o arquivo.
          </Text>
          <FileInput
            label="Arquivo XML da NF-e"
            placeholder="Escolher arquivo .xml"
            accept=".xml,text/xml,application/xml"
            leftSection={<IconFileCode size={16} />}
            value={arquivo}
            onChange={escolher}
            disabled={importar.isPending}
            clearable
            w="100%"
            maw={420}
          />
          <Text size="xs" c="dimmed" ta="center">
            NF-e modelo 55 (nfeProc ou NFe), layouts 3.10 e 4.00. O fornecedor é encontrado pelo CNPJ (ou cadastrado), e cada item
            pelo código de barras ou pelo código do fornecedor já usado antes.
          </Text>
        </Stack>
      </Paper>

      {importar.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Lendo a nota e montando a compra…
        </Text>
      ) : null}

      {outroDestinatario && arquivo ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title="NF-e de outro destinatário" role="alert">
          <Stack gap="sm">
            <Text size="sm">{outroDestinatario}</Text>
            <Group gap="sm">
              <Button color="yellow" onClick={() => enviar(arquivo, true)} loading={importar.isPending} data-autofocus>
                Importar assim mesmo
              </Button>
              <Button variant="default" onClick={() => escolher(null)}>
                Escolher outro arquivo
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      {erro ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível importar" role="alert">
          {erro}
        </Alert>
      ) : null}

      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
      </Group>
    </Stack>
  );
}
