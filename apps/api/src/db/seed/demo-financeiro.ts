/**
 * Demo finance (issue #6 item 5), in the Pet Shop Demo's Matriz, written through the finance
 * use cases (criarDespesa, excluirDespesa, criarRecorrencia, acaoRecorrencia, baixarTitulo,
 * transferirEntreContas, estornarTransferencia, alterarConta), so it is what the screens would
 * have written:
 * - payables over the last three months and the next one: rent (a monthly recurrence),
 *   internet (monthly recurrence), the yearly insurance (recurrence), the towel laundry
 *   (a weekly recurrence, paused), energy, water, payroll, the accountant's fee and a few
 *   suppliers' bills (one in installments); paid on their due day (a couple late, with fine and
 *   interest), the latest water bill left overdue, one supplier installment partly paid, one
 *   duplicated bill cancelled; what falls due from a few days ago on is open;
 * - the purchases' payables due ten days ago or more paid, and one future installment partly
 *   paid in advance (the demo purchases keep open and overdue ones);
 * - the card and PIX receivables of the demo sales whose settlement day has passed marked
 *   received on that day (their fee taken), the rest still expected;
 * - transfers between the cash account and the bank account (one reversed);
 * - finally each account's opening balance (saldo inicial) set so that its running balance
 *   never goes below a cushion (whatever the size of the sales history).
 *
 * Listed after the purchases, last in `demoSeeders` (demo.ts). Skipped when the tenant has no
 * suppliers (tests that seed only the demo tenants). Deterministic.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { baixaInputSchema, despesaInputSchema, recorrenciaInputSchema, type BaixaInput } from '@petshop/shared/financeiro';
import { contaInputSchema } from '@petshop/shared/conta';
import { categoriaFinanceiraInputSchema } from '@petshop/shared/categoria-financeira';
import { addDays, addMonths } from '@petshop/shared/venda';
import type { Db } from '../client.ts';
import { queryRows } from '../rows.ts';
import { categoriasFinanceiras, contas, despesas, formasPagamento, fornecedores } from '../schema/index.ts';
import { baixarTitulo } from '../../modules/financeiro/baixar-titulo.ts';
import { criarCategoriaFinanceira } from '../../modules/financeiro/salvar-categoria-financeira.ts';
import { alterarConta } from '../../modules/financeiro/salvar-conta.ts';
import { criarDespesa, excluirDespesa } from '../../modules/financeiro/salvar-despesa.ts';
import { acaoRecorrencia, criarRecorrencia } from '../../modules/financeiro/salvar-recorrencia.ts';
import { estornarTransferencia, transferirEntreContas } from '../../modules/financeiro/transferir-entre-contas.ts';
import { getUnidadeAtual } from '../../modules/unidades-negocio/unidade-atual.ts';
import type { DemoIds } from './demo.ts';

/** Lowest running balance the demo leaves in the bank account / the cash account (reais). */
const COLCHAO_BANCO = 5000;
const COLCHAO_CAIXA = 200;

/** The tenant's category named `nome` of kind despesa (created under `pai` when missing). */
const categoria = async (tx: Db, nome: string, pai = 'Despesas operacionais'): Promise<string> => {
  const acha = async (n: string) => {
    const [row] = await tx
      .select({ id: categoriasFinanceiras.id })
      .from(categoriasFinanceiras)
      .where(and(eq(categoriasFinanceiras.tipo, 'despesa'), sql`f_busca(${categoriasFinanceiras.nome}) = f_busca(${n})`))
      .limit(1);
    return row?.id ?? null;
  };
  const existente = await acha(nome);
  if (existente) return existente;
  return criarCategoriaFinanceira(
    tx,
    categoriaFinanceiraInputSchema.parse({ nome, tipo: 'despesa', categoriaPaiId: (await acha(pai)) ?? undefined }),
  );
};

/** The demo finance; see the file's comment. Runs in the Matriz scope of the demo tenant. */
export const seedDemoFinanceiro = async (tx: Db, ids: DemoIds): Promise<void> => {
  const usuarioId = ids.petShop.usuarioId;
  const lista = await tx
    .select({ id: fornecedores.id })
    .from(fornecedores)
    .where(eq(fornecedores.ativo, true))
    .orderBy(asc(fornecedores.razaoSocial));
  if (lista.length === 0) return;
  const fornecedor = (i: number) => lista[i % lista.length]!.id;
  const { hoje } = await getUnidadeAtual(tx);
  const mes0 = `${hoje.slice(0, 7)}-01`;
  /** Day `d` of the month `i` months from this one. */
  const dia = (i: number, d: number) => addDays(addMonths(mes0, i), d - 1);
  const mesAno = (data: string) => `${data.slice(5, 7)}/${data.slice(0, 4)}`;

  const contasDaUnidade = await tx.select().from(contas).where(eq(contas.ativo, true)).orderBy(asc(contas.createdAt));
  const banco = contasDaUnidade.find((c) => c.tipo === 'banco');
  const caixa = contasDaUnidade.find((c) => c.tipo === 'caixa');
  if (!banco || !caixa) return;

  const cat = {
    aluguel: await categoria(tx, 'Aluguel'),
    energia: await categoria(tx, 'Energia'),
    agua: await categoria(tx, 'Água'),
    internet: await categoria(tx, 'Internet/telefone'),
    manutencao: await categoria(tx, 'Manutenção'),
    salarios: await categoria(tx, 'Salários', 'Pessoal'),
    contabilidade: await categoria(tx, 'Contabilidade'),
    seguros: await categoria(tx, 'Seguros'),
    outras: await categoria(tx, 'Outras despesas'),
  };

  // Recurrences: rent, internet, insurance; the towel laundry will be paused.
  await criarRecorrencia(
    tx,
    recorrenciaInputSchema.parse({
      descricao: 'Aluguel da loja',
      categoriaFinanceiraId: cat.aluguel,
      contaId: banco.id,
      valor: 3500,
      frequencia: 'mensal',
      dataInicio: dia(-3, 5),
      observacoes: 'Contrato de locação de 30 meses, reajuste anual pelo IGP-M',
    }),
  );
  await criarRecorrencia(
    tx,
    recorrenciaInputSchema.parse({
      descricao: 'Internet fibra 500 Mb',
      categoriaFinanceiraId: cat.internet,
      contaId: banco.id,
      valor: 149.9,
      frequencia: 'mensal',
      dataInicio: dia(-3, 15),
    }),
  );
  await criarRecorrencia(
    tx,
    recorrenciaInputSchema.parse({
      descricao: 'Seguro empresarial da loja',
      categoriaFinanceiraId: cat.seguros,
      contaId: banco.id,
      valor: 2380,
      frequencia: 'anual',
      dataInicio: dia(-2, 20),
      termino: 'ocorrencias',
      totalOcorrencias: 3,
    }),
  );
  const lavanderia = await criarRecorrencia(
    tx,
    recorrenciaInputSchema.parse({
      descricao: 'Lavanderia das toalhas do banho e tosa',
      fornecedorId: fornecedor(3),
      categoriaFinanceiraId: cat.outras,
      contaId: caixa.id,
      valor: 85,
      frequencia: 'semanal',
      dataInicio: dia(-1, 3),
    }),
  );

  // Monthly bills, the last three months and the next one.
  const contasDoMes: { descricao: string; categoria: string; dia: number; valores: number[]; contaId: string }[] = [
    {
      descricao: 'Energia elétrica',
      categoria: cat.energia,
      dia: 10,
      valores: [612.4, 587.15, 645.9, 598.3, 620],
      contaId: banco.id,
    },
    { descricao: 'Água e esgoto', categoria: cat.agua, dia: 12, valores: [148.7, 139.2, 152.85, 141.6, 145], contaId: caixa.id },
    {
      descricao: 'Salários da equipe',
      categoria: cat.salarios,
      dia: 5,
      valores: [7850, 7850, 7850, 8120, 8120],
      contaId: banco.id,
    },
    {
      descricao: 'Honorários do contador',
      categoria: cat.contabilidade,
      dia: 10,
      valores: [650, 650, 650, 650, 650],
      contaId: banco.id,
    },
  ];
  for (const c of contasDoMes)
    for (const [n, valor] of c.valores.entries()) {
      const vencimento = dia(n - 3, c.dia);
      await criarDespesa(
        tx,
        despesaInputSchema.parse({
          descricao: `${c.descricao} – ${mesAno(addMonths(vencimento, c.descricao.startsWith('Salários') ? -1 : 0))}`,
          categoriaFinanceiraId: c.categoria,
          contaId: c.contaId,
          dataEmissao: vencimento < hoje ? addDays(vencimento, -10) : hoje,
          parcelas: [{ dataVencimento: vencimento, valor }],
        }),
      );
    }

  // Suppliers' bills.
  const arCondicionado = await criarDespesa(
    tx,
    despesaInputSchema.parse({
      descricao: 'Manutenção do ar-condicionado',
      fornecedorId: fornecedor(0),
      categoriaFinanceiraId: cat.manutencao,
      contaId: banco.id,
      documento: 'NFS-e 2291',
      dataEmissao: dia(-2, 18),
      parcelas: [0, 1, 2].map((i) => ({ dataVencimento: dia(i - 2, 20), valor: 380 })),
    }),
  );
  await criarDespesa(
    tx,
    despesaInputSchema.parse({
      descricao: 'Sacolas e embalagens personalizadas',
      fornecedorId: fornecedor(1),
      categoriaFinanceiraId: cat.outras,
      contaId: banco.id,
      documento: 'NF 10.552',
      dataEmissao: dia(-1, 22),
      parcelas: [
        { dataVencimento: dia(-1, 25), valor: 460 },
        { dataVencimento: dia(0, 25), valor: 460 },
      ],
    }),
  );
  await criarDespesa(
    tx,
    despesaInputSchema.parse({
      descricao: 'Dedetização da loja e do banho e tosa',
      fornecedorId: fornecedor(2),
      categoriaFinanceiraId: cat.manutencao,
      contaId: caixa.id,
      dataEmissao: dia(-2, 1),
      parcelas: [{ dataVencimento: dia(-2, 3), valor: 280 }],
    }),
  );
  const uniformes = {
    descricao: 'Uniformes da equipe (camisetas bordadas)',
    fornecedorId: fornecedor(4),
    categoriaFinanceiraId: cat.outras,
  };
  await criarDespesa(
    tx,
    despesaInputSchema.parse({
      ...uniformes,
      contaId: banco.id,
      dataEmissao: dia(-1, 2),
      parcelas: [{ dataVencimento: dia(-1, 8), valor: 540 }],
    }),
  );
  // Typed twice by mistake: the duplicate is cancelled.
  const duplicada = await criarDespesa(
    tx,
    despesaInputSchema.parse({
      ...uniformes,
      contaId: banco.id,
      dataEmissao: dia(-1, 2),
      parcelas: [{ dataVencimento: dia(-1, 8), valor: 540 }],
    }),
  );
  await excluirDespesa(tx, duplicada);

  // Transfers: a petty-cash fund for the cash account, some back, one typed wrong and reversed.
  const transferir = (data: string, valor: number, de: string, para: string, descricao: string) =>
    data <= hoje
      ? transferirEntreContas(tx, { contaOrigemId: de, contaDestinoId: para, valor, data, descricao }, usuarioId)
      : null;
  await transferir(dia(-3, 1), 1000, banco.id, caixa.id, 'Fundo para pequenas despesas');
  await transferir(dia(-2, 28), 300, caixa.id, banco.id, 'Sobra do fundo de pequenas despesas');
  await transferir(dia(-1, 1), 800, banco.id, caixa.id, 'Reforço do fundo de pequenas despesas');
  const errada = await transferir(dia(-1, 2), 500, banco.id, caixa.id, 'Reforço do fundo (valor errado)');
  if (errada) await estornarTransferencia(tx, errada.id, usuarioId);
  await transferir(dia(0, 1), 600, banco.id, caixa.id, 'Fundo para pequenas despesas');

  // Settlements of the payables (not the purchases'), oldest first: bills by bank transfer, the
  // purchases' by boleto (the tenant's default methods of those kinds, issue #15 item 2).
  const baixar = (tipo: 'receita' | 'despesa', id: string, input: BaixaInput) =>
    baixarTitulo(tx, tipo, id, baixaInputSchema.parse(input), usuarioId);
  const formaDoTipo = async (tipo: string) =>
    (
      await tx
        .select({ id: formasPagamento.id })
        .from(formasPagamento)
        .where(and(eq(formasPagamento.tipo, tipo), eq(formasPagamento.ativo, true)))
        .orderBy(asc(formasPagamento.createdAt))
        .limit(1)
    )[0]?.id;
  const porTransferencia = await formaDoTipo('transferencia');
  const porBoleto = await formaDoTipo('boleto');
  const abertas = await tx
    .select()
    .from(despesas)
    .where(and(isNull(despesas.compraId), eq(despesas.status, 'EmAberto')))
    .orderBy(asc(despesas.dataVencimento), asc(despesas.descricao));
  const limite = addDays(hoje, -5);
  const vencidas = abertas.filter((d) => d.dataVencimento <= limite);
  // The latest water bill due until `limite` stays overdue; the air conditioning's latest installment is partly paid.
  const aguaAtrasada = vencidas.filter((d) => d.descricao.startsWith('Água')).at(-1)?.id;
  const parcial = vencidas.filter((d) => d.grupoId === arCondicionado).at(-1)?.id;
  for (const [n, d] of vencidas.entries()) {
    if (d.id === aguaAtrasada) continue;
    if (d.id === parcial) {
      await baixar('despesa', d.id, {
        dataPagamento: d.dataVencimento,
        formaPagamentoId: porTransferencia,
        valor: 200,
        observacoes: 'Restante combinado para o mês que vem',
      });
      continue;
    }
    // Every seventh bill paid three days late with fine (2 %) and interest (0,033 % a day).
    const atrasada = n % 7 === 3;
    const valor = Number(d.valor);
    await baixar('despesa', d.id, {
      dataPagamento: atrasada ? addDays(d.dataVencimento, 3) : d.dataVencimento,
      formaPagamentoId: porTransferencia,
      ...(atrasada ? { multa: Math.round(valor * 2) / 100, juros: Math.round(valor * 0.099) / 100 } : {}),
    });
  }

  // The purchases' payables due ten days ago or more are paid; the next one partly, in advance.
  const daCompra = await tx
    .select()
    .from(despesas)
    .where(and(sql`${despesas.compraId} is not null`, eq(despesas.status, 'EmAberto')))
    .orderBy(asc(despesas.dataVencimento), asc(despesas.id));
  for (const d of daCompra.filter((x) => x.dataVencimento <= addDays(hoje, -10)))
    await baixar('despesa', d.id, { dataPagamento: d.dataVencimento, contaId: banco.id, formaPagamentoId: porBoleto });
  const adiantada = daCompra.find((x) => x.dataVencimento > hoje);
  if (adiantada)
    await baixar('despesa', adiantada.id, {
      dataPagamento: hoje,
      valor: Math.round(Number(adiantada.valor) * 50) / 100,
      contaId: banco.id,
      formaPagamentoId: porBoleto,
      observacoes: 'Metade adiantada para garantir o desconto do fornecedor',
    });

  // Card and PIX receivables of the sales whose money has landed.
  const recebiveis = await queryRows<{ id: string; vencimento: string }>(
    tx,
    sql`select r.id, r.data_vencimento::text as vencimento from receitas r join formas_pagamento f on f.id = r.forma_pagamento_id
         where r.status = 'EmAberto' and f.tipo in ('pix', 'cartao_debito', 'cartao_credito') and r.data_vencimento < ${hoje}::date
         order by r.data_vencimento, r.id`,
  );
  for (const r of recebiveis) await baixar('receita', r.id, { dataPagamento: r.vencimento });

  // The laundry is paused (its future open payables go; the past ones were paid above).
  await acaoRecorrencia(tx, lavanderia, 'pausar');

  // Opening balances: enough that no account's running balance goes below its cushion.
  for (const [conta, colchao, passo] of [
    [banco, COLCHAO_BANCO, 1000],
    [caixa, COLCHAO_CAIXA, 100],
  ] as const) {
    const [row] = await queryRows<{ minimo: string | null }>(
      tx,
      sql`select min(s) as minimo from (
            select sum(sum(valor)) over (order by data) as s from movimentacoes_financeiras where conta_id = ${conta.id} group by data
          ) t`,
    );
    const minimo = Math.min(0, Number(row?.minimo ?? 0));
    const saldoInicial = Math.max(passo * 5, Math.ceil((colchao - minimo) / passo) * passo);
    await alterarConta(
      tx,
      conta.id,
      contaInputSchema.parse({
        nome: conta.nome,
        tipo: conta.tipo,
        banco: conta.banco ?? (conta.tipo === 'banco' ? 'Banco do Brasil' : undefined),
        agencia: conta.agencia ?? (conta.tipo === 'banco' ? '1234-5' : undefined),
        numeroConta: conta.numeroConta ?? (conta.tipo === 'banco' ? '56789-0' : undefined),
        saldoInicial,
        ativo: true,
      }),
    );
  }
};
