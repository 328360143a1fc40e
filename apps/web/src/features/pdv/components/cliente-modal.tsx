/**
 * F4: the sale's customer and pet. Search by name, CPF/CNPJ or phone (the customers' search),
 * ↑/↓ and Enter pick; then the customer's pets, by number (0 = no pet).
 */
import { Alert, Group, Kbd, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatCpfCnpj, formatTelefone } from '@petshop/shared/format';
import type { Pessoa } from '@petshop/shared/pessoa';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ClienteRegistro, PetRegistro } from '../registro.ts';
import { errorMessage } from '#lib/http/api-error.ts';
import { useBuscaPessoas } from '#lib/pessoas/busca-pessoas.ts';

type ClienteModalProps = {
  opened: boolean;
  onClose: () => void;
  onEscolher: (cliente: ClienteRegistro, pet: PetRegistro | null) => void;
  /** Shown above the search (why a customer is needed now). */
  aviso?: string | null;
};

const clienteDe = (p: Pessoa): ClienteRegistro => ({
  id: p.id,
  nome: p.nome,
  cpfCnpj: p.cpfCnpj,
  telefone: p.telefones[0]?.numero ?? null,
});

export function ClienteModal({ opened, onClose, onEscolher, aviso }: ClienteModalProps) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const [destaque, setDestaque] = useState(0);
  const [pessoa, setPessoa] = useState<Pessoa | null>(null);
  const busca = useBuscaPessoas(debounced, { somenteAtivos: true, enabled: debounced.length >= 2 });
  const petsRef = useRef<HTMLDivElement>(null);
  const buscaRef = useRef<HTMLInputElement>(null);
  const resultados = debounced.length >= 2 ? (busca.data?.items ?? []) : [];

  useEffect(() => {
    if (opened) {
      setQuery('');
      setPessoa(null);
      setDestaque(0);
    }
  }, [opened]);
  useEffect(() => setDestaque(0), [debounced]);
  // The focus follows the step: the pets list, or the search again.
  useEffect(() => {
    if (!opened) return;
    const t = window.setTimeout(() => (pessoa ? petsRef.current?.focus() : buscaRef.current?.focus()), 0);
    return () => window.clearTimeout(t);
  }, [pessoa, opened]);

  const pets = (pessoa?.pets ?? []).filter((p) => p.ativo && !p.dataObito);

  const escolherPessoa = (p: Pessoa) => {
    const vivos = p.pets.filter((pet) => pet.ativo && !pet.dataObito);
    if (vivos.length === 0) {
      onEscolher(clienteDe(p), null);
      return;
    }
    setPessoa(p);
    setDestaque(vivos.length === 1 ? 1 : 0);
  };

  const escolherPet = (idx: number) => {
    if (!pessoa) return;
    const pet = idx === 0 ? null : pets[idx - 1];
    onEscolher(clienteDe(pessoa), pet ? { id: pet.id, nome: pet.nome } : null);
  };

  const onKeyDownBusca = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (resultados.length === 0) return;
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setDestaque((d) => (d + delta + resultados.length) % resultados.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const p = resultados[destaque];
      if (p) escolherPessoa(p);
    }
  };

  const onKeyDownPets = (event: KeyboardEvent<HTMLDivElement>) => {
    const total = pets.length + 1;
    if (/^[0-9]$/.test(event.key) && Number(event.key) < total) {
      event.preventDefault();
      escolherPet(Number(event.key));
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setDestaque((d) => (d + (event.key === 'ArrowDown' ? 1 : -1) + total) % total);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      escolherPet(destaque);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      setPessoa(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Cliente e pet (F4)" size="lg" centered>
      {pessoa ? (
        <Stack gap="xs" ref={petsRef} onKeyDown={onKeyDownPets} tabIndex={-1} role="listbox" aria-label="Pets do cliente">
          <Text>
            Pet de <strong>{pessoa.nome}</strong> — tecle o número:
          </Text>
          {[{ id: '', nome: 'Sem pet' }, ...pets].map((pet, idx) => (
            <UnstyledButton
              key={pet.id || 'sem-pet'}
              role="option"
              aria-selected={idx === destaque}
              onClick={() => escolherPet(idx)}
              p="xs"
              bg={idx === destaque ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ borderRadius: 6 }}
            >
              <Group gap="sm">
                <Kbd>{idx}</Kbd>
                <Text>{pet.nome}</Text>
              </Group>
            </UnstyledButton>
          ))}
          <Text size="xs" c="dimmed">
            ↑/↓ e Enter · Backspace volta à busca · Esc fecha
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          {aviso ? (
            <Alert color="orange" variant="light">
              {aviso}
            </Alert>
          ) : null}
          <TextInput
            label="Buscar cliente"
            placeholder="Nome, CPF ou telefone"
            leftSection={<IconSearch size={16} />}
            rightSection={busca.isFetching ? <Loader size="xs" /> : null}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={onKeyDownBusca}
            ref={buscaRef}
            data-autofocus
            autoComplete="off"
          />
          {busca.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(busca.error)}
            </Alert>
          ) : null}
          <Stack gap={2} role="listbox" aria-label="Clientes encontrados">
            {resultados.map((p, idx) => (
              <UnstyledButton
                key={p.id}
                role="option"
                aria-selected={idx === destaque}
                onClick={() => escolherPessoa(p)}
                p="xs"
                bg={idx === destaque ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ borderRadius: 6 }}
              >
                <Text fw={500}>{p.nome}</Text>
                <Text size="xs" c="dimmed">
                  {[formatCpfCnpj(p.cpfCnpj), formatTelefone(p.telefones[0]?.numero), p.pets.map((pet) => pet.nome).join(', ')]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </UnstyledButton>
            ))}
            {debounced.length >= 2 && busca.isSuccess && resultados.length === 0 ? (
              <Text c="dimmed" size="sm">
                Nenhum cliente encontrado
              </Text>
            ) : null}
            {debounced.length < 2 ? (
              <Text c="dimmed" size="xs">
                Digite ao menos 2 letras ou números · ↑/↓ e Enter escolhem
              </Text>
            ) : null}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
