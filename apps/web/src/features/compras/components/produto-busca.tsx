/**
 * The purchase editor's product input (the till's fast search, GET
 * /inventario/produtos/busca-pdv): a scanned barcode or a code and Enter adds the product at
 * once (one unit more when it is already a line); typing a name lists products (↑/↓ and Enter,
 * or a click, pick one). '12*789…' reads 12 units.
 */
import { Alert, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProdutoPdv } from '@petshop/shared/produto';
import { IconAlertCircle, IconBarcode } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../lib/http/api-error.ts';
import { buscaProdutosQueryOptions } from '../api/buscar-produtos.ts';

export const PRODUTO_BUSCA_LABEL = 'Adicionar produto';

const MIN_BUSCA = 2;
const temLetra = (s: string) => /\p{L}/u.test(s);

/** '12*789…' → 12 of '789…'; anything else is one of the text. */
export const lerQuantidade = (texto: string): { termo: string; quantidade: number } => {
  const m = /^(\d+(?:[.,]\d{1,3})?)\s*\*\s*(.*)$/.exec(texto.trim());
  if (!m) return { termo: texto.trim(), quantidade: 1 };
  const q = Number(m[1]!.replace(',', '.'));
  return { termo: m[2]!.trim(), quantidade: q > 0 ? q : 1 };
};

type ProdutoBuscaProps = {
  /** Adds the product; resolves to an error message or null. */
  onProduto: (produto: ProdutoPdv, quantidade: number) => Promise<string | null>;
  disabled?: boolean;
};

export const ProdutoBusca = forwardRef<HTMLInputElement, ProdutoBuscaProps>(function ProdutoBusca({ onProduto, disabled }, ref) {
  const queryClient = useQueryClient();
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [destaque, setDestaque] = useState(0);
  const [ocupado, setOcupado] = useState(false);
  const [escolha, setEscolha] = useState<{ produtos: ProdutoPdv[]; quantidade: number } | null>(null);
  const { termo, quantidade } = lerQuantidade(texto);
  const [termoDebounced] = useDebouncedValue(termo, 200);
  const aoVivo = termoDebounced.length >= MIN_BUSCA && temLetra(termoDebounced) && termoDebounced === termo;
  const live = useQuery({ ...buscaProdutosQueryOptions(termoDebounced), enabled: aoVivo && !escolha });
  const lista = escolha?.produtos ?? (aoVivo && live.data ? live.data : []);
  const aberta = lista.length > 0 && (escolha !== null || aoVivo);
  const fila = useRef<Promise<void>>(Promise.resolve());

  const limpar = () => {
    setTexto('');
    setEscolha(null);
    setDestaque(0);
  };

  const adicionar = async (p: ProdutoPdv, q: number) => {
    setOcupado(true);
    try {
      setErro(await onProduto(p, q));
    } finally {
      setOcupado(false);
    }
  };

  const buscar = async (t: string, q: number, digitado: string) => {
    setOcupado(true);
    try {
      const produtos = await queryClient.fetchQuery(buscaProdutosQueryOptions(t));
      const alvo = t.toLowerCase();
      const exato = produtos.find((p) => p.codigoBarras === t || p.codigo?.toLowerCase() === alvo);
      if (exato) await adicionar(exato, q);
      else if (produtos.length === 1) await adicionar(produtos[0]!, q);
      else if (produtos.length === 0) setErro(`Produto não encontrado: ${t}`);
      else {
        setTexto(digitado);
        setEscolha({ produtos, quantidade: q });
        setDestaque(0);
      }
    } catch (error) {
      setErro(errorMessage(error));
    } finally {
      setOcupado(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (aberta && lista[destaque]) {
        const p = lista[destaque];
        const q = escolha?.quantidade ?? quantidade;
        limpar();
        fila.current = fila.current.then(() => adicionar(p, q));
        return;
      }
      if (termo === '') return;
      const digitado = texto;
      limpar();
      setErro(null);
      fila.current = fila.current.then(() => buscar(termo, quantidade, digitado));
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && aberta) {
      event.preventDefault();
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setDestaque((d) => (d + delta + lista.length) % lista.length);
    } else if (event.key === 'Escape' && (texto !== '' || escolha)) {
      event.preventDefault();
      limpar();
      setErro(null);
    }
  };

  return (
    <Stack gap={4} pos="relative">
      <TextInput
        ref={ref}
        label={PRODUTO_BUSCA_LABEL}
        description="Código de barras, código ou nome; Enter adiciona (12*código para 12 unidades)"
        placeholder="Passe o leitor ou digite o nome"
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconBarcode size={18} />}
        rightSection={ocupado || live.isFetching ? <Loader size="xs" /> : null}
        value={texto}
        disabled={disabled}
        onChange={(e) => {
          setTexto(e.currentTarget.value);
          setEscolha(null);
          setDestaque(0);
          if (erro) setErro(null);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={aberta}
        aria-controls="compra-produtos-encontrados"
        aria-activedescendant={aberta ? `compra-produto-${destaque}` : undefined}
      />
      {erro ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} py={6} role="alert">
          {erro}
        </Alert>
      ) : null}
      {aberta ? (
        <Paper
          withBorder
          shadow="md"
          radius="md"
          pos="absolute"
          top="100%"
          left={0}
          right={0}
          style={{ zIndex: 20 }}
          id="compra-produtos-encontrados"
          role="listbox"
          aria-label="Produtos encontrados"
        >
          <ScrollArea.Autosize mah={300}>
            {lista.map((p, idx) => (
              <UnstyledButton
                key={p.id}
                id={`compra-produto-${idx}`}
                role="option"
                aria-selected={idx === destaque}
                w="100%"
                px="sm"
                py={6}
                bg={idx === destaque ? 'var(--mantine-primary-color-light)' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  const q = escolha?.quantidade ?? quantidade;
                  limpar();
                  fila.current = fila.current.then(() => adicionar(p, q));
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {p.nome}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[p.codigo, p.codigoBarras].filter(Boolean).join(' · ') || 'sem código'} · {p.unidadeMedida.sigla}
                    </Text>
                  </div>
                </Group>
              </UnstyledButton>
            ))}
          </ScrollArea.Autosize>
        </Paper>
      ) : null}
    </Stack>
  );
});
