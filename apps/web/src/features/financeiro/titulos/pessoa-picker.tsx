/**
 * The supplier (payables) or customer (receivables) of a título, or of a list filter: type a
 * name, CPF/CNPJ (customers also phone or pet name) and pick one. Suppliers use the one supplier
 * picker (lib/fornecedores/fornecedor-select.tsx); customers the one customer search
 * (lib/pessoas/busca-pessoas.ts). The server searches once the dropdown opens; the chosen one
 * keeps its name from `atual` (the título's ref) or, when only the id is known (the URL), from
 * its own record.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { formatCpfCnpj } from '@petshop/shared/format';
import type { Pessoa } from '@petshop/shared/pessoa';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { FornecedorSelect } from '#lib/fornecedores/fornecedor-select.tsx';
import { http } from '#lib/http/http.ts';
import { useBuscaPessoas } from '#lib/pessoas/busca-pessoas.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { SelectField } from '#lib/ui/select-field.tsx';

const nomeCliente = (p: { nome: string; cpfCnpj: string | null }) =>
  p.cpfCnpj ? `${p.nome} · ${formatCpfCnpj(p.cpfCnpj)}` : p.nome;

export type PessoaPickerProps = {
  tipo: 'fornecedor' | 'cliente';
  value: string | null;
  onChange: (id: string | null) => void;
  /** The título's supplier/customer, named without a request. */
  atual?: { id: string; nome: string } | null;
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  error?: ReactNode;
  w?: number | string;
};

export function PessoaPicker({ tipo, ...props }: PessoaPickerProps) {
  return tipo === 'fornecedor' ? <FornecedorSelect {...props} /> : <ClientePicker {...props} />;
}

function ClientePicker({ value, onChange, atual, label, hideLabel, placeholder, error, w }: Omit<PessoaPickerProps, 'tipo'>) {
  const [busca, setBusca] = useState('');
  const [aberto, setAberto] = useState(false);
  const conhecido = atual && atual.id === value ? atual.nome : null;
  const registro = useQuery({
    queryKey: queryKeys.pessoas.detail(value ?? ''),
    queryFn: async () => (await http.get<Pessoa>(`/pessoal/pessoas/${encodeURIComponent(value ?? '')}`)).data,
    enabled: Boolean(value) && !conhecido,
  });
  const nomeSelecionado = conhecido ?? (registro.data ? nomeCliente(registro.data) : undefined);
  // Mantine writes the chosen option's label into the search box: that is no new search.
  const [termo] = useDebouncedValue(busca.trim() === nomeSelecionado ? '' : busca.trim(), 250);
  const clientes = useBuscaPessoas(termo, { enabled: aberto });

  const data = useMemo(() => {
    const map = new Map<string, string>();
    if (value) map.set(value, nomeSelecionado ?? 'Cliente selecionado');
    for (const p of clientes.data?.items ?? []) map.set(p.id, nomeCliente(p));
    return [...map].map(([v, l]) => ({ value: v, label: l }));
  }, [value, nomeSelecionado, clientes.data]);

  return (
    <SelectField
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder ?? 'Nome, CPF ou telefone do cliente'}
      data={data}
      value={value}
      onChange={(v) => {
        setBusca('');
        onChange(v);
      }}
      searchable
      clearable
      filter={({ options }) => options}
      onSearchChange={setBusca}
      onDropdownOpen={() => setAberto(true)}
      nothingFoundMessage={clientes.isFetching ? 'Buscando…' : 'Nenhum cliente encontrado'}
      error={error}
      w={w}
    />
  );
}
