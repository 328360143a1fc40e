import { Avatar, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { joinNames } from '@petshop/shared/format';
import type { Usuario } from '@petshop/shared/usuario';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { deleteActionColumn } from '#lib/list/delete-action-column.tsx';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { BackLink } from '#lib/ui/back-link.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { useExcluirUsuario } from '../api/excluir-usuario.ts';
import { useUsuarios, type UsuariosParams } from '../api/list-usuarios.ts';

const ATIVO_OPTIONS = [
  { value: 'todos', label: 'Todos' },
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Inativos' },
];

/** 'Matriz (Administrador) e Filial (Caixa / Vendedor)'. */
export const unidadesPerfis = (usuario: Usuario): string =>
  joinNames(usuario.unidades.map((u) => `${u.unidadeNegocioNome} (${u.perfilNome})`));

export function UsuariosList({ search }: { search: UsuariosParams }) {
  const result = useUsuarios(search);
  const navigate = useNavigate();
  const updateSearch = useSearchUpdater();
  const remove = useExcluirUsuario();
  // Nobody deletes themself (the API refuses it too).
  const selfId = useSessionStore((s) => s.user?.id);

  const excluir = async (usuario: Usuario) => {
    const confirmed = await confirmDelete({
      subject: 'o usuário',
      name: usuario.nome,
      detail: 'Ele será desativado e não poderá mais entrar no sistema.',
    });
    if (!confirmed) return;
    remove.mutate(usuario.id, {
      onSuccess: () => notifySuccess('Usuário excluído'),
      onError: notifyActionError,
    });
  };

  const columns: Column<Usuario>[] = [
    {
      key: 'nome',
      header: 'Nome',
      render: (u) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={u.fotoUrl} alt="" radius="xl" size={28} name={u.nome} color="initials" aria-hidden />
          <Text size="sm" fw={500}>
            {u.nome}
          </Text>
        </Group>
      ),
    },
    { key: 'email', header: 'E-mail', render: (u) => u.email, visibleFrom: 'sm' },
    { key: 'unidades', header: 'Unidades e perfis', render: (u) => unidadesPerfis(u), visibleFrom: 'md' },
    { key: 'ativo', header: 'Situação', render: (u) => <AtivoBadge ativo={u.ativo} />, width: 110 },
    deleteActionColumn<Usuario>({
      name: (u) => u.nome,
      canDelete: (u) => u.ativo && u.id !== selfId,
      onDelete: (u) => void excluir(u),
    }),
  ];

  return (
    <ListPage
      title="Usuários"
      description="Quem acessa o sistema e com qual perfil em cada unidade."
      back={
        <BackLink to="/configuracoes" search={{ tab: 'geral' }}>
          Configurações
        </BackLink>
      }
      search={search}
      result={result}
      columns={columns}
      getRowKey={(u) => u.id}
      getRowLabel={(u) => `Editar ${u.nome}`}
      onRowClick={(u) => void navigate({ to: '/configuracoes/geral/usuarios/form/{-$usuarioId}', params: { usuarioId: u.id } })}
      searchPlaceholder="Buscar por nome ou e-mail"
      filters={
        <SegmentedControl
          aria-label="Situação"
          data={ATIVO_OPTIONS}
          value={search.ativo === undefined ? 'todos' : String(search.ativo)}
          onChange={(value) => void updateSearch({ ativo: value === 'todos' ? undefined : value === 'true', page: 1 })}
        />
      }
      createAction={
        <Button component={Link} to="/configuracoes/geral/usuarios/form/{-$usuarioId}" leftSection={<IconPlus size={16} />}>
          Novo
        </Button>
      }
    />
  );
}
