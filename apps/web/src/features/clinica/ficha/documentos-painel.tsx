import type { FichaAnimal } from '@petshop/shared/clinica';
import { Card, Stack, Text, Title } from '@mantine/core';

/** The chart's prescriptions and documents issued (issue #19). First version; the list and the issuing modal follow. */
export function DocumentosPainel({ ficha }: { ficha: FichaAnimal }) {
  const emitidos = ficha.registros.items.filter((r) => r.tipo === 'receita' || r.tipo === 'documento');
  return (
    <Card withBorder component="section" aria-labelledby="documentos-painel-titulo">
      <Stack gap="xs">
        <Title order={3} size="h4" id="documentos-painel-titulo">
          Receitas e documentos
        </Title>
        <Text c="dimmed" size="sm">
          {emitidos.length === 0 ? 'Nenhum documento emitido.' : `${emitidos.length} documento(s) emitido(s)`}
        </Text>
      </Stack>
    </Card>
  );
}
