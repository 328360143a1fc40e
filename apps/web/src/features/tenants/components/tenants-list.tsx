import { Button, Text } from '@mantine/core';
import { formatCnpj, formatDate } from '@petshop/shared/format';
import { PLANOS, type Plano, type Tenant } from '@petshop/shared/tenant';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import type { ListSearchParams } from '#lib/list/list-search.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { useTenants } from '../api/list-tenants.ts';

export const planoLabel = (plano: string): string => (plano in PLANOS ? PLANOS[plano as Plano] : plano);

/** 'total / limite', highlighted when the limit is reached. */
function Uso({ total, limite }: { total: number; limite: number }) {
  return (
    <Text size="sm" c={total >= limite ? 'orange.8' : undefined} fw={total >= limite ? 600 : undefined}>
      {total} / {limite}
    </Text>
  );
}

const columns: Column<Tenant>[] = [
  {
    key: 'nome',
    header: 'Nome',
    render: (t) => (
      <Text size="sm" fw={500}>
        {t.nome}
      </Text>
    ),
  },
  { key: 'cnpj', header: 'CNPJ', render: (t) => (t.cnpj ? formatCnpj(t.cnpj) : '—'), visibleFrom: 'md' },
  { key: 'plano', header: 'Plano', render: (t) => planoLabel(t.plano) },
  {
    key: 'unidades',
    header: 'Unidades',
    render: (t) => <Uso total={t.totalUnidades} limite={t.limiteUnidades} />,
    visibleFrom: 'sm',
  },
  {
    key: 'usuarios',
    header: 'Usuários',
    render: (t) => <Uso total={t.totalUsuarios} limite={t.limiteUsuarios} />,
    visibleFrom: 'sm',
  },
  { key: 'ativo', header: 'Situação', render: (t) => <AtivoBadge ativo={t.ativo} /> },
  { key: 'createdAt', header: 'Criado em', render: (t) => formatDate(t.createdAt), visibleFrom: 'md' },
];

export function TenantsList({ search }: { search: ListSearchParams }) {
  const result = useTenants(search);
  const navigate = useNavigate();
  return (
    <ListPage
      title="Gerenciador"
      description="Empresas clientes da plataforma, seus planos e limites."
      search={search}
      result={result}
      columns={columns}
      getRowKey={(t) => t.id}
      getRowLabel={(t) => `Editar ${t.nome}`}
      onRowClick={(t) => void navigate({ to: '/manager/form/{-$tenantId}', params: { tenantId: t.id } })}
      searchPlaceholder="Buscar por nome ou CNPJ"
      createAction={
        <Button component={Link} to="/manager/form/{-$tenantId}" leftSection={<IconPlus size={16} />}>
          Novo
        </Button>
      }
    />
  );
}
