/** The stat cards above a bath-and-grooming report's chart: a label and a big figure each. */
import { Paper, SimpleGrid, Text } from '@mantine/core';

export type Cartao = { rotulo: string; valor: string; dica?: string };

export function ResumoCards({ cartoes, rotulo }: { cartoes: Cartao[]; rotulo: string }) {
  return (
    <SimpleGrid cols={{ base: 2, md: cartoes.length }} spacing="sm" role="group" aria-label={rotulo}>
      {cartoes.map((c) => (
        <Paper key={c.rotulo} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.rotulo}
          </Text>
          <Text fz="xl" fw={700} aria-label={`${c.rotulo}: ${c.valor}`}>
            {c.valor}
          </Text>
          {c.dica ? (
            <Text size="xs" c="dimmed">
              {c.dica}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
