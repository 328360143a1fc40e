/**
 * /configuracoes/geral/whatsapp (issue #21 items 1, 2, 4): the selected unit's WhatsApp — the
 * connection by QR code, a test message, the message templates with their live preview, "Enviar
 * aniversariantes de hoje" and the log of messages. Permission whatsapp (the route checks it).
 */
import { Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCount } from '@petshop/shared/format';
import type { EnvioAniversario } from '@petshop/shared/whatsapp';
import { IconCake } from '@tabler/icons-react';
import { ConexaoCard } from './conexao-card.tsx';
import { MensagemTesteCard } from './mensagem-teste-card.tsx';
import { MensagensLog } from './mensagens-log.tsx';
import { ModelosMensagemForm } from './modelos-mensagem-form.tsx';
import { useEnviarMensagemAniversario } from '../api/enviar-mensagem-aniversario.ts';
import { useWhatsapp } from '../api/get-whatsapp.ts';
import { useWhatsappStatus } from '../api/get-whatsapp-status.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';

/** The notification after queueing today's birthdays: '2 mensagens de aniversário na fila · 1 já enviada hoje · …'. */
export const resumoAniversarios = (r: EnvioAniversario): string =>
  [
    r.enfileiradas === 0
      ? 'Nenhuma mensagem de aniversário nova na fila'
      : `${formatCount(r.enfileiradas, 'mensagem de aniversário', 'mensagens de aniversário')} na fila`,
    r.jaEnviadas > 0 ? `${formatCount(r.jaEnviadas, 'já enviada', 'já enviadas')} hoje` : null,
    r.semTelefone > 0 ? `${formatCount(r.semTelefone, 'cliente', 'clientes')} sem WhatsApp` : null,
    r.semConsentimento > 0 ? `${formatCount(r.semConsentimento, 'cliente', 'clientes')} sem consentimento de marketing` : null,
  ]
    .filter(Boolean)
    .join(' · ');

export function WhatsappPage() {
  const conexao = useWhatsapp();
  const status = useWhatsappStatus();
  const aniversarios = useEnviarMensagemAniversario();
  const conectado = (status.data ?? conexao.data)?.status === 'Conectado';

  return (
    <Stack gap="md">
      <PageHeader
        title="WhatsApp"
        description="O número da unidade, as mensagens automáticas e o histórico de envios"
        actions={
          <Button
            variant="light"
            leftSection={<IconCake size={16} />}
            loading={aniversarios.isPending}
            disabled={!conexao.data}
            onClick={() =>
              aniversarios.mutate(undefined, {
                onSuccess: (r) => notifySuccess(resumoAniversarios(r)),
                onError: notifyActionError,
              })
            }
          >
            Enviar aniversariantes de hoje
          </Button>
        }
      />
      {conexao.isPending ? (
        <Group gap="xs">
          <Loader size="sm" role="status" aria-label="Carregando WhatsApp" />
          <Text size="sm" c="dimmed">
            Carregando…
          </Text>
        </Group>
      ) : conexao.isError ? (
        <LoadErrorAlert
          title="Não foi possível carregar o WhatsApp"
          error={conexao.error}
          onRetry={() => void conexao.refetch()}
        />
      ) : (
        <>
          {conexao.data.pendentes > 0 || conexao.data.falhas7Dias > 0 ? (
            <Text size="sm" c="dimmed">
              {formatCount(conexao.data.pendentes, 'mensagem aguardando envio', 'mensagens aguardando envio')} ·{' '}
              {formatCount(conexao.data.falhas7Dias, 'falha', 'falhas')} nos últimos 7 dias
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ConexaoCard conexao={conexao.data} />
            <MensagemTesteCard conectado={conectado} />
          </SimpleGrid>
          <ModelosMensagemForm key={conexao.data.unidadeNegocioId} modelos={conexao.data.mensagens} />
        </>
      )}
      <MensagensLog />
    </Stack>
  );
}
