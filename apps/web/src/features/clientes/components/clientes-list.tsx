/** /clientes/: customers with their main phone, pets and city (spec §2, §5). */
import { Avatar, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatCpfCnpj, formatDecimal, formatTelefone, joinNames } from '@petshop/shared/format';
import type { Pessoa } from '@petshop/shared/pessoa';
import { IconBrandWhatsapp, IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { cidadeUf } from '#lib/address/endereco-values.ts';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import type { ListSearchParams } from '#lib/list/list-search.ts';
import { usePessoas } from '../api/list-pessoas.ts';

export const CLIENTES_SEARCH_HINT = 'Nome, CPF, telefone, e-mail ou nome do pet';

/** The first phone, with the WhatsApp icon when it takes messages. */
export function TelefonePrincipal({ pessoa }: { pessoa: Pessoa }) {
  const telefone = pessoa.telefones[0];
  if (!telefone)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatTelefone(telefone.numero)}
      </Text>
      {telefone.whatsapp ? (
        <Tooltip label="WhatsApp">
          <IconBrandWhatsapp size={16} color="var(--mantine-color-green-7)" aria-label="WhatsApp" role="img" />
        </Tooltip>
      ) : null}
    </Group>
  );
}

const columns: Column<Pessoa>[] = [
  {
    key: 'nome',
    header: 'Nome',
    render: (p) => (
      <Group gap="sm" wrap="nowrap">
        <Avatar src={p.fotoUrl} alt="" radius="xl" size={32} name={p.nome} color="initials" aria-hidden />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {p.nome}
            </Text>
            {!p.ativo ? (
              <Badge size="xs" color="gray" variant="light">
                Inativo
              </Badge>
            ) : null}
          </Group>
          {/* Narrow screens: phone and pets under the name, in place of their columns. */}
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {[p.telefones[0] ? formatTelefone(p.telefones[0].numero) : null, joinNames(p.pets.map((pet) => pet.nome)) || null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      </Group>
    ),
  },
  { key: 'cpfCnpj', header: 'CPF/CNPJ', render: (p) => formatCpfCnpj(p.cpfCnpj) || '—', visibleFrom: 'md' },
  { key: 'telefone', header: 'Telefone', render: (p) => <TelefonePrincipal pessoa={p} />, visibleFrom: 'sm' },
  {
    key: 'pets',
    header: 'Pets',
    render: (p) =>
      p.pets.length > 0 ? (
        joinNames(p.pets.map((pet) => pet.nome))
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
    visibleFrom: 'sm',
  },
  { key: 'cidade', header: 'Cidade/UF', render: (p) => cidadeUf(p.endereco) || '—', visibleFrom: 'lg' },
];

export function ClientesList({ search }: { search: ListSearchParams }) {
  const result = usePessoas(search);
  const navigate = useNavigate();
  // A broad search's total is counted up to 1 000 (issue #20): "mais de 1.000 clientes", and the
  // pager keeps a next page (the API's total is the bound + 1).
  const limitado = result.data?.totalLimitado ? result.data.total - 1 : null;
  return (
    <ListPage
      title="Clientes"
      description="Tutores e seus pets."
      search={search}
      result={result}
      columns={columns}
      getRowKey={(p) => p.id}
      getRowLabel={(p) => `Abrir ${p.nome}`}
      onRowClick={(p) => void navigate({ to: '/clientes/$clienteId', params: { clienteId: p.id } })}
      searchPlaceholder={CLIENTES_SEARCH_HINT}
      totalLabel={
        limitado === null ? undefined : ({ first, last }) => `${first}–${last} de mais de ${formatDecimal(limitado, 0)} clientes`
      }
      createAction={
        <>
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} component={Link} to="/clientes/importar">
            Importar planilha
          </Button>
          <Button leftSection={<IconPlus size={16} />} component={Link} to="/clientes/form">
            Novo cliente
          </Button>
        </>
      }
    />
  );
}
