/**
 * Create/edit a business unit (DOMAIN.md §2) in two tabs. "Dados gerais": data and logo,
 * address, the stock rule of its sales ("Permitir venda com estoque negativo", DOMAIN.md §4),
 * costs and the blind register closing. "Fiscal" (unidade-fiscal-tab.tsx, issue #18 item 1):
 * NFC-e settings, the A1 certificate, the PIX key. Errors on the hidden tab mark it and a
 * refused submit opens it. Multipart: `dados` JSON plus `logo` and `certificado` files.
 */
import { Button, Checkbox, FileInput, Grid, Image, Paper, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  DEFAULT_TIME_ZONE,
  METODO_CUSTO_LABEL,
  unidadeNegocioInputSchema,
  type MetodoCusto,
  type UnidadeNegocio,
  type UnidadeNegocioInputParsed,
} from '@petshop/shared/unidade-negocio';
import { IconAlertCircle, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { EnderecoFields, emptyEndereco, type EnderecoFormValues } from '#lib/address/endereco-fields.tsx';
import { hasPermissao } from '#lib/access/sections.tsx';
import { ResourceFormLayout } from '#lib/forms/resource-form-layout.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { CnpjInput, TelefoneInput } from '#lib/ui/masked-inputs.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useCriarUnidadeNegocio, type UnidadeNegocioFiles } from '../api/criar-unidade-negocio.ts';
import { useExcluirUnidadeNegocio } from '../api/excluir-unidade-negocio.ts';
import { useAlterarUnidadeNegocio } from '../api/alterar-unidade-negocio.ts';
import { TIME_ZONE_OPTIONS } from '../time-zones.ts';
import { UnidadeFiscalTab } from './unidade-fiscal-tab.tsx';

export type UnidadeNegocioFormValues = {
  nomeFantasia: string;
  razaoSocial: string;
  cnpj: string;
  inscricaoEstadual: string;
  telefone: string;
  email: string;
  timeZone: string;
  permiteEstoqueNegativo: boolean;
  metodoCusto: MetodoCusto;
  fechamentoCego: boolean;
  endereco: EnderecoFormValues;
  fiscal: {
    crt: string;
    ambiente: string;
    nfceSerie: number | string;
    nfceProximoNumero: number | string;
    cscId: string;
    cscToken: string;
    certificadoSenha: string;
    removerCertificado: boolean;
    pixChave: string;
    nfceEmissaoAutomatica: boolean;
    /** Never sent (the schema drops it): the server's errors about the uploaded file land here. */
    certificado: string;
  };
  removerLogo: boolean;
};

const valuesOf = (unidade?: UnidadeNegocio): UnidadeNegocioFormValues => ({
  nomeFantasia: unidade?.nomeFantasia ?? '',
  razaoSocial: unidade?.razaoSocial ?? '',
  cnpj: unidade?.cnpj ?? '',
  inscricaoEstadual: unidade?.inscricaoEstadual ?? '',
  telefone: unidade?.telefone ?? '',
  email: unidade?.email ?? '',
  timeZone: unidade?.timeZone ?? DEFAULT_TIME_ZONE,
  permiteEstoqueNegativo: unidade?.permiteEstoqueNegativo ?? false,
  metodoCusto: unidade?.metodoCusto ?? 'medio',
  fechamentoCego: unidade?.fechamentoCego ?? false,
  endereco: unidade
    ? {
        cep: unidade.endereco.cep ?? '',
        logradouro: unidade.endereco.logradouro ?? '',
        numero: unidade.endereco.numero ?? '',
        complemento: unidade.endereco.complemento ?? '',
        bairro: unidade.endereco.bairro ?? '',
        cidade: unidade.endereco.cidade ?? '',
        uf: unidade.endereco.uf,
        codigoIbge: unidade.endereco.codigoIbge ?? '',
      }
    : emptyEndereco(),
  fiscal: {
    crt: unidade?.fiscal.crt ?? '1',
    ambiente: unidade?.fiscal.ambiente ?? 'homologacao',
    nfceSerie: unidade?.fiscal.nfceSerie ?? 1,
    nfceProximoNumero: unidade?.fiscal.nfceProximoNumero ?? 1,
    cscId: unidade?.fiscal.cscId ?? '',
    cscToken: '',
    certificadoSenha: '',
    removerCertificado: false,
    pixChave: unidade?.fiscal.pixChave ?? '',
    nfceEmissaoAutomatica: unidade?.fiscal.nfceEmissaoAutomatica ?? false,
    certificado: '',
  },
  removerLogo: false,
});

const LIST_ROUTE = '/configuracoes/geral/unidades-negocio';

type UnidadeTab = 'geral' | 'fiscal';
const TAB_LABEL: Record<UnidadeTab, string> = { geral: 'Dados gerais', fiscal: 'Fiscal' };
const tabOf = (key: string): UnidadeTab => (key.startsWith('fiscal.') ? 'fiscal' : 'geral');

/** Form of a new unit (`unidade` absent) or of an existing one. */
export function UnidadeNegocioForm({ unidade }: { unidade?: UnidadeNegocio }) {
  const navigate = useNavigate();
  const create = useCriarUnidadeNegocio();
  const update = useAlterarUnidadeNegocio();
  const remove = useExcluirUnidadeNegocio();
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const canDeactivate = hasPermissao({ unidadeNegocio }, PERMISSOES.unidadesCriar);
  const [files, setFiles] = useState<UnidadeNegocioFiles>({ logo: null, certificado: null });
  const backToList = () => void navigate({ to: LIST_ROUTE });
  const [tab, setTab] = useState<UnidadeTab>('geral');

  const resource = useResourceForm<UnidadeNegocioFormValues, UnidadeNegocioInputParsed, UnidadeNegocio>({
    schema: unidadeNegocioInputSchema,
    initialValues: valuesOf(unidade),
    submit: (dados, { idempotencyKey }) =>
      unidade
        ? update.mutateAsync({ id: unidade.id, dados, idempotencyKey, ...files })
        : create.mutateAsync({ dados, idempotencyKey, ...files }),
    onSuccess: backToList,
  });

  const errorTabs = (['geral', 'fiscal'] as const).filter((t) => Object.keys(resource.form.errors).some((k) => tabOf(k) === t));
  const errorKey = errorTabs.join(',');
  const lastErrorKey = useRef('');
  // New errors on the other tab (a refused submit): open it, so the user sees what to fix.
  useEffect(() => {
    const tabs = errorKey ? (errorKey.split(',') as UnidadeTab[]) : [];
    if (errorKey && errorKey !== lastErrorKey.current && !tabs.includes(tab) && tabs[0]) setTab(tabs[0]);
    lastErrorKey.current = errorKey;
  }, [errorKey, tab]);

  const excluir = async (u: UnidadeNegocio) => {
    const confirmed = await confirmDelete({
      subject: 'a unidade',
      name: u.nomeFantasia,
      detail: 'Ela será desativada: ninguém mais poderá trabalhar nela.',
    });
    if (!confirmed) return;
    remove.mutate(u.id, {
      onSuccess: () => {
        notifySuccess('Unidade excluída');
        backToList();
      },
      onError: notifyActionError,
    });
  };

  return (
    <ResourceFormLayout
      title={unidade ? 'Editar unidade de negócio' : 'Nova unidade de negócio'}
      description={unidade?.nomeFantasia}
      back={<BackLink to={LIST_ROUTE}>Unidades de negócio</BackLink>}
      onSubmit={resource.handleSubmit}
      onCancel={backToList}
      generalErrors={resource.generalErrors}
      submitting={resource.submitting}
      extraActions={
        unidade?.ativo && canDeactivate ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => void excluir(unidade)}
          >
            Excluir
          </Button>
        ) : null
      }
    >
      <Tabs value={tab} onChange={(v) => setTab(v === 'fiscal' ? 'fiscal' : 'geral')} keepMounted>
        <Tabs.List mb="md">
          {(['geral', 'fiscal'] as const).map((t) => {
            const hasError = errorTabs.includes(t);
            return (
              <Tabs.Tab
                key={t}
                value={t}
                color={hasError ? 'red' : undefined}
                aria-label={hasError ? `${TAB_LABEL[t]} (com erros)` : undefined}
                rightSection={hasError ? <IconAlertCircle size={14} color="var(--mantine-color-red-7)" aria-hidden /> : null}
              >
                {TAB_LABEL[t]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="geral">
          <Stack gap="md">
            <DadosSection
              form={resource.form}
              unidade={unidade}
              logo={files.logo}
              onLogoChange={(logo) => setFiles((f) => ({ ...f, logo }))}
            />
            <FormSection title="Endereço">
              <EnderecoFields form={resource.form} />
            </FormSection>
            <FormSection title="Vendas e estoque">
              <Switch
                label="Permitir venda com estoque negativo"
                description="Quando ligado, o PDV vende produtos que controlam estoque mesmo sem saldo suficiente nesta unidade (o saldo fica negativo). Desligado, a venda é recusada."
                {...resource.form.getInputProps('permiteEstoqueNegativo', { type: 'checkbox' })}
              />
              <Select
                mt="md"
                maw={360}
                label="Custo dos produtos nas compras"
                description="Ao finalizar uma compra, o preço de custo passa a ser a média ponderada entre o estoque e a compra, ou o custo desta última compra."
                data={Object.entries(METODO_CUSTO_LABEL).map(([value, label]) => ({ value, label }))}
                allowDeselect={false}
                {...resource.form.getInputProps('metodoCusto')}
              />
              <Switch
                mt="md"
                label="Fechamento de caixa cego"
                description="O operador informa o valor contado sem ver o esperado; só gerentes e o financeiro veem o esperado e a diferença."
                {...resource.form.getInputProps('fechamentoCego', { type: 'checkbox' })}
              />
            </FormSection>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="fiscal">
          <FormSection title="Fiscal" description="Dados para a emissão de NFC-e.">
            <UnidadeFiscalTab
              form={resource.form}
              unidade={unidade}
              certificado={files.certificado}
              onCertificadoChange={(certificado) => setFiles((f) => ({ ...f, certificado }))}
            />
          </FormSection>
        </Tabs.Panel>
      </Tabs>
    </ResourceFormLayout>
  );
}

type SectionProps = { form: UseFormReturnType<UnidadeNegocioFormValues>; unidade?: UnidadeNegocio | undefined };

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function DadosSection({
  form,
  unidade,
  logo,
  onLogoChange,
}: SectionProps & { logo: File | null; onLogoChange: (file: File | null) => void }) {
  const preview = useObjectUrl(logo);
  const removerLogo = form.getValues().removerLogo;
  const shown = preview ?? (removerLogo ? null : (unidade?.logoUrl ?? null));

  return (
    <FormSection title="Dados">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Nome fantasia" required {...form.getInputProps('nomeFantasia')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Razão social" required {...form.getInputProps('razaoSocial')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CnpjInput label="CNPJ" required {...form.getInputProps('cnpj')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Inscrição estadual"
                placeholder="Somente números ou ISENTO"
                {...form.getInputProps('inscricaoEstadual')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TelefoneInput label="Telefone" {...form.getInputProps('telefone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SelectField
                label="Fuso horário"
                data={TIME_ZONE_OPTIONS}
                allowDeselect={false}
                searchable
                {...form.getInputProps('timeZone')}
              />
            </Grid.Col>
          </Grid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Logo
            </Text>
            <Paper
              withBorder
              radius="md"
              h={120}
              display="flex"
              style={{ alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}
            >
              {shown ? (
                <Image src={shown} alt="Logo da unidade" h={110} w="auto" fit="contain" />
              ) : (
                <IconPhoto size={36} color="var(--mantine-color-gray-5)" aria-label="Sem logo" />
              )}
            </Paper>
            <FileInput
              aria-label="Logo"
              placeholder="Escolher imagem"
              accept="image/*"
              clearable
              value={logo}
              onChange={onLogoChange}
            />
            {unidade?.logoUrl && !logo ? (
              <Checkbox label="Remover logo" {...form.getInputProps('removerLogo', { type: 'checkbox' })} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}
