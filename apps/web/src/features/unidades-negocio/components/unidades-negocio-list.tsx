import { Button, Text } from '@mantine/core';
import { formatCnpj } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import type { UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { hasPermissao } from '#lib/access/sections.tsx';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { deleteActionColumn } from '#lib/list/delete-action-column.tsx';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import type { ListSearchParams } from '#lib/list/list-search.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { BackLink } from '#lib/ui/back-link.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { useExcluirUnidadeNegocio } from '../api/excluir-unidade-negocio.ts';
import { useUnidadesNegocio } from '../api/list-unidades-negocio.ts';

const cidadeUf = ({ endereco }: UnidadeNegocio): string => [endereco.cidade, endereco.uf].filter(Boolean).join('/') || '—';

export function UnidadesNegocioList({ search }: { search: ListSearchParams }) {
  const result = useUnidadesNegocio(search);
  const navigate = useNavigate();
  const remove = useExcluirUnidadeNegocio();
  // Creating and deactivating units is tenant-wide: Administrador only (unidades.criar).
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const canCreate = hasPermissao({ unidadeNegocio }, PERMISSOES.unidadesCriar);

  const excluir = async (unidade: UnidadeNegocio) => {
    const confirmed = await confirmDelete({
      subject: 'a unidade',
      name: unidade.nomeFantasia,
      detail: 'Ela será desativada: ninguém mais poderá trabalhar nela.',
    });
    if (!confirmed) return;
    remove.mutate(unidade.id, { onSuccess: () => notifySuccess('Unidade excluída'), onError: notifyActionError });
  };

  const columns: Column<UnidadeNegocio>[] = [
    {
      key: 'nomeFantasia',
      header: 'Nome fantasia',
      render: (u) => (
        <Text size="sm" fw={500}>
          {u.nomeFantasia}
        </Text>
      ),
    },
    { key: 'cnpj', header: 'CNPJ', render: (u) => formatCnpj(u.cnpj), visibleFrom: 'sm' },
    { key: 'cidade', header: 'Cidade/UF', render: cidadeUf, visibleFrom: 'sm' },
    { key: 'ativo', header: 'Situação', render: (u) => <AtivoBadge ativo={u.ativo} />, width: 110 },
    deleteActionColumn<UnidadeNegocio>({
      name: (u) => u.nomeFantasia,
      canDelete: (u) => u.ativo && canCreate,
      onDelete: (u) => void excluir(u),
    }),
  ];

  return (
    <ListPage
      title="Unidades de negócio"
      description="Lojas e clínicas da empresa."
      back={
        <BackLink to="/configuracoes" search={{ tab: 'geral' }}>
          Configurações
        </BackLink>
      }
      search={search}
      result={result}
      columns={columns}
      getRowKey={(u) => u.id}
      getRowLabel={(u) => `Editar ${u.nomeFantasia}`}
      onRowClick={(u) => void navigate({ to: '/configuracoes/geral/unidades-negocio/form/$id', params: { id: u.id } })}
      searchPlaceholder="Buscar por nome ou CNPJ"
      createAction={
        canCreate ? (
          <Button component={Link} to="/configuracoes/geral/unidades-negocio/form" leftSection={<IconPlus size={16} />}>
            Novo
          </Button>
        ) : null
      }
    />
  );
}
