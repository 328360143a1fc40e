/** The end of the import: what was created, the rows left out and where to go next. */
import { Alert, Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ResultadoImportacao, TipoImportacao } from '@petshop/shared/importacao';
import { IconCheck, IconFileSpreadsheet, IconList } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ConfigImportacao } from '../importacao-config.ts';
import { plural, resumoDoResultado } from '../wizard-logic.ts';

/** Rows listed one by one; past that, a count. */
const ERROS_LISTADOS = 50;

type ResultadoPainelProps = {
  tipo: TipoImportacao;
  config: ConfigImportacao;
  resultado: ResultadoImportacao;
  onRecomecar: () => void;
};

export function ResultadoPainel({ tipo, config, resultado, onRecomecar }: ResultadoPainelProps) {
  const resumo = resumoDoResultado(tipo, resultado.criados);
  const listados = resultado.erros.slice(0, ERROS_LISTADOS);
  return (
    <Stack gap="md" mt="md" role="status">
      <Group gap="sm">
        <ThemeIcon color="teal" variant="light" size={40} radius="xl">
          <IconCheck size={24} />
        </ThemeIcon>
        <Stack gap={0}>
          <Title order={3}>Importação concluída</Title>
          <Text size="sm" c="dimmed">
            {plural(resultado.importadas, 'linha importada', 'linhas importadas')}
            {resultado.ignoradas > 0 ? `, ${plural(resultado.ignoradas, 'linha ignorada', 'linhas ignoradas')}` : ''}
          </Text>
        </Stack>
      </Group>
      <List spacing={4}>
        {resumo.map((linha) => (
          <List.Item key={linha}>
            <Text fw={500}>{linha}</Text>
          </List.Item>
        ))}
      </List>
      {resultado.erros.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          title={`${plural(resultado.erros.length, 'linha não importada', 'linhas não importadas')}`}
        >
          <List size="sm" spacing={2}>
            {listados.map((e) => (
              <List.Item key={e.numero}>
                Linha {e.numero}: {e.erros.join('; ')}
              </List.Item>
            ))}
          </List>
          {resultado.erros.length > listados.length ? (
            <Text size="sm" mt="xs">
              e mais {plural(resultado.erros.length - listados.length, 'linha', 'linhas')}. Corrija a planilha e importe só essas
              linhas de novo.
            </Text>
          ) : (
            <Text size="sm" mt="xs">
              Corrija essas linhas na planilha e importe só elas de novo.
            </Text>
          )}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button leftSection={<IconList size={16} />} renderRoot={(props) => <Link {...props} to={config.lista.to} />}>
          {config.lista.label}
        </Button>
        <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={onRecomecar}>
          Importar outro arquivo
        </Button>
      </Group>
    </Stack>
  );
}
