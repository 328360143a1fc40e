/**
 * The keyboard-first "scanner or search" field shared by the till, the stock adjustment and the
 * purchase editor. A barcode scanner types the digits and Enter: the product with that exact
 * barcode (or internal code) is looked up and added. '3*789…' reads 3 units. Typing a name
 * (2+ characters with a letter) lists products live; ↑/↓ move the highlight, Enter or a click
 * picks one, Escape empties the field. Lookups run one after another in the order the codes
 * were read and the field is emptied at once, so a scanner reading the next code while the
 * first is still on the wire neither mixes the two codes nor loses one.
 *
 * The hook holds the state and the keys; each screen says how to read the text, which search to
 * run and what adding means (`LeitorProdutoCampo` draws it).
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../http/api-error.ts';

/** Live search starts at this many characters and only for text with a letter (a scanner types digits). */
export const MIN_BUSCA = 2;
const temLetra = (s: string) => /\p{L}/u.test(s);

/** The text read: the term and the quantity typed before '*' (null: none), or why it is invalid. */
export type LeituraProduto = { ok: true; termo: string; quantidade: number | null } | { ok: false; erro: string };

/** What the exact match compares. */
export type ProdutoLido = { codigo: string | null; codigoBarras: string | null };

type Adicao<P> =
  | {
      /** Adds the product read or picked; returns an error message or null. */
      onProduto: (produto: P, quantidade: number) => string | null;
      adicionarNaFila?: false;
    }
  | {
      /**
       * Adds the product asynchronously: a pick empties the field at once and waits in the
       * queue behind the codes read before it.
       */
      onProduto: (produto: P, quantidade: number) => Promise<string | null>;
      adicionarNaFila: true;
    };

export type OpcoesLeitorProduto<P extends ProdutoLido, K extends QueryKey> = Adicao<P> & {
  /** Reads the text ('3*789…'). */
  ler: (texto: string) => LeituraProduto;
  /** The search (live list and lookup on Enter): its query key stays the screen's. */
  consulta: (termo: string) => UseQueryOptions<P[], Error, P[], K>;
  /** Enter on a quantity without a term ('3*'); returns an error message or null. Without it, nothing happens. */
  onSoQuantidade?: (quantidade: number) => string | null;
  /** Keys the field does not take (arrows with the list closed, Escape with nothing to clear, any other key). */
  onOutraTecla?: (event: KeyboardEvent<HTMLInputElement>, vazio: boolean) => void;
};

export type LeitorProduto<P> = {
  texto: string;
  erro: string | null;
  /** Index of the highlighted result. */
  destaque: number;
  lista: P[];
  listaAberta: boolean;
  /** A lookup or an add is running, or the live search is fetching. */
  ocupado: boolean;
  /** Picks a result (a click) with the quantity read. */
  escolher: (produto: P) => void;
  onChange: (texto: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
};

export function useLeitorProduto<P extends ProdutoLido, K extends QueryKey>(opcoes: OpcoesLeitorProduto<P, K>): LeitorProduto<P> {
  const { ler, consulta, onSoQuantidade, onOutraTecla } = opcoes;
  const queryClient = useQueryClient();
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [destaque, setDestaque] = useState(0);
  const [buscando, setBuscando] = useState(false);
  /** Results shown for a lookup made on Enter (several names matched), with the quantity read. */
  const [escolha, setEscolha] = useState<{ produtos: P[]; quantidade: number } | null>(null);

  const leitura = ler(texto);
  const termo = leitura.ok ? leitura.termo : '';
  const [termoDebounced] = useDebouncedValue(termo, 200);
  const aoVivo = termoDebounced.length >= MIN_BUSCA && temLetra(termoDebounced) && termoDebounced === termo;
  const live = useQuery({ ...consulta(termoDebounced), enabled: aoVivo && !escolha });

  const lista = escolha?.produtos ?? (aoVivo && live.data ? live.data : []);
  const listaAberta = lista.length > 0 && (escolha !== null || aoVivo);

  const limpar = () => {
    setTexto('');
    setEscolha(null);
    setDestaque(0);
  };

  const fila = useRef<Promise<void>>(Promise.resolve());
  const emVoo = useRef(0);
  const comecar = () => {
    emVoo.current += 1;
    setBuscando(true);
  };
  const terminar = () => {
    emVoo.current -= 1;
    if (emVoo.current === 0) setBuscando(false);
  };

  /** Adds a product the lookup found (the field was already emptied). */
  const adicionarLido = (produto: P, quantidade: number): Promise<void> | undefined => {
    if (opcoes.adicionarNaFila) return opcoes.onProduto(produto, quantidade).then(setErro);
    setErro(opcoes.onProduto(produto, quantidade));
    return undefined;
  };

  const buscarEAdicionar = async (termoBusca: string, quantidade: number, digitado: string) => {
    comecar();
    try {
      const produtos = await queryClient.fetchQuery(consulta(termoBusca));
      const alvo = termoBusca.toLowerCase();
      const exato = produtos.find((p) => p.codigoBarras === termoBusca || p.codigo?.toLowerCase() === alvo);
      const achado = exato ?? (produtos.length === 1 ? produtos[0] : undefined);
      if (achado) {
        const adicao = adicionarLido(achado, quantidade);
        if (adicao) await adicao;
      } else if (produtos.length === 0) setErro(`Produto não encontrado: ${termoBusca}`);
      else {
        // Several names matched: the user picks one (the text comes back to show what was typed).
        setErro(null);
        setTexto(digitado);
        setEscolha({ produtos, quantidade });
        setDestaque(0);
      }
    } catch (error) {
      setErro(errorMessage(error));
    } finally {
      terminar();
    }
  };

  /** A result picked (Enter on the highlight or a click). */
  const escolherCom = (produto: P, quantidade: number) => {
    if (opcoes.adicionarNaFila) {
      const { onProduto } = opcoes;
      limpar();
      fila.current = fila.current.then(async () => {
        comecar();
        try {
          setErro(await onProduto(produto, quantidade));
        } catch (error) {
          setErro(errorMessage(error));
        } finally {
          terminar();
        }
      });
      return;
    }
    // Refused: the text stays so the quantity can be fixed.
    const falha = opcoes.onProduto(produto, quantidade);
    setErro(falha);
    if (!falha) limpar();
  };

  const quantidadeLida = escolha?.quantidade ?? (leitura.ok ? (leitura.quantidade ?? 1) : 1);

  const confirmar = () => {
    if (!leitura.ok) {
      setErro(leitura.erro);
      return;
    }
    const destacado = listaAberta ? lista[destaque] : undefined;
    if (destacado) {
      escolherCom(destacado, quantidadeLida);
      return;
    }
    if (leitura.termo === '') {
      if (leitura.quantidade !== null && onSoQuantidade) {
        const falha = onSoQuantidade(leitura.quantidade);
        setErro(falha);
        if (!falha) limpar();
      }
      return;
    }
    const digitado = texto;
    const quantidade = leitura.quantidade ?? 1;
    limpar();
    setErro(null);
    fila.current = fila.current.then(() => buscarEAdicionar(leitura.termo, quantidade, digitado));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const vazio = texto.trim() === '';
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
          return;
        }
        break;
      case 'Escape':
        if (!vazio || escolha) {
          event.preventDefault();
          limpar();
          setErro(null);
          return;
        }
        break;
      default:
    }
    onOutraTecla?.(event, vazio);
  };

  const onChange = (valor: string) => {
    setTexto(valor);
    setEscolha(null);
    setDestaque(0);
    if (erro) setErro(null);
  };

  return {
    texto,
    erro,
    destaque,
    lista,
    listaAberta,
    ocupado: buscando || live.isFetching,
    escolher: (produto) => escolherCom(produto, quantidadeLida),
    onChange,
    onKeyDown,
  };
}
