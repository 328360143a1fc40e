/**
 * Creates and updates business units (DOMAIN.md §2) inside the caller's tenant scope, in one
 * transaction: logo file, fiscal settings, and the A1 certificate — opened with its password
 * to check it (lib/certificado.ts) and stored encrypted with the CSC token (lib/crypto.ts).
 */
import { count, eq } from 'drizzle-orm';
import type { UnidadeNegocioInputParsed } from '@petshop/shared/unidade-negocio';
import { formatCount } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { tenants, unidadesNegocio, usuarioUnidades } from '../../db/schema/index.ts';
import { storeArquivo } from '../../lib/arquivos.ts';
import { parseCertificadoA1 } from '../../lib/certificado.ts';
import { encrypt } from '../../lib/crypto.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/request-body.ts';
import { aplicarUnidadeDefaults } from './unidade-defaults.ts';
import { findUnidadeRow } from './unidades-repository.ts';
import { clearAuthCache } from '../../plugins/auth-cache.ts';

export type UnidadeFiles = { logo?: UploadedFile | undefined; certificado?: UploadedFile | undefined };
type Ctx = { usuarioId: string; tenantId: string; encryptionKey: Buffer; podeCertificado: boolean };

type Values = Partial<typeof unidadesNegocio.$inferInsert>;

/** Column values for the fields the form always sends. */
const baseValues = (input: UnidadeNegocioInputParsed): Values => ({
  nomeFantasia: input.nomeFantasia,
  razaoSocial: input.razaoSocial,
  cnpj: input.cnpj,
  inscricaoEstadual: input.inscricaoEstadual ?? null,
  telefone: input.telefone ?? null,
  email: input.email ?? null,
  cep: input.endereco.cep ?? null,
  logradouro: input.endereco.logradouro ?? null,
  numero: input.endereco.numero ?? null,
  complemento: input.endereco.complemento ?? null,
  bairro: input.endereco.bairro ?? null,
  cidade: input.endereco.cidade ?? null,
  uf: input.endereco.uf ?? null,
  codigoIbge: input.endereco.codigoIbge ?? null,
  timeZone: input.timeZone,
  crt: input.fiscal.crt,
  ambiente: input.fiscal.ambiente,
  nfceSerie: input.fiscal.nfceSerie,
  nfceProximoNumero: input.fiscal.nfceProximoNumero,
  cscId: input.fiscal.cscId ?? null,
  permiteEstoqueNegativo: input.permiteEstoqueNegativo,
  metodoCusto: input.metodoCusto,
  fechamentoCego: input.fechamentoCego,
});

/** Secret and file columns: absent inputs keep what is stored. */
const secretValues = async (tx: Db, input: UnidadeNegocioInputParsed, files: UnidadeFiles, ctx: Ctx): Promise<Values> => {
  const values: Values = {};
  const touchesCertificado = Boolean(files.certificado || input.fiscal.removerCertificado);
  if (touchesCertificado && !ctx.podeCertificado) throw forbidden('Somente administradores podem alterar o certificado digital');
  if (input.fiscal.cscToken) values.cscTokenEnc = encrypt(ctx.encryptionKey, input.fiscal.cscToken);
  if (input.fiscal.removerCertificado) {
    Object.assign(values, {
      certificadoEnc: null,
      certificadoSenhaEnc: null,
      certificadoTitular: null,
      certificadoValidade: null,
    });
  }
  if (files.certificado) {
    if (!input.fiscal.certificadoSenha) throw fieldError('fiscal.certificadoSenha', 'Informe a senha do certificado');
    const info = parseCertificadoA1(files.certificado.buffer, input.fiscal.certificadoSenha);
    Object.assign(values, {
      certificadoEnc: encrypt(ctx.encryptionKey, files.certificado.buffer),
      certificadoSenhaEnc: encrypt(ctx.encryptionKey, input.fiscal.certificadoSenha),
      certificadoTitular: info.titular,
      certificadoValidade: info.validade,
    });
  }
  if (input.removerLogo) values.logoArquivoId = null;
  if (files.logo) values.logoArquivoId = await storeArquivo(tx, files.logo);
  return values;
};

/**
 * Creates a unit, makes its creator Administrador there and gives it the new-unit defaults
 * (unidade-defaults.ts: its accounts). 400 past the plan's unit limit.
 */
export const criarUnidade = async (tx: Db, input: UnidadeNegocioInputParsed, files: UnidadeFiles, ctx: Ctx): Promise<string> => {
  const [tenant] = await tx.select({ limite: tenants.limiteUnidades }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const [ativas] = await tx.select({ value: count() }).from(unidadesNegocio).where(eq(unidadesNegocio.ativo, true));
  if (tenant && (ativas?.value ?? 0) >= tenant.limite) {
    const unidades = formatCount(tenant.limite, 'unidade ativa', 'unidades ativas');
    throw badRequest(`O plano permite ${unidades}. Fale com o suporte para ampliar.`);
  }
  const values = { ...baseValues(input), ...(await secretValues(tx, input, files, ctx)) };
  const [row] = await tx
    .insert(unidadesNegocio)
    .values(values as typeof unidadesNegocio.$inferInsert)
    .returning({ id: unidadesNegocio.id });
  await tx.insert(usuarioUnidades).values({ usuarioId: ctx.usuarioId, unidadeNegocioId: row!.id, perfilId: 'administrador' });
  await aplicarUnidadeDefaults(tx, row!.id);
  clearAuthCache();
  return row!.id;
};

export const alterarUnidade = async (
  tx: Db,
  id: string,
  input: UnidadeNegocioInputParsed,
  files: UnidadeFiles,
  ctx: Ctx,
): Promise<void> => {
  if (!(await findUnidadeRow(tx, id))) throw notFound('Unidade de negócio não encontrada');
  const values = { ...baseValues(input), ...(await secretValues(tx, input, files, ctx)) };
  await tx.update(unidadesNegocio).set(values).where(eq(unidadesNegocio.id, id));
};

/** DELETE: deactivates. Refuses the last active unit and the unit the caller is working in. */
export const desativarUnidade = async (tx: Db, id: string, selecionada: string | null): Promise<void> => {
  if (!(await findUnidadeRow(tx, id))) throw notFound('Unidade de negócio não encontrada');
  const [ativas] = await tx.select({ value: count() }).from(unidadesNegocio).where(eq(unidadesNegocio.ativo, true));
  if ((ativas?.value ?? 0) <= 1) throw badRequest('Não é possível excluir a única unidade de negócio ativa');
  if (id === selecionada) throw badRequest('Você está trabalhando nesta unidade. Selecione outra unidade antes de excluí-la.');
  await tx.update(unidadesNegocio).set({ ativo: false }).where(eq(unidadesNegocio.id, id));
  clearAuthCache();
};
