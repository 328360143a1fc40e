/**
 * The unit's connection (issue #21 item 1): the status (Desconectado gray, Aguardando leitura
 * yellow, Conectado green with the number and since when) and the gateway; "Conectar" starts
 * pairing and shows the QR, asked again every 3 s with the status until the phone reads it (the
 * polling stops once connected, when the screen closes and while the tab is hidden); with the
 * fake gateway a button simulates the reading. "Desconectar" asks first. The cloud gateway has
 * no QR: its phone number id and access token are typed instead.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  List,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { formatDateTime } from '@petshop/shared/format';
import { GATEWAYS_WHATSAPP, STATUS_CONEXAO_WHATSAPP, type StatusConexaoWhatsapp } from '@petshop/shared/whatsapp';
import { IconPlugConnected, IconPlugConnectedX, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useConectarWhatsapp,
  useDesconectarWhatsapp,
  useSalvarCredenciaisWhatsapp,
  useSimularLeituraQrcode,
} from '../api/acoes-conexao.ts';
import type { WhatsappConexao } from '../api/get-whatsapp.ts';
import { useWhatsappQrcode } from '../api/get-whatsapp-qrcode.ts';
import { useWhatsappStatus } from '../api/get-whatsapp-status.ts';
import { COR_STATUS_CONEXAO, formatNumeroWhatsapp } from '../formatos.ts';
import { applyServerErrors } from '#lib/forms/apply-server-errors.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';

/** Whether the screen polls the status and the QR. */
export const estaPareando = (status: StatusConexaoWhatsapp): boolean => status === 'AguardandoLeitura';

export function StatusConexaoBadge({ status }: { status: StatusConexaoWhatsapp }) {
  return (
    <Badge color={COR_STATUS_CONEXAO[status]} variant="light" size="lg" data-testid="status-conexao">
      {STATUS_CONEXAO_WHATSAPP[status]}
    </Badge>
  );
}

export function ConexaoCard({ conexao }: { conexao: WhatsappConexao }) {
  const timeZone = useTimeZone();
  // The status query answers what the gateway says now; until it answers, the stored state.
  const statusQuery = useWhatsappStatus();
  const atual = statusQuery.data ?? conexao;
  const pareando = estaPareando(atual.status);
  const qr = useWhatsappQrcode(pareando);

  const conectar = useConectarWhatsapp();
  const desconectar = useDesconectarWhatsapp();
  const simular = useSimularLeituraQrcode();
  const cloud = conexao.gateway === 'cloud';

  const iniciar = () => conectar.mutate(undefined, { onError: notifyActionError });

  const confirmarDesconexao = () =>
    modals.openConfirmModal({
      title: 'Desconectar o WhatsApp',
      centered: true,
      children: (
        <Text size="sm">
          As mensagens automáticas desta unidade ficarão paradas até o número ser conectado de novo. Deseja desconectar?
        </Text>
      ),
      labels: { confirm: 'Desconectar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        desconectar.mutate(undefined, {
          onSuccess: () => notifySuccess('WhatsApp desconectado'),
          onError: notifyActionError,
        }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="whatsapp-conexao-titulo">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={3} size="h4" id="whatsapp-conexao-titulo">
            Conexão
          </Title>
          <StatusConexaoBadge status={atual.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Gateway: {GATEWAYS_WHATSAPP[conexao.gateway]}
        </Text>

        {atual.status === 'Conectado' ? (
          <Stack gap={4}>
            <Text size="lg" fw={600} data-testid="numero-conectado">
              {formatNumeroWhatsapp(atual.numero)}
            </Text>
            {atual.conectadoEm ? (
              <Text size="sm" c="dimmed">
                Conectado desde {formatDateTime(atual.conectadoEm, timeZone)}
              </Text>
            ) : null}
          </Stack>
        ) : null}

        {pareando && !cloud ? (
          <Stack gap="sm" align="flex-start">
            <List type="ordered" size="sm" spacing={2}>
              <List.Item>Abra o WhatsApp no celular da unidade</List.Item>
              <List.Item>Toque em Mais opções (ou Configurações) › Aparelhos conectados › Conectar um aparelho</List.Item>
              <List.Item>Aponte a câmera para o QR code abaixo</List.Item>
            </List>
            {qr.data?.qrcode ? (
              <Image
                src={qr.data.qrcode}
                alt="QR code para conectar o WhatsApp"
                w={240}
                h={240}
                fit="contain"
                radius="sm"
                style={{ border: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
              />
            ) : (
              <Group gap="xs" h={240} align="center">
                <Loader size="sm" aria-label="Gerando QR code" role="status" />
                <Text size="sm" c="dimmed">
                  Gerando QR code…
                </Text>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              O QR code é renovado automaticamente a cada poucos segundos.
            </Text>
            {conexao.gateway === 'fake' ? (
              <Button
                variant="light"
                leftSection={<IconQrcode size={16} />}
                loading={simular.isPending}
                onClick={() =>
                  simular.mutate(undefined, {
                    onSuccess: () => notifySuccess('WhatsApp conectado'),
                    onError: notifyActionError,
                  })
                }
              >
                Simular leitura do QR code (demonstração)
              </Button>
            ) : null}
          </Stack>
        ) : null}

        {cloud ? (
          <CredenciaisCloudForm configuradas={Boolean(conexao.credenciaisDefinidas)} webhookUrl={conexao.webhookUrl} />
        ) : null}

        <Group gap="xs">
          {atual.status === 'Desconectado' && !cloud ? (
            <Button leftSection={<IconPlugConnected size={16} />} loading={conectar.isPending} onClick={iniciar}>
              Conectar
            </Button>
          ) : null}
          {atual.status !== 'Desconectado' ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconPlugConnectedX size={16} />}
              loading={desconectar.isPending}
              onClick={confirmarDesconexao}
            >
              {pareando ? 'Cancelar conexão' : 'Desconectar'}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The WhatsApp Cloud API's credentials (no QR): phone number id and a permanent access token. */
function CredenciaisCloudForm({ configuradas, webhookUrl }: { configuradas: boolean; webhookUrl?: string }) {
  const salvar = useSalvarCredenciaisWhatsapp();
  const [gerais, setGerais] = useState<string[]>([]);
  const form = useForm({ initialValues: { phoneNumberId: '', accessToken: '' } });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setGerais([]);
        salvar.mutate(values, {
          onSuccess: () => {
            form.setFieldValue('accessToken', '');
            notifySuccess('Credenciais salvas');
          },
          onError: (error) => setGerais(applyServerErrors(form, error)),
        });
      })}
    >
      <Stack gap="xs">
        <Alert variant="light" color="blue">
          A API oficial não usa QR code: informe o identificador do número e o token de acesso do Meta Business.
          {configuradas ? ' Credenciais já configuradas; preencha de novo para trocá-las.' : ''}
        </Alert>
        {webhookUrl ? (
          <TextInput
            label="URL de retorno (webhook) para cadastrar no app do Meta"
            value={webhookUrl}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : null}
        <FormGeneralErrors errors={gerais} />
        <TextInput label="Phone number ID" required {...form.getInputProps('phoneNumberId')} />
        <PasswordInput label="Token de acesso" required {...form.getInputProps('accessToken')} />
        <Group>
          <Button type="submit" loading={salvar.isPending}>
            Salvar credenciais
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
