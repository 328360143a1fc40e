/**
 * /produtos/: the catalogue with search (name without accents, code or barcode: a scanner's
 * Enter searches at once) and the kind, category, brand and active filters in the URL.
 */
import { Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { formatMoney, formatQuantidade } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { TIPOS_PRODUTO, type Produto, type TipoProduto } from '@petshop/shared/produto';
import {
  IconAdjustmentsHorizontal,
  IconBuildingWarehouse,
  IconChevronDown,
  IconFileSpreadsheet,
  IconHistory,
  IconPlus,
} from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { hasPermissao } from '#lib/access/sections.tsx';
import { AtivoFilter } from '#lib/crud/ativo-filter.tsx';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { categoriasProdutoApi } from '../api/categorias-produto.ts';
import { useProdutos, type ProdutosParams } from '../api/list-produtos.ts';
import { marcasApi } from '../api/marcas.ts';

export const PRODUTOS_SEARCH_HINT = 'Nome, código ou código de barras';

const TIPO_OPTIONS = Object.entries(TIPOS_PRODUTO).map(([value, label]) => ({ value, label }));
const isTipo = (value: string | null): value is TipoProduto => value !== null && value in TIPOS_PRODUTO;

const columns: Column<Produto>[] = [
  {
    key: 'nome',
    header: 'Nome',
    render: (p) => (
      <Stack gap={0}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {p.nome}
          </Text>
          {p.tipo === 'servico' ? (
            <Badge size="xs" variant="light" color="violet">
              Serviço
            </Badge>
          ) : null}
        </Group>
        {p.marcaNome ? (
          <Text size="xs" c="dimmed">
            {p.marcaNome}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'codigo',
    header: 'Código / barras',
    visibleFrom: 'sm',
    render: (p) =>
      p.codigo || p.codigoBarras ? (
        <Stack gap={0}>
          {p.codigo ? <Text size="sm">{p.codigo}</Text> : null}
          {p.codigoBarras ? (
            <Text size="xs" c="dimmed" ff="monospace">
              {p.codigoBarras}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  { key: 'categoria', header: 'Categoria', render: (p) => p.categoriaNome ?? '—', visibleFrom: 'md' },
  { key: 'unidade', header: 'Unid.', render: (p) => p.unidadeMedida.sigla, visibleFrom: 'md', width: 70 },
  {
    key: 'preco',
    header: 'Preço',
    align: 'right',
    render: (p) => (
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(p.precoVenda)}
      </Text>
    ),
  },
  {
    key: 'estoque',
    header: 'Estoque',
    align: 'right',
    visibleFrom: 'sm',
    // The selected unit's balance; below the minimum in red. Services and uncontrolled: '—'.
    render: (p) =>
      p.estoque === null ? (
        '—'
      ) : (
        <Text size="sm" c={p.estoque <= p.estoqueMinimo ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatQuantidade(p.estoque, p.unidadeMedida)}
        </Text>
      ),
  },
  { key: 'ativo', header: 'Situação', render: (p) => <AtivoBadge ativo={p.ativo} />, width: 110, visibleFrom: 'sm' },
];

export function ProdutosList({ search }: { search: ProdutosParams }) {
  const result = useProdutos(search);
  const navigate = useNavigate();
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const canManage = hasPermissao({ unidadeNegocio }, PERMISSOES.produtosGerenciar);
  const podeAjustar = hasPermissao({ unidadeNegocio }, PERMISSOES.estoque);

  return (
    <ListPage
      title="Produtos"
      description="Produtos e serviços do catálogo."
      search={search}
      result={result}
      columns={columns}
      getRowKey={(p) => p.id}
      getRowLabel={(p) => `Editar ${p.nome}`}
      onRowClick={
        canManage ? (p) => void navigate({ to: '/produtos/form/{-$produtoId}', params: { produtoId: p.id } }) : undefined
      }
      searchPlaceholder={PRODUTOS_SEARCH_HINT}
      filters={<ProdutosFilters search={search} />}
      createAction={
        <>
          <Button
            variant="default"
            leftSection={<IconBuildingWarehouse size={16} />}
            component={Link}
            to="/relatorios/posicao-estoque"
            visibleFrom="sm"
          >
            Posição de estoque
          </Button>
          <Button
            variant="default"
            leftSection={<IconHistory size={16} />}
            component={Link}
            to="/relatorios/movimentacoes-estoque"
            visibleFrom="sm"
          >
            Movimentações
          </Button>
          {podeAjustar ? (
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              component={Link}
              to="/produtos/ajuste-estoque"
              visibleFrom="sm"
            >
              Ajuste de estoque
            </Button>
          ) : null}
          {/* On a phone the three stock screens share one button. */}
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<IconBuildingWarehouse size={16} />}
                rightSection={<IconChevronDown size={14} />}
                hiddenFrom="sm"
              >
                Estoque
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to="/relatorios/posicao-estoque" leftSection={<IconBuildingWarehouse size={16} />}>
                Posição de estoque
              </Menu.Item>
              <Menu.Item component={Link} to="/relatorios/movimentacoes-estoque" leftSection={<IconHistory size={16} />}>
                Movimentações
              </Menu.Item>
              {podeAjustar ? (
                <Menu.Item component={Link} to="/produtos/ajuste-estoque" leftSection={<IconAdjustmentsHorizontal size={16} />}>
                  Ajuste de estoque
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
          {canManage ? (
            <>
              <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} component={Link} to="/produtos/importar">
                Importar planilha
              </Button>
              <Button leftSection={<IconPlus size={16} />} component={Link} to="/produtos/form/{-$produtoId}">
                Novo produto
              </Button>
            </>
          ) : null}
        </>
      }
    />
  );
}

function ProdutosFilters({ search }: { search: ProdutosParams }) {
  const updateSearch = useSearchUpdater();
  const categorias = categoriasProdutoApi.useOptions();
  const marcas = marcasApi.useOptions();
  const categoriaOptions = useMemo(
    () =>
      (categorias.data?.items ?? []).map((c) => ({
        value: c.id,
        label: c.categoriaPaiNome ? `${c.categoriaPaiNome} › ${c.nome}` : c.nome,
      })),
    [categorias.data],
  );
  const marcaOptions = useMemo(() => (marcas.data?.items ?? []).map((m) => ({ value: m.id, label: m.nome })), [marcas.data]);

  // A line of their own under the search box, which keeps its full width for the scanner.
  return (
    <Group gap="sm" wrap="wrap" style={{ flex: '1 1 100%' }}>
      <SelectField
        label="Tipo"
        hideLabel
        placeholder="Todos os tipos"
        data={TIPO_OPTIONS}
        value={search.tipo ?? null}
        onChange={(value) => void updateSearch({ tipo: isTipo(value) ? value : undefined, page: 1 })}
        clearable
        w={160}
      />
      <SelectField
        label="Categoria"
        hideLabel
        placeholder="Todas as categorias"
        data={categoriaOptions}
        value={search.categoriaId ?? null}
        onChange={(value) => void updateSearch({ categoriaId: value ?? undefined, page: 1 })}
        clearable
        searchable
        nothingFoundMessage="Nenhuma categoria"
        w={210}
      />
      <SelectField
        label="Marca"
        hideLabel
        placeholder="Todas as marcas"
        data={marcaOptions}
        value={search.marcaId ?? null}
        onChange={(value) => void updateSearch({ marcaId: value ?? undefined, page: 1 })}
        clearable
        searchable
        nothingFoundMessage="Nenhuma marca"
        w={180}
      />
      <AtivoFilter ativo={search.ativo} />
    </Group>
  );
}
