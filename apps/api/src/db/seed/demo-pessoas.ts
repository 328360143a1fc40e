/**
 * Demo customers and pets (issue #3 item 7) for the "Pet Shop Demo" tenant: about 200
 * people with valid CPFs, WhatsApp phones, e-mails and São Paulo addresses (some with
 * marketing consent, some with a birthday this week) and 300 pets of varied species,
 * breeds, ages and sizes (mostly dogs and cats; some with two tutors, a few deceased).
 * Deterministic: a seeded PRNG (not Math.random), so the demo is the same every time,
 * except the birthdays of this week, which follow the day of the seed. Batch inserts.
 */
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { eq } from 'drizzle-orm';
import { COMO_CONHECEU } from '@petshop/shared/pessoa';
import { DEFAULT_TIME_ZONE, todayISO } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import type { Db } from '../client.ts';
import { especies, pelagens, pessoas, petTutores, pets, racas, type TelefoneRow } from '../schema/index.ts';
import { int, pick, seededRandom, withCheckDigits, type Random } from './generators.ts';

export const DEMO_PESSOAS = 200;
export const DEMO_PETS = 300;

const digits = (rnd: Random, n: number) => Array.from({ length: n }, () => int(rnd, 0, 9)).join('');

/** A valid CPF (Receita Federal check digits) from 9 random digits. */
export const cpfFrom = (rnd: Random): string => {
  let base = digits(rnd, 9);
  if (/^(\d)\1+$/.test(base)) base = `${base.slice(0, 8)}${(Number(base[8]) + 1) % 10}`;
  return withCheckDigits(base, isValidCpf);
};

const semAcento = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// prettier-ignore
const FEMININOS = [
  'Ana', 'Beatriz', 'Camila', 'Carolina', 'Daniela', 'Eduarda', 'Fernanda', 'Gabriela', 'Helena', 'Isabela',
  'Juliana', 'Larissa', 'Letícia', 'Luana', 'Mariana', 'Marina', 'Natália', 'Patrícia', 'Renata', 'Sabrina',
  'Tatiane', 'Vanessa', 'Vitória', 'Aline', 'Bruna', 'Cláudia', 'Débora', 'Elaine', 'Flávia', 'Giovana',
  'Joana', 'Lívia', 'Lúcia', 'Márcia', 'Priscila', 'Raquel', 'Sílvia', 'Simone', 'Thaís', 'Yasmin',
] as const;
// prettier-ignore
const MASCULINOS = [
  'André', 'Antônio', 'Bruno', 'Carlos', 'Daniel', 'Diego', 'Eduardo', 'Felipe', 'Fernando', 'Gabriel',
  'Gustavo', 'Henrique', 'Igor', 'João', 'José', 'Júlio', 'Leandro', 'Lucas', 'Luiz', 'Marcelo',
  'Marcos', 'Mateus', 'Paulo', 'Pedro', 'Rafael', 'Ricardo', 'Rodrigo', 'Sérgio', 'Thiago', 'Vinícius',
  'Alexandre', 'Caio', 'Fábio', 'Otávio', 'Renato', 'Roberto', 'Samuel', 'Vítor', 'Wagner', 'Murilo',
] as const;
// prettier-ignore
const SOBRENOMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Correia', 'Moura', 'Cavalcanti', 'Monteiro',
  'Pinto', 'Campos', 'Castro', 'Batista', 'Fonseca', 'Azevedo', 'Brandão', 'Queiroz', 'Siqueira', 'Prado',
] as const;
const DOMINIOS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'terra.com.br'] as const;

/** Streets of São Paulo with their CEP and district (IBGE 3550308). */
const RUAS = [
  ['Rua Augusta', '01305000', 'Consolação'],
  ['Avenida Paulista', '01310100', 'Bela Vista'],
  ['Rua Oscar Freire', '01426001', 'Jardim Paulista'],
  ['Rua Haddock Lobo', '01414001', 'Cerqueira César'],
  ['Rua Teodoro Sampaio', '05405000', 'Pinheiros'],
  ['Rua Harmonia', '05435000', 'Vila Madalena'],
  ['Rua Vergueiro', '04101000', 'Vila Mariana'],
  ['Rua Domingos de Morais', '04010100', 'Vila Mariana'],
  ['Avenida Santo Amaro', '04506000', 'Vila Nova Conceição'],
  ['Rua Joaquim Floriano', '04534002', 'Itaim Bibi'],
  ['Avenida Brigadeiro Faria Lima', '04538133', 'Itaim Bibi'],
  ['Rua Cardeal Arcoverde', '05407000', 'Pinheiros'],
  ['Rua Cayowaá', '05018000', 'Perdizes'],
  ['Rua Turiassu', '05005000', 'Perdizes'],
  ['Avenida Pompéia', '05023000', 'Pompeia'],
  ['Rua Voluntários da Pátria', '02010000', 'Santana'],
  ['Rua Tuiuti', '03081000', 'Tatuapé'],
  ['Rua Serra de Bragança', '03318000', 'Tatuapé'],
  ['Avenida Jabaquara', '04045001', 'Mirandópolis'],
  ['Rua Bela Cintra', '01415000', 'Consolação'],
  ['Rua da Mooca', '03104001', 'Mooca'],
  ['Rua Apinajés', '05017000', 'Perdizes'],
  ['Avenida Ibirapuera', '04029000', 'Indianópolis'],
  ['Rua Coronel Oscar Porto', '04003003', 'Paraíso'],
] as const;
const COMPLEMENTOS = ['Apto 12', 'Apto 34', 'Apto 101', 'Apto 52 bloco B', 'Casa 2', 'Fundos', 'Sala 3'] as const;

// prettier-ignore
const NOMES_CAES = [
  'Thor', 'Luna', 'Mel', 'Bob', 'Nina', 'Pipoca', 'Max', 'Amora', 'Fred', 'Belinha', 'Toby', 'Lola',
  'Bidu', 'Maya', 'Zeus', 'Pandora', 'Paçoca', 'Chico', 'Frida', 'Duke', 'Jade', 'Bento', 'Cacau', 'Rex',
  'Malu', 'Ozzy', 'Kiara', 'Feijão', 'Brigadeiro', 'Tequila', 'Simba', 'Bolinha', 'Princesa', 'Marley', 'Bethoven', 'Pretinha',
  'Costelinha', 'Fumaça', 'Pingo', 'Chiquinha',
] as const;
// prettier-ignore
const NOMES_GATOS = [
  'Mingau', 'Frajola', 'Garfield', 'Mia', 'Salem', 'Tom', 'Nala', 'Lua', 'Félix', 'Jujuba', 'Tigrão', 'Pantera',
  'Sushi', 'Chanel', 'Miau', 'Docinho', 'Nescau', 'Amendoim', 'Cléo', 'Gaia',
] as const;
const NOMES_OUTROS = ['Piu-piu', 'Loro', 'Kiwi', 'Bolota', 'Pipoca', 'Pingo', 'Sol', 'Nuvem', 'Biscoito', 'Café'] as const;
const ALERGIAS = ['Frango', 'Picada de pulga (DAPP)', 'Dipirona', 'Carne bovina', 'Shampoo com perfume'] as const;

/** kg range of each size, for realistic weights. */
const PESO_POR_PORTE: Record<string, [number, number]> = {
  mini: [1.2, 4],
  pequeno: [3, 10],
  medio: [10, 25],
  grande: [25, 45],
  gigante: [45, 80],
};

/** Monday..Sunday of the week of `today`. */
const diasDaSemana = (today: string) => {
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  return Array.from({ length: 7 }, (_, i) => addDays(today, i - weekday));
};

/** The same month and day in another year (29/02 becomes 28/02 when needed). */
const noAno = (iso: string, year: number) => {
  const [, m, d] = iso.split('-');
  const day = m === '02' && d === '29' && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? '28' : d;
  return `${String(year).padStart(4, '0')}-${m}-${day}`;
};

export const seedDemoPessoas = async (tx: Db, tenantId: string): Promise<void> => {
  const rnd = seededRandom(20_240_917);
  const today = todayISO(DEFAULT_TIME_ZONE);
  const anoAtual = Number(today.slice(0, 4));
  const semana = diasDaSemana(today);

  // People -------------------------------------------------------------------------------------
  const usados = new Set<string>();
  const pessoasValues = Array.from({ length: DEMO_PESSOAS }, (_, i) => {
    const feminino = rnd() < 0.55;
    const primeiro = feminino ? pick(rnd, FEMININOS) : pick(rnd, MASCULINOS);
    let sobrenome = `${pick(rnd, SOBRENOMES)} ${pick(rnd, SOBRENOMES)}`;
    while (usados.has(`${primeiro} ${sobrenome}`)) sobrenome = `${pick(rnd, SOBRENOMES)} ${pick(rnd, SOBRENOMES)}`;
    usados.add(`${primeiro} ${sobrenome}`);
    const nome = `${primeiro} ${sobrenome}`;
    const ultimo = sobrenome.split(' ')[1]!;
    // Every 20th person has a birthday this week; the others any day of an adult life.
    const dataNascimento =
      i % 20 === 3
        ? noAno(semana[int(rnd, 0, 6)]!, anoAtual - int(rnd, 20, 70))
        : noAno(addDays(`${anoAtual}-01-01`, int(rnd, 0, 364)), anoAtual - int(rnd, 18, 80));
    const telefones: TelefoneRow[] = [{ numero: `11${9}${digits(rnd, 8)}`, tipo: 'celular', whatsapp: true }];
    if (rnd() < 0.2)
      telefones.push({ numero: `11${pick(rnd, ['2', '3', '5'])}${digits(rnd, 7)}`, tipo: 'fixo', whatsapp: false });
    const [logradouro, cep, bairro] = pick(rnd, RUAS);
    const consente = rnd() < 0.45;
    const temEmail = rnd() < 0.85;
    const createdAt = new Date(Date.UTC(anoAtual - 2, 0, 1) + Math.floor(rnd() * 700) * 86_400_000);
    return {
      tenantId,
      nome,
      cpfCnpj: rnd() < 0.9 ? cpfFrom(rnd) : null,
      rg: rnd() < 0.3 ? digits(rnd, 9) : null,
      dataNascimento,
      sexo: (feminino ? 'F' : 'M') as 'F' | 'M',
      email: temEmail ? `${semAcento(primeiro)}.${semAcento(ultimo)}${int(rnd, 1, 99)}@${pick(rnd, DOMINIOS)}` : null,
      telefones,
      cep,
      logradouro,
      numero: String(int(rnd, 10, 2500)),
      complemento: rnd() < 0.4 ? pick(rnd, COMPLEMENTOS) : null,
      bairro,
      cidade: 'São Paulo',
      uf: 'SP',
      codigoIbge: '3550308',
      comoConheceu: rnd() < 0.8 ? pick(rnd, COMO_CONHECEU) : null,
      observacoes: rnd() < 0.1 ? 'Prefere contato pelo WhatsApp à tarde.' : null,
      consentimentoMarketing: consente,
      consentimentoMarketingEm: consente ? createdAt : null,
      ativo: rnd() > 0.04,
      createdAt,
    };
  });
  // CPFs are random: drop the rare repeat rather than break the unique index.
  const cpfs = new Set<string>();
  for (const p of pessoasValues) {
    if (p.cpfCnpj && cpfs.has(p.cpfCnpj)) p.cpfCnpj = null;
    if (p.cpfCnpj) cpfs.add(p.cpfCnpj);
  }
  const pessoaIds = (await tx.insert(pessoas).values(pessoasValues).returning({ id: pessoas.id })).map((r) => r.id);

  // The tenant's catalogue (its starting catalogue, tenantDefaults) ------------------------------
  const especiesRows = await tx
    .select({ id: especies.id, nome: especies.nome })
    .from(especies)
    .where(eq(especies.tenantId, tenantId));
  const especieId = new Map(especiesRows.map((e) => [e.nome, e.id]));
  const racasRows = await tx
    .select({ id: racas.id, especieId: racas.especieId, nome: racas.nome, porte: racas.porte })
    .from(racas)
    .where(eq(racas.tenantId, tenantId));
  const pelagensRows = await tx
    .select({ id: pelagens.id, especieId: pelagens.especieId })
    .from(pelagens)
    .where(eq(pelagens.tenantId, tenantId));

  // Pets ---------------------------------------------------------------------------------------
  const microchips = new Set<string>();
  const tutoresValues: { tenantId: string; petId: string; pessoaId: string; principal: boolean }[] = [];
  const donos: string[][] = [];
  const petsValues = Array.from({ length: DEMO_PETS }, (_, i) => {
    const roll = rnd();
    const especieNome = roll < 0.62 ? 'Canina' : roll < 0.9 ? 'Felina' : roll < 0.95 ? 'Ave' : 'Roedor';
    const eid = especieId.get(especieNome) ?? null;
    const daEspecie = racasRows.filter((r) => r.especieId === eid);
    const srd = daEspecie.find((r) => r.nome.startsWith('SRD'));
    const raca = daEspecie.length === 0 ? null : srd && rnd() < 0.3 ? srd : pick(rnd, daEspecie);
    const coats = pelagensRows.filter((p) => p.especieId === eid);
    const porte = raca?.porte ?? null;
    const [min, max] = PESO_POR_PORTE[porte ?? 'mini'] ?? [1, 5];
    const pequeno = especieNome === 'Ave' || especieNome === 'Roedor';
    const falecido = i % 60 === 11;
    // A deceased pet was old enough to have lived at least a year before dying.
    const idadeMeses = falecido ? int(rnd, 24, 192) : pequeno ? int(rnd, 3, 60) : int(rnd, 3, 192);
    const semNascimento = rnd() < 0.12;
    const nascimento =
      i % 25 === 7 && !pequeno && !falecido
        ? noAno(semana[int(rnd, 0, 6)]!, anoAtual - int(rnd, 1, 12))
        : addDays(today, -Math.round(idadeMeses * 30.4) - int(rnd, 0, 29));
    const peso = pequeno ? (rnd() * 0.9 + 0.03).toFixed(3) : (min + rnd() * (max - min)).toFixed(3);
    let microchip: string | null = null;
    if (!pequeno && rnd() < 0.15) {
      do microchip = `982000${digits(rnd, 9)}`;
      while (microchips.has(microchip));
      microchips.add(microchip);
    }
    // Every person gets a pet first; the rest go to random people (some get two or three).
    const principal = i < pessoaIds.length ? pessoaIds[i]! : pick(rnd, pessoaIds);
    const outro = rnd() < 0.08 ? pick(rnd, pessoaIds) : null;
    donos.push(outro && outro !== principal ? [principal, outro] : [principal]);
    const nomes = especieNome === 'Canina' ? NOMES_CAES : especieNome === 'Felina' ? NOMES_GATOS : NOMES_OUTROS;
    return {
      tenantId,
      nome: pick(rnd, nomes),
      especieId: eid,
      racaId: raca?.id ?? null,
      pelagemId: coats.length > 0 && rnd() < 0.7 ? pick(rnd, coats).id : null,
      sexo: (rnd() < 0.5 ? 'M' : 'F') as 'M' | 'F',
      castrado: !pequeno && rnd() < 0.55,
      dataNascimento: semNascimento ? null : nascimento,
      idadeEstimadaMeses: semNascimento ? idadeMeses : null,
      porte,
      microchip,
      peso,
      agressivo: especieNome === 'Canina' && rnd() < 0.06,
      usaFocinheira: especieNome === 'Canina' && (porte === 'grande' || porte === 'gigante') && rnd() < 0.15,
      alergias: rnd() < 0.07 ? pick(rnd, ALERGIAS) : null,
      observacoes: rnd() < 0.08 ? 'Tem medo de secador; secar com toalha.' : null,
      dataObito: falecido ? addDays(today, -int(rnd, 10, 200)) : null,
      ativo: true,
    };
  });
  const petIds = (await tx.insert(pets).values(petsValues).returning({ id: pets.id })).map((r) => r.id);
  petIds.forEach((petId, i) =>
    donos[i]!.forEach((pessoaId, j) => tutoresValues.push({ tenantId, petId, pessoaId, principal: j === 0 })),
  );
  await tx.insert(petTutores).values(tutoresValues);
};
