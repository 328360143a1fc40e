/**
 * Audit of the A1 certificate upload (issue #22 item 4, `CertificadoEnviado`): a certificate sent
 * with a unit (create or update) records one event for that unit, by the acting user, with the
 * holder, CNPJ, expiry (dd/MM/yyyy) and serial — never the file nor its password; a save without
 * a certificate and a refused certificate (wrong password) record none; the events are the
 * tenant's only.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCnpj, formatDate } from '@petshop/shared/format';
import type { UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import { auditoriaEventos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { makePfx } from './certificate.ts';
import { injectMultipart, newTenant, useTestApp, validCnpj, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const UNIDADES = '/api/geral/unidades_negocio';
const SENHA_PFX = 'senha-do-pfx-9876';

const eventos = (tenantId: string) =>
  withTenant(ctx.database.db, { tenantId }, (tx) =>
    tx
      .select()
      .from(auditoriaEventos)
      .where(eq(auditoriaEventos.acao, 'CertificadoEnviado'))
      .orderBy(asc(auditoriaEventos.criadoEm)),
  );
const todos = (tenantId: string) => withTenant(ctx.database.db, { tenantId }, (tx) => tx.select().from(auditoriaEventos));

const dadosUnidade = (cnpj: string, fiscal: Record<string, unknown> = {}) => ({
  nomeFantasia: 'Loja Shopping',
  razaoSocial: 'Loja Shopping Ltda',
  cnpj,
  fiscal: { crt: '1', ambiente: 'homologacao', nfceSerie: 1, nfceProximoNumero: 1, ...fiscal },
});

const arquivo = (pfx: Buffer) => ({ certificado: { filename: 'a1.pfx', contentType: 'application/x-pkcs12', content: pfx } });

const enviar = (t: TenantFixture, method: 'POST' | 'PUT', url: string, dados: unknown, pfx?: Buffer) =>
  injectMultipart(ctx, method, url, t.headers, dados, pfx ? arquivo(pfx) : {});

describe('audit of the A1 certificate upload', () => {
  it('update with a certificate: one event for that unit, no secret; without one or refused: none', async () => {
    const t = await newTenant(ctx);
    const cnpj = validCnpj();
    const criada = await enviar(t, 'POST', UNIDADES, dadosUnidade(cnpj));
    expect(criada.statusCode, criada.body).toBe(201);
    const unidade = criada.json<UnidadeNegocio>();
    expect(await eventos(t.tenantId)).toEqual([]);

    const pfx = makePfx(SENHA_PFX, { cn: `PET SHOP TESTE LTDA:${cnpj}` });
    const errada = await enviar(t, 'PUT', `${UNIDADES}/${unidade.id}`, dadosUnidade(cnpj, { certificadoSenha: 'errada' }), pfx);
    expect(errada.statusCode).toBe(400);
    expect(await eventos(t.tenantId)).toEqual([]);

    const res = await enviar(t, 'PUT', `${UNIDADES}/${unidade.id}`, dadosUnidade(cnpj, { certificadoSenha: SENHA_PFX }), pfx);
    expect(res.statusCode, res.body).toBe(200);
    const validade = res.json<UnidadeNegocio>().fiscal.certificado!.validade;
    const [evento, ...outros] = await eventos(t.tenantId);
    expect(outros).toEqual([]);
    expect(evento).toMatchObject({
      entidade: 'certificado',
      entidadeId: unidade.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: unidade.id,
      descricao: `Certificado digital A1 de PET SHOP TESTE LTDA:${cnpj} (CNPJ ${formatCnpj(cnpj)}) enviado, válido até ${formatDate(validade)}`,
      antes: null,
      depois: { titular: `PET SHOP TESTE LTDA:${cnpj}`, cnpj: formatCnpj(cnpj), validade: formatDate(validade), serial: '01' },
    });
    expect(evento!.depois!.validade).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // Saving the unit again without a certificate: nothing more.
    expect((await enviar(t, 'PUT', `${UNIDADES}/${unidade.id}`, dadosUnidade(cnpj))).statusCode).toBe(200);
    expect(await eventos(t.tenantId)).toHaveLength(1);

    // Neither the password nor the file's bytes in any event of the tenant.
    const json = JSON.stringify(await todos(t.tenantId));
    expect(json).not.toContain(SENHA_PFX);
    expect(json).not.toContain(pfx.toString('base64').slice(0, 40));
  });

  it('a unit created with its certificate: one event for the new unit; another tenant sees none', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const cnpj = validCnpj();
    const pfx = makePfx(SENHA_PFX, { cn: `PET SHOP TESTE LTDA:${cnpj}` });
    const res = await enviar(t, 'POST', UNIDADES, dadosUnidade(cnpj, { certificadoSenha: SENHA_PFX }), pfx);
    expect(res.statusCode, res.body).toBe(201);
    const unidade = res.json<UnidadeNegocio>();
    const lista = await eventos(t.tenantId);
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({ entidadeId: unidade.id, unidadeNegocioId: unidade.id, usuarioId: t.usuarioId });
    expect(await eventos(outro.tenantId)).toEqual([]);
  });
});
