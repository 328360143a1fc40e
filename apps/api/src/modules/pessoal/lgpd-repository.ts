/**
 * What the tenant holds about one customer (LGPD art. 18 II/V, issue #22 item 6): the document of
 * @petshop/shared/lgpd `dadosPessoaisSchema`, read inside one tenant-scoped transaction.
 *
 * A customer is the tenant's, not a unit's, but their sales, appointments and messages live in
 * unit-owned tables, whose row-level security policy (`unitPolicy`) shows only the scope's unit.
 * Instead of reading them as the table owner (which bypasses RLS and would rely on every query's
 * own `tenant_id` filter), `emCadaUnidade` switches the transaction's unit setting to each unit of
 * the tenant in turn (`app.unidade_negocio_id`, transaction-local like the scope itself): RLS
 * stays on, so a forgotten filter still cannot cross tenants; the tenant's units are themselves
 * read under RLS. The scope's own unit is restored afterwards.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DadosPessoais } from '@petshop/shared/lgpd';
import type { Db } from '../../db/client.ts';
import { num, queryRows } from '../../db/rows.ts';
import {
  atendimentoServicos,
  atendimentos,
  auditoriaEventos,
  devolucoes,
  especies,
  formasPagamento,
  pelagens,
  pessoas,
  petTutores,
  pets,
  racas,
  registrosClinicos,
  tenants,
  tiposAtendimento,
  unidadesNegocio,
  vacinas,
  vacinasAplicadas,
  vendaFinanceiros,
  vendaItens,
  vendas,
  whatsappMensagens,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

export type UnidadeDoTenant = { id: string; nome: string };

/**
 * When the person was anonymised (the instant of its `ClienteAnonimizado` event: the audit log,
 * which cannot be edited, is the record of it), or null when they were not. The event's index
 * (tenant, entidade, entidade_id) answers it.
 */
export const findAnonimizacao = async (tx: Db, pessoaId: string): Promise<Date | null> => {
  const [evento] = await tx
    .select({ criadoEm: auditoriaEventos.criadoEm })
    .from(auditoriaEventos)
    .where(
      and(
        eq(auditoriaEventos.entidade, 'pessoa'),
        eq(auditoriaEventos.entidadeId, pessoaId),
        eq(auditoriaEventos.acao, 'ClienteAnonimizado'),
      ),
    )
    .orderBy(asc(auditoriaEventos.criadoEm))
    .limit(1);
  return evento?.criadoEm ?? null;
};

/** Every unit of the scope's tenant (active or not), by name. */
export const listUnidadesDoTenant = (tx: Db): Promise<UnidadeDoTenant[]> =>
  tx
    .select({ id: unidadesNegocio.id, nome: unidadesNegocio.nomeFantasia })
    .from(unidadesNegocio)
    .orderBy(asc(unidadesNegocio.nomeFantasia), asc(unidadesNegocio.id));

/**
 * Runs `fn` once per unit of the tenant with the transaction's unit setting switched to it (see
 * the file's comment), one unit after the other; restores the scope's unit. Answers fn's results.
 */
export const emCadaUnidade = async <T>(tx: Db, fn: (unidade: UnidadeDoTenant) => Promise<T>): Promise<T[]> => {
  const [atual] = await queryRows<{ unidade: string | null }>(
    tx,
    sql`select current_setting('app.unidade_negocio_id', true) as unidade`,
  );
  const unidades = await listUnidadesDoTenant(tx);
  const resultados: T[] = [];
  for (const unidade of unidades) {
    await tx.execute(sql`select set_config('app.unidade_negocio_id', ${unidade.id}, true)`);
    resultados.push(await fn(unidade));
  }
  await tx.execute(sql`select set_config('app.unidade_negocio_id', ${atual?.unidade ?? ''}, true)`);
  return resultados;
};

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

/** The person's row or a 404 (another tenant's id is not visible: 404 too). */
export const getPessoaLgpd = async (tx: Db, pessoaId: string) => {
  const [row] = await tx.select().from(pessoas).where(eq(pessoas.id, pessoaId));
  if (!row) throw notFound('Cliente não encontrado');
  return row;
};

const lerPets = async (tx: Db, pessoaId: string): Promise<DadosPessoais['pets']> => {
  const rows = await tx
    .select({
      id: pets.id,
      nome: pets.nome,
      especie: especies.nome,
      raca: racas.nome,
      pelagem: pelagens.nome,
      sexo: pets.sexo,
      castrado: pets.castrado,
      dataNascimento: pets.dataNascimento,
      microchip: pets.microchip,
      peso: pets.peso,
      dataObito: pets.dataObito,
    })
    .from(petTutores)
    .innerJoin(pets, eq(pets.id, petTutores.petId))
    .leftJoin(especies, eq(especies.id, pets.especieId))
    .leftJoin(racas, eq(racas.id, pets.racaId))
    .leftJoin(pelagens, eq(pelagens.id, pets.pelagemId))
    .where(eq(petTutores.pessoaId, pessoaId))
    .orderBy(asc(pets.nome), asc(pets.id));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  // Clinical tables are tenant-owned: every unit's records are visible in the tenant scope.
  const pesos = await tx
    .select({ petId: registrosClinicos.petId, data: registrosClinicos.data, peso: registrosClinicos.peso })
    .from(registrosClinicos)
    .where(and(inArray(registrosClinicos.petId, ids), isNotNull(registrosClinicos.peso)))
    .orderBy(asc(registrosClinicos.data));
  const doses = await tx
    .select({
      petId: vacinasAplicadas.petId,
      data: vacinasAplicadas.dataAplicacao,
      vacina: vacinas.nome,
      lote: vacinasAplicadas.lote,
      veterinario: vacinasAplicadas.veterinarioNome,
    })
    .from(vacinasAplicadas)
    .innerJoin(vacinas, eq(vacinas.id, vacinasAplicadas.vacinaId))
    .where(inArray(vacinasAplicadas.petId, ids))
    .orderBy(asc(vacinasAplicadas.dataAplicacao));
  return rows.map((r) => ({
    id: r.id,
    nome: r.nome,
    especie: r.especie,
    raca: r.raca,
    pelagem: r.pelagem,
    sexo: r.sexo,
    castrado: r.castrado,
    dataNascimento: r.dataNascimento,
    microchip: r.microchip,
    pesoAtualKg: r.peso === null ? null : num(r.peso),
    dataObito: r.dataObito,
    historicoPeso: pesos
      .filter((p) => p.petId === r.id)
      .map((p) => ({ data: p.data.toISOString().slice(0, 10), pesoKg: num(p.peso) })),
    vacinas: doses
      .filter((d) => d.petId === r.id)
      .map(({ petId: _petId, ...d }) => ({ ...d, veterinario: d.veterinario ?? null })),
  }));
};

/** The person's sales (every kind and status) in the transaction's current unit, with items, payments and returns. */
const lerCompras = async (tx: Db, pessoaId: string, unidade: string): Promise<DadosPessoais['compras']> => {
  const rows = await tx
    .select()
    .from(vendas)
    .where(eq(vendas.clienteId, pessoaId))
    .orderBy(asc(vendas.createdAt), asc(vendas.numero));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const itens = await tx
    .select()
    .from(vendaItens)
    .where(inArray(vendaItens.vendaId, ids))
    .orderBy(asc(vendaItens.vendaId), asc(vendaItens.ordem));
  const pagamentos = await tx
    .select({
      vendaId: vendaFinanceiros.vendaId,
      forma: formasPagamento.nome,
      valor: vendaFinanceiros.valor,
      parcelas: vendaFinanceiros.parcelas,
    })
    .from(vendaFinanceiros)
    .innerJoin(formasPagamento, eq(formasPagamento.id, vendaFinanceiros.formaPagamentoId))
    .where(inArray(vendaFinanceiros.vendaId, ids))
    .orderBy(asc(vendaFinanceiros.createdAt));
  const devs = await tx.select().from(devolucoes).where(inArray(devolucoes.vendaId, ids)).orderBy(asc(devolucoes.createdAt));
  return rows.map((v) => ({
    id: v.id,
    numero: v.numero,
    unidade,
    tipo: v.tipo,
    status: v.status,
    data: v.createdAt.toISOString(),
    dataFinalizacao: iso(v.dataFinalizacao),
    itens: itens
      .filter((i) => i.vendaId === v.id)
      .map((i) => ({
        descricao: i.descricao,
        quantidade: num(i.quantidade),
        unidadeSigla: i.unidadeSigla,
        valorUnitario: num(i.valorUnitario),
        valorDesconto: num(i.valorDesconto),
        valorTotal: num(i.valorTotal),
        quantidadeDevolvida: num(i.quantidadeDevolvida),
      })),
    pagamentos: pagamentos
      .filter((p) => p.vendaId === v.id)
      .map((p) => ({ forma: p.forma, valor: num(p.valor), parcelas: p.parcelas })),
    valorBruto: num(v.valorBruto),
    valorDescontos: num(v.valorDescontos),
    valorEntregaFrete: num(v.valorEntregaFrete),
    valorTotal: num(v.valorLiquido),
    devolucoes: devs
      .filter((d) => d.vendaId === v.id)
      .map((d) => ({ numero: d.numero, data: d.createdAt.toISOString(), valorTotal: num(d.valorTotal), motivo: d.motivo })),
  }));
};

/** The person's appointments in the transaction's current unit. */
const lerAtendimentos = async (tx: Db, pessoaId: string, unidade: string): Promise<DadosPessoais['atendimentos']> => {
  const rows = await tx
    .select({
      id: atendimentos.id,
      inicio: atendimentos.inicio,
      tipo: tiposAtendimento.nome,
      pet: pets.nome,
      status: atendimentos.status,
    })
    .from(atendimentos)
    .leftJoin(tiposAtendimento, eq(tiposAtendimento.id, atendimentos.tipoAtendimentoId))
    .leftJoin(pets, eq(pets.id, atendimentos.petId))
    .where(eq(atendimentos.clienteId, pessoaId))
    .orderBy(asc(atendimentos.inicio));
  const ids = rows.map((r) => r.id);
  const servicos =
    ids.length === 0
      ? []
      : await tx
          .select({ atendimentoId: atendimentoServicos.atendimentoId, descricao: atendimentoServicos.descricao })
          .from(atendimentoServicos)
          .where(inArray(atendimentoServicos.atendimentoId, ids))
          .orderBy(asc(atendimentoServicos.ordem));
  return rows.map((r) => ({
    id: r.id,
    unidade,
    inicio: r.inicio.toISOString(),
    tipo: r.tipo,
    pet: r.pet,
    servicos: servicos.filter((s) => s.atendimentoId === r.id).map((s) => s.descricao),
    status: r.status,
  }));
};

/** WhatsApp messages to the person in the transaction's current unit. */
const lerMensagens = async (tx: Db, pessoaId: string, unidade: string): Promise<DadosPessoais['mensagens']> => {
  const rows = await tx
    .select({
      id: whatsappMensagens.id,
      data: whatsappMensagens.createdAt,
      tipo: whatsappMensagens.tipo,
      status: whatsappMensagens.status,
      telefone: whatsappMensagens.telefone,
      texto: whatsappMensagens.texto,
    })
    .from(whatsappMensagens)
    .where(eq(whatsappMensagens.pessoaId, pessoaId))
    .orderBy(asc(whatsappMensagens.createdAt));
  return rows.map((r) => ({ ...r, unidade, data: r.data.toISOString() }));
};

/**
 * The customer's whole document (see the file's comment): `geradoPor` is the signed-in user's
 * name, `agora` the generation instant. 404 when the person is not the tenant's.
 */
export const getDadosPessoais = async (
  tx: Db,
  pessoaId: string,
  geradoPor: string,
  agora: Date = new Date(),
): Promise<DadosPessoais> => {
  const p = await getPessoaLgpd(tx, pessoaId);
  const [tenant] = await tx.select({ nome: tenants.nome, cnpj: tenants.cnpj }).from(tenants);
  const unidades = await listUnidadesDoTenant(tx);
  const petsDaPessoa = await lerPets(tx, pessoaId);
  const porUnidade = await emCadaUnidade(tx, async (u) => ({
    compras: await lerCompras(tx, pessoaId, u.nome),
    atendimentos: await lerAtendimentos(tx, pessoaId, u.nome),
    mensagens: await lerMensagens(tx, pessoaId, u.nome),
  }));
  const porData = <T>(lista: T[], data: (x: T) => string) => lista.sort((a, b) => data(a).localeCompare(data(b)));
  return {
    cabecalho: {
      controlador: { nome: tenant?.nome ?? '', cnpj: tenant?.cnpj ?? null },
      geradoEm: agora.toISOString(),
      geradoPor,
      observacao:
        'Dados pessoais do titular tratados pelo controlador (Lei 13.709/2018, art. 18, II e V): cadastro, pets, compras em todas as unidades, atendimentos, consentimentos e mensagens.',
    },
    pessoa: {
      id: p.id,
      nome: p.nome,
      cpfCnpj: p.cpfCnpj,
      rg: p.rg,
      dataNascimento: p.dataNascimento,
      sexo: p.sexo,
      email: p.email,
      telefones: p.telefones,
      endereco: {
        cep: p.cep,
        logradouro: p.logradouro,
        numero: p.numero,
        complemento: p.complemento,
        bairro: p.bairro,
        cidade: p.cidade,
        uf: p.uf,
      },
      observacoes: p.observacoes,
      comoConheceu: p.comoConheceu,
      temFoto: p.fotoArquivoId !== null,
      ativo: p.ativo,
      cadastradoEm: p.createdAt.toISOString(),
      unidadeCadastro: unidades.find((u) => u.id === p.unidadeCadastroId)?.nome ?? null,
    },
    consentimentos: {
      marketing: {
        consentido: p.consentimentoMarketing,
        consentidoEm: iso(p.consentimentoMarketingEm),
        descricao: p.consentimentoMarketing
          ? 'Aceita receber mensagens de marketing (aniversário, promoções) pelo WhatsApp.'
          : 'Não aceita (ou retirou o consentimento para) mensagens de marketing; recebe só avisos de atendimentos.',
      },
    },
    pets: petsDaPessoa,
    compras: porData(
      porUnidade.flatMap((u) => u.compras),
      (c) => c.data,
    ),
    atendimentos: porData(
      porUnidade.flatMap((u) => u.atendimentos),
      (a) => a.inicio,
    ),
    mensagens: porData(
      porUnidade.flatMap((u) => u.mensagens),
      (m) => m.data,
    ),
  };
};
