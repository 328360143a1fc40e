/**
 * The ABC classes on screen (issue #20): the coloured badge of a row's class, the summary cards
 * of the three classes (how many items, their revenue and share of the curve's revenue) and the
 * class filter (Todas / A / B / C).
 */
import { Badge, Group, Paper, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { formatDecimal, formatMoney } from '@petshop/shared/format';
import { CLASSES_ABC, CLASSES_ABC_IDS, type ClasseAbc, type ResumoClasseAbc } from '@petshop/shared/relatorios-abc';
import type { ReactNode } from 'react';
import { COR_CLASSE } from './pareto.ts';

export function ClasseBadge({ classe }: { classe: ClasseAbc }) {
  return (
    <Badge color={COR_CLASSE[classe]} variant="filled" size="sm" aria-label={`Classe ${classe}`} miw={28}>
      {classe}
    </Badge>
  );
}

const LIMITE: Record<ClasseAbc, string> = Object.fromEntries(
  CLASSES_ABC.map((c, i) => [
    c.classe,
    i === 0 ? `até ${c.acumuladoAte} % do faturamento` : `de ${CLASSES_ABC[i - 1]!.acumuladoAte} % a ${c.acumuladoAte} %`,
  ]),
) as Record<ClasseAbc, string>;

/** "12 produtos" / "1 produto". */
const contagem = (n: number, singular: string, plural: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? singular : plural}`;

/** The three classes' cards: A, B, C with count, revenue and share; `extra` adds a card (e.g. the unidentified customers). */
export function ResumoClasses({
  classes,
  singular,
  plural,
  extra,
}: {
  classes: readonly ResumoClasseAbc[];
  singular: string;
  plural: string;
  extra?: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3, md: extra ? 4 : 3 }} spacing="sm" role="group" aria-label="Resumo das classes">
      {classes.map((c) => (
        <Paper
          key={c.classe}
          withBorder
          radius="md"
          p="sm"
          style={{ borderLeft: `4px solid var(--mantine-color-${COR_CLASSE[c.classe]}-6)` }}
          data-testid={`resumo-classe-${c.classe}`}
        >
          <Group gap={6}>
            <ClasseBadge classe={c.classe} />
            <Text size="xs" c="dimmed">
              {LIMITE[c.classe]}
            </Text>
          </Group>
          <Text fz="lg" fw={700} mt={4}>
            {contagem(c.itens, singular, plural)}
          </Text>
          <Text size="sm">
            {formatMoney(c.faturamento)} · {formatDecimal(c.participacao, 1)} %
          </Text>
        </Paper>
      ))}
      {extra}
    </SimpleGrid>
  );
}

/** The class filter: Todas / A / B / C (undefined = all). */
export function FiltroClasse({
  classe,
  onChange,
}: {
  classe: ClasseAbc | undefined;
  onChange: (c: ClasseAbc | undefined) => void;
}) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Classe"
      data={[{ value: 'todas', label: 'Todas' }, ...CLASSES_ABC_IDS.map((c) => ({ value: c, label: c }))]}
      value={classe ?? 'todas'}
      onChange={(v) => onChange(v === 'todas' ? undefined : (v as ClasseAbc))}
    />
  );
}
