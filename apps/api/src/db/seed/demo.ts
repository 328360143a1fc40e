/**
 * Demo data (issue #2 item 7): tenant "Pet Shop Demo" (units Matriz and Filial, an
 * administrator who is also a platform operator, one user per profile) and tenant
 * "Clínica Veterinária Exemplo", so that tenant isolation can be seen. Then the areas' realistic
 * data, by the seeders listed in order in `demoSeeders`; each runs inside the demo tenant's scope.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { demoEtapas, tenants, unidadesNegocio, usuarioUnidades, usuarios } from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { criarTenant, type TenantCriado } from '../../modules/tenants/criar-tenant.ts';
import { aplicarUnidadeDefaults } from '../../modules/unidades-negocio/unidade-defaults.ts';
import { withTenant } from '../tenant-scope.ts';
import { seedDemoAgenda } from './demo-agenda.ts';
import { seedDemoClinica } from './demo-clinica.ts';
import { seedDemoCompras } from './demo-compras.ts';
import { seedDemoFinanceiro } from './demo-financeiro.ts';
import { seedDemoPessoas } from './demo-pessoas.ts';
import { seedDemoProdutos } from './demo-produtos.ts';
import {
  DEMO_VENDAS_DIAS,
  seedDemoEstoqueInicial,
  seedDemoVendas,
  seedDemoVendasDia,
  type EstadoVendasDemo,
} from './demo-vendas.ts';
import { seedDemoWhatsapp } from './demo-whatsapp.ts';

export const DEMO_PASSWORD = 'demo1234';

/** The logins printed when the server starts on demo data. */
export const DEMO_LOGINS = [
  { email: 'admin@demo.com.br', perfil: 'Administrador + operador da plataforma (Pet Shop Demo)' },
  { email: 'gerente@demo.com.br', perfil: 'Gerente (Matriz e Filial)' },
  { email: 'caixa@demo.com.br', perfil: 'Caixa / Vendedor (Matriz)' },
  { email: 'recepcao@demo.com.br', perfil: 'Recepção (Matriz)' },
  { email: 'veterinario@demo.com.br', perfil: 'Veterinário (Matriz)' },
  { email: 'banhista@demo.com.br', perfil: 'Banhista / Tosador (Matriz)' },
  { email: 'veterinario.filial@demo.com.br', perfil: 'Veterinário (Filial)' },
  { email: 'banhista.filial@demo.com.br', perfil: 'Banhista / Tosador (Filial)' },
  { email: 'financeiro@demo.com.br', perfil: 'Financeiro (Matriz e Filial)' },
  { email: 'admin@clinica.demo.com.br', perfil: 'Administrador (Clínica Veterinária Exemplo)' },
  { email: 'veterinario@clinica.demo.com.br', perfil: 'Veterinário (Clínica Veterinária Exemplo)' },
] as const;

export type DemoIds = { petShop: TenantCriado & { filialId: string }; clinica: TenantCriado };

export type DemoSeeder = (tx: Db, ids: DemoIds) => Promise<void>;

/** The areas' realistic data for the demo tenants, in the order it is seeded. */
export const demoSeeders: readonly DemoSeeder[] = [
  // The catalogue (products, services, suppliers) and the customers with their pets.
  (tx) => seedDemoProdutos(tx),
  (tx, ids) => seedDemoPessoas(tx, ids.petShop.tenantId),
  // The history sells the catalogue to the customers above.
  seedDemoVendas,
  // After the sales history: purchases back-dated into it (see demo-compras.ts for why after).
  seedDemoCompras,
  // The agenda (issue #17): the units' rooms and boxes, past weeks charged at the till, today's
  // board, next week, packages; before finance, which settles the receivables it leaves.
  seedDemoAgenda,
  // The clinic (issue #19): the Clínica Veterinária Exemplo's charts, vaccines and documents; a few in the Pet Shop Demo.
  seedDemoClinica,
  // Finance last (issue #6): it settles what the sales and purchases left (skipped when there
  // are no suppliers, i.e. the seeders above were left out).
  seedDemoFinanceiro,
  // WhatsApp (issue #21): the Matriz's templates on, after the history (which queues nothing).
  seedDemoWhatsapp,
];

export const isDatabaseEmpty = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ value: count() }).from(tenants);
  return (row?.value ?? 0) === 0;
};

/** Seeds the demo tenants, then `seeders` (all of `demoSeeders` unless a test picks some), all at once. */
export const seedDemo = async (db: Db, seeders: readonly DemoSeeder[] = demoSeeders): Promise<DemoIds> => {
  const ids = await seedDemoTenants(db);
  for (const seeder of seeders) await withTenant(db, matriz(ids), (tx) => seeder(tx, ids));
  return ids;
};

const matriz = (ids: DemoIds) => ({ tenantId: ids.petShop.tenantId, unidadeNegocioId: ids.petShop.unidadeNegocioId });

/** The demo tenants, their units and users (no areas' data). */
const seedDemoTenants = async (db: Db): Promise<DemoIds> => {
  const petShop = await criarTenant(db, {
    tenant: { nome: 'Pet Shop Demo', cnpj: '11222333000181', plano: 'rede', limiteUnidades: 5, limiteUsuarios: 20 },
    unidade: {
      nomeFantasia: 'Matriz',
      razaoSocial: 'Pet Shop Demo Comércio de Produtos para Animais Ltda',
      cnpj: '11222333000181',
      telefone: '1133334444',
      email: 'contato@demo.com.br',
      endereco: {
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
        codigoIbge: '3550308',
      },
    },
    administrador: { nome: 'Ana Souza', email: 'admin@demo.com.br', senha: DEMO_PASSWORD, operadorPlataforma: true },
  });

  const senhaHash = await hashPassword(DEMO_PASSWORD);
  const filialId = await db.transaction(async (tx) => {
    const [filial] = await tx
      .insert(unidadesNegocio)
      .values({
        tenantId: petShop.tenantId,
        nomeFantasia: 'Filial',
        razaoSocial: 'Pet Shop Demo Comércio de Produtos para Animais Ltda',
        cnpj: '11222333000262',
        telefone: '1133335555',
        cep: '04538133',
        logradouro: 'Avenida Brigadeiro Faria Lima',
        numero: '3477',
        bairro: 'Itaim Bibi',
        cidade: 'São Paulo',
        uf: 'SP',
        codigoIbge: '3550308',
      })
      .returning({ id: unidadesNegocio.id });
    const filialId = filial!.id;
    await tx.insert(usuarioUnidades).values({
      tenantId: petShop.tenantId,
      usuarioId: petShop.usuarioId,
      unidadeNegocioId: filialId,
      perfilId: 'administrador',
    });
    const equipe = [
      {
        nome: 'Bruno Lima',
        email: 'gerente@demo.com.br',
        perfis: [
          ['gerente', 'matriz'],
          ['gerente', 'filial'],
        ],
      },
      { nome: 'Carla Dias', email: 'caixa@demo.com.br', perfis: [['caixa', 'matriz']] },
      { nome: 'Daniela Rocha', email: 'recepcao@demo.com.br', perfis: [['recepcao', 'matriz']] },
      { nome: 'Dr. Eduardo Martins', email: 'veterinario@demo.com.br', perfis: [['veterinario', 'matriz']] },
      { nome: 'Fernanda Alves', email: 'banhista@demo.com.br', perfis: [['banhista', 'matriz']] },
      {
        nome: 'Gustavo Pereira',
        email: 'financeiro@demo.com.br',
        perfis: [
          ['financeiro', 'matriz'],
          ['financeiro', 'filial'],
        ],
      },
    ] as const;
    for (const pessoa of equipe) {
      const [u] = await tx
        .insert(usuarios)
        .values({ tenantId: petShop.tenantId, nome: pessoa.nome, email: pessoa.email, senhaHash })
        .returning({ id: usuarios.id });
      await tx.insert(usuarioUnidades).values(
        pessoa.perfis.map(([perfilId, unidade]) => ({
          tenantId: petShop.tenantId,
          usuarioId: u!.id,
          unidadeNegocioId: unidade === 'matriz' ? petShop.unidadeNegocioId : filialId,
          perfilId,
        })),
      );
    }
    return filialId;
  });
  // The Filial gets what every new unit starts with (its accounts), like criarUnidade does.
  await withTenant(db, { tenantId: petShop.tenantId, unidadeNegocioId: filialId }, (tx) => aplicarUnidadeDefaults(tx, filialId));

  const clinica = await criarTenant(db, {
    tenant: {
      nome: 'Clínica Veterinária Exemplo',
      cnpj: '45723174000110',
      plano: 'profissional',
      limiteUnidades: 2,
      limiteUsuarios: 10,
    },
    unidade: {
      nomeFantasia: 'Clínica Veterinária Exemplo',
      razaoSocial: 'Clínica Veterinária Exemplo Ltda',
      cnpj: '45723174000110',
      telefone: '3132221100',
      endereco: {
        cep: '30130010',
        logradouro: 'Avenida Afonso Pena',
        numero: '500',
        bairro: 'Centro',
        cidade: 'Belo Horizonte',
        uf: 'MG',
        codigoIbge: '3106200',
      },
    },
    administrador: { nome: 'Helena Costa', email: 'admin@clinica.demo.com.br', senha: DEMO_PASSWORD },
  });

  return { petShop: { ...petShop, filialId }, clinica };
};

/**
 * The first start (issue #22 item 1), before the server listens: the demo tenants, their users,
 * the catalogue and the customers — enough to log in and sell at the till (about a second). The
 * `essenciais` step is written with the customers, in their transaction, with the ids the history
 * needs; `seedDemoHistorico` seeds the rest after the server answers.
 */
export const seedDemoEssenciais = async (db: Db): Promise<DemoIds> => {
  const ids = await seedDemoTenants(db);
  await withTenant(db, matriz(ids), (tx) => seedDemoProdutos(tx));
  await withTenant(db, matriz(ids), async (tx) => {
    await seedDemoPessoas(tx, ids.petShop.tenantId);
    await tx.insert(demoEtapas).values({ etapa: ETAPA_ESSENCIAIS, dados: ids });
  });
  return ids;
};

const ETAPA_ESSENCIAIS = 'essenciais';
const ETAPA_HISTORICO = 'historico';

/** A step of the demo history: one transaction in the Matriz scope, its row written in it. */
type EtapaHistorico = { etapa: string; seed: (tx: Db, ids: DemoIds, estado: EstadoVendasDemo) => Promise<void> };

/** The history's steps in order: opening stock, each day of sales (oldest first), then the areas. */
export const etapasHistorico = (dias = DEMO_VENDAS_DIAS): EtapaHistorico[] => [
  { etapa: 'estoque-inicial', seed: (tx, ids) => seedDemoEstoqueInicial(tx, ids) },
  ...Array.from({ length: dias + 1 }, (_, i): EtapaHistorico => {
    const diasAtras = dias - i;
    return { etapa: `vendas:${diasAtras}`, seed: (tx, ids, estado) => seedDemoVendasDia(tx, ids, diasAtras, estado) };
  }),
  // The same order as `demoSeeders` (see there why).
  { etapa: 'compras', seed: seedDemoCompras },
  { etapa: 'agenda', seed: seedDemoAgenda },
  { etapa: 'clinica', seed: seedDemoClinica },
  { etapa: 'financeiro', seed: seedDemoFinanceiro },
  { etapa: 'whatsapp', seed: seedDemoWhatsapp },
];

/** The history still to seed: the demo ids and the steps done, or null (no demo, or its history is whole). */
export const findHistoricoPendente = async (db: Db): Promise<{ ids: DemoIds; feitas: Set<string> } | null> => {
  const rows = await db.select({ etapa: demoEtapas.etapa, dados: demoEtapas.dados }).from(demoEtapas);
  const essenciais = rows.find((r) => r.etapa === ETAPA_ESSENCIAIS);
  if (!essenciais || rows.some((r) => r.etapa === ETAPA_HISTORICO)) return null;
  return { ids: essenciais.dados as DemoIds, feitas: new Set(rows.map((r) => r.etapa)) };
};

/** The demo history's progress, 0–100 (100 when there is no demo being seeded), for `GET /api/demo/progresso`. */
export const getProgressoDemo = async (db: Db): Promise<{ percentual: number; concluido: boolean }> => {
  const pendente = await findHistoricoPendente(db);
  if (!pendente) return { percentual: 100, concluido: true };
  const etapas = etapasHistorico();
  const feitas = etapas.filter((e) => pendente.feitas.has(e.etapa)).length;
  return { percentual: Math.floor((100 * feitas) / etapas.length), concluido: false };
};

/**
 * Seeds the steps of the history not done yet, each in its own transaction with its `demo_etapas`
 * row: a restart resumes after the last whole step (never half a day). `onProgresso` hears the
 * percentage after each step; `deveParar` is asked before each (the server's shutdown). Writes the
 * `historico` step at the end. Answers true when the history is whole.
 */
export const seedDemoHistorico = async (
  db: Db,
  pendente: { ids: DemoIds; feitas: Set<string> },
  onProgresso: (percentual: number) => void = () => {},
  deveParar: () => boolean = () => false,
): Promise<boolean> => {
  const { ids, feitas } = pendente;
  const etapas = etapasHistorico();
  const estado: EstadoVendasDemo = { comCredito: new Set() };
  let feitasAgora = etapas.filter((e) => feitas.has(e.etapa)).length;
  for (const etapa of etapas) {
    if (feitas.has(etapa.etapa)) continue;
    // PGlite runs in this thread and its answers resolve as microtasks: without a turn of the event
    // loop between steps, no request would be read until the whole history is written.
    await new Promise((resolve) => setImmediate(resolve));
    if (deveParar()) return false;
    await withTenant(db, matriz(ids), async (tx) => {
      await etapa.seed(tx, ids, estado);
      await tx.insert(demoEtapas).values({ etapa: etapa.etapa });
    });
    feitas.add(etapa.etapa);
    onProgresso(Math.floor((100 * ++feitasAgora) / etapas.length));
  }
  await db.insert(demoEtapas).values({ etapa: ETAPA_HISTORICO }).onConflictDoNothing();
  return true;
};
