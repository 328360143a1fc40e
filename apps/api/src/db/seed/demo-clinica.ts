/**
 * Demo clinic (issue #19 item 8; DOMAIN.md §9).
 *
 * "Clínica Veterinária Exemplo" (Belo Horizonte) gets:
 * - a veterinarian, Dra. Juliana Moreira (veterinario@clinica.demo.com.br, CRMV-MG 12345);
 * - vaccine products with stock in lots (V10, antirrábica, V4 felina; `controla_lote`), an older
 *   lot that arrived 18 months ago and a newer one two months ago (both still valid), entered
 *   as the stock adjustment would and moved back to their arrival days; the tenant's default
 *   vaccines (modules/clinica/defaults.ts) point to them;
 * - 8 customers (valid CPFs, WhatsApp phones, Belo Horizonte addresses) with 12 dogs and cats
 *   (breeds, birth dates, one aggressive with a muzzle, an allergy);
 * - 18 months of history: consultations with their physical exam (a Golden puppy growing, an
 *   obese Labrador losing weight), a return, weight records, an exam with a note, a procedure,
 *   a hospitalisation with its evolution, notes; the V10 puppy, antirrábica and V4 felina
 *   protocols applied with doses applied from the lots, SOME DOSES OVERDUE and some due in the
 *   next 30 days; yearly boosters planned by the dose applied; and, today, two prescriptions
 *   (one of controle especial) and an atestado de vacinação issued from the default templates.
 *
 * The Pet Shop Demo's Matriz gets a little: three dogs with a consultation (and its weight) and
 * the V10 applied a year ago whose yearly booster is due in the coming days.
 *
 * Everything goes through the clinic's use cases (aplicarProtocolo, registrarVacina,
 * criarRegistro, processarModelo) with dates in the past, as a vet typing the history would,
 * then the rows' own timestamps (created_at) are moved to those dates. Past doses are not
 * charged (`cobrar: false`: they were paid at the time, before this system). Days are the
 * unit's calendar days; deterministic (fixed data, a seeded PRNG for documents) except the ids
 * and "now". Runs in the Pet Shop Demo's Matriz scope (demo.ts); the clinic's part in a
 * savepoint scoped to that tenant, after which the Matriz scope is entered again.
 */
import { eq, sql } from 'drizzle-orm';
import {
  processarModeloInputSchema,
  registrarVacinaInputSchema,
  registroInputSchema,
  vacinaInputSchema,
  type Medicamento,
  type RegistroInput,
} from '@petshop/shared/clinica';
import { ajusteEstoqueInputSchema } from '@petshop/shared/estoque';
import { zonedParts } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import type { Db } from '../client.ts';
import {
  categoriasProduto,
  especies,
  pessoas,
  petTutores,
  pets,
  produtos,
  racas,
  modelosDocumento,
  protocolosVacina,
  unidadesMedida,
  usuarioUnidades,
  usuarios,
  vacinas,
} from '../schema/index.ts';
import { aplicarProtocolo } from '../../modules/clinica/aplicar-protocolo.ts';
import { processarModelo } from '../../modules/clinica/processar-modelo.ts';
import { registrarVacina } from '../../modules/clinica/registrar-vacina.ts';
import { criarRegistro } from '../../modules/clinica/salvar-registro.ts';
import { alterarVacina } from '../../modules/clinica/salvar-vacina.ts';
import { ajustarEstoque } from '../../modules/estoque/ajustar-estoque.ts';
import { getUnidadeAtual } from '../../modules/unidades-negocio/unidade-atual.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { queryRows } from '../rows.ts';
import { enterTenantScope } from '../tenant-scope.ts';
import { DEMO_PASSWORD, type DemoIds } from './demo.ts';
import { cpfFrom } from './demo-pessoas.ts';
import { seededRandom } from './generators.ts';

/** The clinic's veterinarian (a demo login). */
export const DEMO_CLINICA_VETERINARIO = {
  nome: 'Dra. Juliana Moreira',
  email: 'veterinario@clinica.demo.com.br',
  crmv: 'CRMV-MG 12345',
} as const;

/** The Pet Shop Demo's Matriz vet (demo.ts) gets a CRMV for the documents. */
export const DEMO_PETSHOP_CRMV = 'CRMV-SP 54321';

/**
 * The vaccine products: name, the default vaccine it holds stock for (matched by name), price,
 * cost, and the two lots (number, manufacture and expiry in days from today, quantity, arrival
 * in days ago).
 */
export const DEMO_VACINAS_PRODUTOS = [
  {
    nome: 'Vacina V10 Vanguard Plus (dose)',
    vacina: 'V10',
    preco: 110,
    custo: 42,
    lotes: [
      { numero: 'VGP2318A', fabricacao: -610, validade: 120, quantidade: 20, chegada: 545 },
      { numero: 'VGP2502C', fabricacao: -150, validade: 580, quantidade: 30, chegada: 60 },
    ],
  },
  {
    nome: 'Vacina Antirrábica Defensor (dose)',
    vacina: 'Antirr',
    preco: 70,
    custo: 18,
    lotes: [
      { numero: 'DEF4471B', fabricacao: -600, validade: 130, quantidade: 15, chegada: 545 },
      { numero: 'DEF5120A', fabricacao: -140, validade: 590, quantidade: 25, chegada: 60 },
    ],
  },
  {
    nome: 'Vacina V4 Felina Felocell (dose)',
    vacina: 'V4',
    preco: 120,
    custo: 48,
    lotes: [
      { numero: 'FEL0923X', fabricacao: -620, validade: 110, quantidade: 10, chegada: 545 },
      { numero: 'FEL1407Z', fabricacao: -130, validade: 600, quantidade: 15, chegada: 60 },
    ],
  },
] as const;

/** Streets of Belo Horizonte (IBGE 3106200) with their CEP and district. */
const RUAS_BH = [
  ['Rua Pernambuco', '30130150', 'Funcionários'],
  ['Rua Grão Mogol', '30310010', 'Carmo'],
  ['Rua Santa Rita Durão', '30140110', 'Funcionários'],
  ['Avenida Getúlio Vargas', '30112020', 'Savassi'],
  ['Rua Professor Morais', '30150370', 'Savassi'],
  ['Avenida Prudente de Morais', '30380002', 'Cidade Jardim'],
  ['Rua Rio Grande do Norte', '30130131', 'Funcionários'],
  ['Rua Paraíba', '30130140', 'Funcionários'],
] as const;

type Sexo = 'M' | 'F';

/** The clinic's customers: name, sex, e-mail user, mobile phone (DDD 31), street index, number, complement. */
const CLIENTES = [
  ['Mariana Alves Pereira', 'F', 'mariana.alves', '31988127745', 0, '1120', 'Apto 402'],
  ['Ricardo Souza Lima', 'M', 'ricardo.slima', '31991456203', 1, '85', null],
  ['Fernanda Costa Ribeiro', 'F', 'fe.costaribeiro', '31987330918', 2, '640', 'Apto 1201'],
  ['João Pedro Martins', 'M', 'joaopedro.martins', '31996621475', 3, '1500', 'Sala 3'],
  ['Patrícia Rocha Mendes', 'F', 'patricia.rmendes', '31984019362', 4, '212', null],
  ['Carlos Eduardo Nunes', 'M', 'carlosedu.nunes', '31999217640', 5, '2300', 'Casa 2'],
  ['Aline Ferreira Campos', 'F', 'aline.fcampos', '31986543120', 6, '731', 'Apto 55'],
  ['Gustavo Carvalho Prado', 'M', 'gustavo.cprado', '31993378012', 7, '96', null],
] as const satisfies readonly (readonly [string, Sexo, string, string, number, string, string | null])[];

/** A pet of the demo clinic; `nascimento` in days before today; `dono` the index in CLIENTES. */
type PetClinica = {
  nome: string;
  dono: number;
  especie: 'Canina' | 'Felina';
  raca: string;
  sexo: Sexo;
  castrado: boolean;
  nascimento: number;
  peso: number;
  microchip?: string;
  alergias?: string;
  agressivo?: boolean;
  usaFocinheira?: boolean;
  observacoes?: string;
};

export const PETS_CLINICA = [
  {
    nome: 'Thor',
    dono: 0,
    especie: 'Canina',
    raca: 'Labrador Retriever',
    sexo: 'M',
    castrado: true,
    nascimento: 2390,
    peso: 38.6,
    microchip: '982000411203576',
  },
  { nome: 'Mel', dono: 0, especie: 'Felina', raca: 'SRD', sexo: 'F', castrado: true, nascimento: 3300, peso: 4.6 },
  { nome: 'Bento', dono: 1, especie: 'Canina', raca: 'Golden Retriever', sexo: 'M', castrado: false, nascimento: 121, peso: 4.1 },
  {
    nome: 'Luna',
    dono: 2,
    especie: 'Canina',
    raca: 'Shih Tzu',
    sexo: 'F',
    castrado: true,
    nascimento: 1180,
    peso: 6.2,
    alergias: 'Frango',
  },
  { nome: 'Nina', dono: 2, especie: 'Felina', raca: 'Persa', sexo: 'F', castrado: true, nascimento: 1650, peso: 3.9 },
  { nome: 'Pipoca', dono: 3, especie: 'Canina', raca: 'Poodle', sexo: 'M', castrado: true, nascimento: 4420, peso: 7.4 },
  { nome: 'Mia', dono: 4, especie: 'Felina', raca: 'Siamês', sexo: 'F', castrado: true, nascimento: 610, peso: 3.4 },
  { nome: 'Simba', dono: 4, especie: 'Felina', raca: 'SRD', sexo: 'M', castrado: false, nascimento: 78, peso: 1.2 },
  {
    nome: 'Max',
    dono: 5,
    especie: 'Canina',
    raca: 'Pastor Alemão',
    sexo: 'M',
    castrado: false,
    nascimento: 1530,
    peso: 34.2,
    microchip: '982000411207718',
  },
  { nome: 'Paçoca', dono: 6, especie: 'Canina', raca: 'Dachshund', sexo: 'F', castrado: true, nascimento: 2620, peso: 8.9 },
  { nome: 'Amora', dono: 7, especie: 'Canina', raca: 'Border Collie', sexo: 'F', castrado: false, nascimento: 70, peso: 5.3 },
  {
    nome: 'Zeus',
    dono: 7,
    especie: 'Canina',
    raca: 'Rottweiler',
    sexo: 'M',
    castrado: false,
    nascimento: 1890,
    peso: 44.5,
    agressivo: true,
    usaFocinheira: true,
    observacoes: 'Manejar com focinheira; o tutor ajuda a contê-lo.',
  },
] as const satisfies readonly PetClinica[];

/** The demo clinic; see the file's comment. */
export const seedDemoClinica = async (tx: Db, ids: DemoIds): Promise<void> => {
  await tx.transaction(async (ctx) => {
    await enterTenantScope(ctx, { tenantId: ids.clinica.tenantId, unidadeNegocioId: ids.clinica.unidadeNegocioId });
    await seedClinica(ctx, ids);
  });
  await enterTenantScope(tx, { tenantId: ids.petShop.tenantId, unidadeNegocioId: ids.petShop.unidadeNegocioId });
  await seedPetShop(tx);
};

/**
 * The Pet Shop Demo's Matriz: its vet gets a CRMV; three adult dogs (the first by name) get the
 * V10 applied about a year ago with the yearly booster due in 13, 18 and 23 days, a weight half
 * a year ago and a check-up consultation (with its weight) in the last weeks. Nothing when the
 * customers were left out (a test's choice of seeders).
 */
const seedPetShop = async (tx: Db): Promise<void> => {
  const unidade = await getUnidadeAtual(tx);
  const [vet] = await tx
    .update(usuarios)
    .set({ crmv: DEMO_PETSHOP_CRMV })
    .where(eq(usuarios.email, 'veterinario@demo.com.br'))
    .returning({ id: usuarios.id });
  const caes = await queryRows<{ id: string; peso: string | null }>(
    tx,
    sql`select p.id, p.peso::text as peso from pets p join especies e on e.id = p.especie_id
         where e.nome = 'Canina' and p.ativo and p.data_obito is null and p.data_nascimento < current_date - 400
           and exists (select 1 from pet_tutores t where t.pet_id = p.id and t.principal)
         order by p.nome, p.data_nascimento, p.peso limit 3`,
  );
  const [v10] = await tx
    .select()
    .from(vacinas)
    .where(sql`${vacinas.nome} like 'V10%'`);
  if (!vet || !v10 || caes.length === 0) return;
  const [servico] = await tx.select({ id: produtos.id }).from(produtos).where(eq(produtos.nome, 'Vacina V10'));
  if (servico)
    await alterarVacina(
      tx,
      v10.id,
      vacinaInputSchema.parse({
        nome: v10.nome,
        fabricante: 'Zoetis',
        especieIds: v10.especieIds,
        produtoId: servico.id,
        observacoes: v10.observacoes ?? undefined,
        ativo: v10.ativo,
      }),
    );
  const autor = { usuarioId: vet.id };
  for (const [i, cao] of caes.entries()) {
    const peso = Number(cao.peso ?? 12);
    const dia = (n: number) => addDays(unidade.hoje, -n);
    await registrarVacina(
      tx,
      registrarVacinaInputSchema.parse({
        petId: cao.id,
        vacinaId: v10.id,
        dataAplicacao: dia(352 - 5 * i),
        proximaDose: addDays(unidade.hoje, 13 + 5 * i),
        cobrar: false,
      }),
      autor,
    );
    await criarRegistro(
      tx,
      registroInputSchema.parse({
        petId: cao.id,
        tipo: 'peso',
        data: `${dia(190 + 7 * i)}T11:00`,
        peso: Math.round(peso * 940) / 1000,
      }),
      [],
      autor,
    );
    await criarRegistro(
      tx,
      registroInputSchema.parse({
        petId: cao.id,
        tipo: 'consulta',
        data: `${dia(20 + 9 * i)}T10:30`,
        titulo: 'Check-up',
        anamnese: 'Sem queixas. Come bem, fezes e urina normais. Vermifugado há dois meses.',
        exameFisico: exame(peso),
        diagnostico: 'Hígido.',
        conduta: 'Reforço anual da V10 nas próximas semanas. Manter a alimentação.',
      }),
      [],
      autor,
    );
  }
  await moverParaOsDias(tx);
};

const seedClinica = async (tx: Db, ids: DemoIds): Promise<void> => {
  const rnd = seededRandom(19_2026);
  const unidade = await getUnidadeAtual(tx);
  const hoje = unidade.hoje;
  const tenantId = ids.clinica.tenantId;

  // The veterinarian.
  const [vet] = await tx
    .insert(usuarios)
    .values({
      nome: DEMO_CLINICA_VETERINARIO.nome,
      email: DEMO_CLINICA_VETERINARIO.email,
      crmv: DEMO_CLINICA_VETERINARIO.crmv,
      senhaHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: usuarios.id });
  await tx
    .insert(usuarioUnidades)
    .values({ usuarioId: vet!.id, unidadeNegocioId: ids.clinica.unidadeNegocioId, perfilId: 'veterinario' });

  // The vaccine products and their lots (a stock adjustment per arrival, moved back to its day).
  const [un] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN'));
  const [categoria] = await tx
    .select({ id: categoriasProduto.id })
    .from(categoriasProduto)
    .where(eq(categoriasProduto.nome, 'Vacinas'));
  const produtosVacina = await tx
    .insert(produtos)
    .values(
      DEMO_VACINAS_PRODUTOS.map((p, i) => ({
        tipo: 'produto',
        nome: p.nome,
        codigo: String(9001 + i),
        categoriaId: categoria?.id ?? null,
        unidadeMedidaId: un!.id,
        precoCusto: p.custo.toFixed(2),
        markup: (((p.preco - p.custo) / p.custo) * 100).toFixed(2),
        precoVenda: p.preco.toFixed(2),
        estoqueMinimo: '5.000',
        controlaEstoque: true,
        controlaLote: true,
        ncm: '30024229',
        cfop: '5102',
        origem: '0',
        csosn: '102',
        pisCst: '49',
        cofinsCst: '49',
      })),
    )
    .returning({ id: produtos.id, nome: produtos.nome });
  const produtoDe = (nome: string) => produtosVacina.find((p) => p.nome === nome)!.id;
  for (const chegada of [...new Set(DEMO_VACINAS_PRODUTOS.flatMap((p) => p.lotes.map((l) => l.chegada)))]) {
    const ajuste = await ajustarEstoque(
      tx,
      ajusteEstoqueInputSchema.parse({
        modo: 'entrada',
        motivo: 'Compra de vacinas (estoque inicial)',
        itens: DEMO_VACINAS_PRODUTOS.flatMap((p) =>
          p.lotes
            .filter((l) => l.chegada === chegada)
            .map((l) => ({
              produtoId: produtoDe(p.nome),
              quantidade: l.quantidade,
              lote: { numero: l.numero, dataFabricacao: addDays(hoje, l.fabricacao), dataValidade: addDays(hoje, l.validade) },
            })),
        ),
      }),
      ids.clinica.usuarioId,
    );
    const origemId = ajuste.movimentacoes[0]?.origemId;
    const quando = sql`((${addDays(hoje, -chegada)}::date + time '10:00') at time zone ${unidade.timeZone})`;
    await tx.execute(
      sql`update movimentacoes_estoque set created_at = ${quando} where origem = 'ajuste' and origem_id = ${origemId}`,
    );
    await tx.execute(sql`update lotes set created_at = ${quando}
      where id in (select lote_id from movimentacoes_estoque where origem = 'ajuste' and origem_id = ${origemId})`);
  }

  // Customers and pets.
  const clienteIds = (
    await tx
      .insert(pessoas)
      .values(
        CLIENTES.map(([nome, sexo, email, celular, rua, numero, complemento], i) => {
          const [logradouro, cep, bairro] = RUAS_BH[rua]!;
          return {
            tenantId,
            nome,
            cpfCnpj: cpfFrom(rnd),
            dataNascimento: addDays(hoje, -(9000 + i * 1234)),
            sexo,
            email: `${email}@gmail.com`,
            telefones: [{ numero: celular, tipo: 'celular' as const, whatsapp: true }],
            cep,
            logradouro,
            numero,
            complemento,
            bairro,
            cidade: 'Belo Horizonte',
            uf: 'MG',
            codigoIbge: '3106200',
            consentimentoMarketing: i % 3 !== 2,
            consentimentoMarketingEm: i % 3 !== 2 ? new Date(`${addDays(hoje, -560 + i * 20)}T13:00:00Z`) : null,
            createdAt: new Date(`${addDays(hoje, -560 + i * 20)}T13:00:00Z`),
          };
        }),
      )
      .returning({ id: pessoas.id })
  ).map((r) => r.id);

  const especiesRows = await tx.select({ id: especies.id, nome: especies.nome }).from(especies);
  const racasRows = await tx
    .select({ id: racas.id, nome: racas.nome, especieId: racas.especieId, porte: racas.porte })
    .from(racas);
  const petRows = await tx
    .insert(pets)
    .values(
      PETS_CLINICA.map((p: PetClinica) => {
        const especieId = especiesRows.find((e) => e.nome === p.especie)?.id ?? null;
        const raca =
          racasRows.find((r) => r.especieId === especieId && r.nome === p.raca) ??
          racasRows.find((r) => r.especieId === especieId && r.nome.startsWith(p.raca));
        return {
          tenantId,
          nome: p.nome,
          especieId,
          racaId: raca?.id ?? null,
          sexo: p.sexo,
          castrado: p.castrado,
          dataNascimento: addDays(hoje, -p.nascimento),
          porte: raca?.porte ?? null,
          microchip: p.microchip ?? null,
          peso: p.peso.toFixed(3),
          alergias: p.alergias ?? null,
          agressivo: p.agressivo ?? false,
          usaFocinheira: p.usaFocinheira ?? false,
          observacoes: p.observacoes ?? null,
        };
      }),
    )
    .returning({ id: pets.id, nome: pets.nome });
  await tx
    .insert(petTutores)
    .values(PETS_CLINICA.map((p, i) => ({ tenantId, petId: petRows[i]!.id, pessoaId: clienteIds[p.dono]!, principal: true })));

  // The default vaccines hold their stock in the products above (as the settings screen would).
  const vacinasRows = await tx.select().from(vacinas);
  const vacinaDe = (prefixo: string) => vacinasRows.find((v) => v.nome.startsWith(prefixo))!;
  for (const p of DEMO_VACINAS_PRODUTOS) {
    const v = vacinaDe(p.vacina);
    await alterarVacina(
      tx,
      v.id,
      vacinaInputSchema.parse({
        nome: v.nome,
        fabricante: 'Zoetis',
        especieIds: v.especieIds,
        produtoId: produtoDe(p.nome),
        observacoes: v.observacoes ?? undefined,
        ativo: v.ativo,
      }),
    );
  }

  await historiaClinica(tx, {
    hoje,
    timeZone: unidade.timeZone,
    veterinarioId: vet!.id,
    petId: (nome) => petRows.find((p) => p.nome === nome)!.id,
    vacinaId: (nome) => vacinaDe(nome === 'V4' ? 'V4' : nome).id,
    atos: HISTORIA_CLINICA,
  });
};

// ---------------------------------------------------------------------------------------------
// The charts
// ---------------------------------------------------------------------------------------------

type VacinaDemo = 'V10' | 'Antirr' | 'V4';
type ProtocoloDemo = 'V10 filhote' | 'Antirrábica' | 'V4 felina';
type ModeloDemo = 'Receita simples' | 'Receita de controle especial' | 'Atestado de vacinação';

/**
 * One act of a pet's history, `dia` days before today at `hora` (the unit's clock; today's acts
 * at `minutosAtras` before now): a record (criarRegistro), a protocol applied from that day
 * (aplicarProtocolo), a dose applied (registrarVacina: the pet's earliest pending dose of that
 * vaccine; `proximaDose` in days from today when it plans one itself), a document issued from a
 * default template (processarModelo, today only: its text says today's date).
 */
type Ato =
  | { dia: number; hora: string; registro: Omit<RegistroInput, 'petId' | 'data'> }
  | { dia: number; protocolo: ProtocoloDemo }
  | { dia: number; vacina: VacinaDemo; proximaDose?: number; cobrar?: true }
  | { dia: 0; minutosAtras: number; registro: Omit<RegistroInput, 'petId' | 'data'> }
  | { dia: 0; documento: ModeloDemo; medicamentos?: Medicamento[] };

/** The usual physical exam of a healthy animal, with the weight. */
const exame = (peso: number, extra: Partial<RegistroInput['exameFisico']> = {}) => ({
  peso,
  temperatura: 38.5,
  frequenciaCardiaca: 100,
  frequenciaRespiratoria: 24,
  mucosas: 'normocoradas' as const,
  hidratacao: 'normal' as const,
  tpc: 2,
  ...extra,
});
const pesagem = (dia: number, peso: number): Ato => ({ dia, hora: '11:15', registro: { tipo: 'peso', peso } });

/** Each pet's history, oldest first (see PETS_CLINICA). */
export const HISTORIA_CLINICA: readonly (readonly [pet: string, atos: readonly Ato[]])[] = [
  [
    'Thor',
    [
      {
        dia: 400,
        hora: '09:30',
        registro: {
          tipo: 'consulta',
          titulo: 'Ganho de peso',
          anamnese:
            'Tutora relata ganho de peso progressivo no último ano, cansaço nas caminhadas e apetite aumentado. Come ração premium à vontade e petiscos ao longo do dia.',
          exameFisico: exame(38.6, {
            frequenciaCardiaca: 92,
            frequenciaRespiratoria: 28,
            observacoes: 'Escore de condição corporal 8/9; gordura palpável sobre as costelas e a base da cauda.',
          }),
          diagnostico: 'Obesidade (ECC 8/9).',
          conduta:
            'Ração light 320 g/dia em duas refeições, sem petiscos. Caminhadas de 30 minutos duas vezes ao dia. Pesagem mensal. Solicitados hemograma, bioquímico e T4 total.',
        },
      },
      {
        dia: 393,
        hora: '16:00',
        registro: {
          tipo: 'exame',
          titulo: 'Hemograma, bioquímico e T4 total',
          descricao:
            'Hemograma sem alterações. Colesterol (312 mg/dL) e triglicérides (165 mg/dL) levemente aumentados; ALT, FA, ureia e creatinina normais. T4 total 2,1 µg/dL (referência 1,0–4,0): hipotireoidismo descartado. Manter o plano de emagrecimento.',
        },
      },
      {
        dia: 345,
        hora: '10:00',
        registro: {
          tipo: 'retorno',
          titulo: 'Emagrecimento',
          anamnese: 'Segue a dieta; a família parou de dar petiscos. Mais disposto nas caminhadas.',
          exameFisico: exame(37.4),
          diagnostico: 'Obesidade em tratamento: perdeu 1,2 kg em 55 dias.',
          conduta: 'Manter a dieta e os exercícios. Vacinas anuais aplicadas hoje.',
        },
      },
      { dia: 345, vacina: 'V10', proximaDose: 20 },
      { dia: 345, protocolo: 'Antirrábica' },
      { dia: 345, vacina: 'Antirr' },
      pesagem(290, 36.5),
      pesagem(230, 35.6),
      pesagem(170, 34.7),
      pesagem(110, 33.8),
      pesagem(60, 33.1),
      {
        dia: 3,
        hora: '09:00',
        registro: {
          tipo: 'retorno',
          titulo: 'Emagrecimento',
          anamnese: 'Sem queixas. Sobe no sofá e corre no parque sem cansar.',
          exameFisico: exame(32.4, { observacoes: 'ECC 6/9.' }),
          diagnostico: 'Obesidade em tratamento: 6,2 kg a menos em 13 meses (ECC 6/9).',
          conduta: 'Reduzir a ração light para 300 g/dia. Meta: 30 kg. Vacinas anuais vencem este mês.',
        },
      },
    ],
  ],
  [
    'Mel',
    [
      {
        dia: 400,
        hora: '15:30',
        registro: {
          tipo: 'consulta',
          titulo: 'Check-up anual',
          anamnese: 'Sem queixas. Vive dentro de casa, come ração seca para gatos castrados.',
          exameFisico: exame(4.9, { frequenciaCardiaca: 180, frequenciaRespiratoria: 30 }),
          diagnostico: 'Hígida.',
          conduta: 'Vacina antirrábica aplicada. Retorno em um ano.',
        },
      },
      { dia: 400, protocolo: 'Antirrábica' },
      { dia: 400, vacina: 'Antirr' },
      {
        dia: 90,
        hora: '14:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Perda de peso',
          anamnese: 'Tutora percebeu que a gata emagreceu, bebe muita água e urina mais na caixa de areia há um mês.',
          exameFisico: exame(4.6, { frequenciaCardiaca: 190, frequenciaRespiratoria: 32, hidratacao: 'leve' }),
          diagnostico: 'Suspeita de doença renal crônica.',
          conduta: 'Hemograma, bioquímico (ureia, creatinina, SDMA) e urinálise. Iniciar ração renal. Retorno com os exames.',
        },
      },
    ],
  ],
  [
    'Bento',
    [
      {
        dia: 75,
        hora: '10:30',
        registro: {
          tipo: 'consulta',
          titulo: 'Primeira consulta',
          anamnese: 'Filhote comprado de canil há uma semana, vermifugado pelo criador. Come bem, fezes firmes.',
          exameFisico: exame(4.1, { temperatura: 38.9, frequenciaCardiaca: 160, frequenciaRespiratoria: 32 }),
          diagnostico: 'Filhote hígido.',
          conduta: 'Início do protocolo V10 filhote (3 doses com 21 dias). Vermífugo em 15 dias. Passeios só após a última dose.',
        },
      },
      { dia: 75, protocolo: 'V10 filhote' },
      { dia: 75, vacina: 'V10' },
      {
        dia: 54,
        hora: '10:00',
        registro: {
          tipo: 'retorno',
          titulo: '2ª dose da V10',
          anamnese: 'Sem reações à primeira dose.',
          exameFisico: exame(6.3, { temperatura: 38.8, frequenciaCardiaca: 150, frequenciaRespiratoria: 30 }),
          diagnostico: 'Filhote hígido, crescimento adequado.',
          conduta: '2ª dose da V10 aplicada.',
        },
      },
      { dia: 54, vacina: 'V10' },
      pesagem(40, 7.9),
      pesagem(12, 10.6),
      {
        dia: 12,
        hora: '11:20',
        registro: {
          tipo: 'observacao',
          titulo: 'Vacina em atraso',
          descricao: 'Tutor avisado de que a 3ª dose da V10 está atrasada; vai agendar pelo WhatsApp.',
        },
      },
    ],
  ],
  [
    'Luna',
    [
      {
        dia: 355,
        hora: '09:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Check-up anual e vacinas',
          anamnese: 'Sem queixas. Alergia a frango: come ração de cordeiro.',
          exameFisico: exame(6.0),
          diagnostico: 'Hígida.',
          conduta: 'V10 e antirrábica aplicadas.',
        },
      },
      { dia: 355, vacina: 'V10', proximaDose: 10 },
      { dia: 355, protocolo: 'Antirrábica' },
      { dia: 355, vacina: 'Antirr' },
      {
        dia: 150,
        hora: '17:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Prurido nas patas',
          anamnese: 'Lambe e morde as patas há três semanas; piorou depois de comer petisco de frango na casa da avó.',
          exameFisico: exame(6.3, { observacoes: 'Eritema interdigital nos quatro membros; sem lesões de pele no tronco.' }),
          diagnostico: 'Dermatite alérgica alimentar (provável).',
          conduta: 'Dieta de proteína hidrolisada por 8 semanas, sem petiscos. Banho com shampoo hipoalergênico semanal.',
        },
      },
      {
        dia: 95,
        hora: '17:30',
        registro: {
          tipo: 'retorno',
          titulo: 'Dermatite',
          anamnese: 'Parou de lamber as patas após 3 semanas de dieta.',
          exameFisico: exame(6.2),
          diagnostico: 'Dermatite alérgica alimentar controlada.',
          conduta: 'Manter a dieta hidrolisada. Evitar frango.',
        },
      },
    ],
  ],
  [
    'Nina',
    [
      {
        dia: 200,
        hora: '10:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Check-up anual',
          anamnese: 'Sem queixas. Escovação diária dos pelos.',
          exameFisico: exame(3.9, { frequenciaCardiaca: 170, frequenciaRespiratoria: 28 }),
          diagnostico: 'Hígida.',
          conduta: 'Antirrábica aplicada.',
        },
      },
      { dia: 200, protocolo: 'Antirrábica' },
      { dia: 200, vacina: 'Antirr' },
      {
        dia: 60,
        hora: '16:40',
        registro: {
          tipo: 'observacao',
          titulo: 'Espirros',
          descricao:
            'Tutora ligou: espirros ocasionais há dois dias, sem secreção, comendo bem. Orientada a observar e voltar se houver secreção ou febre.',
        },
      },
    ],
  ],
  [
    'Pipoca',
    [
      {
        dia: 250,
        hora: '14:30',
        registro: {
          tipo: 'consulta',
          titulo: 'Avaliação geriátrica',
          anamnese: 'Rigidez ao levantar pela manhã e relutância em subir escadas há dois meses.',
          exameFisico: exame(7.8, {
            frequenciaCardiaca: 110,
            observacoes: 'Dor à manipulação das articulações coxofemorais; crepitação leve.',
          }),
          diagnostico: 'Doença articular degenerativa (osteoartrose) coxofemoral.',
          conduta: 'Radiografia das coxofemorais. Condroprotetor diário. Controle de peso. V10 anual aplicada.',
        },
      },
      { dia: 250, vacina: 'V10', proximaDose: 115 },
      {
        dia: 243,
        hora: '11:00',
        registro: {
          tipo: 'exame',
          titulo: 'Radiografia das coxofemorais',
          descricao:
            'Osteófitos periarticulares bilaterais e remodelamento das cabeças femorais, compatível com osteoartrose moderada. Coluna lombar sem alterações. Nota: repetir em um ano para acompanhar a progressão.',
        },
      },
      {
        dia: 120,
        hora: '08:00',
        registro: {
          tipo: 'procedimento',
          titulo: 'Profilaxia dentária',
          descricao:
            'Tartarectomia com ultrassom e polimento sob anestesia inalatória (isoflurano). Extração do 2º pré-molar superior direito (mobilidade grau 3). Recuperação anestésica sem intercorrências; alta às 16h.',
          peso: 7.6,
        },
      },
      {
        dia: 0,
        minutosAtras: 50,
        registro: {
          tipo: 'consulta',
          titulo: 'Dor articular',
          anamnese: 'Piorou com o frio: chora ao levantar e não sobe mais no sofá. Come bem.',
          exameFisico: exame(7.4, { frequenciaCardiaca: 118, observacoes: 'Dor moderada à extensão das coxofemorais.' }),
          diagnostico: 'Osteoartrose coxofemoral com dor crônica.',
          conduta:
            'Gabapentina 100 mg a cada 12 horas por 30 dias (receita de controle especial). Manter o condroprotetor. Retorno em 30 dias.',
        },
      },
      {
        dia: 0,
        documento: 'Receita de controle especial',
        medicamentos: [
          {
            nome: 'Gabapentina 100 mg',
            dose: '1 cápsula',
            via: 'oral',
            frequencia: 'a cada 12 horas',
            duracao: '30 dias',
            quantidade: '60 (sessenta) cápsulas',
          },
        ],
      },
    ],
  ],
  [
    'Mia',
    [
      {
        dia: 545,
        hora: '10:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Primeira consulta',
          anamnese: 'Filhote adotada há 10 dias. Come ração de filhote, usa a caixa de areia.',
          exameFisico: exame(1.0, { temperatura: 38.9, frequenciaCardiaca: 200, frequenciaRespiratoria: 36 }),
          diagnostico: 'Filhote hígida.',
          conduta: 'Início do protocolo V4 felina (3 doses com 21 dias). Vermífugo.',
        },
      },
      { dia: 545, protocolo: 'V4 felina' },
      { dia: 545, vacina: 'V4' },
      pesagem(524, 1.4),
      { dia: 524, vacina: 'V4' },
      pesagem(503, 1.8),
      { dia: 503, vacina: 'V4' },
      {
        dia: 420,
        hora: '08:00',
        registro: {
          tipo: 'procedimento',
          titulo: 'Castração (OSH)',
          descricao:
            'Ovário-histerectomia eletiva sob anestesia geral. Sem intercorrências. Roupa cirúrgica por 10 dias; retirada dos pontos em 10 dias.',
          peso: 2.9,
        },
      },
      {
        dia: 130,
        hora: '15:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Check-up e reforço da V4',
          anamnese: 'Sem queixas. O reforço anual passou da data.',
          exameFisico: exame(3.4, { frequenciaCardiaca: 180, frequenciaRespiratoria: 30 }),
          diagnostico: 'Hígida.',
          conduta: 'Reforço anual da V4 aplicado.',
        },
      },
      { dia: 130, vacina: 'V4' },
    ],
  ],
  [
    'Simba',
    [
      {
        dia: 0,
        minutosAtras: 120,
        registro: {
          tipo: 'consulta',
          titulo: 'Primeira consulta',
          anamnese: 'Filhote resgatado da rua há uma semana; já vermifugado. Come ração úmida de filhote.',
          exameFisico: exame(1.2, { temperatura: 38.9, frequenciaCardiaca: 210, frequenciaRespiratoria: 36 }),
          diagnostico: 'Filhote hígido.',
          conduta: 'Início do protocolo V4 felina hoje; 1ª dose aplicada. Teste FIV/FeLV negativo.',
        },
      },
      { dia: 0, protocolo: 'V4 felina' },
      // Charged: it lands on the pet's sale em atendimento, which the till receives.
      { dia: 0, vacina: 'V4', cobrar: true },
    ],
  ],
  [
    'Max',
    [
      {
        dia: 385,
        hora: '18:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Check-up anual',
          anamnese: 'Sem queixas. Faz guarda do sítio da família aos fins de semana.',
          exameFisico: exame(33.5, { frequenciaCardiaca: 88 }),
          diagnostico: 'Hígido.',
          conduta: 'Antirrábica aplicada.',
        },
      },
      { dia: 385, protocolo: 'Antirrábica' },
      { dia: 385, vacina: 'Antirr' },
      { dia: 300, vacina: 'V10', proximaDose: 65 },
      {
        dia: 0,
        minutosAtras: 90,
        registro: {
          tipo: 'consulta',
          titulo: 'Otite',
          anamnese: 'Balança a cabeça e coça a orelha direita há 5 dias; cheiro forte. Toma banho de piscina.',
          exameFisico: exame(34.2, {
            temperatura: 38.7,
            observacoes: 'Conduto auditivo direito eritematoso com secreção marrom; esquerdo com cerúmen.',
          }),
          diagnostico: 'Otite externa bilateral (Malassezia na citologia).',
          conduta:
            'Limpeza auricular no consultório. Otológico por 10 dias. Retorno em 15 dias. A antirrábica está atrasada: aplicar no retorno.',
        },
      },
      {
        dia: 0,
        documento: 'Receita simples',
        medicamentos: [
          {
            nome: 'Otomax (gentamicina, betametasona e clotrimazol)',
            dose: '5 gotas em cada orelha',
            via: 'otológica',
            frequencia: 'a cada 12 horas',
            duracao: '10 dias',
            quantidade: '1 frasco de 15 ml',
          },
          {
            nome: 'Solução de limpeza auricular',
            dose: 'preencher o conduto e massagear',
            via: 'otológica',
            frequencia: 'a cada 48 horas, 20 minutos antes do otológico',
            duracao: '14 dias',
            quantidade: '1 frasco de 100 ml',
          },
        ],
      },
    ],
  ],
  [
    'Paçoca',
    [
      {
        dia: 370,
        hora: '11:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Check-up anual',
          anamnese: 'Sem queixas. Evitar escadas: coluna.',
          exameFisico: exame(8.6),
          diagnostico: 'Hígida.',
          conduta: 'Antirrábica aplicada. Manter o peso para proteger a coluna.',
        },
      },
      { dia: 370, protocolo: 'Antirrábica' },
      { dia: 370, vacina: 'Antirr' },
      {
        dia: 180,
        hora: '19:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Vômitos e diarreia',
          anamnese: 'Vômitos e diarreia há 2 dias, apática, não come desde ontem. Revirou o lixo.',
          exameFisico: exame(8.4, { temperatura: 39.4, frequenciaCardiaca: 130, hidratacao: 'moderada', tpc: 3 }),
          diagnostico: 'Gastroenterite aguda (alimentar) com desidratação moderada.',
          conduta: 'Internação para fluidoterapia, antiemético e protetor gástrico.',
        },
      },
      {
        dia: 178,
        hora: '18:00',
        registro: {
          tipo: 'internacao',
          titulo: 'Gastroenterite',
          evolucao:
            'Dia 1: fluidoterapia com ringer lactato, maropitant e omeprazol; dois episódios de vômito à noite. Dia 2: sem vômitos, aceitou alimentação pastosa, fezes pastosas. Dia 3: hidratada, alimentando-se bem; alta com dieta gastrointestinal por 5 dias.',
          exameFisico: exame(8.3, { temperatura: 38.6 }),
        },
      },
      {
        dia: 165,
        hora: '18:30',
        registro: {
          tipo: 'retorno',
          titulo: 'Gastroenterite',
          anamnese: 'Recuperada; fezes normais, voltou à ração de sempre.',
          exameFisico: exame(8.7),
          diagnostico: 'Gastroenterite resolvida.',
          conduta: 'Alta clínica.',
        },
      },
      pesagem(30, 8.9),
    ],
  ],
  [
    'Amora',
    [
      {
        dia: 5,
        hora: '16:00',
        registro: {
          tipo: 'consulta',
          titulo: 'Primeira consulta',
          anamnese: 'Filhote de 2 meses vinda de um sítio, muito ativa. Vermifugada há uma semana.',
          exameFisico: exame(5.3, { temperatura: 38.9, frequenciaCardiaca: 150, frequenciaRespiratoria: 30 }),
          diagnostico: 'Filhote hígida.',
          conduta: 'Início do protocolo V10 filhote; 1ª dose aplicada.',
        },
      },
      { dia: 5, protocolo: 'V10 filhote' },
      { dia: 5, vacina: 'V10' },
    ],
  ],
  [
    'Zeus',
    [
      {
        dia: 300,
        hora: '08:30',
        registro: {
          tipo: 'consulta',
          titulo: 'Check-up anual',
          anamnese: 'Sem queixas. Come ração para cães grandes, 600 g/dia.',
          exameFisico: exame(43.8, { frequenciaCardiaca: 84, observacoes: 'Exame feito com focinheira.' }),
          diagnostico: 'Hígido.',
          conduta: 'Antirrábica aplicada.',
        },
      },
      {
        dia: 300,
        hora: '08:45',
        registro: {
          tipo: 'observacao',
          titulo: 'Manejo',
          descricao: 'Paciente agressivo com estranhos: contenção com focinheira e ajuda do tutor; atender no último horário.',
        },
      },
      { dia: 300, protocolo: 'Antirrábica' },
      { dia: 300, vacina: 'Antirr' },
      pesagem(30, 44.5),
      { dia: 0, documento: 'Atestado de vacinação' },
    ],
  ],
];

type Historia = {
  hoje: string;
  timeZone: string;
  veterinarioId: string;
  petId: (nome: string) => string;
  vacinaId: (nome: VacinaDemo) => string;
  atos: typeof HISTORIA_CLINICA;
};

/** The unit's local 'yyyy-MM-ddTHH:mm' `minutos` before now. */
const localAntes = (minutos: number, timeZone: string) => {
  const p = zonedParts(new Date(Date.now() - minutos * 60_000), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
};

/**
 * Writes the acts through the clinic's use cases, as the vet would have, then moves the rows'
 * timestamps (and the vaccines' stock movements) to the days they happened.
 */
const historiaClinica = async (tx: Db, h: Historia): Promise<void> => {
  const autor = { usuarioId: h.veterinarioId };
  const [protocolos, modelos] = await Promise.all([
    tx.select({ id: protocolosVacina.id, nome: protocolosVacina.nome }).from(protocolosVacina),
    tx.select({ id: modelosDocumento.id, nome: modelosDocumento.nome }).from(modelosDocumento),
  ]);
  for (const [pet, atos] of h.atos) {
    const petId = h.petId(pet);
    for (const ato of atos) {
      const dia = addDays(h.hoje, -ato.dia);
      if ('registro' in ato) {
        const data = 'minutosAtras' in ato ? localAntes(ato.minutosAtras, h.timeZone) : `${dia}T${ato.hora}`;
        await criarRegistro(tx, registroInputSchema.parse({ ...ato.registro, petId, data }), [], autor);
      } else if ('protocolo' in ato) {
        const protocolo = protocolos.find((p) => p.nome === ato.protocolo)!;
        await aplicarProtocolo(tx, { petId, protocoloId: protocolo.id, dataInicio: dia });
      } else if ('vacina' in ato) {
        await registrarVacina(
          tx,
          registrarVacinaInputSchema.parse({
            petId,
            vacinaId: h.vacinaId(ato.vacina),
            dataAplicacao: dia,
            proximaDose: ato.proximaDose === undefined ? undefined : addDays(h.hoje, ato.proximaDose),
            cobrar: ato.cobrar ?? false,
          }),
          autor,
        );
      } else {
        const modelo = modelos.find((m) => m.nome === ato.documento)!;
        await processarModelo(
          tx,
          processarModeloInputSchema.parse({ modeloDocumentoId: modelo.id, petId, medicamentos: ato.medicamentos ?? [] }),
          autor,
        );
      }
    }
  }
  await moverParaOsDias(tx);
};

/**
 * The rows the use cases stamped "now" moved to when their acts happened: records to their
 * `data`, applied doses to 10:00 of their day (and their stock movements with them), planned
 * doses to when they were planned (the protocol's start, or the dose that planned them).
 */
const moverParaOsDias = async (tx: Db): Promise<void> => {
  await tx.execute(sql`update registros_clinicos set created_at = data, updated_at = data where data < created_at`);
  await tx.execute(sql`update vacinas_aplicadas va set created_at = x.em, updated_at = x.em
      from (select v.id, least(v.created_at, (v.data_aplicacao + time '10:00') at time zone u.time_zone) as em
              from vacinas_aplicadas v join unidades_negocio u on u.id = v.unidade_negocio_id) x
     where x.id = va.id`);
  await tx.execute(sql`update movimentacoes_estoque m set created_at = va.created_at
      from vacinas_aplicadas va where m.origem = 'vacina' and m.origem_id = va.id`);
  await tx.execute(sql`update planejamentos_vacina p set created_at = least(p.created_at, x.inicio), updated_at = least(p.updated_at, x.inicio)
      from (select aplicacao_protocolo_id, (min(data_prevista) + time '09:00') at time zone min(u.time_zone) as inicio
              from planejamentos_vacina pv join unidades_negocio u on u.id = pv.unidade_negocio_id
             where aplicacao_protocolo_id is not null group by aplicacao_protocolo_id) x
     where p.aplicacao_protocolo_id = x.aplicacao_protocolo_id`);
  await tx.execute(sql`update planejamentos_vacina p set created_at = va.created_at, updated_at = va.created_at
      from vacinas_aplicadas va where va.proxima_dose_id = p.id and va.created_at < p.created_at and p.status = 'pendente'`);
  await tx.execute(sql`update planejamentos_vacina p set updated_at = va.created_at
      from vacinas_aplicadas va where p.vacina_aplicada_id = va.id`);
};
