import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { queryKeys } from '#lib/query-keys.ts';
import type { PageTitulos, TituloDe } from '../titulos/titulo-types.ts';
import { listTitulos } from './list-titulos.ts';

/** The kinds whose receivables land in the account later (card, PIX). */
export const TIPOS_RECEBIMENTO: TipoFormaPagamento[] = ['pix', 'cartao_debito', 'cartao_credito'];

/** The API's largest page (MAX_PAGE_SIZE of @petshop/shared/http). */
const POR_PAGINA = 100;

/**
 * Every card/PIX receivable expected on `dia` (every status but cancelled), however many: page 1,
 * then the remaining pages of GET /financeiro/receitas together, joined into one page (issue #22
 * item 9: the day list stopped at 100).
 */
export const listRecebimentosDoDia = async (dia: string): Promise<PageTitulos<TituloDe<'receitas'>>> => {
  const filtros = { pageSize: POR_PAGINA, tipoForma: TIPOS_RECEBIMENTO, dataInicio: dia, dataFim: dia };
  const primeira = await listTitulos('receitas', { ...filtros, page: 1 });
  const paginas = Math.ceil(primeira.total / POR_PAGINA);
  const resto = await Promise.all(
    Array.from({ length: Math.max(0, paginas - 1) }, (_, i) => listTitulos('receitas', { ...filtros, page: i + 2 })),
  );
  const items = [primeira, ...resto].flatMap((p) => p.items);
  return { ...primeira, items, page: 1, pageSize: items.length };
};

/** The card/PIX receivables expected on `dia`, all of them (listRecebimentosDoDia). */
export const useRecebimentosDoDia = (dia: string | null) =>
  useQuery({
    queryKey: queryKeys.titulos.list('receitas', { recebimentosDoDia: dia }),
    queryFn: () => listRecebimentosDoDia(dia!),
    placeholderData: keepPreviousData,
    enabled: Boolean(dia),
  });
