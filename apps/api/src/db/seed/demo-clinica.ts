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
import { ajusteEstoqueInputSchema } from '@petshop/shared/estoque';
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
  unidadesMedida,
  usuarioUnidades,
  usuarios,
} from '../schema/index.ts';
import { ajustarEstoque } from '../../modules/estoque/ajustar-estoque.ts';
import { getUnidadeAtual } from '../../modules/unidades-negocio/unidade-atual.ts';
import { hashPassword } from '../../lib/passwords.ts';
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
};
