/**
 * The unit's message log (issue #21 items 1, 3): date and time (dd/MM/yyyy HH:mm, unit's time
 * zone), customer, pet, phone, kind, status badge, attempts and the last error in a tooltip;
 * filters by status and kind, a search (customer, pet or phone) and pages; "Reenviar" for a
 * Falhou message and "Cancelar" for a Pendente one. Refreshed every 10 s while the tab is visible.
 */
import {
  ActionIcon,
  Badge,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateTime } from '@petshop/shared/format';
import {
  STATUS_MENSAGEM_IDS,
  STATUS_MENSAGEM_WHATSAPP,
  TIPO_MENSAGEM_IDS,
  TIPOS_MENSAGEM_WHATSAPP,
  type MensagemWhatsapp,
  type StatusMensagemWhatsapp,
  type TipoMensagemWhatsapp,
} from '@petshop/shared/whatsapp';
import { IconAlertCircle, IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useAcaoMensagemWhatsapp } from '../api/acoes-mensagem.ts';
import { useMensagensWhatsapp } from '../api/list-mensagens-whatsapp.ts';
import { COR_STATUS_MENSAGEM, formatNumeroWhatsapp } from '../formatos.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { ListPagination } from '#lib/list/list-pagination.tsx';
import { notifySuccess } from '#lib/notify.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';

const PAGE_SIZE = 20;

const isStatus = (v: string): v is StatusMensagemWhatsapp => (STATUS_MENSAGEM_IDS as readonly string[]).includes(v);
const isTipo = (v: string): v is TipoMensagemWhatsapp => (TIPO_MENSAGEM_IDS as readonly string[]).includes(v);

export function MensagensLog() {
  const timeZone = useTimeZone();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusMensagemWhatsapp[]>([]);
  const [tipo, setTipo] = useState<TipoMensagemWhatsapp[]>([]);
  const [busca, setBusca] = useState('');
  const [query] = useDebouncedValue(busca.trim(), 300);
  const lista = useMensagensWhatsapp({ page, pageSize: PAGE_SIZE, status, tipo, query });
  const reenviar = useAcaoMensagemWhatsapp('reenviar');
  const cancelar = useAcaoMensagemWhatsapp('cancelar');
  const totalPages = Math.max(1, Math.ceil((lista.data?.total ?? 0) / PAGE_SIZE));

  const linha = (m: MensagemWhatsapp) => (
    <Table.Tr key={m.id} data-testid="mensagem-whatsapp">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, timeZone)}</Table.Td>
      <Table.Td>{m.pessoaNome ?? '—'}</Table.Td>
      <Table.Td>{m.petNome ?? '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatNumeroWhatsapp(m.telefone)}</Table.Td>
      <Table.Td>
        <Tooltip label={m.texto} multiline w={320} withArrow>
          <Text size="sm" span tabIndex={0}>
            {TIPOS_MENSAGEM_WHATSAPP[m.tipo]}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Badge color={COR_STATUS_MENSAGEM[m.status]} variant="light" style={{ minWidth: 'max-content' }}>
            {STATUS_MENSAGEM_WHATSAPP[m.status]}
          </Badge>
          {m.ultimoErro ? (
            <Tooltip label={m.ultimoErro} multiline w={280} withArrow>
              <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Erro: ${m.ultimoErro}`}>
                <IconAlertCircle size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td ta="right">{m.tentativas}</Table.Td>
      <Table.Td>
        {m.status === 'Falhou' ? (
          <Tooltip label="Reenviar">
            <ActionIcon
              variant="subtle"
              aria-label={`Reenviar mensagem para ${m.pessoaNome ?? formatNumeroWhatsapp(m.telefone)}`}
              loading={reenviar.isPending && reenviar.variables === m.id}
              onClick={() =>
                reenviar.mutate(m.id, { onSuccess: () => notifySuccess('Mensagem na fila de novo'), onError: notifyActionError })
              }
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {m.status === 'Pendente' ? (
          <Tooltip label="Cancelar envio">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Cancelar mensagem para ${m.pessoaNome ?? formatNumeroWhatsapp(m.telefone)}`}
              loading={cancelar.isPending && cancelar.variables === m.id}
              onClick={() =>
                cancelar.mutate(m.id, { onSuccess: () => notifySuccess('Envio cancelado'), onError: notifyActionError })
              }
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="whatsapp-log-titulo">
      <Stack gap="sm">
        <Title order={3} size="h4" id="whatsapp-log-titulo">
          Mensagens
        </Title>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            aria-label="Buscar mensagens"
            placeholder="Cliente, pet ou telefone"
            leftSection={<IconSearch size={16} />}
            value={busca}
            onChange={(e) => {
              setBusca(e.currentTarget.value);
              setPage(1);
            }}
            w={260}
          />
          <MultiSelect
            aria-label="Status"
            placeholder={status.length === 0 ? 'Todos os status' : undefined}
            data={STATUS_MENSAGEM_IDS.map((s) => ({ value: s, label: STATUS_MENSAGEM_WHATSAPP[s] }))}
            value={status}
            onChange={(v) => {
              setStatus(v.filter(isStatus));
              setPage(1);
            }}
            clearable
            w={240}
          />
          <MultiSelect
            aria-label="Tipo"
            placeholder={tipo.length === 0 ? 'Todos os tipos' : undefined}
            data={TIPO_MENSAGEM_IDS.map((t) => ({ value: t, label: TIPOS_MENSAGEM_WHATSAPP[t] }))}
            value={tipo}
            onChange={(v) => {
              setTipo(v.filter(isTipo));
              setPage(1);
            }}
            clearable
            w={280}
          />
        </Group>
        {lista.isError ? (
          <LoadErrorAlert
            title="Não foi possível carregar as mensagens"
            error={lista.error}
            onRetry={() => void lista.refetch()}
          />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover aria-label="Mensagens do WhatsApp" aria-busy={lista.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data/hora</Table.Th>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th>Pet</Table.Th>
                  <Table.Th>Telefone</Table.Th>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Tentativas</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lista.isPending ? (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text size="sm" c="dimmed" role="status">
                        Carregando mensagens…
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : lista.data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text size="sm" c="dimmed">
                        Nenhuma mensagem encontrada.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  lista.data.items.map(linha)
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {lista.data ? `${lista.data.total} ${lista.data.total === 1 ? 'mensagem' : 'mensagens'}` : ''}
          </Text>
          {totalPages > 1 ? <ListPagination totalPages={totalPages} page={page} onChange={setPage} /> : null}
        </Group>
      </Stack>
    </Paper>
  );
}
