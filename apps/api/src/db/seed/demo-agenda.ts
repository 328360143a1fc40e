/**
 * Demo agenda (issue #17 item 7) of the Pet Shop Demo's two units (Matriz and Filial):
 *
 * - the appointment types (made by the tenant defaults, modules/agenda/defaults.ts; made here
 *   when missing) and two package products ("Pacote 4 banhos", 4 sessions in 60 days; "Pacote
 *   8 banhos", 8 in 120 days) covering Banho;
 * - per unit: "Box 1".."Box 3", "Consultório 1" and "Consultório 2", the agenda settings row
 *   (Mon–Fri 08:00–19:00, Sat 08:00–17:00, 30-minute slots, a groomer takes 3 pets at once), a
 *   groomer and a vet (the demo users of the unit; the Filial gets its own two);
 * - the last DIAS_PASSADOS days (4 weeks; fewer when DEMO_VENDAS_DIAS is smaller): bath and
 *   grooming in the boxes and clinic appointments in the rooms, mostly Finalizado, some
 *   Cancelado and NaoCompareceu; every Finalizado one not covered by a package charged by a
 *   finalised sale of that day (a register opened and closed each day by the unit's receptionist
 *   or manager, everything moved to the appointment's time, as demo-vendas.ts does);
 * - packages sold on past days to customers for a dog, their Banho sessions booked weekly
 *   (pacote_id set, service valor 0), next week's included;
 * - today: about 15 bath-and-grooming pets across Aguardando, Banho, Secagem, Tosa and
 *   Finalizado (activity times spread over the last hours; EmAtendimento and Pronto with their
 *   sale em atendimento, some partly or fully paid; the first ones Finalizado and paid) and a
 *   few clinic appointments;
 * - next week: about 30 appointments per unit, Agendado or Confirmado;
 * - the history (atendimento_historico) of every status and activity change.
 *
 * Days are the unit's calendar days ("today" in its time zone at seed time). Deterministic
 * (seeded PRNG) except the ids and "now". Batch inserts (insertRows); the sales go through
 * the till's own salvarVenda / gravarVenda. Runs in the Matriz scope; each unit's part in a
 * savepoint scoped to that unit (getUnidadeAtual is cached per transaction object).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Atividade, AreaAtendimento, StatusAtendimento } from '@petshop/shared/agenda';
import { ATIVIDADE_IDS } from '@petshop/shared/agenda';
import { fecharCaixaInputSchema } from '@petshop/shared/caixa';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { addDays, calcularVenda, vendaInputSchema } from '@petshop/shared/venda';
import type { Db } from '../client.ts';
import { insertRows } from '../insert-rows.ts';
import { queryRows } from '../rows.ts';
import {
  agendaConfiguracoes,
  atendimentoHistorico,
  atendimentoServicos,
  atendimentos,
  boxes,
  formasPagamento,
  pacotes,
  produtos,
  salas,
  tiposAtendimento,
  unidadesMedida,
  usuarioUnidades,
  usuarios,
} from '../schema/index.ts';
import { aplicarTiposAtendimentoPadrao } from '../../modules/agenda/defaults.ts';
import { abrirCaixa } from '../../modules/comercial/caixas/abrir-caixa.ts';
import { findCaixaAbertoDoUsuario } from '../../modules/comercial/caixas/caixa-ledger.ts';
import { listSomasPorForma } from '../../modules/comercial/caixas/caixas-repository.ts';
import { fecharCaixa } from '../../modules/comercial/caixas/fechar-caixa.ts';
import type { PdvContexto } from '../../modules/comercial/pdv-contexto.ts';
import { gravarVenda } from '../../modules/comercial/vendas/gravar-venda.ts';
import { salvarVenda } from '../../modules/comercial/vendas/salvar-venda.ts';
import { getUnidadeAtual } from '../../modules/unidades-negocio/unidade-atual.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { enterTenantScope } from '../tenant-scope.ts';
import { DEMO_PASSWORD, type DemoIds } from './demo.ts';
import { int, pick, seededRandom, type Random } from './generators.ts';

/** Past days with appointments (4 weeks), fewer when the sales history is shorter (the e2e server). */
export const DEMO_AGENDA_DIAS_PASSADOS = Math.min(28, Number(process.env.DEMO_VENDAS_DIAS ?? 60));

/** The package products of the demo: name, sessions, validity in days, price. */
export const DEMO_PACOTES = [
  { nome: 'Pacote 4 banhos', sessoes: 4, validadeDias: 60, preco: 200 },
  { nome: 'Pacote 8 banhos', sessoes: 8, validadeDias: 120, preco: 380 },
] as const;

const BOXES = ['Box 1', 'Box 2', 'Box 3'];
const SALAS = ['Consultório 1', 'Consultório 2'];
const ABRE = 8 * 60;
const FECHA = 19 * 60;

/** The Filial's own groomer and vet (the Matriz's are demo.ts's users). */
export const DEMO_PROFISSIONAIS_FILIAL = [
  { nome: 'Gabriela Nunes', email: 'banhista.filial@demo.com.br', perfilId: 'banhista' },
  { nome: 'Dra. Marina Teixeira', email: 'veterinario.filial@demo.com.br', perfilId: 'veterinario' },
] as const;

type Tipo = { id: string; nome: string; area: AreaAtendimento; duracao: number; produtoId: string | null };
type Servico = { id: string; nome: string; preco: number };
type PetDemo = { petId: string; clienteId: string; gato: boolean; porte: string | null };
type Pacote = { id: string; petId: string; restantes: number; validoAte: string };
type Unidade = { id: string; timeZone: string; hoje: string };

/** One appointment as planned here, before its rows. */
type Plano = {
  id: string;
  pet: PetDemo;
  tipo: Tipo;
  inicio: Date;
  fim: Date;
  responsavelId: string;
  boxId: string | null;
  salaId: string | null;
  status: StatusAtendimento;
  atividade: Atividade;
  atividadeDesde: Date;
  confirmado: boolean;
  servicos: { produtoId: string; descricao: string; valor: number }[];
  pacoteId: string | null;
  vendaId: string | null;
  criadoEm: Date;
};

/** Minutes the zone is ahead of UTC at `at`. */
const offsetMinutos = (timeZone: string, at: Date): number => {
  const partes = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (tipo: string) => Number(partes.find((p) => p.type === tipo)!.value);
  return (Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - at.getTime()) / 60_000;
};

/** The instant of `minutos` after midnight of the local day `dia` ('yyyy-MM-dd') in `timeZone`. */
export const instanteLocal = (dia: string, minutos: number, timeZone: string): Date => {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const palpite = Date.UTC(a, m - 1, d, 0, minutos);
  return new Date(palpite - offsetMinutos(timeZone, new Date(palpite)) * 60_000);
};

const minutos = (n: number) => n * 60_000;
const diaDaSemana = (dia: string) => new Date(`${dia}T12:00:00Z`).getUTCDay();

/**
 * The status and activity changes that led to the plan's state: the activity steps up to its
 * current one, the last at `atividadeDesde` and each earlier one 20 minutes before; check-in
 * (EmAtendimento) just before the first; Pronto when the activity finished; Finalizado after.
 */
const trilha = (p: Plano, recepcaoId: string) => {
  const linhas: { campo: string; de: string | null; para: string; em: Date; usuarioId: string }[] = [];
  const status = (de: string, para: string, em: Date) => linhas.push({ campo: 'status', de, para, em, usuarioId: recepcaoId });
  const antes = p.confirmado ? 'Confirmado' : 'Agendado';
  if (p.confirmado) status('Agendado', 'Confirmado', new Date(p.criadoEm.getTime() + minutos(60)));
  if (p.status === 'Cancelado') status(antes, 'Cancelado', new Date(p.inicio.getTime() - minutos(20 * 60)));
  if (p.status === 'NaoCompareceu') status(antes, 'NaoCompareceu', new Date(p.inicio.getTime() + minutos(30)));
  if (!['EmAtendimento', 'Pronto', 'Finalizado'].includes(p.status)) return linhas;
  const passos = p.tipo.area === 'BanhoTosa' ? ATIVIDADE_IDS.indexOf(p.atividade) : 0;
  const primeiro = new Date(p.atividadeDesde.getTime() - minutos(20 * Math.max(passos - 1, 0)));
  status(antes, 'EmAtendimento', passos > 0 ? new Date(primeiro.getTime() - minutos(5)) : p.inicio);
  for (let i = 1; i <= passos; i++)
    linhas.push({
      campo: 'atividade',
      de: ATIVIDADE_IDS[i - 1]!,
      para: ATIVIDADE_IDS[i]!,
      em: new Date(primeiro.getTime() + minutos(20 * (i - 1))),
      usuarioId: p.responsavelId,
    });
  if (p.status === 'Pronto' || (p.status === 'Finalizado' && p.tipo.area === 'BanhoTosa'))
    status('EmAtendimento', 'Pronto', p.atividadeDesde);
  if (p.status === 'Finalizado')
    status(
      p.tipo.area === 'BanhoTosa' ? 'Pronto' : 'EmAtendimento',
      'Finalizado',
      new Date(p.atividadeDesde.getTime() + minutos(20)),
    );
  return linhas;
};

/** The catalogue service for a type and pet (by size; cats have their own), else the type's product. */
const servicoPara = (tipo: Tipo, pet: PetDemo, servicos: Map<string, Servico>, padrao: Map<string, Servico>) => {
  const p = { mini: 'P', pequeno: 'P', medio: 'M', grande: 'G', gigante: 'GG' }[pet.porte ?? ''] ?? 'M';
  const nomes: Record<string, string> = pet.gato
    ? { Banho: 'Banho Gato', 'Tosa higiênica': 'Tosa Gato', 'Tosa completa': 'Tosa Gato', Vacinação: 'Vacina V4 Felina' }
    : {
        Banho: `Banho ${p}`,
        'Tosa higiênica': `Banho e Tosa Higiênica ${p}`,
        'Tosa completa': `Tosa na Tesoura ${p}`,
        Hidratação: `Hidratação ${p}`,
        Vacinação: 'Vacina V10',
      };
  Object.assign(nomes, { Consulta: 'Consulta Veterinária', Retorno: 'Consulta de Retorno' });
  return servicos.get(nomes[tipo.nome] ?? '') ?? padrao.get(tipo.id) ?? null;
};

/** The demo agenda; see the file's comment. */
export const seedDemoAgenda = async (tx: Db, ids: DemoIds): Promise<void> => {
  const rnd = seededRandom(1717);
  const agora = new Date();

  let tipos: Tipo[] = await listTipos(tx);
  if (tipos.length === 0) {
    await aplicarTiposAtendimentoPadrao(tx);
    tipos = await listTipos(tx);
  }
  const tipo = (nome: string) => tipos.find((t) => t.nome === nome)!;
  const banho = tipo('Banho');

  const servicoRows = await tx
    .select({ id: produtos.id, nome: produtos.nome, preco: produtos.precoVenda })
    .from(produtos)
    .where(and(eq(produtos.tipo, 'servico'), eq(produtos.ativo, true)))
    .orderBy(asc(produtos.createdAt));
  const servicos = new Map<string, Servico>();
  for (const s of servicoRows) if (!servicos.has(s.nome)) servicos.set(s.nome, { ...s, preco: Number(s.preco) });
  const padrao = new Map<string, Servico>();
  for (const t of tipos) {
    const s = servicoRows.find((x) => x.id === t.produtoId);
    if (s) padrao.set(t.id, { ...s, preco: Number(s.preco) });
  }
  const extras = ['Corte de Unhas', 'Limpeza de Ouvidos', 'Escovação Dental'].flatMap((n) => servicos.get(n) ?? []);

  // The package products.
  const [un] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN'));
  const produtosPacote = await tx
    .insert(produtos)
    .values(
      DEMO_PACOTES.map((p) => ({
        tipo: 'servico',
        nome: p.nome,
        unidadeMedidaId: un!.id,
        precoVenda: p.preco.toFixed(2),
        controlaEstoque: false,
        pacoteSessoes: p.sessoes,
        pacoteValidadeDias: p.validadeDias,
        pacoteTipoAtendimentoId: banho.id,
      })),
    )
    .returning({ id: produtos.id, nome: produtos.nome });

  const pets = await queryRows<{ pet_id: string; cliente_id: string; especie: string; porte: string | null }>(
    tx,
    sql`select distinct on (p.id) p.id as pet_id, t.pessoa_id as cliente_id, e.nome as especie, p.porte
          from pets p
          join pet_tutores t on t.pet_id = p.id
          join pessoas c on c.id = t.pessoa_id and c.ativo
          join especies e on e.id = p.especie_id
         where p.ativo and p.data_obito is null and e.nome in ('Canina', 'Felina')
         order by p.id, t.pessoa_id`,
  );
  if (pets.length === 0) return;
  pets.sort((a, b) => a.pet_id.localeCompare(b.pet_id));
  const petsDemo: PetDemo[] = pets.map((p) => ({
    petId: p.pet_id,
    clienteId: p.cliente_id,
    gato: p.especie === 'Felina',
    porte: p.porte,
  }));
  const caes = petsDemo.filter((p) => !p.gato);

  const formas = new Map<TipoFormaPagamento, string>();
  for (const f of await tx
    .select()
    .from(formasPagamento)
    .where(eq(formasPagamento.ativo, true))
    .orderBy(asc(formasPagamento.createdAt)))
    if (!formas.has(f.tipo as TipoFormaPagamento)) formas.set(f.tipo as TipoFormaPagamento, f.id);

  const email = async (e: string) =>
    (await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, e)))[0]?.id ?? ids.petShop.usuarioId;
  const senhaHash = await hashPassword(DEMO_PASSWORD);
  const profissionaisFilial: string[] = [];
  for (const p of DEMO_PROFISSIONAIS_FILIAL) {
    const [u] = await tx.insert(usuarios).values({ nome: p.nome, email: p.email, senhaHash }).returning({ id: usuarios.id });
    await tx.insert(usuarioUnidades).values({ usuarioId: u!.id, unidadeNegocioId: ids.petShop.filialId, perfilId: p.perfilId });
    profissionaisFilial.push(u!.id);
  }

  const unidades = [
    {
      unidadeNegocioId: ids.petShop.unidadeNegocioId,
      banhistaId: await email('banhista@demo.com.br'),
      veterinarioId: await email('veterinario@demo.com.br'),
      operadorId: await email('recepcao@demo.com.br'),
      // Different customers in each unit, mostly.
      pets: petsDemo.filter((_, i) => i % 2 === 0),
    },
    {
      unidadeNegocioId: ids.petShop.filialId,
      banhistaId: profissionaisFilial[0]!,
      veterinarioId: profissionaisFilial[1]!,
      operadorId: await email('gerente@demo.com.br'),
      pets: petsDemo.filter((_, i) => i % 2 === 1),
    },
  ];
  for (const u of unidades) {
    await tx.transaction(async (utx) => {
      await enterTenantScope(utx, { tenantId: ids.petShop.tenantId, unidadeNegocioId: u.unidadeNegocioId });
      const unidade = await getUnidadeAtual(utx);
      await seedUnidade(utx, {
        rnd,
        agora,
        unidade: { id: unidade.id, timeZone: unidade.timeZone, hoje: unidade.hoje },
        tipos,
        tipo,
        servicos,
        padrao,
        extras,
        produtosPacote,
        formas,
        caes: caes.filter((c) => u.pets.includes(c)),
        pets: u.pets,
        banhistaId: u.banhistaId,
        veterinarioId: u.veterinarioId,
        operadorId: u.operadorId,
      });
    });
  }
  await enterTenantScope(tx, { tenantId: ids.petShop.tenantId, unidadeNegocioId: ids.petShop.unidadeNegocioId });
};

const listTipos = async (tx: Db): Promise<Tipo[]> =>
  (
    await tx
      .select({
        id: tiposAtendimento.id,
        nome: tiposAtendimento.nome,
        area: tiposAtendimento.area,
        duracao: tiposAtendimento.duracaoMinutos,
        produtoId: tiposAtendimento.produtoId,
      })
      .from(tiposAtendimento)
      .orderBy(asc(tiposAtendimento.createdAt))
  ).map((t) => ({ ...t, area: t.area as AreaAtendimento }));

type Contexto = {
  rnd: Random;
  agora: Date;
  unidade: Unidade;
  tipos: Tipo[];
  tipo: (nome: string) => Tipo;
  servicos: Map<string, Servico>;
  padrao: Map<string, Servico>;
  extras: Servico[];
  produtosPacote: { id: string; nome: string }[];
  formas: Map<TipoFormaPagamento, string>;
  caes: PetDemo[];
  pets: PetDemo[];
  banhistaId: string;
  veterinarioId: string;
  operadorId: string;
};

/** One unit's rooms, boxes, settings and appointments (see the file's comment). */
const seedUnidade = async (tx: Db, c: Contexto): Promise<void> => {
  const { rnd, agora, unidade } = c;
  const tz = unidade.timeZone;
  const boxIds = (
    await insertRows<typeof boxes, { id: string }>(
      tx,
      boxes,
      BOXES.map((nome) => ({ nome })),
      { returning: { id: boxes.id } },
    )
  ).map((b) => b.id);
  const salaIds = (
    await insertRows<typeof salas, { id: string }>(
      tx,
      salas,
      SALAS.map((nome) => ({ nome })),
      { returning: { id: salas.id } },
    )
  ).map((s) => s.id);
  await tx.insert(agendaConfiguracoes).values({
    horarios: Array.from({ length: 7 }, (_, diaSemana) => ({
      diaSemana,
      aberto: diaSemana !== 0,
      abre: '08:00',
      fecha: diaSemana === 6 ? '17:00' : '19:00',
    })),
    intervaloMinutos: 30,
    petsPorProfissional: 3,
    petsPorBox: 1,
  });

  const banhoTosa = c.tipos.filter((t) => t.area === 'BanhoTosa');
  const clinica = c.tipos.filter((t) => t.area === 'Clinica');
  const banho = c.tipo('Banho');
  const ctxPdv: PdvContexto = { usuarioId: c.operadorId, pode: () => true };
  const planos: Plano[] = [];
  const pacotesVendidos: Pacote[] = [];

  /** A plan for `pet` of `tipo` at `inicio` (its own duration), priced by its services or a package. */
  const planejar = (
    pet: PetDemo,
    t: Tipo,
    inicio: Date,
    recurso: { boxId?: string; salaId?: string },
    status: StatusAtendimento,
    atividade: Atividade,
    atividadeDesde: Date,
  ): Plano => {
    const dia = inicio.toISOString().slice(0, 10);
    const fim = new Date(inicio.getTime() + minutos(t.duracao));
    const consome = t.id === banho.id && !['Cancelado', 'NaoCompareceu'].includes(status);
    const pacote = consome
      ? pacotesVendidos.find((p) => p.petId === pet.petId && p.restantes > 0 && p.validoAte >= dia)
      : undefined;
    if (pacote) pacote.restantes--;
    const principal = servicoPara(t, pet, c.servicos, c.padrao);
    const servicos = principal
      ? [{ produtoId: principal.id, descricao: principal.nome, valor: pacote ? 0 : principal.preco }]
      : [];
    if (t.area === 'BanhoTosa' && c.extras.length > 0 && rnd() < 0.2) {
      const extra = pick(rnd, c.extras);
      servicos.push({ produtoId: extra.id, descricao: extra.nome, valor: extra.preco });
    }
    const plano: Plano = {
      id: randomUUID(),
      pet,
      tipo: t,
      inicio,
      fim,
      responsavelId: t.area === 'BanhoTosa' ? c.banhistaId : c.veterinarioId,
      boxId: recurso.boxId ?? null,
      salaId: recurso.salaId ?? null,
      status,
      atividade,
      atividadeDesde,
      confirmado: status !== 'Agendado' && rnd() < 0.6,
      servicos,
      pacoteId: pacote?.id ?? null,
      vendaId: null,
      criadoEm: new Date(Math.min(inicio.getTime() - minutos(int(rnd, 2, 10) * 24 * 60), agora.getTime() - minutos(60))),
    };
    planos.push(plano);
    return plano;
  };

  /** The day's bath-and-grooming and clinic appointments, packed into boxes and the vet's time. */
  const agendarDia = (
    dia: string,
    quantos: { banhoTosa: number; clinica: number },
    estado: (t: Tipo) => StatusAtendimento,
    fixos: PetDemo[] = [],
  ) => {
    const fecha = diaDaSemana(dia) === 6 ? 17 * 60 : FECHA;
    const cursores = boxIds.map(() => ABRE + 30 * int(rnd, 0, 2));
    const dias: Plano[] = [];
    const petsDoDia = [...fixos.map((pet) => ({ pet, t: banho })), ...Array.from({ length: quantos.banhoTosa }, () => null)];
    for (const item of petsDoDia) {
      const t = item?.t ?? pick(rnd, banhoTosa);
      const pet = item?.pet ?? (rnd() < 0.85 ? pick(rnd, c.caes) : pick(rnd, c.pets));
      const b = cursores.indexOf(Math.min(...cursores));
      const inicioMin = cursores[b]!;
      if (inicioMin + t.duracao > fecha) continue;
      cursores[b] = Math.ceil((inicioMin + t.duracao) / 30) * 30 + (rnd() < 0.3 ? 30 : 0);
      const inicio = instanteLocal(dia, inicioMin, tz);
      const status = estado(t);
      const fim = new Date(inicio.getTime() + minutos(t.duracao));
      dias.push(
        planejar(
          pet,
          t,
          inicio,
          { boxId: boxIds[b]! },
          status,
          status === 'Finalizado' ? 'Finalizado' : 'Aguardando',
          status === 'Finalizado' ? fim : inicio,
        ),
      );
    }
    let vet = 9 * 60;
    for (let n = 0; n < quantos.clinica; n++) {
      const t = pick(rnd, clinica);
      vet += 30 * int(rnd, 0, 3);
      if (vet + t.duracao > fecha) break;
      const inicio = instanteLocal(dia, vet, tz);
      const fim = new Date(inicio.getTime() + minutos(t.duracao));
      const status = estado(t);
      dias.push(
        planejar(
          pick(rnd, c.pets),
          t,
          inicio,
          { salaId: salaIds[n % salaIds.length]! },
          status,
          status === 'Finalizado' ? 'Finalizado' : 'Aguardando',
          status === 'Finalizado' ? fim : inicio,
        ),
      );
      vet = Math.ceil((vet + t.duracao) / 30) * 30;
    }
    return dias;
  };

  const itensDe = (p: Plano) =>
    p.servicos.filter((s) => s.valor > 0).map((s) => ({ id: randomUUID(), produtoId: s.produtoId, quantidade: 1 }));
  const totalDe = (itens: ReturnType<typeof itensDe>) =>
    calcularVenda({
      itens: itens.map((i) => ({
        ...i,
        valorUnitario: [...c.servicos.values()].find((s) => s.id === i.produtoId)?.preco ?? 0,
      })),
      desconto: 0,
      tipoDesconto: 'Percentual',
    }).valorLiquido;
  const pagamento = (tipo: TipoFormaPagamento, valor: number, parcelas = 1) => ({
    chave: randomUUID(),
    formaPagamentoId: c.formas.get(tipo)!,
    valorRecebido: Math.round(valor * 100) / 100,
    parcelas,
  });

  // Packages: sold on past days to a few dogs' owners, their baths booked weekly from the next day.
  const vendasPacote = new Map<number, { pet: PetDemo; produto: { id: string; nome: string } }[]>();
  const agendaPacotes = new Map<number, PetDemo[]>();
  const maisAntigo = Math.min(DEMO_AGENDA_DIAS_PASSADOS, 24);
  for (let n = 0; n < 5; n++) {
    let diasAtras = maisAntigo - n * Math.max(1, Math.floor(maisAntigo / 6));
    // Sold on a working day (closed on Sundays), and on a past one.
    if (diaDaSemana(addDays(unidade.hoje, -diasAtras)) === 0) diasAtras -= 1;
    if (diasAtras < 1) break;
    const pet = c.caes[(n * 7 + 3) % c.caes.length]!;
    const produto = c.produtosPacote[n === 4 ? 1 : 0]!;
    vendasPacote.set(diasAtras, [...(vendasPacote.get(diasAtras) ?? []), { pet, produto }]);
    const sessoes = produto.nome.includes('8') ? 8 : 4;
    for (let k = 0, d = -diasAtras + 1; k < sessoes && d <= 7; k++, d += 7) {
      const dia = d === 0 ? 1 : d;
      agendaPacotes.set(dia, [...(agendaPacotes.get(dia) ?? []), pet]);
    }
  }

  // ---- Past days: a register per day, every Finalizado appointment not covered charged and paid.
  for (let diasAtras = DEMO_AGENDA_DIAS_PASSADOS; diasAtras >= 1; diasAtras--) {
    const dia = addDays(unidade.hoje, -diasAtras);
    if (diaDaSemana(dia) === 0) continue;
    const vendidos = vendasPacote.get(diasAtras) ?? [];
    const fixos = agendaPacotes.get(-diasAtras) ?? [];
    // Packages are sold before the day's appointments are planned, so that theirs consume them.
    const caixaId = await abrirCaixa(tx, c.operadorId, { valorAbertura: 150 });
    const vendasDoDia: { id: string; em: Date }[] = [];
    for (const [i, v] of vendidos.entries()) {
      const item = { id: randomUUID(), produtoId: v.produto.id, quantidade: 1 };
      const preco = DEMO_PACOTES.find((p) => p.nome === v.produto.nome)!.preco;
      const vendaId = await salvarVenda(
        tx,
        vendaInputSchema.parse({
          id: randomUUID(),
          tipo: 'Venda',
          caixaId,
          clienteId: v.pet.clienteId,
          petId: v.pet.petId,
          itens: [item],
          financeiros: [pagamento(i % 2 === 0 ? 'cartao_credito' : 'cartao_debito', preco, i % 2 === 0 ? 2 : 1)],
        }),
        ctxPdv,
      );
      const em = instanteLocal(dia, 8 * 60 + 40 + 10 * i, tz);
      vendasDoDia.push({ id: vendaId, em });
      const validade = DEMO_PACOTES.find((p) => p.nome === v.produto.nome)!;
      const validoAte = addDays(dia, validade.validadeDias);
      // The sale may already have made it (the till's package rule); else made here as it would.
      let [pacote] = await tx.select({ id: pacotes.id }).from(pacotes).where(eq(pacotes.vendaId, vendaId));
      if (!pacote)
        [pacote] = await tx
          .insert(pacotes)
          .values({
            clienteId: v.pet.clienteId,
            petId: v.pet.petId,
            produtoId: v.produto.id,
            tipoAtendimentoId: banho.id,
            nome: v.produto.nome,
            vendaId,
            vendaItemId: item.id,
            sessoesTotal: validade.sessoes,
            validoAte,
          })
          .returning({ id: pacotes.id });
      await tx.update(pacotes).set({ validoAte, createdAt: em, updatedAt: em }).where(eq(pacotes.id, pacote!.id));
      pacotesVendidos.push({ id: pacote!.id, petId: v.pet.petId, restantes: validade.sessoes, validoAte });
    }

    const sorteio = () => {
      const r = rnd();
      return r < 0.08 ? 'Cancelado' : r < 0.14 ? 'NaoCompareceu' : 'Finalizado';
    };
    const doDia = agendarDia(dia, { banhoTosa: int(rnd, 6, 9), clinica: int(rnd, 2, 4) }, sorteio, fixos);
    for (const p of doDia) {
      if (p.status !== 'Finalizado') continue;
      const itens = itensDe(p);
      if (itens.length === 0) continue;
      const total = totalDe(itens);
      const r = rnd();
      const financeiros =
        r < 0.4
          ? [pagamento('dinheiro', Math.ceil(total / 10) * 10)]
          : r < 0.75
            ? [pagamento('cartao_debito', total)]
            : [pagamento('cartao_credito', total, total > 150 ? 2 : 1)];
      p.vendaId = await salvarVenda(
        tx,
        vendaInputSchema.parse({
          id: randomUUID(),
          tipo: 'Venda',
          caixaId,
          clienteId: p.pet.clienteId,
          petId: p.pet.petId,
          itens,
          financeiros,
        }),
        ctxPdv,
      );
      vendasDoDia.push({ id: p.vendaId, em: new Date(p.atividadeDesde.getTime() + minutos(20)) });
    }
    const esperado = await listSomasPorForma(tx, caixaId);
    await fecharCaixa(
      tx,
      { usuarioId: c.operadorId, podeOperarDeOutros: true },
      caixaId,
      fecharCaixaInputSchema.parse({
        contagens: esperado.map((e) => ({ formaPagamentoId: e.formaPagamentoId, valorContado: (e.entradas - e.saidas) / 100 })),
      }),
    );
    await moverVendasDoDia(tx, {
      caixaId,
      diasAtras,
      vendas: vendasDoDia,
      abertura: instanteLocal(dia, 7 * 60 + 50, tz),
      fechamento: instanteLocal(dia, FECHA + 15, tz),
    });
  }

  // ---- Today: the board busy, a few clinic appointments; today's register stays open.
  const caixaHoje =
    (await findCaixaAbertoDoUsuario(tx, c.operadorId))?.id ?? (await abrirCaixa(tx, c.operadorId, { valorAbertura: 150 }));
  const hoje = agendarDia(unidade.hoje, { banhoTosa: 15, clinica: 4 }, () => 'Agendado');
  const bt = hoje.filter((p) => p.tipo.area === 'BanhoTosa').sort((a, b) => a.inicio.getTime() - b.inicio.getTime());
  const estados: [StatusAtendimento, Atividade, number][] = [
    // status, activity, minutes since the activity started
    ['Finalizado', 'Finalizado', 240],
    ['Finalizado', 'Finalizado', 200],
    ['Pronto', 'Finalizado', 75],
    ['Pronto', 'Finalizado', 40],
    ['EmAtendimento', 'Tosa', 55],
    ['EmAtendimento', 'Tosa', 30],
    ['EmAtendimento', 'Tosa', 12],
    ['EmAtendimento', 'Secagem', 35],
    ['EmAtendimento', 'Secagem', 15],
    ['EmAtendimento', 'Banho', 25],
    ['EmAtendimento', 'Banho', 18],
    ['EmAtendimento', 'Banho', 6],
    ['Confirmado', 'Aguardando', 0],
    ['Confirmado', 'Aguardando', 0],
    ['Agendado', 'Aguardando', 0],
  ];
  for (const [i, p] of bt.entries()) {
    const [status, atividade, ha] = estados[Math.min(i, estados.length - 1)]!;
    p.status = status;
    p.atividade = atividade;
    p.confirmado = status !== 'Agendado';
    p.atividadeDesde = atividade === 'Aguardando' ? p.criadoEm : new Date(agora.getTime() - minutos(ha));
  }
  const clinicaHoje = hoje.filter((p) => p.tipo.area === 'Clinica');
  for (const [i, p] of clinicaHoje.entries()) {
    p.status = i === 0 ? 'Finalizado' : i === 1 ? 'EmAtendimento' : 'Confirmado';
    p.confirmado = true;
    p.atividade = i === 0 ? 'Finalizado' : 'Aguardando';
    p.atividadeDesde =
      i === 0 ? new Date(agora.getTime() - minutos(90)) : i === 1 ? new Date(agora.getTime() - minutos(10)) : p.criadoEm;
  }
  for (const [i, p] of [...bt, ...clinicaHoje].entries()) {
    if (!['EmAtendimento', 'Pronto', 'Finalizado'].includes(p.status)) continue;
    const itens = itensDe(p);
    if (itens.length === 0) continue;
    const total = totalDe(itens);
    const input = {
      id: randomUUID(),
      tipo: 'Venda' as const,
      caixaId: caixaHoje,
      clienteId: p.pet.clienteId,
      petId: p.pet.petId,
      itens,
    };
    if (p.status === 'Finalizado') {
      p.vendaId = await salvarVenda(
        tx,
        vendaInputSchema.parse({ ...input, financeiros: [pagamento('cartao_debito', total)] }),
        ctxPdv,
      );
    } else {
      // The sale em atendimento opened at check-in: paid in full (i odd among the ready), in part, or not yet.
      const pago =
        p.status === 'Pronto' ? (i % 2 === 0 ? total : Math.floor(total / 2)) : i % 3 === 0 ? Math.floor(total / 2) : 0;
      const { venda } = await gravarVenda(
        tx,
        vendaInputSchema.parse({ ...input, financeiros: pago > 0 ? [pagamento('dinheiro', pago)] : [] }),
        ctxPdv,
      );
      p.vendaId = venda.id;
    }
  }

  // ---- Next week: about 30 appointments, Agendado or Confirmado; package baths among them.
  for (let d = 1; d <= 7; d++) {
    const dia = addDays(unidade.hoje, d);
    if (diaDaSemana(dia) === 0) continue;
    agendarDia(dia, { banhoTosa: int(rnd, 3, 4), clinica: int(rnd, 1, 2) }, () => 'Agendado', agendaPacotes.get(d) ?? []);
  }
  for (const p of planos) if (p.inicio > agora && p.status === 'Agendado' && rnd() < 0.35) p.confirmado = true;
  for (const p of planos) if (p.status === 'Agendado' && p.confirmado) p.status = 'Confirmado';

  // ---- The rows, in batches.
  const lote = <T>(linhas: T[], tamanho = 500) =>
    Array.from({ length: Math.ceil(linhas.length / tamanho) }, (_, i) => linhas.slice(i * tamanho, (i + 1) * tamanho));
  for (const parte of lote(planos))
    await insertRows(
      tx,
      atendimentos,
      parte.map((p) => ({
        id: p.id,
        petId: p.pet.petId,
        clienteId: p.pet.clienteId,
        tipoAtendimentoId: p.tipo.id,
        inicio: p.inicio,
        fim: p.fim,
        responsavelId: p.responsavelId,
        salaId: p.salaId,
        boxId: p.boxId,
        status: p.status,
        atividade: p.atividade,
        atividadeDesde: p.atividadeDesde,
        vendaId: p.vendaId,
        pacoteId: p.pacoteId,
        motivoCancelamento: p.status === 'Cancelado' ? 'Cliente remarcou' : null,
        criadoPorId: c.operadorId,
        createdAt: p.criadoEm,
        updatedAt: p.atividadeDesde > p.criadoEm ? p.atividadeDesde : p.criadoEm,
      })),
    );
  for (const parte of lote(
    planos.flatMap((p) => p.servicos.map((s, ordem) => ({ atendimentoId: p.id, ordem, ...s, valor: s.valor.toFixed(2) }))),
  ))
    await insertRows(tx, atendimentoServicos, parte);
  for (const parte of lote(planos.flatMap((p) => trilha(p, c.operadorId).map((h) => ({ atendimentoId: p.id, ...h })))))
    await insertRows(tx, atendimentoHistorico, parte);
  // Sessions used: the appointments holding one (the till's rule may have counted none).
  const usados = pacotesVendidos.map((p) => p.id);
  if (usados.length > 0)
    await tx.execute(sql`update pacotes p set sessoes_usadas = (select count(*)::int from atendimentos a
        where a.pacote_id = p.id and a.status not in ('Cancelado', 'NaoCompareceu'))
      where p.id in (${sql.join(
        usados.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
};

/**
 * Moves one past day's register and sales (stamped "now" by the till's use cases) to that day:
 * each sale to its instant `em`, its payments and receivables with it (due dates moved back
 * `diasAtras` days), the register opened at `abertura` and closed at `fechamento`.
 */
const moverVendasDoDia = async (
  tx: Db,
  dia: { caixaId: string; diasAtras: number; vendas: { id: string; em: Date }[]; abertura: Date; fechamento: Date },
): Promise<void> => {
  if (dia.vendas.length > 0) {
    const ids = dia.vendas.map((v) => v.id).join(',');
    const ems = dia.vendas.map((v) => v.em.toISOString()).join(',');
    await tx.execute(sql`update vendas v set created_at = x.em, updated_at = x.em + interval '3 minutes',
        data_finalizacao = case when v.data_finalizacao is null then null else x.em + interval '3 minutes' end,
        snapshot = null, snapshot_em = null
      from (select unnest(string_to_array(${ids}, ',')::uuid[]) as id, unnest(string_to_array(${ems}, ',')::timestamptz[]) as em) x
      where v.id = x.id`);
    await tx.execute(sql`update venda_financeiros f set created_at = v.created_at + interval '2 minutes',
        efetivado_em = case when f.efetivado_em is null then null else coalesce(v.data_finalizacao, v.created_at) end
      from vendas v where v.id = f.venda_id and v.id = any(string_to_array(${ids}, ',')::uuid[])`);
    await tx.execute(sql`update receitas r set
        data_emissao = r.data_emissao - ${dia.diasAtras}::int, data_vencimento = r.data_vencimento - ${dia.diasAtras}::int,
        created_at = coalesce(v.data_finalizacao, v.created_at), updated_at = coalesce(v.data_finalizacao, v.created_at)
      from vendas v where v.id = r.venda_id and v.id = any(string_to_array(${ids}, ',')::uuid[])`);
  }
  await tx.execute(sql`update movimentacoes_caixa m set created_at = coalesce(
        (select coalesce(v.data_finalizacao, v.created_at) from vendas v where v.id = m.venda_id),
        case m.tipo when 'abertura' then ${dia.abertura.toISOString()}::timestamptz else ${dia.fechamento.toISOString()}::timestamptz end)
      where m.caixa_id = ${dia.caixaId}`);
  await tx.execute(sql`update caixas set data_abertura = ${dia.abertura.toISOString()}::timestamptz,
        created_at = ${dia.abertura.toISOString()}::timestamptz,
        data_fechamento = ${dia.fechamento.toISOString()}::timestamptz, updated_at = ${dia.fechamento.toISOString()}::timestamptz
      where id = ${dia.caixaId}`);
};
