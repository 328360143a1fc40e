/**
 * POST /api/estoques/saida_para_granel (DOMAIN.md §4 "Bulk products"; issue #5 item 1): a
 * shop opens `quantidade` packages (a 15 kg bag, SC) of a product into its bulk counterpart
 * (`produtos.produto_granel_id`, sold by the KG), in one transaction:
 * - `saida_granel`: `quantidade` packages out at the package's average cost (the cost price
 *   when it has none); a lot-controlled package leaves its lots first-expired-first-out;
 * - `entrada_granel`: `quantidade × fator_conversao` of the bulk product in (no lot), at
 *   package cost ÷ fator per bulk unit (4 decimals), so the stock value is preserved
 *   (1 SC of 15 kg at R$ 150,00 → +15 KG at R$ 10,0000 each) and the bulk average moves.
 * Errors: 404 'Produto não encontrado' (also another tenant's); 400 `produtoId` 'Produto sem
 * produto a granel vinculado' (no counterpart or fator ≤ 0) or when either product does not
 * control stock; 400 `quantidade` 'Estoque insuficiente…' when the package stock would go
 * below zero and the unit does not allow negative stock. `chave` makes it idempotent like
 * the adjustment's.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { MovimentacaoEstoque, SaidaGranel, SaidaGranelInputParsed } from '@petshop/shared/estoque';
import { formatQuantidade, roundQuantidade } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { produtos, unidadesMedida } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { lockKey, lockSaldos } from './ajustar-estoque.ts';
import { listMovimentacoesDaOrigem } from './estoque-repository.ts';
import { movimentarEstoque } from './movimentar-estoque.ts';

const SEM_GRANEL = 'Produto sem produto a granel vinculado';

/** The answer rebuilt from the movements of an earlier request with the same `chave`. */
const resposta = (movimentacoes: MovimentacaoEstoque[], fator: number): SaidaGranel => {
  const lado = (tipo: 'saida_granel' | 'entrada_granel') => {
    const rows = movimentacoes.filter((m) => m.tipo === tipo);
    const primeiro = rows[0]!;
    const milesimos = rows.reduce((s, m) => s + Math.round(m.quantidade * 1000), 0);
    const saldo =
      tipo === 'saida_granel' ? Math.min(...rows.map((m) => m.saldoResultante)) : Math.max(...rows.map((m) => m.saldoResultante));
    return {
      produtoId: primeiro.produtoId,
      nome: primeiro.produtoNome,
      unidadeSigla: primeiro.unidadeSigla,
      quantidade: Math.abs(milesimos) / 1000,
      custoUnitario: primeiro.custoUnitario,
      saldo,
    };
  };
  return { produto: lado('saida_granel'), produtoGranel: lado('entrada_granel'), fatorConversao: fator, movimentacoes };
};

/** See the file's comment. */
export const saidaParaGranel = async (tx: Db, input: SaidaGranelInputParsed, usuarioId: string): Promise<SaidaGranel> => {
  const origemId = input.chave ?? randomUUID();
  if (input.chave) await lockKey(tx, 'granel', input.chave);

  const [p] = await tx
    .select({
      id: produtos.id,
      nome: produtos.nome,
      tipo: produtos.tipo,
      controlaEstoque: produtos.controlaEstoque,
      precoCusto: produtos.precoCusto,
      produtoGranelId: produtos.produtoGranelId,
      fatorConversao: produtos.fatorConversao,
      sigla: unidadesMedida.sigla,
      permiteVendaFracionada: unidadesMedida.permiteVendaFracionada,
    })
    .from(produtos)
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .where(eq(produtos.id, input.produtoId));
  if (!p) throw notFound('Produto não encontrado');
  const fator = num(p.fatorConversao);
  if (!p.produtoGranelId || !(fator > 0)) throw fieldError('produtoId', SEM_GRANEL);

  if (input.chave) {
    const feitas = await listMovimentacoesDaOrigem(tx, 'granel', input.chave);
    if (feitas.length > 0) return resposta(feitas, fator);
  }

  const [g] = await tx
    .select({
      id: produtos.id,
      nome: produtos.nome,
      tipo: produtos.tipo,
      controlaEstoque: produtos.controlaEstoque,
      sigla: unidadesMedida.sigla,
    })
    .from(produtos)
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .where(inArray(produtos.id, [p.produtoGranelId]));
  if (!g) throw fieldError('produtoId', SEM_GRANEL);
  if (p.tipo === 'servico' || !p.controlaEstoque) throw fieldError('produtoId', `"${p.nome}" não controla estoque`);
  if (g.tipo === 'servico' || !g.controlaEstoque)
    throw fieldError('produtoId', `O produto a granel "${g.nome}" não controla estoque`);

  const unidade = await getUnidadeAtual(tx);
  // Both balances locked in id order before anything moves.
  const saldos = await lockSaldos(tx, [p.id, g.id]);
  const pacote = saldos.get(p.id)!;
  const q = input.quantidade;
  if (!unidade.permiteEstoqueNegativo && pacote.quantidade - q < 0) {
    const disponivel = formatQuantidade(Math.max(0, pacote.quantidade), {
      sigla: p.sigla,
      permiteVendaFracionada: p.permiteVendaFracionada,
    });
    throw fieldError('quantidade', `Estoque insuficiente de "${p.nome}": disponível ${disponivel}`);
  }
  const custoPacote = pacote.custoMedio > 0 ? pacote.custoMedio : num(p.precoCusto);
  const quantidadeGranel = roundQuantidade(q * fator, true);
  const custoGranel = Math.round((custoPacote / fator) * 10000) / 10000;
  const observacao = `Abertura de ${q} ${p.sigla} de "${p.nome}" em ${formatQuantidade(quantidadeGranel, { sigla: g.sigla, permiteVendaFracionada: true })} de "${g.nome}"`;
  const movimento = { origem: 'granel' as const, origemId, usuarioId, observacao };

  const [saida] = await movimentarEstoque(tx, [{ produtoId: p.id, quantidade: -q }], {
    ...movimento,
    tipo: 'saida_granel',
    permitirNegativo: unidade.permiteEstoqueNegativo,
  });
  const [entrada] = await movimentarEstoque(tx, [{ produtoId: g.id, quantidade: quantidadeGranel, custoUnitario: custoGranel }], {
    ...movimento,
    tipo: 'entrada_granel',
    permitirNegativo: true,
  });
  const movimentacoes = await listMovimentacoesDaOrigem(tx, 'granel', origemId);
  return {
    produto: {
      produtoId: p.id,
      nome: p.nome,
      unidadeSigla: p.sigla,
      quantidade: q,
      custoUnitario: custoPacote,
      saldo: saida!.saldo,
    },
    produtoGranel: {
      produtoId: g.id,
      nome: g.nome,
      unidadeSigla: g.sigla,
      quantidade: quantidadeGranel,
      custoUnitario: custoGranel,
      saldo: entrada!.saldo,
    },
    fatorConversao: fator,
    movimentacoes,
  };
};
