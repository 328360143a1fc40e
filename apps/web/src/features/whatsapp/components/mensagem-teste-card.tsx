/**
 * "Enviar mensagem de teste" (issue #21 item 1): a phone with DDD and a text, sent now through
 * the unit's connection; the answer's status (Enviada, Falhou with the gateway's error) is shown
 * under the form. Field errors from the API go to their field.
 */
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { STATUS_MENSAGEM_WHATSAPP, type MensagemWhatsapp } from '@petshop/shared/whatsapp';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useEnviarMensagemTeste } from '../api/enviar-mensagem-teste.ts';
import { COR_STATUS_MENSAGEM, formatNumeroWhatsapp } from '../formatos.ts';
import { applyServerErrors } from '#lib/forms/apply-server-errors.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { TelefoneInput } from '#lib/ui/masked-inputs.tsx';

export function MensagemTesteCard({ conectado }: { conectado: boolean }) {
  const enviar = useEnviarMensagemTeste();
  const [gerais, setGerais] = useState<string[]>([]);
  const [resultado, setResultado] = useState<MensagemWhatsapp | null>(null);
  const form = useForm({
    initialValues: { telefone: '', texto: 'Mensagem de teste do sistema da loja.' },
    validate: {
      telefone: (v) => (v.replace(/\D/g, '').length < 10 ? 'Informe o telefone com DDD' : null),
      texto: (v) => (v.trim() ? null : 'Informe a mensagem'),
    },
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="whatsapp-teste-titulo">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setGerais([]);
          setResultado(null);
          enviar.mutate(
            { telefone: values.telefone.replace(/\D/g, ''), texto: values.texto },
            { onSuccess: setResultado, onError: (error) => setGerais(applyServerErrors(form, error)) },
          );
        })}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="whatsapp-teste-titulo">
            Enviar mensagem de teste
          </Title>
          {!conectado ? (
            <Text size="sm" c="dimmed">
              Conecte o WhatsApp da unidade para enviar mensagens.
            </Text>
          ) : null}
          <FormGeneralErrors errors={gerais} title="Não foi possível enviar" />
          <TelefoneInput label="Telefone (com DDD)" required {...form.getInputProps('telefone')} />
          <Textarea
            label="Mensagem"
            required
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...form.getInputProps('texto')}
          />
          <Group justify="space-between" align="center">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={enviar.isPending} disabled={!conectado}>
              Enviar teste
            </Button>
            {resultado ? (
              <Group gap="xs" role="status" aria-label="Resultado do envio de teste">
                <Text size="sm">Para {formatNumeroWhatsapp(resultado.telefone)}:</Text>
                <Badge color={COR_STATUS_MENSAGEM[resultado.status]} variant="light">
                  {STATUS_MENSAGEM_WHATSAPP[resultado.status]}
                </Badge>
                {resultado.ultimoErro ? (
                  <Text size="sm" c="red">
                    {resultado.ultimoErro}
                  </Text>
                ) : null}
              </Group>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
