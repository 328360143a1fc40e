/** Suppliers (DOMAIN.md §5): /configuracoes/produtos/fornecedores. */
import { Grid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { formatCpfCnpj, formatTelefone } from '@petshop/shared/format';
import { fornecedorInputSchema, type Fornecedor, type FornecedorInputParsed } from '@petshop/shared/fornecedor';
import { linkOptions } from '@tanstack/react-router';
import { EnderecoFields, type EnderecoFormValues } from '#lib/address/endereco-fields.tsx';
import { cidadeUf, enderecoValues } from '#lib/address/endereco-values.ts';
import type { CrudFieldsProps, CrudResource } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { CpfCnpjInput, TelefoneInput } from '#lib/ui/masked-inputs.tsx';
import { fornecedoresApi } from '../api/fornecedores.ts';

type FornecedorFormValues = {
  razaoSocial: string;
  nomeFantasia: string;
  cpfCnpj: string;
  inscricaoEstadual: string;
  email: string;
  telefone: string;
  contato: string;
  endereco: EnderecoFormValues;
  observacoes: string;
  ativo: boolean;
};

function FornecedorFields({ form }: CrudFieldsProps<Fornecedor, FornecedorFormValues>) {
  return (
    <>
      <FormSection title="Dados">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Razão social / nome" required autoFocus {...form.getInputProps('razaoSocial')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Nome fantasia" {...form.getInputProps('nomeFantasia')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <CpfCnpjInput label="CPF/CNPJ" {...form.getInputProps('cpfCnpj')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Inscrição estadual"
              placeholder="Somente números ou ISENTO"
              {...form.getInputProps('inscricaoEstadual')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
          </Grid.Col>
        </Grid>
      </FormSection>
      <FormSection title="Contato">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Pessoa de contato" placeholder="Representante" {...form.getInputProps('contato')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TelefoneInput label="Telefone" {...form.getInputProps('telefone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
          </Grid.Col>
        </Grid>
      </FormSection>
      <FormSection title="Endereço">
        <EnderecoFields form={form} />
      </FormSection>
      <FormSection title="Observações">
        <Textarea aria-label="Observações" autosize minRows={2} maxRows={6} {...form.getInputProps('observacoes')} />
      </FormSection>
    </>
  );
}

const cidadeUfOf = ({ endereco }: Fornecedor): string => cidadeUf(endereco) || '—';

export const fornecedoresResource: CrudResource<Fornecedor, FornecedorFormValues, FornecedorInputParsed> = {
  api: fornecedoresApi,
  title: 'Fornecedores',
  description: 'Empresas e pessoas de quem a loja compra.',
  newTitle: 'Novo fornecedor',
  editTitle: 'Editar fornecedor',
  subject: 'o fornecedor',
  deleteDetail: 'Fornecedores com compras não podem ser excluídos: desative-os.',
  name: (f) => f.nomeFantasia ?? f.razaoSocial,
  columns: [
    {
      key: 'nome',
      header: 'Fornecedor',
      render: (f) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {f.nomeFantasia ?? f.razaoSocial}
          </Text>
          {f.nomeFantasia ? (
            <Text size="xs" c="dimmed">
              {f.razaoSocial}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'cpfCnpj', header: 'CPF/CNPJ', render: (f) => formatCpfCnpj(f.cpfCnpj) || '—', visibleFrom: 'sm' },
    { key: 'telefone', header: 'Telefone', render: (f) => formatTelefone(f.telefone) || '—', visibleFrom: 'md' },
    { key: 'cidade', header: 'Cidade/UF', render: cidadeUfOf, visibleFrom: 'md' },
    { key: 'ativo', header: 'Situação', render: (f) => <AtivoBadge ativo={f.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por nome ou CPF/CNPJ',
  schema: fornecedorInputSchema,
  valuesOf: (f) => ({
    razaoSocial: f?.razaoSocial ?? '',
    nomeFantasia: f?.nomeFantasia ?? '',
    cpfCnpj: f?.cpfCnpj ?? '',
    inscricaoEstadual: f?.inscricaoEstadual ?? '',
    email: f?.email ?? '',
    telefone: f?.telefone ?? '',
    contato: f?.contato ?? '',
    endereco: enderecoValues(f?.endereco),
    observacoes: f?.observacoes ?? '',
    ativo: f?.ativo ?? true,
  }),
  Fields: FornecedorFields,
  links: {
    list: linkOptions({ to: '/configuracoes/produtos/fornecedores' }),
    form: (id) => linkOptions({ to: '/configuracoes/produtos/fornecedores/form/{-$fornecedorId}', params: { fornecedorId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'produtos' } }),
    parentLabel: 'Configurações',
  },
};
