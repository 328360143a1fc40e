/**
 * The till's product input, focused by default (F3 brings the focus back). A barcode scanner
 * types digits fast and presses Enter: the exact product is looked up (busca-pdv answers the
 * exact barcode, then the exact code, then names) and added. '3*789…' sets the quantity before
 * the code; '3*' alone sets the selected line's quantity. Typing a name lists products (arrows
 * and Enter pick one). With the input empty: ↑/↓ move the selected line, + and - change its
 * quantity, Delete removes it.
 */
import { Alert, Group, Kbd, Loader, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney } from '@petshop/shared/format';
import type { ProdutoPdv } from '@petshop/shared/produto';
import { IconAlertCircle, IconBarcode } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useRef, useState, type KeyboardEvent } from 'react';
import { buscaProdutosPdvQueryOptions } from '../api/buscar-produtos-pdv.ts';
import { lerEntrada } from '../registro.ts';
import { errorMessage } from '../../../lib/http/api-error.ts';

export const ENTRADA_LABEL = 'Código de barras, código ou nome — F3';

/** Live search starts at this many characters and only for text with a letter (a scanner types digits). */
const MIN_BUSCA = 2;
const temLetra = (s: string) => /\p{L}/u.test(s);

type ItemEntryProps = {
  onProduto: (produto: ProdutoPdv, quantidade: number) => string | null;
  onQuantidadeSelecionado: (quantidade: number) => string | null;
  onMoverSelecao: (delta: number) => void;
  onSomarSelecionado: (delta: number) => void;
  onRemoverSelecionado: () => void;
  disabled?: boolean;
};

export const ItemEntry = forwardRef<HTMLInputElement, ItemEntryProps>(function ItemEntry(
  { onProduto, onQuantidadeSelecionado, onMoverSelecao, onSomarSelecionado, onRemoverSelecionado, disabled },
  ref,
) {
  const queryClient = useQueryClient();
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [ultimo, setUltimo] = useState<string | null>(null);
  const [destaque, setDestaque] = useState(0);
  const [buscando, setBuscando] = useState(false);
  /** Results shown for a lookup made on Enter (several names matched). */
  const [escolha, setEscolha] = useState<{ termo: string; produtos: ProdutoPdv[]; quantidade: number } | null>(null);

  const entrada = lerEntrada(texto);
  const termo = entrada.ok ? entrada.termo : '';
  const [termoDebounced] = useDebouncedValue(termo, 200);
  const buscaAoVivo = termoDebounced.length >= MIN_BUSCA && temLetra(termoDebounced) && termoDebounced === termo;
  const live = useQuery({ ...buscaProdutosPdvQueryOptions(termoDebounced), enabled: buscaAoVivo && !escolha });

  const lista = escolha?.produtos ?? (buscaAoVivo && live.data ? live.data : []);
  const listaAberta = lista.length > 0 && (escolha !== null || buscaAoVivo);

  const limpar = () => {
    setTexto('');
    setEscolha(null);
    setDestaque(0);
  };

  const adicionar = (produto: ProdutoPdv, quantidade: number, limparEntrada = true) => {
    const falha = onProduto(produto, quantidade);
    if (falha) {
      setErro(falha);
      return;
    }
    setErro(null);
    setUltimo(`${produto.nome} — ${formatMoney(produto.precoVenda)}`);
    if (limparEntrada) limpar();
  };

  /**
   * Lookups run one after another in the order the codes were read, and the input is emptied at
   * once, so a scanner reading the next code while the first is still on the wire neither mixes
   * the two codes nor loses one.
   */
  const fila = useRef<Promise<void>>(Promise.resolve());
  const emVoo = useRef(0);

  const buscarEAdicionar = async (termoBusca: string, quantidade: number, digitado: string) => {
    emVoo.current += 1;
    setBuscando(true);
    try {
      const produtos = await queryClient.fetchQuery(buscaProdutosPdvQueryOptions(termoBusca));
      const alvo = termoBusca.toLowerCase();
      const exato = produtos.find((p) => p.codigoBarras === termoBusca || p.codigo?.toLowerCase() === alvo);
      if (exato) adicionar(exato, quantidade, false);
      else if (produtos.length === 1) adicionar(produtos[0]!, quantidade, false);
      else if (produtos.length === 0) setErro(`Produto não encontrado: ${termoBusca}`);
      else {
        // Several names matched: the cashier picks one (the text comes back to show what was typed).
        setErro(null);
        setTexto(digitado);
        setEscolha({ termo: termoBusca, produtos, quantidade });
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
    if (!entrada.ok) {
      setErro(entrada.erro);
      return;
    }
    const quantidade = entrada.quantidade ?? 1;
    if (listaAberta && lista[destaque]) {
      adicionar(lista[destaque], escolha?.quantidade ?? quantidade);
      return;
    }
    if (entrada.termo === '') {
      if (entrada.quantidade !== null) {
        const falha = onQuantidadeSelecionado(entrada.quantidade);
        setErro(falha);
        if (!falha) limpar();
      }
      return;
    }
    const digitado = texto;
    limpar();
    setErro(null);
    fila.current = fila.current.then(() => buscarEAdicionar(entrada.termo, quantidade, digitado));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const vazio = texto.trim() === '';
    switch (event.key) {
      case 'Enter':
        event.preventDefault();
        confirmar();
        return;
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const delta = event.key === 'ArrowDown' ? 1 : -1;
        if (listaAberta) setDestaque((d) => (d + delta + lista.length) % lista.length);
        else onMoverSelecao(delta);
        return;
      }
      case 'Escape':
        if (!vazio || escolha) {
          event.preventDefault();
          limpar();
          setErro(null);
        }
        return;
      case '+':
      case '-':
        if (vazio) {
          event.preventDefault();
          onSomarSelecionado(event.key === '+' ? 1 : -1);
        }
        return;
      case 'Delete':
        if (vazio && !event.ctrlKey) {
          event.preventDefault();
          onRemoverSelecionado();
        }
        return;
      default:
    }
  };

  return (
    <Stack gap={6} pos="relative">
      <TextInput
        ref={ref}
        label={ENTRADA_LABEL}
        placeholder="Passe o leitor ou digite — 3*código para 3 unidades"
        size="lg"
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
        aria-describedby="pdv-entrada-ajuda"
        aria-expanded={listaAberta}
        aria-controls="pdv-resultados"
        aria-activedescendant={listaAberta ? `pdv-resultado-${destaque}` : undefined}
        role="combobox"
        data-autofocus
      />
      {erro ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} py={6} role="alert" data-testid="pdv-entrada-erro">
          {erro}
        </Alert>
      ) : (
        <Text id="pdv-entrada-ajuda" size="xs" c="dimmed">
          {ultimo ? `Último: ${ultimo} · ` : ''}
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> item · <Kbd size="xs">+</Kbd> <Kbd size="xs">-</Kbd> quantidade ·{' '}
          <Kbd size="xs">Del</Kbd> remover · <Kbd size="xs">3*</Kbd> quantidade do item
        </Text>
      )}
      {listaAberta ? (
        <Paper
          withBorder
          shadow="md"
          radius="md"
          pos="absolute"
          top={76}
          left={0}
          right={0}
          style={{ zIndex: 20 }}
          id="pdv-resultados"
          role="listbox"
          aria-label="Produtos encontrados"
        >
          <ScrollArea.Autosize mah={320}>
            {lista.map((p, idx) => (
              <UnstyledButton
                key={p.id}
                id={`pdv-resultado-${idx}`}
                role="option"
                aria-selected={idx === destaque}
                w="100%"
                px="sm"
                py={6}
                bg={idx === destaque ? 'var(--mantine-primary-color-light)' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => adicionar(p, escolha?.quantidade ?? (entrada.ok ? (entrada.quantidade ?? 1) : 1))}
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
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(p.precoVenda)}
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
