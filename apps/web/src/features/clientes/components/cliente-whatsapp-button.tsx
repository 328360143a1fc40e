/**
 * The customer page's "WhatsApp" action (issue #21 item 4): a modal with the phone it goes to
 * (the one marked WhatsApp, else a mobile) and a text, queued from the selected unit's number.
 * Hidden without the permission clientes or when the customer has no WhatsApp/mobile phone.
 * With the permission whatsapp the modal also lists the customer's last messages and their status.
 */
import { Badge, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { formatDateTime, formatTelefone } from '@petshop/shared/format';
import type { Pessoa } from '@petshop/shared/pessoa';
import { STATUS_MENSAGEM_WHATSAPP, TIPOS_MENSAGEM_WHATSAPP } from '@petshop/shared/whatsapp';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useState } from 'react';
import { useEnviarMensagemWhatsapp } from '../api/enviar-mensagem-whatsapp.ts';
import { useMensagensWhatsappPessoa } from '../api/list-mensagens-whatsapp-pessoa.ts';
import { hasPermissao } from '#lib/access/sections.tsx';
import { applyServerErrors } from '#lib/forms/apply-server-errors.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';

/** The phones a message may go to: WhatsApp-marked first, then mobiles. */
export const telefonesWhatsapp = (pessoa: Pick<Pessoa, 'telefones'>): string[] => [
  ...pessoa.telefones.filter((t) => t.whatsapp).map((t) => t.numero),
  ...pessoa.telefones.filter((t) => !t.whatsapp && t.tipo === 'celular').map((t) => t.numero),
];

export function ClienteWhatsappButton({ pessoa }: { pessoa: Pessoa }) {
  const permitido = useSessionStore((s) => hasPermissao(s, PERMISSOES.clientes));
  const [aberto, setAberto] = useState(false);
  const telefones = telefonesWhatsapp(pessoa);
  if (!permitido || telefones.length === 0) return null;
  return (
    <>
      <Button variant="light" color="green" leftSection={<IconBrandWhatsapp size={16} />} onClick={() => setAberto(true)}>
        WhatsApp
      </Button>
      <Modal opened={aberto} onClose={() => setAberto(false)} title={`Mensagem para ${pessoa.nome}`} centered>
        {aberto ? (
          <Stack gap="md">
            <MensagemForm pessoa={pessoa} telefones={telefones} onEnviada={() => setAberto(false)} />
            <UltimasMensagens pessoaId={pessoa.id} />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

function MensagemForm({ pessoa, telefones, onEnviada }: { pessoa: Pessoa; telefones: string[]; onEnviada: () => void }) {
  const enviar = useEnviarMensagemWhatsapp();
  const [gerais, setGerais] = useState<string[]>([]);
  const form = useForm({
    initialValues: { telefone: telefones[0] ?? '', texto: '' },
    validate: { texto: (v) => (v.trim() ? null : 'Escreva a mensagem') },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setGerais([]);
        enviar.mutate(
          { pessoaId: pessoa.id, telefone: values.telefone || undefined, texto: values.texto.trim() },
          {
            onSuccess: () => {
              notifySuccess('Mensagem na fila de envio do WhatsApp');
              onEnviada();
            },
            onError: (error) => setGerais(applyServerErrors(form, error)),
          },
        );
      })}
    >
      <Stack gap="sm">
        <FormGeneralErrors errors={gerais} title="Não foi possível enviar" />
        {telefones.length > 1 ? (
          <Select
            label="Telefone"
            data={telefones.map((t) => ({ value: t, label: formatTelefone(t) }))}
            allowDeselect={false}
            {...form.getInputProps('telefone')}
          />
        ) : (
          <Text size="sm">Para {formatTelefone(telefones[0])}</Text>
        )}
        <Textarea
          label="Mensagem"
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={1000}
          data-autofocus
          {...form.getInputProps('texto')}
        />
        <Text size="xs" c="dimmed">
          Enviada pelo WhatsApp da unidade selecionada.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onEnviada}>
            Cancelar
          </Button>
          <Button type="submit" color="green" leftSection={<IconBrandWhatsapp size={16} />} loading={enviar.isPending}>
            Enviar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The customer's last messages in this unit (only with the permission whatsapp). */
function UltimasMensagens({ pessoaId }: { pessoaId: string }) {
  const podeVer = useSessionStore((s) => hasPermissao(s, PERMISSOES.whatsapp));
  const timeZone = useTimeZone();
  const mensagens = useMensagensWhatsappPessoa(pessoaId, podeVer);
  if (!podeVer || !mensagens.data || mensagens.data.items.length === 0) return null;
  return (
    <Stack gap={6} component="section" aria-label="Últimas mensagens">
      <Text size="sm" fw={600}>
        Últimas mensagens
      </Text>
      {mensagens.data.items.map((m) => (
        <Group key={m.id} gap="xs" justify="space-between" wrap="nowrap" data-testid="ultima-mensagem">
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(m.createdAt, timeZone)}
          </Text>
          <Text size="xs" style={{ flex: 1, minWidth: 0 }} truncate title={m.texto}>
            {TIPOS_MENSAGEM_WHATSAPP[m.tipo]}: {m.texto}
          </Text>
          <Badge
            size="xs"
            variant="light"
            color={m.status === 'Falhou' ? 'red' : m.status === 'Pendente' ? 'yellow' : 'green'}
            style={{ minWidth: 'max-content' }}
          >
            {STATUS_MENSAGEM_WHATSAPP[m.status]}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
