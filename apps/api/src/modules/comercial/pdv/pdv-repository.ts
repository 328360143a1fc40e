/**
 * The till's lists (spec §2 "Point of sale screen"): the open sales and quotes of the unit
 * (tabs venda / orcamento) and the reference data loaded before the screen (open registers
 * and payment methods).
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Page } from '@petshop/shared/http';
import type { CaixasParaPdv, listarVendaOrcamentoQuerySchema, VendaResumo } from '@petshop/shared/venda';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { caixas, formasPagamento, unidadesNegocio, usuarios, vendas } from '../../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../../db/schema/tenancy.ts';
import { listVendasResumo, vendaNumeroOuCliente } from '../vendas/vendas-repository.ts';
import { num } from '../../../db/rows.ts';
import { getUnidadeAtual } from '../../unidades-negocio/unidade-atual.ts';

/**
 * GET /pdv/listar-venda-orcamento: tab 'venda' → sales EmAberto (being served or left open);
 * tab 'orcamento' → quotes not cancelled (Aberto, Expirado, Convertido); newest first; `query`
 * matches the number or the customer's name (accent-insensitive).
 */
export const listVendaOrcamento = (
  tx: Db,
  query: z.output<typeof listarVendaOrcamentoQuerySchema>,
): Promise<Page<VendaResumo>> => {
  const aba =
    query.tab === 'venda'
      ? and(eq(vendas.tipo, 'Venda'), eq(vendas.status, 'EmAberto'))
      : and(eq(vendas.tipo, 'Orcamento'), ne(vendas.status, 'Cancelada'));
  return listVendasResumo(tx, {
    where: and(aba, query.query ? vendaNumeroOuCliente(query.query) : undefined),
    page: query.page,
    pageSize: query.pageSize,
    ordem: [desc(vendas.createdAt), desc(vendas.numero)],
  });
};

/** Order of payment methods at the till (the usual first). */
const ORDEM_FORMAS: readonly TipoFormaPagamento[] = [
  'dinheiro',
  'pix',
  'cartao_debito',
  'cartao_credito',
  'credito_cliente',
  'a_prazo',
  'boleto',
  'transferencia',
];

/**
 * GET /pdv/obter-caixas-para-pdv: the unit's open registers, the user's own first
 * (`doUsuario`), then by opening; the tenant's active payment methods in till order, then by
 * name; whether the unit sells beyond its stock (the till warns on a line above the balance
 * otherwise, issue #15); whether it emits the NFC-e by itself and has a PIX key (issue #18).
 */
export const listCaixasParaPdv = async (tx: Db, usuarioId: string): Promise<CaixasParaPdv> => {
  const abertos = await tx
    .select({
      id: caixas.id,
      numero: caixas.numero,
      usuarioId: caixas.usuarioId,
      usuarioNome: usuarios.nome,
      dataAbertura: caixas.dataAbertura,
    })
    .from(caixas)
    .innerJoin(usuarios, eq(usuarios.id, caixas.usuarioId))
    .where(eq(caixas.status, 'Aberto'))
    .orderBy(sql`${caixas.usuarioId} = ${usuarioId} desc`, asc(caixas.dataAbertura), asc(caixas.numero));
  const formas = await tx
    .select()
    .from(formasPagamento)
    .where(eq(formasPagamento.ativo, true))
    .orderBy(
      sql`array_position(array[${sql.join(
        ORDEM_FORMAS.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[], ${formasPagamento.tipo})`,
      sql`f_busca(${formasPagamento.nome}) collate "C"`,
    );
  const { permiteEstoqueNegativo } = await getUnidadeAtual(tx);
  // Issue #18: automatic NFC-e after finalising, and whether PIX has a key to show a QR for.
  const [fiscal] = await tx
    .select({ nfceEmissaoAutomatica: unidadesNegocio.nfceEmissaoAutomatica, pixChave: unidadesNegocio.pixChave })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  return {
    permiteEstoqueNegativo,
    nfceEmissaoAutomatica: fiscal?.nfceEmissaoAutomatica ?? false,
    pixConfigurado: Boolean(fiscal?.pixChave?.trim()),
    caixas: abertos.map((c) => ({
      id: c.id,
      numero: c.numero,
      usuario: { id: c.usuarioId, nome: c.usuarioNome },
      dataAbertura: c.dataAbertura.toISOString(),
      doUsuario: c.usuarioId === usuarioId,
    })),
    formasPagamento: formas.map((f) => ({
      id: f.id,
      nome: f.nome,
      tipo: f.tipo as TipoFormaPagamento,
      taxaPercentual: num(f.taxaPercentual),
      maxParcelas: f.maxParcelas,
      diasRecebimento: f.diasRecebimento,
      adquirente: f.adquirente,
      adquirenteCnpj: f.adquirenteCnpj,
    })),
  };
};
