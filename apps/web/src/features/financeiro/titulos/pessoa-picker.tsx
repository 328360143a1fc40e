/**
 * The supplier (payables) or customer (receivables) of a título, or of a list filter: type a
 * name, CPF/CNPJ (customers also phone or pet name) and pick one. The server searches; the chosen
 * one keeps its name from `atual` (the título's ref) or, when only the id is known (the URL), from
 * its own record.
 */
import { useDebouncedValue } from '@mantine/hooks';
import type { Fornecedor } from '@petshop/shared/fornecedor';
import { formatCpfCnpj } from '@petshop/shared/format';
import type { Pessoa } from '@petshop/shared/pessoa';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { nomeFornecedor, useBuscaFornecedores } from './opcoes.ts';
import { http } from '../../../lib/http/http.ts';
import { useBuscaPessoas } from '../../../lib/pessoas/busca-pessoas.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { SelectField } from '../../../lib/ui/select-field.tsx';

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

export function PessoaPicker({ tipo, value, onChange, atual, label, hideLabel, placeholder, error, w }: PessoaPickerProps) {
  const [busca, setBusca] = useState('');
  const [aberto, setAberto] = useState(false);
  const conhecido = atual && atual.id === value ? atual.nome : null;
  const registro = useQuery({
    queryKey: tipo === 'fornecedor' ? queryKeys.fornecedores.detail(value ?? '') : queryKeys.pessoas.detail(value ?? ''),
    queryFn: async () => {
      const path = tipo === 'fornecedor' ? '/inventario/fornecedores' : '/pessoal/pessoas';
      const { data } = await http.get<Fornecedor | Pessoa>(`${path}/${encodeURIComponent(value ?? '')}`);
      return data;
    },
    enabled: Boolean(value) && !conhecido,
  });
  const nomeSelecionado =
    conhecido ??
    (registro.data ? ('razaoSocial' in registro.data ? nomeFornecedor(registro.data) : nomeCliente(registro.data)) : undefined);
  // Mantine writes the chosen option's label into the search box: that is no new search.
  const [termo] = useDebouncedValue(busca.trim() === nomeSelecionado ? '' : busca.trim(), 250);
  const fornecedores = useBuscaFornecedores(tipo === 'fornecedor' && aberto ? termo : '');
  const clientes = useBuscaPessoas(termo, { enabled: tipo === 'cliente' && aberto });
  const buscando = tipo === 'fornecedor' ? fornecedores.isFetching : clientes.isFetching;

  const data = useMemo(() => {
    const map = new Map<string, string>();
    if (value) map.set(value, nomeSelecionado ?? (tipo === 'fornecedor' ? 'Fornecedor selecionado' : 'Cliente selecionado'));
    if (tipo === 'fornecedor') {
      for (const f of fornecedores.data?.items ?? []) if (f.ativo || f.id === value) map.set(f.id, nomeFornecedor(f));
    } else {
      for (const p of clientes.data?.items ?? []) map.set(p.id, nomeCliente(p));
    }
    return [...map].map(([v, l]) => ({ value: v, label: l }));
  }, [value, nomeSelecionado, tipo, fornecedores.data, clientes.data]);

  return (
    <SelectField
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder ?? (tipo === 'fornecedor' ? 'Nome ou CNPJ do fornecedor' : 'Nome, CPF ou telefone do cliente')}
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
      nothingFoundMessage={
        buscando ? 'Buscando…' : tipo === 'fornecedor' ? 'Nenhum fornecedor encontrado' : 'Nenhum cliente encontrado'
      }
      error={error}
      w={w}
    />
  );
}
