/**
 * /clientes/{clienteId}/: the customer's header (name, document, phones, age, badges), the
 * activate/deactivate and delete actions, the LGPD menu (export, anonymise; an anonymised customer
 * shows the badge "Anonimizado" and cannot be reactivated), and the tabs: data, pets, packages, open sales and
 * summary (DOMAIN.md §3). The packages and money tabs load their data when opened.
 */
import { Avatar, Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatCpfCnpj, formatTelefone, todayISO } from '@petshop/shared/format';
import { updatePessoaInputSchema, type Pessoa } from '@petshop/shared/pessoa';
import { IconBrandWhatsapp, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { pessoaAnonimizada } from '@petshop/shared/lgpd';
import { ClienteDadosTab } from './cliente-dados-tab.tsx';
import { ClienteLgpdMenu } from './cliente-lgpd-menu.tsx';
import { ClientePacotesTab } from './cliente-pacotes-tab.tsx';
import { ClientePetsTab } from './cliente-pets-tab.tsx';
import { ClienteResumoTab } from './cliente-resumo-tab.tsx';
import { ClienteVendasEmAbertoTab } from './cliente-vendas-em-aberto-tab.tsx';
import { ClienteWhatsappButton } from './cliente-whatsapp-button.tsx';
import { idadePessoa } from '@petshop/shared/idade';
import { errorMessage, toApiError } from '#lib/http/api-error.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { useExcluirPessoa } from '../api/excluir-pessoa.ts';
import { usePessoa } from '../api/get-pessoa.ts';
import { useAlterarPessoa } from '../api/alterar-pessoa.ts';

import { CLIENTE_TABS, type ClienteTab } from './cliente-tabs.ts';

export { CLIENTE_TABS, type ClienteTab };

type ClienteDetailProps = { id: string; tab: ClienteTab; onTabChange: (tab: ClienteTab) => void };

const isTab = (value: string | null): value is ClienteTab => CLIENTE_TABS.some((t) => t === value);

export function ClienteDetail({ id, tab, onTabChange }: ClienteDetailProps) {
  const { data: pessoa } = usePessoa(id);
  return (
    <Stack gap="md">
      <ClienteHeader pessoa={pessoa} />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value)) onTabChange(value);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="dados">Dados</Tabs.Tab>
          <Tabs.Tab
            value="pets"
            rightSection={
              pessoa.pets.length > 0 ? (
                <Badge size="xs" variant="light" circle>
                  {pessoa.pets.length}
                </Badge>
              ) : null
            }
          >
            Pets
          </Tabs.Tab>
          <Tabs.Tab value="pacotes">Pacotes</Tabs.Tab>
          <Tabs.Tab value="vendas-em-aberto">Vendas em aberto</Tabs.Tab>
          <Tabs.Tab value="resumo">Resumo</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="dados" pt="md">
          <ClienteDadosTab pessoa={pessoa} />
        </Tabs.Panel>
        <Tabs.Panel value="pets" pt="md">
          <ClientePetsTab pessoaId={pessoa.id} />
        </Tabs.Panel>
        <Tabs.Panel value="pacotes" pt="md">
          <ClientePacotesTab pessoaId={pessoa.id} />
        </Tabs.Panel>
        <Tabs.Panel value="vendas-em-aberto" pt="md">
          <ClienteVendasEmAbertoTab pessoaId={pessoa.id} />
        </Tabs.Panel>
        <Tabs.Panel value="resumo" pt="md">
          <ClienteResumoTab pessoaId={pessoa.id} onVerEmAberto={() => onTabChange('vendas-em-aberto')} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** null (the API's "no value") → absent, as the input schemas expect, in nested objects too. */
const semNulos = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(semNulos);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, semNulos(v)]])));
};

/** The whole person as PUT /pessoas/{id} takes it, with another active flag. */
const comAtivo = (pessoa: Pessoa, ativo: boolean) =>
  updatePessoaInputSchema.safeParse(
    semNulos({
      nome: pessoa.nome,
      cpfCnpj: pessoa.cpfCnpj,
      rg: pessoa.rg,
      dataNascimento: pessoa.dataNascimento,
      sexo: pessoa.sexo,
      comoConheceu: pessoa.comoConheceu,
      observacoes: pessoa.observacoes,
      email: pessoa.email,
      telefones: pessoa.telefones,
      endereco: pessoa.endereco,
      consentimentoMarketing: pessoa.consentimentoMarketing,
      ativo,
    }),
  );

function ClienteHeader({ pessoa }: { pessoa: Pessoa }) {
  const navigate = useNavigate();
  const update = useAlterarPessoa();
  const remove = useExcluirPessoa();
  const idade = idadePessoa(pessoa.dataNascimento, todayISO());
  const anonimizado = pessoaAnonimizada(pessoa);

  const setAtivo = (ativo: boolean) => {
    const parsed = comAtivo(pessoa, ativo);
    if (!parsed.success) {
      notifyError('Corrija os dados do cliente antes de alterar a situação');
      return;
    }
    update.mutate(
      { id: pessoa.id, dados: parsed.data, foto: null },
      { onSuccess: () => notifySuccess(ativo ? 'Cliente reativado' : 'Cliente desativado'), onError: notifyActionError },
    );
  };

  const excluir = async () => {
    const confirmed = await confirmDelete({ subject: 'o cliente', name: pessoa.nome });
    if (!confirmed) return;
    remove.mutate(pessoa.id, {
      onSuccess: () => {
        notifySuccess('Cliente excluído');
        void navigate({ to: '/clientes' });
      },
      onError: (error) => {
        const apiError = toApiError(error);
        if (!['validation', 'conflict'].includes(apiError.kind)) {
          notifyActionError(error);
          return;
        }
        // Refused (pets or history): say why and offer to deactivate instead.
        modals.openConfirmModal({
          title: 'Não foi possível excluir',
          centered: true,
          children: <Text size="sm">{errorMessage(error)}</Text>,
          labels: { confirm: pessoa.ativo ? 'Desativar cliente' : 'Fechar', cancel: 'Cancelar' },
          cancelProps: pessoa.ativo ? undefined : { display: 'none' },
          onConfirm: () => {
            if (pessoa.ativo) setAtivo(false);
          },
        });
      },
    });
  };

  return (
    <Stack gap="xs">
      <BackLink to="/clientes">Clientes</BackLink>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <Avatar
              src={pessoa.fotoUrl}
              size={72}
              radius="xl"
              name={pessoa.nome}
              color="initials"
              alt={`Foto de ${pessoa.nome}`}
            />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Title order={2} style={{ fontSize: 'clamp(1.3rem, 4vw, 1.75rem)' }}>
                  {pessoa.nome}
                </Title>
                {anonimizado ? (
                  <Badge color="red" variant="light">
                    Anonimizado
                  </Badge>
                ) : !pessoa.ativo ? (
                  <Badge color="gray" variant="filled">
                    Inativo
                  </Badge>
                ) : null}
                {pessoa.consentimentoMarketing ? (
                  <Badge color="teal" variant="light">
                    Aceita marketing
                  </Badge>
                ) : null}
              </Group>
              <Group gap="lg" wrap="wrap">
                {pessoa.cpfCnpj ? (
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {pessoa.cpfCnpj.length === 14 ? 'CNPJ ' : 'CPF '}
                    </Text>
                    {formatCpfCnpj(pessoa.cpfCnpj)}
                  </Text>
                ) : null}
                {idade ? <Text size="sm">{idade}</Text> : null}
                {pessoa.telefones.map((t) => (
                  <Group key={t.numero} gap={4} wrap="nowrap">
                    <Text size="sm">{formatTelefone(t.numero)}</Text>
                    {t.whatsapp ? (
                      <IconBrandWhatsapp size={16} color="var(--mantine-color-green-7)" aria-label="WhatsApp" role="img" />
                    ) : null}
                  </Group>
                ))}
              </Group>
            </Stack>
          </Group>
          <Group gap="xs">
            <ClienteWhatsappButton pessoa={pessoa} />
            <ClienteLgpdMenu pessoa={pessoa} />
            {anonimizado ? null : (
              <Button
                variant="default"
                leftSection={pessoa.ativo ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
                loading={update.isPending}
                onClick={() => setAtivo(!pessoa.ativo)}
              >
                {pessoa.ativo ? 'Desativar cliente' : 'Reativar cliente'}
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => void excluir()}
            >
              Excluir
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
