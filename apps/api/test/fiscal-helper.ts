/**
 * Fiscal test helpers (issue #18), for every fiscal test file:
 * - `useFiscalTestApp()`: the app (as useTestApp) talking to a local fake SEFAZ over TLS
 *   (test/fakes/sefaz.ts) through the real HTTPS client (config sefazUrl/sefazCa);
 * - `prepararUnidadeNfce(ctx, t)`: a unit ready for NFC-e — A1 certificate made by makePfx with
 *   CN 'RAZAO:{unit CNPJ}', CSC id/token, IE, address in São Paulo with its IBGE code, CRT 1
 *   (Simples Nacional), homologação — its secrets encrypted as the API stores them;
 * - `lojaNfce(ctx)`: a tenant with that unit, an open register and two products with valid
 *   fiscal data (CSOSN 102, NCM 2309.10.00 pet food, CFOP 5102) and a service;
 * - `vendaNfce(ctx, loja, itens?)`: a sale finalised at the till (paid in cash);
 * - `emitir(ctx, headers, vendaId, cpf?)`: POST /api/fiscal/nfce.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Produto } from '@petshop/shared/produto';
import type { Venda } from '@petshop/shared/venda';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { produtos, unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { encrypt } from '../src/lib/crypto.ts';
import { makePfx } from './certificate.ts';
import { startFakeSefaz, type FakeSefaz } from './fakes/sefaz.ts';
import { abrirCaixa, novoProduto, vendaFinalizada, type ItemFixture, type VendaInputFixture } from './fixtures/vendas.ts';
import { newTenant, testConfig, type TenantFixture, type TestContext } from './helper.ts';
import type { Config } from '../src/config.ts';

export type FiscalTestContext = TestContext & { sefaz: FakeSefaz };

/** The fiscal API at /api/fiscal. */
export const FISCAL = '/api/fiscal';

/**
 * Boots one app for the file against a fake SEFAZ started for it (beforeAll) and closes both
 * (afterAll). `overrides` go to the config (e.g. `sefazTimeoutMs`).
 */
export const useFiscalTestApp = (overrides: Partial<Config> = {}): FiscalTestContext => {
  const ctx = {} as FiscalTestContext;
  beforeAll(async () => {
    ctx.sefaz = await startFakeSefaz();
    const url = process.env.TEST_DATABASE_URL;
    const dump = inject('pgliteDump');
    ctx.database = url
      ? await openDatabase({ url, poolSize: 4 })
      : await openDatabase({ loadDataDir: new Blob([readFileSync(dump)]) });
    ctx.config = testConfig({ sefazUrl: ctx.sefaz.url, sefazCa: ctx.sefaz.ca, ...overrides });
    ctx.app = await buildApp(ctx.config, ctx.database);
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    await ctx.sefaz?.close();
  });
  return ctx;
};

/** The CSC the test units use (homologação). */
export const CSC_TESTE = { id: '000001', token: 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6' };
export const SENHA_CERTIFICADO = 'senha-do-a1';

/** Fills the unit's fiscal settings (default: the tenant's first unit) so it can issue NFC-e. */
export const prepararUnidadeNfce = async (
  ctx: TestContext,
  t: Pick<TenantFixture, 'tenantId' | 'unidadeNegocioId'>,
  unidadeNegocioId = t.unidadeNegocioId,
  extra: Partial<typeof unidadesNegocio.$inferInsert> = {},
): Promise<void> => {
  await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId }, async (tx) => {
    const [u] = await tx
      .select({ cnpj: unidadesNegocio.cnpj, razaoSocial: unidadesNegocio.razaoSocial })
      .from(unidadesNegocio)
      .where(eq(unidadesNegocio.id, unidadeNegocioId));
    const cnpj = u!.cnpj.replace(/\D/g, '');
    const pfx = makePfx(SENHA_CERTIFICADO, { cn: `${u!.razaoSocial.toUpperCase()}:${cnpj}` });
    const validade = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
    await tx
      .update(unidadesNegocio)
      .set({
        inscricaoEstadual: '111222333444',
        telefone: '11987654321',
        cep: '01001000',
        logradouro: 'Praça da Sé',
        numero: '100',
        bairro: 'Sé',
        cidade: 'São Paulo',
        uf: 'SP',
        codigoIbge: '3550308',
        crt: '1',
        ambiente: 'homologacao',
        nfceSerie: 1,
        nfceProximoNumero: 1,
        cscId: CSC_TESTE.id,
        cscTokenEnc: encrypt(ctx.config.encryptionKey, CSC_TESTE.token),
        certificadoEnc: encrypt(ctx.config.encryptionKey, pfx),
        certificadoSenhaEnc: encrypt(ctx.config.encryptionKey, SENHA_CERTIFICADO),
        certificadoTitular: u!.razaoSocial.toUpperCase(),
        certificadoValidade: validade,
        certificadoCnpj: cnpj,
        ...extra,
      })
      .where(eq(unidadesNegocio.id, unidadeNegocioId));
  });
};

/** Valid fiscal data of a pet food sold by a Simples Nacional shop. */
export const FISCAL_RACAO = {
  ncm: '23091000',
  cest: null,
  cfop: '5102',
  origem: '0',
  csosn: '102',
  cst: null,
  pisCst: null,
  cofinsCst: null,
} as const;

/** Sets a product's fiscal columns (straight in the table, as a fixed product would be). */
export const definirFiscalProduto = (
  ctx: TestContext,
  t: TenantFixture,
  produtoId: string,
  fiscal: Partial<Record<keyof typeof FISCAL_RACAO, string | null>>,
) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx
      .update(produtos)
      .set(fiscal as Partial<typeof produtos.$inferInsert>)
      .where(eq(produtos.id, produtoId)),
  );

export type LojaNfce = {
  t: TenantFixture;
  caixaId: string;
  racao: Produto;
  petisco: Produto;
  banho: Produto;
};

/** A tenant whose first unit issues NFC-e, with an open register, two products and a service. */
export const lojaNfce = async (ctx: TestContext): Promise<LojaNfce> => {
  const t = await newTenant(ctx);
  await prepararUnidadeNfce(ctx, t);
  const caixaId = await abrirCaixa(ctx, t, 100);
  const racao = await novoProduto(ctx, t, { nome: 'Ração Golden Adultos 15 kg', precoVenda: 189.9, estoque: 100 });
  const petisco = await novoProduto(ctx, t, { nome: 'Petisco Bifinho 500 g', precoVenda: 19.5, estoque: 100 });
  const banho = await novoProduto(ctx, t, { nome: 'Banho porte médio', precoVenda: 60, tipo: 'servico', controlaEstoque: false });
  await definirFiscalProduto(ctx, t, racao.id, FISCAL_RACAO);
  await definirFiscalProduto(ctx, t, petisco.id, { ...FISCAL_RACAO, ncm: '23099090' });
  return { t, caixaId, racao, petisco, banho };
};

/** A sale finalised at the till (default: one ração and two petiscos, paid in cash). */
export const vendaNfce = (
  ctx: TestContext,
  loja: LojaNfce,
  itens?: ItemFixture[],
  extra: Omit<VendaInputFixture, 'itens'> = {},
): Promise<Venda> =>
  vendaFinalizada(ctx, loja.t, {
    caixaId: loja.caixaId,
    itens: itens ?? [
      { produto: loja.racao, quantidade: 1 },
      { produto: loja.petisco, quantidade: 2 },
    ],
    ...extra,
  });

/** POST /api/fiscal/nfce. */
export const emitir = (ctx: TestContext, headers: Record<string, string>, vendaId: string, cpf?: string) =>
  ctx.app.inject({ method: 'POST', url: `${FISCAL}/nfce`, headers, payload: cpf ? { vendaId, cpf } : { vendaId } });
