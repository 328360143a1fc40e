/**
 * Create/edit a user: personal data, password, photo and one profile per business unit
 * (POST/PUT /auth/usuarios, multipart).
 */
import {
  ActionIcon,
  Box,
  Avatar,
  Button,
  FileInput,
  Grid,
  Group,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { PERFIS } from '@petshop/shared/permissoes';
import {
  createUsuarioInputSchema,
  updateUsuarioInputSchema,
  type CreateUsuarioInput,
  type UpdateUsuarioInput,
  type Usuario,
} from '@petshop/shared/usuario';
import { IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { ResourceFormLayout } from '#lib/forms/resource-form-layout.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { DecimalInput, type DecimalValue } from '#lib/ui/decimal-input.tsx';
import { CpfInput, TelefoneInput } from '#lib/ui/masked-inputs.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useCriarUsuario } from '../api/criar-usuario.ts';
import { useExcluirUsuario } from '../api/excluir-usuario.ts';
import { usePerfis } from '../api/list-perfis.ts';
import { useUnidadesOptions } from '../api/list-unidades-options.ts';
import { useAlterarUsuario } from '../api/alterar-usuario.ts';

type UnidadeRow = { key: string; unidadeNegocioId: string | null; perfilId: string | null };

export type UsuarioFormValues = {
  nome: string;
  email: string;
  cpf: string;
  telefone: string;
  crmv: string;
  /** Percent 0–100; '' = no limit. */
  descontoMaximo: DecimalValue;
  senha: string;
  ativo: boolean;
  unidades: UnidadeRow[];
};

const newRow = (unidadeNegocioId: string | null = null, perfilId: string | null = null): UnidadeRow => ({
  key: randomId(),
  unidadeNegocioId,
  perfilId,
});

const valuesOf = (usuario?: Usuario): UsuarioFormValues => ({
  nome: usuario?.nome ?? '',
  email: usuario?.email ?? '',
  cpf: usuario?.cpf ?? '',
  telefone: usuario?.telefone ?? '',
  crmv: usuario?.crmv ?? '',
  descontoMaximo: usuario?.descontoMaximo ?? '',
  senha: '',
  ativo: usuario?.ativo ?? true,
  unidades: usuario?.unidades.map((u) => newRow(u.unidadeNegocioId, u.perfilId)) ?? [newRow()],
});

const LIST_ROUTE = '/configuracoes/geral/usuarios';

/** New user: password required. */
export function UsuarioCreateForm() {
  const navigate = useNavigate();
  const create = useCriarUsuario();
  const [foto, setFoto] = useState<File | null>(null);
  const resource = useResourceForm<UsuarioFormValues, CreateUsuarioInput, Usuario>({
    schema: createUsuarioInputSchema,
    initialValues: valuesOf(),
    submit: (dados, { idempotencyKey }) => create.mutateAsync({ dados, foto, idempotencyKey }),
    onSuccess: () => void navigate({ to: LIST_ROUTE }),
  });
  return (
    <ResourceFormLayout
      title="Novo usuário"
      back={<BackLink to={LIST_ROUTE}>Usuários</BackLink>}
      onSubmit={resource.handleSubmit}
      onCancel={() => void navigate({ to: LIST_ROUTE })}
      generalErrors={resource.generalErrors}
      submitting={resource.submitting}
    >
      <UsuarioFields form={resource.form} foto={foto} onFotoChange={setFoto} />
    </ResourceFormLayout>
  );
}

/** Existing user: a new password is optional (it resets theirs). */
export function UsuarioEditForm({ usuario }: { usuario: Usuario }) {
  const navigate = useNavigate();
  const update = useAlterarUsuario();
  const remove = useExcluirUsuario();
  const [foto, setFoto] = useState<File | null>(null);
  const isSelf = useSessionStore((s) => s.user?.id === usuario.id);
  const resource = useResourceForm<UsuarioFormValues, UpdateUsuarioInput, Usuario>({
    schema: updateUsuarioInputSchema,
    initialValues: valuesOf(usuario),
    submit: (dados, { idempotencyKey }) => update.mutateAsync({ id: usuario.id, dados, foto, idempotencyKey }),
    onSuccess: () => void navigate({ to: LIST_ROUTE }),
  });

  const excluir = async () => {
    const confirmed = await confirmDelete({
      subject: 'o usuário',
      name: usuario.nome,
      detail: 'Ele será desativado e não poderá mais entrar no sistema.',
    });
    if (!confirmed) return;
    remove.mutate(usuario.id, {
      onSuccess: () => {
        notifySuccess('Usuário excluído');
        void navigate({ to: LIST_ROUTE });
      },
      onError: notifyActionError,
    });
  };

  return (
    <ResourceFormLayout
      title={`Editar usuário`}
      description={usuario.nome}
      back={<BackLink to={LIST_ROUTE}>Usuários</BackLink>}
      onSubmit={resource.handleSubmit}
      onCancel={() => void navigate({ to: LIST_ROUTE })}
      generalErrors={resource.generalErrors}
      submitting={resource.submitting}
      extraActions={
        usuario.ativo && !isSelf ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => void excluir()}
            loading={remove.isPending}
          >
            Excluir
          </Button>
        ) : null
      }
    >
      <UsuarioFields form={resource.form} foto={foto} onFotoChange={setFoto} usuario={usuario} />
    </ResourceFormLayout>
  );
}

type UsuarioFieldsProps = {
  form: UseFormReturnType<UsuarioFormValues>;
  foto: File | null;
  onFotoChange: (file: File | null) => void;
  usuario?: Usuario;
};

function UsuarioFields({ form, foto, onFotoChange, usuario }: UsuarioFieldsProps) {
  const isEdit = Boolean(usuario);
  const perfis = usePerfis();
  const unidades = useUnidadesOptions();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!foto) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(foto);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [foto]);

  const perfilOptions = useMemo(
    () => (perfis.data ?? Object.values(PERFIS)).map((p) => ({ value: p.id, label: p.nome })),
    [perfis.data],
  );
  const unidadeOptions = useMemo(() => {
    const options = new Map<string, string>();
    for (const u of unidades.data?.items ?? []) options.set(u.id, u.ativo ? u.nomeFantasia : `${u.nomeFantasia} (inativa)`);
    // Units the user already has keep their name even when the list does not bring them.
    for (const u of usuario?.unidades ?? [])
      if (!options.has(u.unidadeNegocioId)) options.set(u.unidadeNegocioId, u.unidadeNegocioNome);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [unidades.data, usuario]);

  const rows = form.getValues().unidades;
  const unidadesError = form.errors.unidades;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <FormSection title="Dados">
          <Grid gap="sm">
            <Grid.Col span={12}>
              <TextInput label="Nome" required autoComplete="off" {...form.getInputProps('nome')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="E-mail" type="email" required autoComplete="off" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TelefoneInput label="Telefone" {...form.getInputProps('telefone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CpfInput label="CPF" {...form.getInputProps('cpf')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="CRMV"
                description="Para veterinários: aparece nas receitas e documentos (ex.: CRMV-SP 12345)"
                maxLength={30}
                autoComplete="off"
                {...form.getInputProps('crmv')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordInput
                label={isEdit ? 'Nova senha' : 'Senha'}
                description={isEdit ? 'Deixe em branco para manter a senha atual' : 'Mínimo de 8 caracteres'}
                required={!isEdit}
                autoComplete="new-password"
                {...form.getInputProps('senha')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DecimalInput
                label="Desconto máximo (%)"
                description="Vazio: sem limite. Acima dele, a venda pede a autorização de um gerente"
                decimalScale={2}
                suffix=" %"
                min={0}
                max={100}
                {...form.getInputProps('descontoMaximo')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
            </Grid.Col>
          </Grid>
        </FormSection>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <FormSection title="Foto">
          <Group gap="md" wrap="nowrap" align="center">
            <Avatar src={preview ?? usuario?.fotoUrl ?? null} size={72} radius="xl" alt="Foto do usuário">
              <IconPhoto size={28} />
            </Avatar>
            <FileInput
              label="Arquivo da foto"
              placeholder="Escolher imagem"
              accept="image/*"
              clearable
              value={foto}
              onChange={onFotoChange}
              style={{ flex: 1, minWidth: 0 }}
            />
          </Group>
        </FormSection>
      </Grid.Col>
      <Grid.Col span={12}>
        <FormSection title="Unidades e perfis" description="O perfil define o que o usuário pode fazer em cada unidade.">
          <Stack gap="xs">
            <Group gap="sm" wrap="nowrap" aria-hidden>
              <Text size="sm" fw={500} style={{ flex: 1 }}>
                Unidade
              </Text>
              <Text size="sm" fw={500} style={{ flex: 1 }}>
                Perfil
              </Text>
              <Box w={34} />
            </Group>
            {rows.map((row, index) => (
              <Group key={row.key} gap="sm" align="flex-start" wrap="nowrap">
                <SelectField
                  label={`Unidade ${index + 1}`}
                  hideLabel
                  placeholder="Selecione a unidade"
                  data={unidadeOptions}
                  searchable
                  nothingFoundMessage="Nenhuma unidade encontrada"
                  style={{ flex: 1 }}
                  {...form.getInputProps(`unidades.${index}.unidadeNegocioId`)}
                />
                <SelectField
                  label={`Perfil ${index + 1}`}
                  hideLabel
                  placeholder="Selecione o perfil"
                  data={perfilOptions}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`unidades.${index}.perfilId`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remover unidade ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => form.removeListItem('unidades', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {typeof unidadesError === 'string' || unidadesError ? (
              <Text size="sm" c="red" role="alert">
                {unidadesError}
              </Text>
            ) : null}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('unidades', newRow())}
              >
                Adicionar unidade
              </Button>
            </Group>
          </Stack>
        </FormSection>
      </Grid.Col>
    </Grid>
  );
}
