/**
 * Fixtures of the WhatsApp outbox tests (issue #21 item 3): an app with the in-process fake
 * gateway, a unit's templates switched on, customers and pets written straight in the
 * database, a unit's number connected through the fake, and reads of the outbox.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { MODELOS_PADRAO, type ModeloMensagem, type TipoModeloWhatsapp } from '@petshop/shared/whatsapp';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { pessoas, pets, unidadesNegocio, whatsappConexoes } from '../src/db/schema/index.ts';
import type { TelefoneRow } from '../src/db/schema/pessoal.ts';
import { withTenant, type TenantScope } from '../src/db/tenant-scope.ts';
import { getConexao, nomeInstancia } from '../src/modules/whatsapp/conexao-repository.ts';
import { GatewayFake } from '../src/modules/whatsapp/gateway/gateway-fake.ts';
import type { EnvioWhatsapp, InstanciaWhatsapp, WhatsappGateway } from '../src/modules/whatsapp/gateway/whatsapp-gateway.ts';
import { testConfig, type TestContext } from './helper.ts';

export type Escopo = { tenantId: string; unidadeNegocioId: string };

/**
 * Boots one app for the file (beforeAll) with `gateway` (default a new GatewayFake) as
 * app.whatsapp and `whatsapp` over the test config's WhatsApp settings.
 */
export const useWhatsappApp = <G extends WhatsappGateway = GatewayFake>(
  opcoes: { config?: Partial<Config>; whatsapp?: Partial<Config['whatsapp']>; gateway?: G } = {},
): TestContext & { gateway: G } => {
  const ctx = { gateway: opcoes.gateway ?? (new GatewayFake() as unknown as G) } as TestContext & { gateway: G };
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    ctx.database = url
      ? await openDatabase({ url, poolSize: 6 })
      : await openDatabase({ loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    const config = testConfig(opcoes.config);
    ctx.config = { ...config, whatsapp: { ...config.whatsapp, ...opcoes.whatsapp } };
    ctx.app = await buildApp(ctx.config, ctx.database, { whatsapp: ctx.gateway });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
};

/** Switches on the unit's templates (`tipos`, default all), with `texto` overrides. */
export const ligarModelos = (
  ctx: TestContext,
  escopo: Escopo,
  alteracoes: Partial<Record<TipoModeloWhatsapp, Partial<ModeloMensagem>>> = {},
  tipos: readonly TipoModeloWhatsapp[] = Object.keys(MODELOS_PADRAO) as TipoModeloWhatsapp[],
) =>
  withTenant(ctx.database.db, escopo, (tx) =>
    tx
      .update(unidadesNegocio)
      .set({
        whatsappMensagens: Object.fromEntries(tipos.map((t) => [t, { ...MODELOS_PADRAO[t], ativo: true, ...alteracoes[t] }])),
      })
      .where(sql`${unidadesNegocio.id} = ${escopo.unidadeNegocioId}`),
  );

/** A customer of the tenant (default: consent given, one WhatsApp mobile). */
export const novaPessoa = async (
  ctx: TestContext,
  escopo: TenantScope,
  dados: { nome?: string; telefones?: TelefoneRow[]; consentimentoMarketing?: boolean; ativo?: boolean } = {},
): Promise<string> =>
  withTenant(ctx.database.db, escopo, async (tx) => {
    const [p] = await tx
      .insert(pessoas)
      .values({
        nome: dados.nome ?? 'Maria da Silva',
        telefones: dados.telefones ?? [{ numero: '11987654321', tipo: 'celular', whatsapp: true }],
        consentimentoMarketing: dados.consentimentoMarketing ?? true,
        ativo: dados.ativo ?? true,
      })
      .returning({ id: pessoas.id });
    return p!.id;
  });

/** A pet of the tenant (deceased when `dataObito`). */
export const novoPet = async (ctx: TestContext, escopo: TenantScope, dados: { nome?: string; dataObito?: string } = {}) =>
  withTenant(ctx.database.db, escopo, async (tx) => {
    const [p] = await tx
      .insert(pets)
      .values({ nome: dados.nome ?? 'Thor', dataObito: dados.dataObito ?? null })
      .returning({ id: pets.id });
    return p!.id;
  });

/**
 * Connects the unit's number through the fake: the session paired (conectar + lerQrcode) and the
 * connection row Conectado, as the status route or the gateway's callback leaves it.
 */
export const conectarUnidade = async (ctx: TestContext, fake: GatewayFake, escopo: Escopo, numero = '5511999990000') => {
  await withTenant(ctx.database.db, escopo, async (tx) => {
    const row = await getConexao(tx, escopo.unidadeNegocioId, fake.id);
    await fake.conectar({ unidadeNegocioId: row.unidadeNegocioId, nome: row.instancia, webhookUrl: '', credenciais: {} });
    fake.lerQrcode(row.instancia, numero);
    await tx
      .update(whatsappConexoes)
      .set({ status: 'Conectado', numero, conectadoEm: new Date() })
      .where(sql`${whatsappConexoes.unidadeNegocioId} = ${escopo.unidadeNegocioId}`);
  });
};

/** The connection row back to Desconectado (the fake's session forgotten too). */
export const desconectarUnidade = async (ctx: TestContext, fake: GatewayFake, escopo: Escopo) => {
  await withTenant(ctx.database.db, escopo, async (tx) => {
    const row = await getConexao(tx, escopo.unidadeNegocioId, fake.id);
    fake.sessoes.delete(row.instancia);
    await tx
      .update(whatsappConexoes)
      .set({ status: 'Desconectado', numero: null, conectadoEm: null })
      .where(sql`${whatsappConexoes.unidadeNegocioId} = ${escopo.unidadeNegocioId}`);
  });
};

export type MensagemRow = {
  id: string;
  tipo: string;
  chave: string;
  status: string;
  telefone: string;
  texto: string;
  valores: Record<string, string> | null;
  tentativas: number;
  ultimo_erro: string | null;
  gateway_mensagem_id: string | null;
  enviada_em: Date | string | null;
  proxima_tentativa_em: Date | string;
  agendada_para: Date | string;
};

/** The unit's outbox, oldest first. */
export const mensagensDa = (ctx: TestContext, escopo: Escopo): Promise<MensagemRow[]> =>
  withTenant(ctx.database.db, escopo, (tx) =>
    queryRows<MensagemRow>(
      tx,
      sql`select id, tipo, chave, status, telefone, texto, valores, tentativas, ultimo_erro, gateway_mensagem_id,
                 enviada_em, proxima_tentativa_em, agendada_para
            from whatsapp_mensagens order by created_at, chave`,
    ),
  );

/** One message of the unit by id. */
export const mensagem = async (ctx: TestContext, escopo: Escopo, id: string): Promise<MensagemRow> => {
  const m = (await mensagensDa(ctx, escopo)).find((x) => x.id === id);
  if (!m) throw new Error(`mensagem ${id} não encontrada`);
  return m;
};

/** The fake gateway, plus units whose gateway hangs (their sends never answer). */
export class GatewayFakeTravavel extends GatewayFake {
  readonly travadas = new Set<string>();
  override enviar(instancia: InstanciaWhatsapp, envio: EnvioWhatsapp): Promise<{ gatewayMensagemId: string }> {
    if (this.travadas.has(instancia.unidadeNegocioId)) return new Promise(() => {});
    return super.enviar(instancia, envio);
  }
}

/** What the fake sent from a unit's session. */
export const enviadasDa = (fake: GatewayFake, unidadeNegocioId: string) =>
  fake.enviadas.filter((e) => e.instancia === nomeInstancia(unidadeNegocioId));
