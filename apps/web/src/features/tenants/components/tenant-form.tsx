import { Grid, PasswordInput, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { createTenantInputSchema, PLANOS, updateTenantInputSchema, type Tenant } from '@petshop/shared/tenant';
import { useNavigate } from '@tanstack/react-router';
import { ResourceFormLayout } from '#lib/forms/resource-form-layout.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { CnpjInput } from '#lib/ui/masked-inputs.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useCriarTenant, type CreateTenantPayload } from '../api/criar-tenant.ts';
import { useAlterarTenant } from '../api/alterar-tenant.ts';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';

type TenantValues = {
  nome: string;
  cnpj: string;
  plano: string;
  ativo: boolean;
  limiteUnidades: number | string;
  limiteUsuarios: number | string;
};

type CreateTenantValues = TenantValues & { administrador: { nome: string; email: string; senha: string } };

const PLANO_OPTIONS = Object.entries(PLANOS).map(([value, label]) => ({ value, label }));
const LIST_ROUTE = '/manager';

const tenantValues = (tenant?: Tenant): TenantValues => ({
  nome: tenant?.nome ?? '',
  cnpj: tenant?.cnpj ?? '',
  plano: tenant?.plano ?? 'basico',
  ativo: tenant?.ativo ?? true,
  limiteUnidades: tenant?.limiteUnidades ?? 1,
  limiteUsuarios: tenant?.limiteUsuarios ?? 5,
});

export function TenantCreateForm() {
  const navigate = useNavigate();
  const create = useCriarTenant();
  const resource = useResourceForm<CreateTenantValues, CreateTenantPayload, Tenant>({
    schema: createTenantInputSchema,
    initialValues: { ...tenantValues(), administrador: { nome: '', email: '', senha: '' } },
    submit: (dados, { idempotencyKey }) => create.mutateAsync({ dados, idempotencyKey }),
    onSuccess: () => void navigate({ to: LIST_ROUTE }),
  });
  return (
    <ResourceFormLayout
      title="Nova empresa"
      back={<BackLink to={LIST_ROUTE}>Gerenciador</BackLink>}
      onSubmit={resource.handleSubmit}
      onCancel={() => void navigate({ to: LIST_ROUTE })}
      generalErrors={resource.generalErrors}
      submitting={resource.submitting}
    >
      <TenantFields form={resource.form} />
      <FormSection title="Administrador" description="O primeiro usuário da empresa, com acesso total.">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Nome do administrador" required {...resource.form.getInputProps('administrador.nome')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="E-mail do administrador"
              type="email"
              required
              autoComplete="off"
              {...resource.form.getInputProps('administrador.email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PasswordInput
              label="Senha do administrador"
              description="Mínimo de 8 caracteres"
              required
              autoComplete="new-password"
              {...resource.form.getInputProps('administrador.senha')}
            />
          </Grid.Col>
        </Grid>
      </FormSection>
    </ResourceFormLayout>
  );
}

export function TenantEditForm({ tenant }: { tenant: Tenant }) {
  const navigate = useNavigate();
  const update = useAlterarTenant();
  const resource = useResourceForm({
    schema: updateTenantInputSchema,
    initialValues: tenantValues(tenant),
    submit: (dados, { idempotencyKey }) => update.mutateAsync({ id: tenant.id, dados, idempotencyKey }),
    onSuccess: () => void navigate({ to: LIST_ROUTE }),
  });
  return (
    <ResourceFormLayout
      title="Editar empresa"
      description={tenant.nome}
      back={<BackLink to={LIST_ROUTE}>Gerenciador</BackLink>}
      onSubmit={resource.handleSubmit}
      onCancel={() => void navigate({ to: LIST_ROUTE })}
      generalErrors={resource.generalErrors}
      submitting={resource.submitting}
    >
      <TenantFields form={resource.form} tenant={tenant} />
    </ResourceFormLayout>
  );
}

function TenantFields<V extends TenantValues>({ form, tenant }: { form: UseFormReturnType<V>; tenant?: Tenant }) {
  return (
    <FormSection title="Empresa">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label="Nome" required {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <CnpjInput label="CNPJ" required={!tenant} {...form.getInputProps('cnpj')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField label="Plano" data={PLANO_OPTIONS} allowDeselect={false} {...form.getInputProps('plano')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <DecimalInput
            label="Limite de unidades"
            description={tenant ? `Em uso: ${tenant.totalUnidades}` : undefined}
            min={1}
            max={10000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('limiteUnidades')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <DecimalInput
            label="Limite de usuários"
            description={tenant ? `Em uso: ${tenant.totalUsuarios}` : undefined}
            min={1}
            max={10000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('limiteUsuarios')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}
