/**
 * The customer page's "LGPD" menu (issue #22 item 6), only with the permission dados-pessoais
 * (Administrador, Gerente): "Exportar dados (JSON)" and "Exportar dados (PDF)" download the
 * customer's data in every unit (the item shows a loader while the file is built), and
 * "Anonimizar cliente" opens a modal that says what is erased and what the law makes the shop keep,
 * asks the reason and enables the red button only once ANONIMIZAR is typed. Irreversible.
 */
import { Alert, Button, Group, List, Loader, Menu, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CONFIRMACAO_ANONIMIZAR, pessoaAnonimizada } from '@petshop/shared/lgpd';
import { PERMISSOES } from '@petshop/shared/permissoes';
import type { Pessoa } from '@petshop/shared/pessoa';
import { IconChevronDown, IconFileTypePdf, IconJson, IconShieldLock, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useAnonimizarPessoa } from '../api/anonimizar-pessoa.ts';
import { useExportarDadosPessoais, type ExportarDadosPessoaisArgs } from '../api/exportar-dados-pessoais.ts';
import { hasPermissao } from '#lib/access/sections.tsx';
import { applyServerErrors } from '#lib/forms/apply-server-errors.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

export function ClienteLgpdMenu({ pessoa }: { pessoa: Pessoa }) {
  const permitido = useSessionStore((s) => hasPermissao(s, PERMISSOES.dadosPessoais));
  const exportar = useExportarDadosPessoais();
  const [anonimizando, setAnonimizando] = useState(false);
  if (!permitido) return null;
  const baixando = exportar.isPending ? (exportar.variables?.formato ?? null) : null;
  const baixar = (formato: ExportarDadosPessoaisArgs['formato']) =>
    exportar.mutate(
      { id: pessoa.id, formato },
      { onSuccess: () => notifySuccess('Dados do cliente exportados'), onError: notifyActionError },
    );
  return (
    <>
      <Menu position="bottom-end" withinPortal closeOnItemClick={false}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={baixando ? <Loader size={14} /> : <IconShieldLock size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            LGPD
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Dados pessoais do cliente</Menu.Label>
          <Menu.Item
            leftSection={baixando === 'json' ? <Loader size={14} /> : <IconJson size={16} />}
            disabled={baixando !== null}
            onClick={() => baixar('json')}
          >
            Exportar dados (JSON)
          </Menu.Item>
          <Menu.Item
            leftSection={baixando === 'pdf' ? <Loader size={14} /> : <IconFileTypePdf size={16} />}
            disabled={baixando !== null}
            onClick={() => baixar('pdf')}
          >
            Exportar dados (PDF)
          </Menu.Item>
          {pessoaAnonimizada(pessoa) ? null : (
            <>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconUserOff size={16} />}
                closeMenuOnClick
                onClick={() => setAnonimizando(true)}
              >
                Anonimizar cliente
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={anonimizando} onClose={() => setAnonimizando(false)} title="Anonimizar cliente (LGPD)" centered size="lg">
        {anonimizando ? <AnonimizarForm pessoa={pessoa} onFechar={() => setAnonimizando(false)} /> : null}
      </Modal>
    </>
  );
}

function AnonimizarForm({ pessoa, onFechar }: { pessoa: Pessoa; onFechar: () => void }) {
  const anonimizar = useAnonimizarPessoa();
  const [gerais, setGerais] = useState<string[]>([]);
  const form = useForm({
    initialValues: { motivo: '', confirmacao: '' },
    validate: { motivo: (v) => (v.trim() ? null : 'Informe o motivo') },
  });
  const confirmado = form.values.confirmacao.trim() === CONFIRMACAO_ANONIMIZAR;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setGerais([]);
        anonimizar.mutate(
          { id: pessoa.id, dados: { confirmacao: CONFIRMACAO_ANONIMIZAR, motivo: values.motivo.trim() } },
          {
            onSuccess: () => {
              notifySuccess('Cliente anonimizado');
              onFechar();
            },
            onError: (error) => setGerais(applyServerErrors(form, error)),
          },
        );
      })}
    >
      <Stack gap="sm">
        <FormGeneralErrors errors={gerais} title="Não foi possível anonimizar" />
        <Text size="sm">
          A pedido do titular, os dados pessoais de <b>{pessoa.nome}</b> serão apagados. Esta ação não pode ser desfeita.
        </Text>
        <Alert color="red" variant="light" title="Serão apagados">
          <List size="sm" spacing={2}>
            <List.Item>Nome (passa a ser “Cliente anonimizado”), CPF/CNPJ, RG, data de nascimento e sexo</List.Item>
            <List.Item>E-mail, telefones, endereço, observações, como conheceu e a foto</List.Item>
            <List.Item>Consentimento de marketing; o cadastro fica inativo</List.Item>
            <List.Item>Telefone e texto das mensagens de WhatsApp e o endereço do leva e traz, em todas as unidades</List.Item>
          </List>
        </Alert>
        <Alert color="gray" variant="light" title="Serão mantidos (obrigação legal)">
          <List size="sm" spacing={2}>
            <List.Item>Vendas, pagamentos, devoluções e contas a receber (escrituração contábil e fiscal)</List.Item>
            <List.Item>
              Documentos fiscais (NF-e/NFC-e) já autorizados, com o CPF informado na nota: guardados por 5 anos, como a lei exige
            </List.Item>
            <List.Item>Atendimentos e os pets com o prontuário clínico, agora do “Cliente anonimizado”</List.Item>
          </List>
        </Alert>
        <Textarea
          label="Motivo"
          description="Ex.: pedido do titular por e-mail em 27/11/2026"
          required
          autosize
          minRows={2}
          maxRows={5}
          maxLength={500}
          data-autofocus
          {...form.getInputProps('motivo')}
        />
        <TextInput
          label={`Digite ${CONFIRMACAO_ANONIMIZAR} para confirmar`}
          autoComplete="off"
          {...form.getInputProps('confirmacao')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onFechar}>
            Cancelar
          </Button>
          <Button type="submit" color="red" disabled={!confirmado} loading={anonimizar.isPending}>
            Anonimizar cliente
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
