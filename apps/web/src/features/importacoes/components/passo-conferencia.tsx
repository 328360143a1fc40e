/**
 * Step 3 of the import: every row with its status and messages (errors in red, notes in
 * yellow), paged in the browser, and the button that imports the valid rows.
 */
import { Alert, Badge, Button, Group, Pagination, Stack, Switch, Table, Text } from '@mantine/core';
import type { PreviaImportacao } from '@petshop/shared/importacao';
import { IconAlertCircle, IconArrowLeft, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ConfigImportacao } from '../importacao-config.ts';
import { camposDaConferencia, linhasDaPagina, plural, rotuloImportar, situacaoDaLinha } from '../wizard-logic.ts';
import { ResumoPrevia } from './passo-colunas.tsx';
import { ProgressoEnvio } from './progresso-envio.tsx';

type PassoConferenciaProps = {
  config: ConfigImportacao;
  previa: PreviaImportacao;
  conferindo: boolean;
  importando: boolean;
  progresso: number | null;
  erros: readonly string[];
  onVoltar: () => void;
  onImportar: () => void;
};

export function PassoConferencia({
  config,
  previa,
  conferindo,
  importando,
  progresso,
  erros,
  onVoltar,
  onImportar,
}: PassoConferenciaProps) {
  const [somenteErros, setSomenteErros] = useState(false);
  const [pagina, setPagina] = useState(1);
  const visiveis = linhasDaPagina(previa.linhas, { somenteErros, pagina });
  const campos = camposDaConferencia(previa, config.camposConferencia);

  return (
    <Stack gap="md" mt="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <ResumoPrevia previa={previa} conferindo={conferindo} />
        <Switch
          label="Mostrar só linhas com erro"
          checked={somenteErros}
          onChange={(event) => {
            setSomenteErros(event.currentTarget.checked);
            setPagina(1);
          }}
        />
      </Group>

      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" striped aria-label="Linhas da planilha">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Linha</Table.Th>
              <Table.Th w={150}>Situação</Table.Th>
              {campos.map((c) => (
                <Table.Th key={c.key}>{c.label}</Table.Th>
              ))}
              <Table.Th>Mensagens</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visiveis.linhas.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={campos.length + 3}>
                  <Text ta="center" py="md" c="dimmed">
                    {somenteErros ? 'Nenhuma linha com erro.' : 'A planilha não tem linhas de dados.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {visiveis.linhas.map((linha) => {
              const situacao = situacaoDaLinha(linha);
              return (
                <Table.Tr key={linha.numero}>
                  <Table.Td>{linha.numero}</Table.Td>
                  <Table.Td>
                    <Badge color={situacao.color} variant="light">
                      {situacao.label}
                    </Badge>
                  </Table.Td>
                  {campos.map((c) => (
                    <Table.Td key={c.key}>{linha.valores[c.key] ?? ''}</Table.Td>
                  ))}
                  <Table.Td>
                    {linha.erros.map((erro) => (
                      <Text key={erro} size="sm" c="red.7">
                        {erro}
                      </Text>
                    ))}
                    {linha.avisos.map((aviso) => (
                      <Text key={aviso} size="sm" c="yellow.8">
                        {aviso}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {plural(visiveis.total, 'linha', 'linhas')}
          {somenteErros ? ' com erro' : ''}
        </Text>
        <Pagination
          total={visiveis.totalPaginas}
          value={visiveis.pagina}
          onChange={setPagina}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Página anterior' : control === 'next' ? 'Próxima página' : control,
          })}
        />
      </Group>

      {erros.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível importar" role="alert">
          {erros.join(' ')}
        </Alert>
      ) : null}
      {importando ? <ProgressoEnvio progresso={progresso} fase="Importando as linhas válidas…" /> : null}

      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onVoltar} disabled={importando}>
          Colunas
        </Button>
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={onImportar}
          loading={importando}
          disabled={previa.validas === 0 || conferindo}
        >
          {rotuloImportar(previa.validas)}
        </Button>
      </Group>
    </Stack>
  );
}
