/**
 * The details of one audit event (issue #22 item 4): when, who, where, from which address, what
 * was acted on, and the "Antes → Depois" table of the changed fields (valores-auditoria.ts).
 */
import { Badge, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import type { EventoAuditoria } from '@petshop/shared/auditoria';
import { formatDateTime } from '@petshop/shared/format';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { linhasAlteracao, rotuloEntidade } from '../valores-auditoria.ts';
import { corDaAcao } from './acao-badge.tsx';

type Props = { evento: EventoAuditoria | null; onClose: () => void };

export function EventoAuditoriaDrawer({ evento, onClose }: Props) {
  const timeZone = useTimeZone();
  return (
    <Drawer
      opened={evento !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title="Evento de auditoria"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {evento ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={corDaAcao(evento.acao)} variant="light">
              {evento.acaoNome}
            </Badge>
          </Group>
          <Text fw={500}>{evento.descricao}</Text>
          <Table variant="vertical" layout="fixed" withTableBorder aria-label="Dados do evento">
            <Table.Tbody>
              <Linha rotulo="Data/hora" valor={formatDateTime(evento.criadoEm, timeZone)} />
              <Linha rotulo="Usuário" valor={evento.usuarioNome ?? (evento.usuarioId ? 'Usuário removido' : 'Sistema')} />
              <Linha
                rotulo="Unidade"
                valor={evento.unidadeNegocioNome ?? (evento.unidadeNegocioId ? 'Unidade removida' : 'Todas (empresa)')}
              />
              <Linha
                rotulo="Registro"
                valor={
                  evento.entidadeId
                    ? `${rotuloEntidade(evento.entidade)} · ${evento.entidadeId}`
                    : rotuloEntidade(evento.entidade)
                }
              />
              <Linha rotulo="Endereço IP" valor={evento.ip ?? '—'} />
            </Table.Tbody>
          </Table>
          <AntesDepois evento={evento} />
        </Stack>
      ) : null}
    </Drawer>
  );
}

function Linha({ rotulo, valor }: { rotulo: string; valor: string }) {
  return (
    <Table.Tr>
      <Table.Th w={130}>{rotulo}</Table.Th>
      <Table.Td style={{ wordBreak: 'break-all' }}>{valor}</Table.Td>
    </Table.Tr>
  );
}

function AntesDepois({ evento }: { evento: EventoAuditoria }) {
  const linhas = linhasAlteracao(evento.antes, evento.depois);
  if (linhas.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Este evento não registrou valores.
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Antes → Depois
      </Text>
      <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-label="Antes e depois">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Antes</Table.Th>
            <Table.Th>Depois</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.map((l) => (
            <Table.Tr key={l.chave}>
              <Table.Td>{l.campo}</Table.Td>
              <Table.Td c={l.mudou ? 'dimmed' : undefined} style={{ wordBreak: 'break-word' }}>
                {l.antes}
              </Table.Td>
              <Table.Td fw={l.mudou ? 600 : undefined} style={{ wordBreak: 'break-word' }}>
                {l.depois}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
