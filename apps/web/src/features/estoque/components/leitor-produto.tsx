/**
 * The adjustment's scanner field, imitating the till's: a barcode scanner types the digits and
 * Enter, and the product with that exact barcode (or internal code) is added at once — or
 * counted once more. '3*789…' reads 3 units. Typing a name lists the products (↑/↓ and Enter
 * pick one). Lookups run one after another in the order the codes were read and the field is
 * emptied at once, so fast scanning neither mixes two codes nor loses one.
 */
import { Alert, Group, Kbd, Loader, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PosicaoEstoque } from '@petshop/shared/estoque';
import { formatQuantidade } from '@petshop/shared/format';
import { IconAlertCircle, IconBarcode } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../lib/http/api-error.ts';
import { buscaEstoqueQueryOptions } from '../api/get-posicao-estoque.ts';
import { lerLeitura } from '../ajuste-linhas.ts';

export const LEITOR_LABEL = 'Código de barras, código ou nome';

/** Live search starts at this many characters and only for text with a letter (a scanner types digits). */
const MIN_BUSCA = 2;
const temLetra = (s: string) => /\p{L}/u.test(s);

type LeitorProdutoProps = {
  /** A product read or picked, with the quantity read ('3*…'); returns an error message or null. */
  onProduto: (produto: PosicaoEstoque, quantidade: number) => string | null;
  /** What the last read did ('Ração X — contado 3 UN'). */
  ultimo: string | null;
  disabled?: boolean;
};

export const LeitorProduto = forwardRef<HTMLInputElement, LeitorProdutoProps>(function LeitorProduto(
  { onProduto, ultimo, disabled },
  ref,
) {
  const queryClient = useQueryClient();
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [destaque, setDestaque] = useState(0);
  const [buscando, setBuscando] = useState(false);
  const [escolha, setEscolha] = useState<{ produtos: PosicaoEstoque[]; quantidade: number } | null>(null);

  const leitura = lerLeitura(texto);
  const termo = 'termo' in leitura ? leitura.termo : '';
  const [termoDebounced] = useDebouncedValue(termo, 200);
  const aoVivo = termoDebounced.length >= MIN_BUSCA && temLetra(termoDebounced) && termoDebounced === termo;
  const live = useQuery({ ...buscaEstoqueQueryOptions(termoDebounced), enabled: aoVivo && !escolha });
  const lista = escolha?.produtos ?? (aoVivo && live.data ? live.data : []);
  const listaAberta = lista.length > 0 && (escolha !== null || aoVivo);

  const limpar = () => {
    setTexto('');
    setEscolha(null);
    setDestaque(0);
  };

  const adicionar = (produto: PosicaoEstoque, quantidade: number) => {
    const falha = onProduto(produto, quantidade);
    setErro(falha);
  };

  const fila = useRef<Promise<void>>(Promise.resolve());
  const emVoo = useRef(0);

  const buscarEAdicionar = async (termoBusca: string, quantidade: number, digitado: string) => {
    emVoo.current += 1;
    setBuscando(true);
    try {
      const produtos = await queryClient.fetchQuery(buscaEstoqueQueryOptions(termoBusca));
      const alvo = termoBusca.toLowerCase();
      const exato = produtos.find((p) => p.codigoBarras === termoBusca || p.codigo?.toLowerCase() === alvo);
      if (exato) adicionar(exato, quantidade);
      else if (produtos.length === 1) adicionar(produtos[0]!, quantidade);
      else if (produtos.length === 0) setErro(`Produto não encontrado: ${termoBusca}`);
      else {
        setErro(null);
        setTexto(digitado);
        setEscolha({ produtos, quantidade });
        setDestaque(0);
      }
    } catch (error) {
      setErro(errorMessage(error));
    } finally {
      emVoo.current -= 1;
      if (emVoo.current === 0) setBuscando(false);
    }
  };

  const confirmar = () => {
    if ('erro' in leitura) {
      setErro(leitura.erro);
      return;
    }
    if (listaAberta && lista[destaque]) {
      adicionar(lista[destaque], escolha?.quantidade ?? leitura.quantidade);
      limpar();
      return;
    }
    if (leitura.termo === '') return;
    const digitado = texto;
    limpar();
    setErro(null);
    fila.current = fila.current.then(() => buscarEAdicionar(leitura.termo, leitura.quantidade, digitado));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Enter':
        event.preventDefault();
        confirmar();
        return;
      case 'ArrowDown':
      case 'ArrowUp':
        if (listaAberta) {
          event.preventDefault();
          const delta = event.key === 'ArrowDown' ? 1 : -1;
          setDestaque((d) => (d + delta + lista.length) % lista.length);
        }
        return;
      case 'Escape':
        if (texto !== '' || escolha) {
          event.preventDefault();
          limpar();
          setErro(null);
        }
        return;
      default:
    }
  };

  return (
    <Stack gap={6} pos="relative">
      <TextInput
        ref={ref}
        label={LEITOR_LABEL}
        placeholder="Passe o leitor ou digite — 3*código para 3 unidades"
        size="md"
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconBarcode />}
        rightSection={buscando || live.isFetching ? <Loader size="sm" /> : null}
        value={texto}
        disabled={disabled}
        onChange={(e) => {
          setTexto(e.currentTarget.value);
          setEscolha(null);
          setDestaque(0);
          if (erro) setErro(null);
        }}
        onKeyDown={onKeyDown}
        aria-describedby="ajuste-leitor-ajuda"
        aria-expanded={listaAberta}
        aria-controls="ajuste-leitor-resultados"
        aria-activedescendant={listaAberta ? `ajuste-leitor-resultado-${destaque}` : undefined}
        role="combobox"
        data-autofocus
      />
      {erro ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} py={6} role="alert" data-testid="ajuste-leitor-erro">
          {erro}
        </Alert>
      ) : (
        <Text id="ajuste-leitor-ajuda" size="xs" c="dimmed" data-testid="ajuste-leitor-ultimo">
          {ultimo ? `Último: ${ultimo} · ` : ''}
          <Kbd size="xs">Enter</Kbd> adiciona ou soma 1 · <Kbd size="xs">3*</Kbd> soma 3 · <Kbd size="xs">↑</Kbd>{' '}
          <Kbd size="xs">↓</Kbd> escolhe na lista
        </Text>
      )}
      {listaAberta ? (
        <Paper
          withBorder
          shadow="md"
          radius="md"
          pos="absolute"
          top={64}
          left={0}
          right={0}
          style={{ zIndex: 20 }}
          id="ajuste-leitor-resultados"
          role="listbox"
          aria-label="Produtos encontrados"
        >
          <ScrollArea.Autosize mah={320}>
            {lista.map((p, idx) => (
              <UnstyledButton
                key={p.produtoId}
                id={`ajuste-leitor-resultado-${idx}`}
                role="option"
                aria-selected={idx === destaque}
                w="100%"
                px="sm"
                py={6}
                bg={idx === destaque ? 'var(--mantine-primary-color-light)' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  adicionar(p, escolha?.quantidade ?? ('quantidade' in leitura ? leitura.quantidade : 1));
                  limpar();
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {p.nome}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[p.codigo, p.codigoBarras].filter(Boolean).join(' · ') || 'sem código'}
                    </Text>
                  </div>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatQuantidade(p.quantidade, { sigla: p.unidadeSigla, permiteVendaFracionada: p.permiteVendaFracionada })}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </ScrollArea.Autosize>
        </Paper>
      ) : null}
    </Stack>
  );
});
