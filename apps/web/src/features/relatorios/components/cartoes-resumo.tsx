/**
 * Stat cards above a report's chart (RelatorioPage's `resumo` slot, issue #20): a label, the
 * figure in large type and an optional hint below, in a responsive row (up to 4 a row). Each
 * card is a group named by its label; its figure is named "label: figure" and carries the test
 * id `resumo-{label}`.
 */
import { Paper, SimpleGrid, Text } from '@mantine/core';

export type CartaoResumo = { rotulo: string; valor: string; dica?: string };

export function CartoesResumo({ cartoes, rotulo = 'Resumo do período' }: { cartoes: CartaoResumo[]; rotulo?: string }) {
  return (
    <SimpleGrid cols={{ base: 2, md: cartoes.length > 4 ? 4 : cartoes.length }} spacing="sm" role="group" aria-label={rotulo}>
      {cartoes.map((c) => (
        <Paper key={c.rotulo} withBorder radius="md" p="sm" role="group" aria-label={c.rotulo}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.rotulo}
          </Text>
          <Text fz="xl" fw={700} lh={1.3} aria-label={`${c.rotulo}: ${c.valor}`} data-testid={`resumo-${c.rotulo}`}>
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
