/**
 * The home's vaccine indicator (issue #19 item 7): how many doses of the selected unit are overdue
 * and due in the next 30 days, and the first of them (overdue first) with the pet, its tutor and
 * phone, each opening the pet's chart. Shown to profiles that read the clinic (clinica, clientes).
 */
import { Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DIAS_DOSES_DEVIDAS_PADRAO, type Planejamento } from '@petshop/shared/clinica';
import { formatDate, formatTelefone } from '@petshop/shared/format';
import { IconVaccine } from '@tabler/icons-react';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { useDosesDevidas } from '../api/get-doses-devidas.ts';

/** How many doses the card lists. */
const LISTADAS = 6;

function DoseLinha({ dose, atrasada }: { dose: Planejamento; atrasada: boolean }) {
  const titulo = `${dose.petNome} · ${dose.vacinaNome} (${dose.descricao})`;
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        {dose.tutorId ? (
          <AnchorLink
            to="/clientes/$clienteId/ficha-animal/$petId"
            params={{ clienteId: dose.tutorId, petId: dose.petId }}
            size="sm"
            fw={600}
            truncate
          >
            {titulo}
          </AnchorLink>
        ) : (
          <Text size="sm" fw={600} truncate>
            {titulo}
          </Text>
        )}
        <Text size="xs" c="dimmed" truncate>
          {[dose.tutorNome, dose.tutorCelular ? formatTelefone(dose.tutorCelular) : null].filter(Boolean).join(' · ') ||
            'Sem tutor'}
        </Text>
      </Stack>
      <Text size="sm" c={atrasada ? 'red.7' : undefined} fw={atrasada ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatDate(dose.dataPrevista)}
      </Text>
    </Group>
  );
}

export function DosesDevidasCard() {
  const dias = DIAS_DOSES_DEVIDAS_PADRAO;
  const query = useDosesDevidas(dias);
  const dados = query.data;
  const linhas = dados
    ? [
        ...dados.atrasadas.map((dose) => ({ dose, atrasada: true })),
        ...dados.proximas.map((dose) => ({ dose, atrasada: false })),
      ].slice(0, LISTADAS)
    : [];

  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby="doses-devidas-titulo">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light">
            <IconVaccine size={22} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={3} size="h5" id="doses-devidas-titulo">
              Vacinas a aplicar
            </Title>
            <Text size="sm" c="dimmed">
              Atrasadas e previstas para os próximos {dias} dias nesta unidade
            </Text>
          </Stack>
        </Group>
        {query.isPending ? (
          <Skeleton height={60} />
        ) : query.isError ? (
          <Text size="sm" c="red.7">
            Não foi possível carregar as doses.
          </Text>
        ) : (
          <>
            <Group gap="xs">
              <Badge color="red" variant={dados!.atrasadas.length > 0 ? 'filled' : 'light'}>
                {dados!.atrasadas.length} atrasada{dados!.atrasadas.length === 1 ? '' : 's'}
              </Badge>
              <Badge variant="light">
                {dados!.proximas.length} nos próximos {dias} dias
              </Badge>
            </Group>
            {linhas.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nenhuma dose atrasada ou prevista.
              </Text>
            ) : (
              <Stack gap="xs">
                {linhas.map(({ dose, atrasada }) => (
                  <DoseLinha key={dose.id} dose={dose} atrasada={atrasada} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
