import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { formatCnpj } from '@petshop/shared/format';
import type { UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import { unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { decrypt } from '../src/lib/crypto.ts';
import { getUnidadeAtual } from '../src/modules/unidades-negocio/unidade-atual.ts';
import { diasParaVencer } from '../src/modules/unidades-negocio/unidades-repository.ts';
import { makePfx } from './certificate.ts';
import {
  authHeaders,
  injectMultipart,
  multipart,
  newTenant,
  PNG_1PX,
  useTestApp,
  usuarioComPerfil,
  validCnpj,
  type TenantFixture,
} from './helper.ts';

const ctx = useTestApp();

const novaUnidade = (overrides: Record<string, unknown> = {}) => ({
  nomeFantasia: 'Loja Shopping',
  razaoSocial: 'Loja Shopping Ltda',
  cnpj: validCnpj(),
  inscricaoEstadual: '123456789',
  telefone: '(11) 3333-4444',
  email: 'loja@teste.com.br',
  endereco: {
    cep: '01310-100',
    logradouro: 'Av. Paulista',
    numero: '100',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    codigoIbge: '3550308',
  },
  fiscal: { crt: '1', ambiente: 'homologacao', nfceSerie: 2, nfceProximoNumero: 10, cscId: '1', cscToken: 'ABCDEF123456' },
  ...overrides,
});

type Files = Parameters<typeof multipart>[1];
const send = (t: TenantFixture, method: 'POST' | 'PUT', url: string, dados: unknown, files: Files = {}, headers = t.headers) =>
  injectMultipart(ctx, method, url, headers, dados, files);

const certificadoCnpj = (id: string) =>
  ctx.database.db.select({ cnpj: unidadesNegocio.certificadoCnpj }).from(unidadesNegocio).where(eq(unidadesNegocio.id, id));
const row0 = (rows: { cnpj: string | null }[]) => rows[0]?.cnpj;

describe('business units', () => {
  it('creates a unit with logo, CSC and A1 certificate; secrets stored encrypted, never returned', async () => {
    const t = await newTenant(ctx);
    const cnpj = validCnpj();
    const pfx = makePfx('senha-do-certificado', { cn: `PET SHOP TESTE LTDA:${cnpj}` });
    const dados = novaUnidade({ cnpj, fiscal: { ...novaUnidade().fiscal, certificadoSenha: 'senha-do-certificado' } });
    const res = await send(t, 'POST', '/api/geral/unidades_negocio', dados, {
      logo: { filename: 'logo.png', contentType: 'image/png', content: PNG_1PX },
      certificado: { filename: 'a1.pfx', contentType: 'application/x-pkcs12', content: pfx },
    });
    expect(res.statusCode).toBe(201);
    const unidade = res.json<UnidadeNegocio>();
    expect(unidade).toMatchObject({
      nomeFantasia: 'Loja Shopping',
      cnpj: dados.cnpj,
      telefone: '1133334444',
      endereco: { cep: '01310100', uf: 'SP', codigoIbge: '3550308' },
      timeZone: 'America/Sao_Paulo',
      fiscal: {
        crt: '1',
        nfceSerie: 2,
        nfceProximoNumero: 10,
        cscId: '1',
        cscTokenConfigurado: true,
        certificado: { titular: `PET SHOP TESTE LTDA:${cnpj}`, cnpj },
      },
    });
    expect(unidade.fiscal.certificado!.validade).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row0(await certificadoCnpj(unidade.id))).toBe(cnpj);
    // makePfx's notAfter is 365 days from now (UTC); the unit's today may still be yesterday.
    expect([365, 366]).toContain(unidade.fiscal.certificado!.diasParaVencer);
    expect(JSON.stringify(unidade)).not.toContain('ABCDEF123456');
    expect(unidade.logoUrl).toMatch(/^\/api\/arquivos\//);

    const [row] = await ctx.database.db.select().from(unidadesNegocio).where(eq(unidadesNegocio.id, unidade.id));
    expect(row!.cscTokenEnc).not.toContain('ABCDEF');
    expect(decrypt(ctx.config.encryptionKey, row!.cscTokenEnc!).toString()).toBe('ABCDEF123456');
    expect(decrypt(ctx.config.encryptionKey, row!.certificadoEnc!).equals(pfx)).toBe(true);
    expect(decrypt(ctx.config.encryptionKey, row!.certificadoSenhaEnc!).toString()).toBe('senha-do-certificado');

    // The creator works in the new unit at once.
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: t.headers });
    expect(me.json().unidadesNegocio.map((u: { id: string }) => u.id)).toContain(unidade.id);
  });

  it('refuses a certificate with the wrong password or without a password', async () => {
    const t = await newTenant(ctx);
    const pfx = makePfx('certa');
    const file = { certificado: { filename: 'a1.p12', contentType: 'application/octet-stream', content: pfx } };
    const wrong = await send(
      t,
      'POST',
      '/api/geral/unidades_negocio',
      novaUnidade({ fiscal: { certificadoSenha: 'errada' } }),
      file,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors['fiscal.certificado'][0]).toContain('senha incorreta');
    const none = await send(t, 'POST', '/api/geral/unidades_negocio', novaUnidade(), file);
    expect(none.json().errors['fiscal.certificadoSenha']).toEqual(['Informe a senha do certificado']);
    const expired = await send(t, 'POST', '/api/geral/unidades_negocio', novaUnidade({ fiscal: { certificadoSenha: 'x' } }), {
      certificado: { filename: 'a1.pfx', contentType: 'application/x-pkcs12', content: makePfx('x', { validDays: -1 }) },
    });
    expect(expired.json().errors['fiscal.certificado']).toEqual(['Certificado vencido']);
  });

  it('validates CNPJ, address and fiscal fields', async () => {
    const t = await newTenant(ctx);
    const res = await send(
      t,
      'POST',
      '/api/geral/unidades_negocio',
      novaUnidade({
        cnpj: '11.111.111/1111-11',
        endereco: { cep: '123', uf: 'XX' },
        fiscal: { crt: '9', nfceSerie: 1000 },
        timeZone: 'Europe/Paris',
      }),
    );
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors.cnpj).toEqual(['CNPJ inválido']);
    expect(errors['endereco.cep']).toEqual(['CEP inválido']);
    expect(errors['endereco.uf']).toEqual(['UF inválida']);
    expect(errors['fiscal.crt']).toEqual(['Regime tributário inválido']);
    expect(errors['fiscal.nfceSerie']).toEqual(['Série deve estar entre 0 e 999']);
    expect(errors.timeZone).toEqual(['Fuso horário inválido']);
  });

  it('lists, gets (both spellings), updates keeping secrets, and isolates tenants', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const created = (await send(a, 'POST', '/api/geral/unidades_negocio', novaUnidade())).json<UnidadeNegocio>();
    const list = await ctx.app.inject({ url: '/api/geral/unidades-negocio?query=shopping', headers: a.headers });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: created.id }] });
    for (const path of ['unidades_negocio', 'unidades-negocio']) {
      const got = await ctx.app.inject({ url: `/api/geral/${path}/${created.id}`, headers: a.headers });
      expect(got.statusCode).toBe(200);
    }
    const foreign = await ctx.app.inject({ url: `/api/geral/unidades_negocio/${created.id}`, headers: b.headers });
    expect(foreign.statusCode).toBe(404);
    const bList = await ctx.app.inject({ url: '/api/geral/unidades-negocio', headers: b.headers });
    expect(bList.json().items.map((u: UnidadeNegocio) => u.id)).not.toContain(created.id);

    const { fiscal, ...rest } = novaUnidade({ cnpj: created.cnpj, nomeFantasia: 'Loja Shopping Norte' });
    const put = await send(a, 'PUT', `/api/geral/unidades-negocio/${created.id}`, {
      ...rest,
      fiscal: { ...fiscal, cscToken: '' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ nomeFantasia: 'Loja Shopping Norte', fiscal: { cscTokenConfigurado: true } });
    const foreignPut = await send(b, 'PUT', `/api/geral/unidades-negocio/${created.id}`, novaUnidade());
    expect(foreignPut.statusCode).toBe(404);
  });

  it('"Permitir venda com estoque negativo": off by default, saved per unit, read by the stock rule', async () => {
    const t = await newTenant(ctx);
    const first = await ctx.app.inject({ url: `/api/geral/unidades_negocio/${t.unidadeNegocioId}`, headers: t.headers });
    expect(first.json<UnidadeNegocio>().permiteEstoqueNegativo).toBe(false);

    const created = await send(t, 'POST', '/api/geral/unidades_negocio', novaUnidade({ permiteEstoqueNegativo: true }));
    expect(created.statusCode).toBe(201);
    const outra = created.json<UnidadeNegocio>();
    expect(outra.permiteEstoqueNegativo).toBe(true);

    const current = first.json<UnidadeNegocio>();
    const dados = { nomeFantasia: current.nomeFantasia, razaoSocial: current.razaoSocial, cnpj: current.cnpj };
    const on = await send(t, 'PUT', `/api/geral/unidades-negocio/${t.unidadeNegocioId}`, {
      ...dados,
      permiteEstoqueNegativo: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json<UnidadeNegocio>().permiteEstoqueNegativo).toBe(true);
    const lerRegra = (unidadeNegocioId: string) =>
      withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId }, (tx) => getUnidadeAtual(tx));
    expect((await lerRegra(t.unidadeNegocioId)).permiteEstoqueNegativo).toBe(true);

    // Absent means off (the form always sends it).
    const off = await send(t, 'PUT', `/api/geral/unidades-negocio/${t.unidadeNegocioId}`, dados);
    expect(off.json<UnidadeNegocio>().permiteEstoqueNegativo).toBe(false);

    // The purchases' cost method: 'medio' by default, 'ultimo' saved, anything else refused.
    expect(current.metodoCusto).toBe('medio');
    const ultimo = await send(t, 'PUT', `/api/geral/unidades-negocio/${t.unidadeNegocioId}`, { ...dados, metodoCusto: 'ultimo' });
    expect(ultimo.json<UnidadeNegocio>().metodoCusto).toBe('ultimo');
    const invalido = await send(t, 'PUT', `/api/geral/unidades-negocio/${t.unidadeNegocioId}`, { ...dados, metodoCusto: 'fifo' });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().errors.metodoCusto).toEqual(['Método de custo inválido']);
    expect((await lerRegra(t.unidadeNegocioId)).permiteEstoqueNegativo).toBe(false);
    // The other unit keeps its own setting.
    expect((await lerRegra(outra.id)).permiteEstoqueNegativo).toBe(true);

    const bad = await send(t, 'PUT', `/api/geral/unidades-negocio/${t.unidadeNegocioId}`, {
      ...dados,
      permiteEstoqueNegativo: 'talvez',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.permiteEstoqueNegativo).toEqual(['Valor inválido']);
  });

  it('refuses a duplicated CNPJ in the tenant and the plan unit limit', async () => {
    const t = await newTenant(ctx, { limiteUnidades: 3 });
    const dados = novaUnidade();
    expect((await send(t, 'POST', '/api/geral/unidades_negocio', dados)).statusCode).toBe(201);
    const dup = await send(t, 'POST', '/api/geral/unidades_negocio', dados);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.cnpj).toEqual(['Já existe uma unidade com este CNPJ']);
    expect((await send(t, 'POST', '/api/geral/unidades_negocio', novaUnidade())).statusCode).toBe(201);
    const over = await send(t, 'POST', '/api/geral/unidades_negocio', novaUnidade());
    expect(over.json().errors.generalErrors).toEqual(['O plano permite 3 unidades ativas. Fale com o suporte para ampliar.']);
  });

  it('delete deactivates; refuses the only unit and the selected one', async () => {
    const t = await newTenant(ctx);
    const only = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/geral/unidades_negocio/${t.unidadeNegocioId}`,
      headers: t.headers,
    });
    expect(only.statusCode).toBe(400);
    const other = (await send(t, 'POST', '/api/geral/unidades_negocio', novaUnidade())).json<UnidadeNegocio>();
    const selected = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/geral/unidades_negocio/${other.id}`,
      headers: authHeaders(t.token, other.id),
    });
    expect(selected.statusCode).toBe(400);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/geral/unidades_negocio/${other.id}`, headers: t.headers });
    expect(del.statusCode).toBe(200);
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: t.headers });
    expect(me.json().unidadesNegocio.map((u: { id: string }) => u.id)).toEqual([t.unidadeNegocioId]);
    const after = await ctx.app.inject({ url: `/api/auth/me`, headers: authHeaders(t.token, other.id) });
    expect(after.statusCode).toBe(403);
  });

  it('a Gerente edits their unit but cannot create units nor touch the certificate', async () => {
    const t = await newTenant(ctx);
    const { headers } = await usuarioComPerfil(ctx, t, 'gerente', 'Gerente');
    const create = await send(t, 'POST', '/api/geral/unidades_negocio', novaUnidade(), {}, headers);
    expect(create.statusCode).toBe(403);
    const current = (
      await ctx.app.inject({ url: `/api/geral/unidades_negocio/${t.unidadeNegocioId}`, headers })
    ).json<UnidadeNegocio>();
    const dados = { nomeFantasia: 'Loja Centro Renovada', razaoSocial: current.razaoSocial, cnpj: current.cnpj };
    expect((await send(t, 'PUT', `/api/geral/unidades-negocio/${t.unidadeNegocioId}`, dados, {}, headers)).statusCode).toBe(200);
    const cert = await send(
      t,
      'PUT',
      `/api/geral/unidades-negocio/${t.unidadeNegocioId}`,
      { ...dados, fiscal: { removerCertificado: true } },
      {},
      headers,
    );
    expect(cert.statusCode).toBe(403);
  });

  it('fiscal settings: PIX key of each DICT kind normalised, anything else refused; automatic NFC-e saved', async () => {
    const t = await newTenant(ctx);
    const current = (
      await ctx.app.inject({ url: `/api/geral/unidades_negocio/${t.unidadeNegocioId}`, headers: t.headers })
    ).json<UnidadeNegocio>();
    expect(current.fiscal).toMatchObject({ pixChave: null, nfceEmissaoAutomatica: false, certificado: null });
    const dados = { nomeFantasia: current.nomeFantasia, razaoSocial: current.razaoSocial, cnpj: current.cnpj };
    const put = (fiscal: Record<string, unknown>) =>
      send(t, 'PUT', `/api/geral/unidades-negocio/${t.unidadeNegocioId}`, { ...dados, fiscal });

    const chaves: [string, string][] = [
      ['529.982.247-25', '52998224725'],
      ['11.222.333/0001-81', '11222333000181'],
      ['  Pix@PetShop.com.br ', 'pix@petshop.com.br'],
      ['+55 (11) 98765-4321', '+5511987654321'],
      ['123E4567-E89B-12D3-A456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
    ];
    for (const [informada, salva] of chaves) {
      const res = await put({ pixChave: informada, nfceEmissaoAutomatica: true });
      expect(res.statusCode, informada).toBe(200);
      expect(res.json<UnidadeNegocio>().fiscal).toMatchObject({ pixChave: salva, nfceEmissaoAutomatica: true });
    }
    for (const invalida of ['529.982.247-26', '11987654321', '+1 555 123 4567', 'pix@', 'chave qualquer', '123']) {
      const res = await put({ pixChave: invalida });
      expect(res.statusCode, invalida).toBe(400);
      expect(res.json().errors['fiscal.pixChave'], invalida).toEqual([
        'Chave PIX inválida (use CPF, CNPJ, e-mail, telefone +55 ou chave aleatória)',
      ]);
    }
    const bad = await put({ nfceEmissaoAutomatica: 'sim' });
    expect(bad.json().errors['fiscal.nfceEmissaoAutomatica']).toEqual(['Valor inválido']);
    // Absent: no key, not automatic.
    const off = await put({});
    expect(off.json<UnidadeNegocio>().fiscal).toMatchObject({ pixChave: null, nfceEmissaoAutomatica: false });
    // Another tenant neither reads nor writes it.
    const b = await newTenant(ctx);
    const foreign = await send(b, 'PUT', `/api/geral/unidades-negocio/${t.unidadeNegocioId}`, {
      ...dados,
      fiscal: { pixChave: 'x@y.com' },
    });
    expect(foreign.statusCode).toBe(404);
    const [row] = await ctx.database.db
      .select({ pix: unidadesNegocio.pixChave })
      .from(unidadesNegocio)
      .where(eq(unidadesNegocio.id, t.unidadeNegocioId));
    expect(row!.pix).toBeNull();
  });

  it("refuses another company's certificate; a branch may use its head office's; the CNPJ cannot move away from it", async () => {
    const t = await newTenant(ctx);
    const current = (
      await ctx.app.inject({ url: `/api/geral/unidades_negocio/${t.unidadeNegocioId}`, headers: t.headers })
    ).json<UnidadeNegocio>();
    const dados = { nomeFantasia: current.nomeFantasia, razaoSocial: current.razaoSocial, cnpj: current.cnpj };
    const url = `/api/geral/unidades-negocio/${t.unidadeNegocioId}`;
    const file = (cn: string, validDays = 365) => ({
      certificado: { filename: 'a1.pfx', contentType: 'application/x-pkcs12', content: makePfx('s', { cn, validDays }) },
    });
    const outra = current.cnpj.startsWith('11222333') ? '60701190000104' : '11222333000181';
    const alheio = await send(t, 'PUT', url, { ...dados, fiscal: { certificadoSenha: 's' } }, file(`OUTRA LTDA:${outra}`));
    expect(alheio.statusCode).toBe(400);
    const esperado = outra === '11222333000181' ? '11.222.333/0001-81' : '60.701.190/0001-04';
    expect(alheio.json().errors['fiscal.certificado']).toEqual([`O certificado é de outro CNPJ (${esperado})`]);
    const eCpf = await send(t, 'PUT', url, { ...dados, fiscal: { certificadoSenha: 's' } }, file('FULANO DE TAL'));
    expect(eCpf.json().errors['fiscal.certificado']).toEqual(['O certificado não informa um CNPJ (use o e-CNPJ A1 da empresa)']);
    expect(row0(await certificadoCnpj(t.unidadeNegocioId))).toBeNull();

    // The head office's certificate (same first 8 digits, branch 0001) for this unit.
    const matriz = `${current.cnpj.slice(0, 8)}0001`;
    const cnpjMatriz = Array.from({ length: 100 }, (_, i) => `${matriz}${String(i).padStart(2, '0')}`).find((c) =>
      isValidCnpj(c),
    )!;
    const ok = await send(t, 'PUT', url, { ...dados, fiscal: { certificadoSenha: 's' } }, file(`MATRIZ LTDA:${cnpjMatriz}`, 20));
    expect(ok.statusCode).toBe(200);
    expect(ok.json<UnidadeNegocio>().fiscal.certificado).toMatchObject({ cnpj: cnpjMatriz });
    expect([20, 21]).toContain(ok.json<UnidadeNegocio>().fiscal.certificado!.diasParaVencer);
    expect(row0(await certificadoCnpj(t.unidadeNegocioId))).toBe(cnpjMatriz);

    // Changing the unit's CNPJ to another company under the stored certificate is refused.
    const moved = await send(t, 'PUT', url, { ...dados, cnpj: outra });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors['fiscal.certificado']).toEqual([`O certificado é de outro CNPJ (${formatCnpj(cnpjMatriz)})`]);

    // Removing clears the CNPJ too.
    const removed = await send(t, 'PUT', url, { ...dados, fiscal: { removerCertificado: true } });
    expect(removed.json<UnidadeNegocio>().fiscal.certificado).toBeNull();
    expect(row0(await certificadoCnpj(t.unidadeNegocioId))).toBeNull();
  });

  it("diasParaVencer counts whole days from the unit's today (negative once expired)", () => {
    const now = new Date('2026-11-27T02:00:00Z'); // still the 26th in São Paulo
    expect(diasParaVencer('2026-11-26', 'America/Sao_Paulo', now)).toBe(0);
    expect(diasParaVencer('2026-12-26', 'America/Sao_Paulo', now)).toBe(30);
    expect(diasParaVencer('2026-11-20', 'America/Sao_Paulo', now)).toBe(-6);
    expect(diasParaVencer('2026-11-26', 'America/Noronha', now)).toBe(-1);
    expect(diasParaVencer(null, 'America/Sao_Paulo', now)).toBeNull();
  });
});
