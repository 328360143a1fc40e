import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { useTitulos } from './list-titulos.ts';

/** The kinds whose receivables land in the account later (card, PIX). */
export const TIPOS_RECEBIMENTO: TipoFormaPagamento[] = ['pix', 'cartao_debito', 'cartao_credito'];

/** The card/PIX receivables expected on `dia` (up to 100; every status but cancelled). */
export const useRecebimentosDoDia = (dia: string | null) =>
  useTitulos(
    'receitas',
    { page: 1, pageSize: 100, tipoForma: TIPOS_RECEBIMENTO, dataInicio: dia ?? undefined, dataFim: dia ?? undefined },
    Boolean(dia),
  );
