/**
 * The purchase editor's product input (the till's fast search, GET
 * /inventario/produtos/busca-pdv): a scanned barcode or a code and Enter adds the product at
 * once (one unit more when it is already a line); typing a name lists products (↑/↓ and Enter,
 * or a click, pick one). '12*789…' reads 12 units.
 */
import type { ProdutoPdv } from '@petshop/shared/produto';
import { forwardRef } from 'react';
import { buscaProdutosQueryOptions } from '../api/list-produtos-compra.ts';
import { LeitorProdutoCampo } from '#lib/produtos/leitor-produto-campo.tsx';
import { useLeitorProduto, type LeituraProduto } from '#lib/produtos/use-leitor-produto.ts';

export const PRODUTO_BUSCA_LABEL = 'Adicionar produto';

/** '12*789…' → 12 of '789…'; anything else is one of the text. */
export const lerQuantidade = (texto: string): { termo: string; quantidade: number } => {
  const m = /^(\d+(?:[.,]\d{1,3})?)\s*\*\s*(.*)$/.exec(texto.trim());
  if (!m) return { termo: texto.trim(), quantidade: 1 };
  const q = Number(m[1]!.replace(',', '.'));
  return { termo: m[2]!.trim(), quantidade: q > 0 ? q : 1 };
};

const ler = (texto: string): LeituraProduto => ({ ok: true, ...lerQuantidade(texto) });

type ProdutoBuscaProps = {
  /** Adds the product; resolves to an error message or null. */
  onProduto: (produto: ProdutoPdv, quantidade: number) => Promise<string | null>;
  disabled?: boolean;
};

export const ProdutoBusca = forwardRef<HTMLInputElement, ProdutoBuscaProps>(function ProdutoBusca({ onProduto, disabled }, ref) {
  const leitor = useLeitorProduto({ ler, consulta: buscaProdutosQueryOptions, onProduto, adicionarNaFila: true });
  return (
    <LeitorProdutoCampo
      leitor={leitor}
      inputRef={ref}
      label={PRODUTO_BUSCA_LABEL}
      description="Código de barras, código ou nome; Enter adiciona (12*código para 12 unidades)"
      placeholder="Passe o leitor ou digite o nome"
      variante="compacta"
      disabled={disabled}
      ids={{ lista: 'compra-produtos-encontrados', opcao: 'compra-produto' }}
      chave={(p) => p.id}
      unidade={(p) => p.unidadeMedida.sigla}
    />
  );
});
