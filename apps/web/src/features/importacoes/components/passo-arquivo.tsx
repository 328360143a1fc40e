/** Step 1 of the import: the file, the template downloads and how the file must be laid out. */
import { Alert, Button, FileInput, Group, List, Stack, Text } from '@mantine/core';
import type { FormatoModelo, TipoImportacao } from '@petshop/shared/importacao';
import { IconAlertCircle, IconArrowRight, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { useBaixarModelo } from '../api/baixar-modelo.ts';
import type { ConfigImportacao } from '../importacao-config.ts';
import { ProgressoEnvio } from './progresso-envio.tsx';

type PassoArquivoProps = {
  tipo: TipoImportacao;
  config: ConfigImportacao;
  arquivo: File | null;
  onArquivo: (file: File | null) => void;
  ocupado: boolean;
  progresso: number | null;
  erros: readonly string[];
  podeAvancar: boolean;
  onAvancar: () => void;
};

export function PassoArquivo({
  tipo,
  config,
  arquivo,
  onArquivo,
  ocupado,
  progresso,
  erros,
  podeAvancar,
  onAvancar,
}: PassoArquivoProps) {
  const baixar = useBaixarModelo();
  const baixarModelo = (formato: FormatoModelo) => baixar.mutate({ tipo, formato }, { onError: notifyActionError });
  const baixando = (formato: FormatoModelo) => baixar.isPending && baixar.variables?.formato === formato;

  return (
    <Stack gap="md" mt="md">
      <List size="sm" spacing={4} c="dimmed">
        {config.dicas.map((dica) => (
          <List.Item key={dica}>{dica}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={baixando('xlsx')}
          onClick={() => baixarModelo('xlsx')}
        >
          Baixar modelo (XLSX)
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={baixando('csv')}
          onClick={() => baixarModelo('csv')}
        >
          Baixar modelo (CSV)
        </Button>
      </Group>
      <FileInput
        label="Planilha"
        description="Arquivo .xlsx ou .csv, até 5 MB e 5.000 linhas. A primeira linha deve ter os títulos das colunas."
        placeholder="Escolher arquivo"
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        leftSection={<IconFileSpreadsheet size={16} />}
        value={arquivo}
        onChange={onArquivo}
        disabled={ocupado}
        clearable
        maw={520}
      />
      {ocupado ? <ProgressoEnvio progresso={progresso} fase="Lendo a planilha e conferindo as linhas…" /> : null}
      {erros.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível ler a planilha" role="alert">
          {erros.map((erro) => (
            <Text key={erro} size="sm">
              {erro}
            </Text>
          ))}
        </Alert>
      ) : null}
      {podeAvancar && !ocupado ? (
        <Group justify="flex-end">
          <Button rightSection={<IconArrowRight size={16} />} onClick={onAvancar}>
            Colunas
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
