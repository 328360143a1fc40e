/**
 * The WhatsApp scheduler (issue #21 item 4), run with an explicit `agora`: reminders N hours
 * before an appointment (not before the window, not once started, not for cancelled ones,
 * deceased pets nor one booked inside the window), birthdays at the template's hour and not before (consent and phone required;
 * inactive customers left out; with two units each customer greeted by one), vaccine doses due
 * within N days at the hour, and running twice (or two runs at once) queuing nothing twice.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pessoas, petTutores, pets, planejamentosVacina, vacinas } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { diasDeAniversario } from '../src/modules/whatsapp/aniversarios.ts';
import { executarAgendadorWhatsapp } from '../src/modules/whatsapp/agendador-whatsapp.ts';
import { agendarOk, banho, mudarStatus, novaAgenda, type Agenda } from './agenda-atendimentos-fixtures.ts';
import { newTenant, novaUnidade, useTestApp, type TenantFixture } from './helper.ts';
import { ligarModelos, mensagensDaUnidade, type Escopo } from './whatsapp-gatilhos-fixtures.ts';

const ctx = useTestApp();

const escopoDe = (t: TenantFixture): Escopo => ({ tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId });
const rodar = (t: TenantFixture, agora: Date) => executarAgendadorWhatsapp(ctx.database.db, agora, { tenantIds: [t.tenantId] });

/** A day in São Paulo (UTC−3, the units' default zone) and an instant of it at local `hora`. */
const DIA = '2026-03-10';
const as = (hora: string, dia = DIA) => new Date(`${dia}T${hora}:00-03:00`);

/** The appointment's start instant. */
const inicioDe = (a: Agenda, id: string): Promise<Date> =>
  withTenant(ctx.database.db, escopoDe(a.t), async (tx) => {
    const r = (await tx.execute(sql`select inicio from atendimentos where id = ${id}`)) as unknown as {
      rows: { inicio: string | Date }[];
    };
    return new Date(r.rows[0]!.inicio);
  });

type NovaPessoa = { nome: string; nascimento?: string; consentimento?: boolean; celular?: string | null; ativo?: boolean };
/** A customer written in `escopo` (a unit, or the tenant only: no registration unit). */
const inserirPessoa = (escopo: { tenantId: string; unidadeNegocioId?: string }, p: NovaPessoa): Promise<string> =>
  withTenant(ctx.database.db, escopo, async (tx) => {
    const [row] = await tx
      .insert(pessoas)
      .values({
        nome: p.nome,
        dataNascimento: p.nascimento ?? null,
        consentimentoMarketing: p.consentimento ?? true,
        ativo: p.ativo ?? true,
        telefones: p.celular === null ? [] : [{ numero: p.celular ?? '11999990000', tipo: 'celular', whatsapp: true }],
      })
      .returning({ id: pessoas.id });
    return row!.id;
  });

describe('lembretes', () => {
  it('na janela de N horas antes, uma vez; nem antes, nem depois de começar, nem cancelado, nem pet falecido', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a.t);
    await ligarModelos(ctx, escopo, ['lembreteAgendamento'], { lembreteAgendamento: { antecedenciaHoras: 24 } });
    const id = await agendarOk(ctx, a.t.headers, banho(a, '14:00'));
    const cancelado = await agendarOk(ctx, a.t.headers, banho(a, '15:00'));
    await mudarStatus(ctx, a.t.headers, cancelado, 'Cancelado');
    const inicio = await inicioDe(a, id);
    const horas = (h: number) => new Date(inicio.getTime() - h * 3_600_000);

    expect((await rodar(a.t, horas(25))).lembretes).toBe(0);
    expect((await rodar(a.t, horas(3))).lembretes).toBe(1);
    expect((await rodar(a.t, horas(2))).lembretes).toBe(0);
    const lembretes = (await mensagensDaUnidade(ctx, escopo)).filter((m) => m.tipo === 'lembreteAgendamento');
    expect(lembretes).toHaveLength(1);
    expect(lembretes[0]).toMatchObject({ atendimento_id: id, chave: `lembrete:${id}:${inicio.toISOString().slice(0, 19)}Z` });
    expect(lembretes[0]!.texto).toContain('às 14:00');
    expect(new Date(lembretes[0]!.agendada_para).getTime()).toBe(horas(3).getTime());

    // Booked already inside the window: its confirmation said it all, no reminder.
    const emCimaDaHora = await agendarOk(ctx, a.t.headers, banho(a, '17:00'));
    const inicioEmCima = await inicioDe(a, emCimaDaHora);
    await withTenant(ctx.database.db, escopo, (tx) =>
      tx.execute(
        sql`update atendimentos set created_at = ${new Date(inicioEmCima.getTime() - 2 * 3_600_000).toISOString()}::timestamptz where id = ${emCimaDaHora}`,
      ),
    );
    expect((await rodar(a.t, new Date(inicioEmCima.getTime() - 3_600_000))).lembretes).toBe(0);

    // Already started: nothing.
    const outro = await agendarOk(ctx, a.t.headers, banho(a, '16:00'));
    expect((await rodar(a.t, new Date((await inicioDe(a, outro)).getTime() + 60_000))).lembretes).toBe(0);
    // A deceased pet gets no reminder.
    await withTenant(ctx.database.db, escopo, (tx) =>
      tx.execute(sql`update pets set data_obito = current_date where id = ${a.petId}`),
    );
    expect((await rodar(a.t, new Date((await inicioDe(a, outro)).getTime() - 3_600_000))).lembretes).toBe(0);
    expect(
      (await mensagensDaUnidade(ctx, escopo)).filter((m) => m.atendimento_id === outro && m.tipo === 'lembreteAgendamento'),
    ).toEqual([]);
  });
});

describe('aniversários', () => {
  it('29/02 conta em 28/02 de ano comum', () => {
    expect(diasDeAniversario('2027-02-28')).toEqual([228, 229]);
    expect(diasDeAniversario('2028-02-28')).toEqual([228]);
    expect(diasDeAniversario('2028-02-29')).toEqual([229]);
    expect(diasDeAniversario('2026-03-10')).toEqual([310]);
  });

  it('na hora do modelo e não antes; só com consentimento e telefone; uma vez por ano mesmo rodando duas vezes', async () => {
    const t = await newTenant(ctx);
    const escopo = escopoDe(t);
    await ligarModelos(ctx, escopo, ['aniversario'], { aniversario: { horaEnvio: '09:00' } });
    const ana = await inserirPessoa(escopo, { nome: 'Ana Aniversariante', nascimento: '1990-03-10' });
    await inserirPessoa(escopo, { nome: 'Bruno Sem Consentimento', nascimento: '1985-03-10', consentimento: false });
    await inserirPessoa(escopo, { nome: 'Carla Sem Telefone', nascimento: '1980-03-10', celular: null });
    await inserirPessoa(escopo, { nome: 'Davi Amanhã', nascimento: '1991-03-11' });
    await inserirPessoa(escopo, { nome: 'Eva Inativa', nascimento: '1992-03-10', ativo: false });

    expect((await rodar(t, as('08:59'))).aniversarios).toBe(0);
    expect(await mensagensDaUnidade(ctx, escopo)).toEqual([]);
    expect((await rodar(t, as('09:00'))).aniversarios).toBe(1);
    const [r1, r2] = await Promise.all([rodar(t, as('09:01')), rodar(t, as('09:01'))]);
    expect(r1.aniversarios + r2.aniversarios).toBe(0);
    const lista = await mensagensDaUnidade(ctx, escopo);
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({
      tipo: 'aniversario',
      pessoa_id: ana,
      chave: `aniversario:${ana}:2026`,
      telefone: '5511999990000',
    });
    expect(lista[0]!.texto).toBe('Olá, Ana! A equipe da Loja Centro deseja um feliz aniversário! 🎉');
    // Template off: the scheduler skips the unit.
    await ligarModelos(ctx, escopo, []);
    expect((await rodar(t, as('10:00'))).unidades).toBe(0);
  });

  it('com duas unidades cada cliente é saudado por uma só (a do cadastro; sem unidade: a primeira)', async () => {
    const t = await newTenant(ctx);
    const b = await novaUnidade(ctx, t);
    const escopoA = escopoDe(t);
    const escopoB = { tenantId: t.tenantId, unidadeNegocioId: b.id };
    await ligarModelos(ctx, escopoA, ['aniversario']);
    await ligarModelos(ctx, escopoB, ['aniversario']);
    const daA = await inserirPessoa(escopoA, { nome: 'Cliente da Centro', nascimento: '2000-03-10' });
    const daB = await inserirPessoa(escopoB, { nome: 'Cliente do Bairro', nascimento: '2001-03-10' });
    const semUnidade = await inserirPessoa({ tenantId: t.tenantId }, { nome: 'Cliente Sem Unidade', nascimento: '2002-03-10' });

    const r = await rodar(t, as('12:00'));
    expect(r).toMatchObject({ unidades: 2, aniversarios: 3, falhas: 0, ocupadas: 0 });
    expect((await mensagensDaUnidade(ctx, escopoA)).map((m) => m.pessoa_id).sort()).toEqual([daA, semUnidade].sort());
    expect((await mensagensDaUnidade(ctx, escopoB)).map((m) => m.pessoa_id)).toEqual([daB]);
    // Another tenant's run sees none of them.
    const outro = await newTenant(ctx);
    expect(await rodar(outro, as('12:00'))).toMatchObject({ unidades: 0, aniversarios: 0 });
  });
});

describe('vacinas a vencer', () => {
  it('doses que vencem em até N dias, na hora do modelo, uma vez; pet falecido não', async () => {
    const a = await novaAgenda(ctx);
    const escopo = escopoDe(a.t);
    await ligarModelos(ctx, escopo, ['vacinaAVencer'], { vacinaAVencer: { antecedenciaDias: 7, horaEnvio: '09:00' } });
    const { dose, falecido } = await withTenant(ctx.database.db, escopo, async (tx) => {
      const [v] = await tx.insert(vacinas).values({ nome: 'V10 Teste' }).returning({ id: vacinas.id });
      const [morto] = await tx.insert(pets).values({ nome: 'Thor', dataObito: '2026-01-01' }).returning({ id: pets.id });
      await tx.insert(petTutores).values({ petId: morto!.id, pessoaId: a.clienteId, principal: true });
      const doses = await tx
        .insert(planejamentosVacina)
        .values([
          { petId: a.petId, vacinaId: v!.id, descricao: 'V10 reforço', dataPrevista: '2026-03-15' },
          { petId: a.petId, vacinaId: v!.id, descricao: 'V10 longe', dataPrevista: '2026-03-20' },
          { petId: morto!.id, vacinaId: v!.id, descricao: 'V10 do Thor', dataPrevista: '2026-03-12' },
        ])
        .returning({ id: planejamentosVacina.id });
      return { dose: doses[0]!.id, falecido: doses[2]!.id };
    });

    expect((await rodar(a.t, as('08:30'))).vacinas).toBe(0);
    expect((await rodar(a.t, as('09:30'))).vacinas).toBe(1);
    expect((await rodar(a.t, as('10:30'))).vacinas).toBe(0);
    const lista = (await mensagensDaUnidade(ctx, escopo)).filter((m) => m.tipo === 'vacinaAVencer');
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({ chave: `vacina:${dose}:2026-03-15`, pessoa_id: a.clienteId, pet_id: a.petId });
    expect(lista[0]!.texto).toMatch(/^Olá, Maria! A vacina V10 Teste do Rex vence em 15\/03\/2026\./);
    expect(lista.some((m) => m.chave.startsWith(`vacina:${falecido}`))).toBe(false);
  });
});
