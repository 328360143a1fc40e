/**
 * PIX at the till (issue #18 item 9): the static BR Code (EMV "copia e cola", BACEN's *Manual
 * de Padrões para Iniciação do Pix*) of a sale's amount, for the customer to scan at the till
 * and printed on the receipt of a sale left open.
 *
 * GET /api/comercial/vendas/{id}/pix?valor= → `pixVendaSchema` ({ payload, valor, chave, txid }).
 * The payload is built by pix-utils `createStaticPix(...).toBRCode()`: the unit's PIX key
 * (`unidades_negocio.pix_chave`), merchant name = the unit's nome fantasia (≤ 25 characters,
 * without accents), merchant city = the unit's city (≤ 15), the amount in reais, txid
 * `VENDA<number>` (the sale's number, alphanumeric as the manual requires), CRC16-CCITT at the
 * end (field 63).
 */
import { eq, sql } from 'drizzle-orm';
import { createStaticPix, hasError } from 'pix-utils';
import type { PixVenda } from '@petshop/shared/fiscal';
import { GENERAL_ERRORS } from '@petshop/shared/http';
import type { Db } from '../../../db/client.ts';
import { unidadesNegocio } from '../../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../../db/schema/tenancy.ts';
import { badRequest, fieldError } from '../../../lib/errors.ts';
import { getVenda } from './vendas-repository.ts';

/** 400 of a unit without a PIX key. */
export const ERRO_SEM_CHAVE_PIX = 'Configure a chave PIX da unidade';
/** 400 of a unit without a city (the BR Code's merchant city is mandatory). */
export const ERRO_SEM_CIDADE_PIX = 'Configure a cidade da unidade para gerar o PIX';

/** Upper-case ASCII, as the EMV fields are read by every bank's app ('São Paulo' → 'SAO PAULO'). */
const ascii = (texto: string, max: number): string =>
  texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,&-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();

/** The unit's PIX data as the BR Code needs it (null key: not configured). */
export type UnidadePix = { chave: string | null; nome: string; cidade: string | null };

/** The scope's unit's PIX key, nome fantasia and city. */
export const findUnidadePix = async (tx: Db): Promise<UnidadePix | null> => {
  const [u] = await tx
    .select({ chave: unidadesNegocio.pixChave, nome: unidadesNegocio.nomeFantasia, cidade: unidadesNegocio.cidade })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  return u ?? null;
};

/**
 * The BR Code of `valor` reais for the sale number `numero` (pure: the receipt and the route share
 * it). Throws 400 ERRO_SEM_CHAVE_PIX without a key, ERRO_SEM_CIDADE_PIX without a city, and
 * `valor` 'Valor deve ser maior que zero' for 0.
 */
export const brCodeDaVenda = (unidade: UnidadePix | null, numero: number, valor: number): PixVenda => {
  const chave = unidade?.chave?.trim();
  if (!unidade || !chave) throw badRequest(ERRO_SEM_CHAVE_PIX);
  const cidade = ascii(unidade.cidade ?? '', 15);
  if (!cidade) throw badRequest(ERRO_SEM_CIDADE_PIX);
  if (!(valor > 0)) throw fieldError('valor', 'Valor deve ser maior que zero');
  const txid = `VENDA${numero}`;
  const pix = createStaticPix({
    merchantName: ascii(unidade.nome, 25) || 'LOJA',
    merchantCity: cidade,
    pixKey: chave,
    txid,
    transactionAmount: Number(valor.toFixed(2)),
  });
  if (hasError(pix)) throw badRequest({ [GENERAL_ERRORS]: ['Não foi possível gerar o PIX: confira a chave PIX da unidade'] });
  return { payload: pix.toBRCode(), valor: valor.toFixed(2), chave, txid };
};

/**
 * GET /vendas/{id}/pix: the BR Code of `valor` (reais), by default the sale's open amount. 404
 * 'Venda não encontrada' for a sale of another unit or tenant; 400 for a cancelled sale or a
 * quote, for nothing to charge, and for a unit without a PIX key ("Configure a chave PIX da
 * unidade") or city.
 */
export const gerarPixVenda = async (tx: Db, id: string, valor: number | undefined): Promise<PixVenda> => {
  const venda = await getVenda(tx, id);
  if (venda.tipo !== 'Venda') throw badRequest('Orçamento não recebe pagamento: transforme-o em venda');
  if (venda.status === 'Cancelada') throw badRequest('Venda cancelada');
  return brCodeDaVenda(await findUnidadePix(tx), venda.numero, valor ?? venda.valorEmAberto);
};
