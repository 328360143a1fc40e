/** A column of the grooming board: its activity, how many pets are in it, and a drop target for cards. */
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ATIVIDADES, type Atividade } from '@petshop/shared/agenda';
import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';

type AtividadeColunaProps = {
  atividade: Atividade;
  quantidade: number;
  children: ReactNode;
};

export function AtividadeColuna({ atividade, quantidade, children }: AtividadeColunaProps) {
  const { setNodeRef, isOver } = useDroppable({ id: atividade });
  const tituloId = `coluna-${atividade}`;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={tituloId}
      data-atividade={atividade}
      p={6}
      radius="md"
      bg={isOver ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
      style={{
        minWidth: 0,
        minHeight: quantidade === 0 ? 0 : 120,
        outline: isOver ? '2px dashed var(--mantine-color-blue-6)' : undefined,
        transition: 'background-color 120ms',
      }}
    >
      <Group justify="space-between" gap={4} wrap="nowrap" px={4} pb={6} mih={32}>
        <Title order={3} size="h6" id={tituloId} style={{ minWidth: 0, overflowWrap: 'break-word' }}>
          {ATIVIDADES[atividade]}
        </Title>
        <Badge variant="filled" color="gray" size="md" circle={quantidade < 10} style={{ flexShrink: 0 }}>
          {quantidade}
        </Badge>
      </Group>
      <Stack gap={6}>
        {children}
        {quantidade === 0 ? (
          <Text size="xs" c="dimmed" ta="center" py="xs">
            Nenhum pet
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
