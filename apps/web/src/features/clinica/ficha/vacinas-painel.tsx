import type { FichaAnimal } from '@petshop/shared/clinica';
import { Card, Stack, Text, Title } from '@mantine/core';

/** The chart's vaccination card (issue #19): planned and applied doses. First version; the actions follow. */
export function VacinasPainel({ ficha }: { ficha: FichaAnimal }) {
  const { planejadas, aplicadas } = ficha.vacinas;
  return (
    <Card withBorder component="section" aria-labelledby="vacinas-painel-titulo">
      <Stack gap="xs">
        <Title order={3} size="h4" id="vacinas-painel-titulo">
          Vacinas
        </Title>
        {planejadas.length === 0 && aplicadas.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nenhuma vacina registrada ou planejada.
          </Text>
        ) : (
          <Text size="sm">
            {planejadas.length} dose(s) planejada(s), {aplicadas.length} aplicada(s)
          </Text>
        )}
      </Stack>
    </Card>
  );
}
