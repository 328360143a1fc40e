/**
 * Sales written straight into the tables (for the list, totals, receipt and customer tests):
 * exact dates (a sale finalised at 23:30 on the unit's clock, one created two days ago) that
 * the till's API cannot make, with totals from the shared arithmetic (`calcularVenda`), so the
 * rows look like the till's. Sales made through the till use ./fixtures/vendas.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { calcularVenda, type StatusVenda, type TipoDesconto, type TipoVenda } from '@petshop/shared/venda';
import {
  creditoClienteLancamentos,
  devolucaoItens,
  devolucoes,
  formasPagamento,
  pessoas,
  pets,
  petTutores,
  produtos,
  receitas,
  unidadesMedida,
  vendaFinanceiros,
  vendaItens,
  vendas,
} from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { proximoNumero } from '../src/modules/comercial/contador.ts';
import type { TenantFixture, TestContext } from './helper.ts';

export type Scope = { tenantId: string; unidadeNegocioId: string; usuarioId: string };

export const scopeOf = (t: TenantFixture, unidadeNegocioId = t.unidadeNegocioId): Scope => ({
  tenantId: t.tenantId,
  unidadeNegocioId,
  usuarioId: t.usuarioId,
});

export type Cenario = {
  racao: { id: string; nome: string };
  granel: { id: string; nome: string };
  formas: Record<TipoFormaPagamento, string>;
};

/** Two products (a whole-unit one and a KG one) and the tenant's payment methods by kind. */
export const cenario = async (ctx: TestContext, t: TenantFixture): Promise<Cenario> =>
  withTenant(ctx.database.db, scopeOf(t), async (tx) => {
    const unidade = async (sigla: string, fracionada: boolean) => {
      const [u] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, sigla));
      if (u) return u.id;
      const [novo] = await tx
        .insert(unidadesMedida)
        .values({ sigla, descricao: sigla, permiteVendaFracionada: fracionada })
        .returning({ id: unidadesMedida.id });
      return novo!.id;
    };
    const [racao] = await tx
      .insert(produtos)
      .values({ nome: 'Ração Golden Adultos 15 kg', unidadeMedidaId: await unidade('UN', false), precoVenda: '189.90' })
      .returning({ id: produtos.id, nome: produtos.nome });
    const [granel] = await tx
      .insert(produtos)
      .values({ nome: 'Ração a granel Premium', unidadeMedidaId: await unidade('KG', true), precoVenda: '24.50' })
      .returning({ id: produtos.id, nome: produtos.nome });
    const formas = {} as Record<TipoFormaPagamento, string>;
    const nomes: Record<TipoFormaPagamento, string> = {
      dinheiro: 'Dinheiro',
      pix: 'PIX',
      cartao_debito: 'Cartão de débito',
      cartao_credito: 'Cartão de crédito',
      boleto: 'Boleto',
      credito_cliente: 'Crédito do cliente',
      a_prazo: 'A prazo',
      transferencia: 'Transferência bancária',
    };
    for (const [tipo, nome] of Object.entries(nomes) as [TipoFormaPagamento, string][]) {
      const [existente] = await tx
        .select({ id: formasPagamento.id })
        .from(formasPagamento)
        .where(eq(formasPagamento.tipo, tipo))
        .limit(1);
      formas[tipo] =
        existente?.id ??
        (await tx.insert(formasPagamento).values({ nome, tipo, maxParcelas: 12 }).returning({ id: formasPagamento.id }))[0]!.id;
    }
    return { racao: racao!, granel: granel!, formas };
  });

/** A customer (tenant-wide) with an optional pet. */
export const novoCliente = async (
  ctx: TestContext,
  t: TenantFixture,
  nome: string,
  options: { cpfCnpj?: string; pet?: string } = {},
): Promise<{ id: string; petId: string | null }> =>
  withTenant(ctx.database.db, scopeOf(t), async (tx) => {
    const [p] = await tx
      .insert(pessoas)
      .values({ nome, cpfCnpj: options.cpfCnpj ?? null })
      .returning({ id: pessoas.id });
    let petId: string | null = null;
    if (options.pet) {
      const [pet] = await tx.insert(pets).values({ nome: options.pet }).returning({ id: pets.id });
      petId = pet!.id;
      await tx.insert(petTutores).values({ petId, pessoaId: p!.id });
    }
    return { id: p!.id, petId };
  });

export type ItemSpec = {
  produtoId: string;
  descricao: string;
  sigla?: string;
  quantidade: number;
  valorUnitario: number;
  desconto?: number;
  tipoDesconto?: TipoDesconto;
  /** The unit cost when sold (venda_itens.preco_custo, reais); 0 when absent. */
  precoCusto?: number;
};
export type PagamentoSpec = {
  formaPagamentoId: string;
  tipo: TipoFormaPagamento;
  valor: number;
  valorRecebido?: number;
  parcelas?: number;
  dataVencimento?: string;
};
export type VendaSpec = {
  tipo?: TipoVenda;
  status: StatusVenda;
  emAtendimento?: boolean;
  clienteId?: string | null;
  petId?: string | null;
  itens: ItemSpec[];
  desconto?: number;
  tipoDesconto?: TipoDesconto;
  valorEntregaFrete?: number;
  pagamentos?: PagamentoSpec[];
  createdAt?: Date;
  dataFinalizacao?: Date | null;
  validadeOrcamento?: string;
  motivoCancelamento?: string;
  observacoes?: string;
};

/** Writes a sale with its items and payments in the scope's unit; answers its id and number. */
export const inserirVenda = async (ctx: TestContext, scope: Scope, spec: VendaSpec): Promise<{ id: string; numero: number }> =>
  withTenant(ctx.database.db, scope, async (tx) => {
    const pagamentos = spec.pagamentos ?? [];
    const calc = calcularVenda({
      itens: spec.itens,
      desconto: spec.desconto ?? 0,
      tipoDesconto: spec.tipoDesconto ?? 'Valor',
      valorEntregaFrete: spec.valorEntregaFrete ?? 0,
      pagamentos,
    });
    const numero = await proximoNumero(tx, 'venda');
    const createdAt = spec.createdAt ?? new Date();
    const finalizada = spec.status === 'Finalizada';
    const troco = pagamentos.reduce((s, p) => s + Math.max(0, (p.valorRecebido ?? p.valor) - p.valor), 0);
    const [venda] = await tx
      .insert(vendas)
      .values({
        numero,
        tipo: spec.tipo ?? 'Venda',
        status: spec.status,
        statusOrcamento: spec.tipo === 'Orcamento' ? 'Aberto' : null,
        validadeOrcamento: spec.validadeOrcamento ?? null,
        emAtendimento: spec.emAtendimento ?? false,
        usuarioId: scope.usuarioId,
        clienteId: spec.clienteId ?? null,
        petId: spec.petId ?? null,
        valorBruto: calc.valorBruto.toFixed(2),
        valorDescontoItens: calc.valorDescontoItens.toFixed(2),
        desconto: (spec.desconto ?? 0).toFixed(2),
        tipoDesconto: spec.tipoDesconto ?? 'Valor',
        valorDescontos: calc.valorDescontos.toFixed(2),
        valorEntregaFrete: calc.valorEntregaFrete.toFixed(2),
        valorLiquido: calc.valorLiquido.toFixed(2),
        valorPago: calc.valorPago.toFixed(2),
        valorEmAberto: calc.valorEmAberto.toFixed(2),
        valorTroco: troco.toFixed(2),
        observacoes: spec.observacoes ?? null,
        estoqueBaixado: finalizada,
        createdAt,
        dataFinalizacao: spec.dataFinalizacao === undefined ? (finalizada ? createdAt : null) : spec.dataFinalizacao,
        dataCancelamento: spec.status === 'Cancelada' ? createdAt : null,
        motivoCancelamento: spec.status === 'Cancelada' ? (spec.motivoCancelamento ?? 'Desistência do cliente') : null,
        canceladoPorId: spec.status === 'Cancelada' ? scope.usuarioId : null,
      })
      .returning({ id: vendas.id });
    for (const [i, item] of spec.itens.entries()) {
      const c = calc.itens[i]!;
      await tx.insert(vendaItens).values({
        vendaId: venda!.id,
        ordem: i + 1,
        produtoId: item.produtoId,
        descricao: item.descricao,
        unidadeSigla: item.sigla ?? 'UN',
        quantidade: item.quantidade.toFixed(3),
        valorUnitario: item.valorUnitario.toFixed(2),
        desconto: (item.desconto ?? 0).toFixed(2),
        tipoDesconto: item.tipoDesconto ?? 'Valor',
        valorDesconto: c.valorDesconto.toFixed(2),
        valorTotal: c.valorTotal.toFixed(2),
        precoCusto: (item.precoCusto ?? 0).toFixed(2),
      });
    }
    for (const p of pagamentos) {
      await tx.insert(vendaFinanceiros).values({
        vendaId: venda!.id,
        chave: randomUUID(),
        formaPagamentoId: p.formaPagamentoId,
        tipoForma: p.tipo,
        valor: p.valor.toFixed(2),
        valorRecebido: (p.valorRecebido ?? p.valor).toFixed(2),
        troco: Math.max(0, (p.valorRecebido ?? p.valor) - p.valor).toFixed(2),
        parcelas: p.parcelas ?? 1,
        dataVencimento: p.dataVencimento ?? null,
        usuarioId: scope.usuarioId,
        efetivadoEm: spec.emAtendimento ? null : createdAt,
      });
    }
    return { id: venda!.id, numero };
  });

/** A receivable of the customer (one installment). */
export const inserirReceita = async (
  ctx: TestContext,
  scope: Scope,
  r: {
    pessoaId: string;
    formaPagamentoId: string | null;
    descricao: string;
    valor: number;
    valorPago?: number;
    status?: string;
    dataVencimento: string;
    vendaId?: string | null;
    parcela?: number;
    totalParcelas?: number;
  },
): Promise<string> =>
  withTenant(ctx.database.db, scope, async (tx) => {
    const [row] = await tx
      .insert(receitas)
      .values({
        descricao: r.descricao,
        pessoaId: r.pessoaId,
        formaPagamentoId: r.formaPagamentoId,
        vendaId: r.vendaId ?? null,
        parcela: r.parcela ?? 1,
        totalParcelas: r.totalParcelas ?? 1,
        dataEmissao: sql`current_date`,
        dataVencimento: r.dataVencimento,
        valor: r.valor.toFixed(2),
        valorPago: (r.valorPago ?? 0).toFixed(2),
        status: r.status ?? 'EmAberto',
      })
      .returning({ id: receitas.id });
    return row!.id;
  });

/** An item of a return: the sale's item by id or by its `ordem` (1-based), values net of the sale discount. */
export type DevolucaoItemSpec = {
  vendaItemId?: string;
  ordem?: number;
  produtoId: string;
  quantidade: number;
  valorUnitario: number;
  valorTotal: number;
};

/**
 * A return of a sale, refunded as customer credit (the ledger entry included); with `itens`,
 * its devolucao_itens too (what the sales reports subtract); `createdAt` its instant (now by
 * default). Answers its id and number.
 */
export const inserirDevolucao = async (
  ctx: TestContext,
  scope: Scope,
  d: { vendaId: string; clienteId: string | null; valorTotal: number; itens?: DevolucaoItemSpec[]; createdAt?: Date },
): Promise<{ id: string; numero: number }> =>
  withTenant(ctx.database.db, scope, async (tx) => {
    const numero = await proximoNumero(tx, 'devolucao');
    const [dev] = await tx
      .insert(devolucoes)
      .values({
        numero,
        vendaId: d.vendaId,
        clienteId: d.clienteId,
        reembolso: 'credito_cliente',
        valorTotal: d.valorTotal.toFixed(2),
        usuarioId: scope.usuarioId,
        ...(d.createdAt ? { createdAt: d.createdAt } : {}),
      })
      .returning({ id: devolucoes.id });
    for (const item of d.itens ?? []) {
      let vendaItemId = item.vendaItemId;
      if (!vendaItemId) {
        const [vi] = await tx
          .select({ id: vendaItens.id })
          .from(vendaItens)
          .where(and(eq(vendaItens.vendaId, d.vendaId), eq(vendaItens.ordem, item.ordem ?? 1)));
        vendaItemId = vi!.id;
      }
      await tx.insert(devolucaoItens).values({
        devolucaoId: dev!.id,
        vendaItemId,
        produtoId: item.produtoId,
        quantidade: item.quantidade.toFixed(3),
        valorUnitario: item.valorUnitario.toFixed(2),
        valorTotal: item.valorTotal.toFixed(2),
      });
    }
    if (d.clienteId) {
      await tx.insert(creditoClienteLancamentos).values({
        pessoaId: d.clienteId,
        unidadeNegocioId: scope.unidadeNegocioId,
        valor: d.valorTotal.toFixed(2),
        origem: 'devolucao',
        origemId: dev!.id,
        descricao: `Devolução nº ${numero}`,
        usuarioId: scope.usuarioId,
        ...(d.createdAt ? { createdAt: d.createdAt } : {}),
      });
    }
    return { id: dev!.id, numero };
  });

/** Days added to a yyyy-MM-dd date. */
export const addDaysISO = (iso: string, days: number): string => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The text a PDF shows, in drawing order: every string of the TJ/Tj operators of the
 * (uncompressed) content streams, decoded from the standard fonts' WinAnsi encoding.
 */
export const textoDoPdf = (pdf: Buffer): string => {
  const raw = pdf.toString('latin1');
  const partes: string[] = [];
  for (const m of raw.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
    for (const hex of m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) {
      for (const byte of Buffer.from(hex[1]!, 'hex')) partes.push(WIN_ANSI_80_9F[byte - 0x80] ?? String.fromCharCode(byte));
    }
  }
  return partes.join('');
};

/** WinAnsi (cp1252) bytes 0x80–0x9F that differ from Latin-1 (the rest is Latin-1). */
const WIN_ANSI_80_9F: (string | undefined)[] = [
  '€',
  undefined,
  '‚',
  'ƒ',
  '„',
  '…',
  '†',
  '‡',
  'ˆ',
  '‰',
  'Š',
  '‹',
  'Œ',
  undefined,
  'Ž',
  undefined,
  undefined,
  '‘',
  '’',
  '“',
  '”',
  '•',
  '–',
  '—',
  '˜',
  '™',
  'š',
  '›',
  'œ',
  undefined,
  'ž',
  'Ÿ',
];

/** The pages' MediaBox widths. */
export const largurasDoPdf = (pdf: Buffer): number[] =>
  [...pdf.toString('latin1').matchAll(/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => Number(m[1]));
