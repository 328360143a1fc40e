/**
 * The vaccines and vaccination protocols a new tenant starts with (issue #19 item 1; DOMAIN.md
 * §9, §13): the usual puppy and kitten series of Brazilian small-animal practice (WSAVA vaccination
 * guidelines as commonly applied here: doses 21 days apart, yearly booster). Vaccines start with
 * no product: the clinic links the product that holds its stock and price. Species are found by
 * name in the tenant's catalogue ('Canina', 'Felina', modules/animal/catalogo-inicial.ts), so this
 * runs after it (listed in `tenantDefaults`, modules/tenants/defaults.ts, inside the new tenant's
 * scope). Choices: antirrábica is one protocol without species (its vaccine is for dogs and cats,
 * and aplicar protocolo checks the vaccine's species); V3 and V4 felina are 3 doses, V5 felina
 * (with FeLV) 2 doses; gripe canina and giárdia 2 doses, for dogs.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { especies, protocolosVacina, vacinas } from '../../db/schema/index.ts';

type Especie = 'Canina' | 'Felina';

export type VacinaPadrao = {
  nome: string;
  especies: Especie[];
  observacoes: string;
  protocolo: {
    nome: string;
    /** null: any species the vaccine is for. */
    especie: Especie | null;
    /** Days after the previous dose, the first after the start date. */
    intervalos: number[];
    reforcoDias: number;
  };
};

const DOSES_21 = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 0 : 21));

/** The vaccines of a new tenant with one protocol each, in the order the forms list them. */
export const VACINAS_PADRAO: readonly VacinaPadrao[] = [
  {
    nome: 'V8 (polivalente canina)',
    especies: ['Canina'],
    observacoes: 'Cinomose, parvovirose, hepatite infecciosa, adenovirose, parainfluenza, coronavirose e leptospirose.',
    protocolo: { nome: 'V8 filhote', especie: 'Canina', intervalos: DOSES_21(3), reforcoDias: 365 },
  },
  {
    nome: 'V10 (polivalente canina)',
    especies: ['Canina'],
    observacoes: 'Como a V8, com mais sorovares de leptospirose.',
    protocolo: { nome: 'V10 filhote', especie: 'Canina', intervalos: DOSES_21(3), reforcoDias: 365 },
  },
  {
    nome: 'Antirrábica',
    especies: ['Canina', 'Felina'],
    observacoes: 'Raiva. Dose única a partir dos 3 meses de idade, reforço anual.',
    protocolo: { nome: 'Antirrábica', especie: null, intervalos: [0], reforcoDias: 365 },
  },
  {
    nome: 'V3 (tríplice felina)',
    especies: ['Felina'],
    observacoes: 'Panleucopenia, rinotraqueíte e calicivirose.',
    protocolo: { nome: 'V3 felina', especie: 'Felina', intervalos: DOSES_21(3), reforcoDias: 365 },
  },
  {
    nome: 'V4 (quádrupla felina)',
    especies: ['Felina'],
    observacoes: 'Como a V3, com clamidiose.',
    protocolo: { nome: 'V4 felina', especie: 'Felina', intervalos: DOSES_21(3), reforcoDias: 365 },
  },
  {
    nome: 'V5 (quíntupla felina)',
    especies: ['Felina'],
    observacoes: 'Como a V4, com leucemia felina (FeLV): testar FeLV antes da primeira dose.',
    protocolo: { nome: 'V5 felina', especie: 'Felina', intervalos: DOSES_21(2), reforcoDias: 365 },
  },
  {
    nome: 'Gripe canina (tosse dos canis)',
    especies: ['Canina'],
    observacoes: 'Traqueobronquite infecciosa canina (Bordetella bronchiseptica e parainfluenza).',
    protocolo: { nome: 'Gripe canina', especie: 'Canina', intervalos: DOSES_21(2), reforcoDias: 365 },
  },
  {
    nome: 'Giárdia',
    especies: ['Canina'],
    observacoes: 'Giardíase.',
    protocolo: { nome: 'Giárdia', especie: 'Canina', intervalos: DOSES_21(2), reforcoDias: 365 },
  },
];

/** '1ª dose', '2ª dose'… (a single dose: 'Dose única'). */
const descricaoDose = (i: number, total: number) => (total === 1 ? 'Dose única' : `${i + 1}ª dose`);

/**
 * Creates `VACINAS_PADRAO` and their protocols in the current tenant's scope (three statements:
 * the species, the vaccines, the protocols). A species missing from the catalogue is left out of
 * the vaccine (and the protocol has no species).
 */
export const aplicarClinicaPadrao = async (tx: Db): Promise<void> => {
  const lidas = await tx
    .select({ id: especies.id, nome: especies.nome })
    .from(especies)
    .where(inArray(especies.nome, ['Canina', 'Felina']));
  const especieDe = new Map(lidas.map((e) => [e.nome, e.id]));
  const idsDe = (nomes: readonly Especie[]) => nomes.flatMap((n) => (especieDe.has(n) ? [especieDe.get(n)!] : []));
  const criadas = await tx
    .insert(vacinas)
    .values(VACINAS_PADRAO.map((v) => ({ nome: v.nome, especieIds: idsDe(v.especies), observacoes: v.observacoes })))
    .returning({ id: vacinas.id, nome: vacinas.nome });
  const vacinaDe = new Map(criadas.map((v) => [v.nome, v.id]));
  await tx.insert(protocolosVacina).values(
    VACINAS_PADRAO.map((v) => ({
      nome: v.protocolo.nome,
      vacinaId: vacinaDe.get(v.nome)!,
      especieId: v.protocolo.especie ? (especieDe.get(v.protocolo.especie) ?? null) : null,
      doses: v.protocolo.intervalos.map((intervaloDias, i) => ({
        descricao: descricaoDose(i, v.protocolo.intervalos.length),
        intervaloDias,
      })),
      reforcoDias: v.protocolo.reforcoDias,
    })),
  );
};
