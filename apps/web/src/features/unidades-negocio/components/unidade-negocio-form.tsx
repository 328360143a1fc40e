/**
 * Create/edit a business unit (DOMAIN.md §2): data and logo, address, the stock rule of its sales
 * ("Permitir venda com estoque negativo", DOMAIN.md §4), fiscal settings with the A1
 * certificate. Multipart: `dados` JSON plus `logo` and `certificado` files.
 */
import {
  Badge,
  Button,
  Checkbox,
  FileInput,
  Grid,
  Group,
  Image,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatDate, todayISO } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  AMBIENTES,
  CRTS,
  DEFAULT_TIME_ZONE,
  METODO_CUSTO_LABEL,
  unidadeNegocioInputSchema,
  type MetodoCusto,
  type UnidadeNegocio,
  type UnidadeNegocioInputParsed,
} from '@petshop/shared/unidade-negocio';
import { IconCertificate, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
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
import { DecimalInput } from '#lib/ui/decimal-input.tsx';

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
  },
  removerLogo: false,
});

const LIST_ROUTE = '/configuracoes/geral/unidades-negocio';

const CRT_OPTIONS = Object.entries(CRTS).map(([value, label]) => ({ value, label: `${value} - ${label}` }));
const AMBIENTE_OPTIONS = Object.entries(AMBIENTES).map(([value, label]) => ({ value, label }));

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

  const resource = useResourceForm<UnidadeNegocioFormValues, UnidadeNegocioInputParsed, UnidadeNegocio>({
    schema: unidadeNegocioInputSchema,
    initialValues: valuesOf(unidade),
    submit: (dados, { idempotencyKey }) =>
      unidade
        ? update.mutateAsync({ id: unidade.id, dados, idempotencyKey, ...files })
        : create.mutateAsync({ dados, idempotencyKey, ...files }),
    onSuccess: backToList,
  });

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
      <FiscalSection
        form={resource.form}
        unidade={unidade}
        certificado={files.certificado}
        onCertificadoChange={(certificado) => setFiles((f) => ({ ...f, certificado }))}
      />
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

function FiscalSection({
  form,
  unidade,
  certificado,
  onCertificadoChange,
}: SectionProps & { certificado: File | null; onCertificadoChange: (file: File | null) => void }) {
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const canManageCertificado = hasPermissao({ unidadeNegocio }, PERMISSOES.certificadoGerenciar);
  const stored = unidade?.fiscal.certificado ?? null;
  const expired = Boolean(stored?.validade && stored.validade.slice(0, 10) < todayISO());

  return (
    <FormSection title="Fiscal" description="Dados para a emissão de NFC-e.">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Regime tributário (CRT)"
            data={CRT_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('fiscal.crt')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            label="Ambiente"
            data={AMBIENTE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('fiscal.ambiente')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DecimalInput
            label="Série NFC-e"
            min={0}
            max={999}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('fiscal.nfceSerie')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DecimalInput
            label="Próximo número"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('fiscal.nfceProximoNumero')}
          />
        </Grid.Col>
        <Grid.Col span={6} visibleFrom="sm" />
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Identificador do CSC" inputMode="numeric" maxLength={6} {...form.getInputProps('fiscal.cscId')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PasswordInput
            label="Token CSC"
            // Write-only: the stored token is never shown; blank keeps it.
            placeholder={unidade?.fiscal.cscTokenConfigurado ? 'configurado (em branco mantém o atual)' : undefined}
            autoComplete="off"
            {...form.getInputProps('fiscal.cscToken')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
            <Stack gap="sm">
              <Group gap="xs">
                <IconCertificate size={18} />
                <Text fw={500} size="sm">
                  Certificado digital A1
                </Text>
              </Group>
              {stored ? (
                <Group gap="lg" wrap="wrap">
                  <Text size="sm">
                    Titular: <strong>{stored.titular ?? '—'}</strong>
                  </Text>
                  <Text size="sm">
                    Validade: <strong>{stored.validade ? formatDate(stored.validade.slice(0, 10)) : '—'}</strong>{' '}
                    {expired ? (
                      <Badge color="red" variant="light" size="sm">
                        Vencido
                      </Badge>
                    ) : null}
                  </Text>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  Nenhum certificado enviado.
                </Text>
              )}
              {!canManageCertificado ? (
                <Text size="sm" c="dimmed">
                  Somente administradores gerenciam o certificado.
                </Text>
              ) : null}
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <FileInput
                    label={stored ? 'Substituir certificado' : 'Arquivo do certificado'}
                    placeholder="Arquivo .pfx ou .p12"
                    accept=".pfx,.p12,application/x-pkcs12"
                    clearable
                    value={certificado}
                    onChange={onCertificadoChange}
                    disabled={!canManageCertificado}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <PasswordInput
                    label="Senha do certificado"
                    autoComplete="off"
                    disabled={!canManageCertificado || !certificado}
                    {...form.getInputProps('fiscal.certificadoSenha')}
                  />
                </Grid.Col>
              </Grid>
              {stored && !certificado ? (
                <Checkbox
                  label="Remover certificado"
                  disabled={!canManageCertificado}
                  {...form.getInputProps('fiscal.removerCertificado', { type: 'checkbox' })}
                />
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}
