/**
 * The 'Pacotes' tab of a customer (DOMAIN.md §3 "packages"; issue #17 item 6): the prepaid
 * packages sold to them — name, pet, appointment type, sessions left of the total with a bar,
 * last valid day, status — active ones first (expiring soonest first), then the rest (newest
 * first). The sale number opens the sale at the till, with the way back to this tab. Phones get
 * one card per package instead of the table.
 */
import { Alert, Badge, Group, Paper, Progress, Skeleton, Stack, Table, Text } from '@mantine/core';
import { STATUS_PACOTE, type Pacote, type StatusPacote } from '@petshop/shared/agenda';
import { formatDate } from '@petshop/shared/format';
import { IconAlertCircle, IconTicket } from '@tabler/icons-react';
import { errorMessage } from '#lib/http/api-error.ts';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { usePacotesPessoa } from '../api/list-pacotes-pessoa.ts';

const COR_STATUS: Record<StatusPacote, string> = { Ativo: 'teal', Esgotado: 'gray', Expirado: 'orange', Cancelado: 'red' };

/** Where the till returns to from a package's sale: this tab. */
export const retornoPacotes = (pessoaId: string) => `/clientes/${pessoaId}?tab=pacotes`;

/** Active first, expiring soonest first; then the others, newest first. */
export const ordenarPacotes = (pacotes: readonly Pacote[]): Pacote[] =>
  [...pacotes].sort((a, b) => {
    const ativoA = a.status === 'Ativo' ? 0 : 1;
    const ativoB = b.status === 'Ativo' ? 0 : 1;
    if (ativoA !== ativoB) return ativoA - ativoB;
    if (ativoA === 0) return a.validoAte.localeCompare(b.validoAte);
    return b.createdAt.localeCompare(a.createdAt);
  });

/** "3 de 4 restantes" (one: "1 de 4 restante"). */
export const sessoesRestantesLabel = (p: Pick<Pacote, 'sessoesRestantes' | 'sessoesTotal'>) =>
  `${p.sessoesRestantes} de ${p.sessoesTotal} ${p.sessoesRestantes === 1 ? 'restante' : 'restantes'}`;

export function ClientePacotesTab({ pessoaId }: { pessoaId: string }) {
  const pacotes = usePacotesPessoa(pessoaId);

  if (pacotes.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível carregar os pacotes">
        {errorMessage(pacotes.error)}
      </Alert>
    );
  }
  if (!pacotes.data) {
    return (
      <Stack gap="md">
        <Skeleton height={40} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  }
  if (pacotes.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <IconTicket size={32} color="var(--mantine-color-gray-6)" />
          <Text fw={500}>Nenhum pacote</Text>
          <Text size="sm" c="dimmed" ta="center">
            Os pacotes de sessões (por exemplo, 4 banhos) vendidos a este cliente no PDV aparecem aqui.
          </Text>
        </Stack>
      </Paper>
    );
  }
  const lista = ordenarPacotes(pacotes.data);
  return (
    <>
      {/* Phones: one card per package; wider screens: the table. */}
      <Stack gap="sm" hiddenFrom="sm" aria-label="Pacotes (lista)" role="list">
        {lista.map((p) => (
          <Paper key={p.id} withBorder radius="md" p="sm" role="listitem" aria-label={p.nome}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600}>{p.nome}</Text>
                <Badge color={COR_STATUS[p.status]} variant="light">
                  {STATUS_PACOTE[p.status]}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {p.petNome ?? 'Qualquer pet'} · {p.tipoNome} · válido até {formatDate(p.validoAte)}
              </Text>
              <Sessoes pacote={p} />
              <VendaLink pacote={p} pessoaId={pessoaId} />
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table verticalSpacing="sm" aria-label="Pacotes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pacote</Table.Th>
              <Table.Th>Pet</Table.Th>
              <Table.Th>Tipo de atendimento</Table.Th>
              <Table.Th>Sessões</Table.Th>
              <Table.Th>Válido até</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Venda</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lista.map((p) => (
              <Table.Tr key={p.id} aria-label={p.nome} c={p.status === 'Ativo' ? undefined : 'dimmed'}>
                <Table.Td fw={600}>{p.nome}</Table.Td>
                <Table.Td>{p.petNome ?? 'Qualquer pet'}</Table.Td>
                <Table.Td>{p.tipoNome}</Table.Td>
                <Table.Td miw={160}>
                  <Sessoes pacote={p} />
                </Table.Td>
                <Table.Td>{formatDate(p.validoAte)}</Table.Td>
                <Table.Td>
                  <Badge color={COR_STATUS[p.status]} variant="light">
                    {STATUS_PACOTE[p.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <VendaLink pacote={p} pessoaId={pessoaId} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** "3 de 4 restantes" over a bar of the sessions left. */
function Sessoes({ pacote: p }: { pacote: Pacote }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{sessoesRestantesLabel(p)}</Text>
      <Progress
        value={p.sessoesTotal > 0 ? (p.sessoesRestantes / p.sessoesTotal) * 100 : 0}
        color={p.status === 'Ativo' ? 'teal' : 'gray'}
        size="sm"
        aria-label={`Sessões restantes de ${p.nome}`}
      />
    </Stack>
  );
}

/** The sale that sold it, opening the till with the way back; a dash without one. */
function VendaLink({ pacote: p, pessoaId }: { pacote: Pacote; pessoaId: string }) {
  if (!p.vendaId || p.vendaNumero === null)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <AnchorLink
      to="/vendas/pdv/$id"
      params={{ id: p.vendaId }}
      search={{ returnTo: retornoPacotes(pessoaId) }}
      size="sm"
      aria-label={`Abrir venda nº ${p.vendaNumero}`}
    >
      nº {p.vendaNumero}
    </AnchorLink>
  );
}
