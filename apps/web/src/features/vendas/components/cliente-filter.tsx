import { useDebouncedValue } from '@mantine/hooks';
import { formatCpfCnpj } from '@petshop/shared/format';
import { useMemo, useState } from 'react';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useCliente } from '../api/get-clientes-opcoes.ts';
import { useBuscaPessoas } from '#lib/pessoas/busca-pessoas.ts';

const rotulo = (p: { nome: string; cpfCnpj: string | null }) => (p.cpfCnpj ? `${p.nome} · ${formatCpfCnpj(p.cpfCnpj)}` : p.nome);

type ClienteFilterProps = { clienteId: string | undefined; onChange: (clienteId: string | undefined) => void };

/**
 * The customer filter of the sales list: type a name, CPF, phone or pet name and pick one.
 * The server searches (accent-insensitive); the chosen customer's name comes from the URL's id.
 */
export function ClienteFilter({ clienteId, onChange }: ClienteFilterProps) {
  const [busca, setBusca] = useState('');
  const [aberto, setAberto] = useState(false);
  const selecionado = useCliente(clienteId);
  const rotuloSelecionado = selecionado.data ? rotulo(selecionado.data) : undefined;
  // Mantine writes the chosen option's label into the search box: that is no new search.
  const [query] = useDebouncedValue(busca.trim() === rotuloSelecionado ? '' : busca.trim(), 250);
  const opcoes = useBuscaPessoas(query, { enabled: aberto });

  const data = useMemo(() => {
    const items = (opcoes.data?.items ?? []).map((p) => ({ value: p.id, label: rotulo(p) }));
    if (clienteId && !items.some((i) => i.value === clienteId)) {
      items.unshift({ value: clienteId, label: rotuloSelecionado ?? 'Cliente selecionado' });
    }
    return items;
  }, [opcoes.data, clienteId, rotuloSelecionado]);

  return (
    <SelectField
      label="Cliente"
      hideLabel
      placeholder="Todos os clientes"
      data={data}
      value={clienteId ?? null}
      onChange={(value) => {
        setBusca('');
        onChange(value ?? undefined);
      }}
      searchable
      clearable
      // The server filters; show what it answered as is.
      filter={({ options }) => options}
      onSearchChange={setBusca}
      onDropdownOpen={() => setAberto(true)}
      nothingFoundMessage={opcoes.isFetching ? 'Buscando…' : 'Nenhum cliente encontrado'}
      w={240}
    />
  );
}
