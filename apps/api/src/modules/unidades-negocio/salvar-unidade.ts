/**
 * Creates and updates business units (DOMAIN.md §2) inside the caller's tenant scope, in one
 * transaction: logo file, fiscal settings (PIX key, automatic NFC-e), and the A1 certificate —
 * opened with its password to check it (lib/certificado.ts), refused when it belongs to another
 * company, and stored encrypted with the CSC token (lib/crypto.ts). An uploaded certificate is
 * recorded in the audit log (CertificadoEnviado, unit = the unit it was sent for).
 */
import { count, eq } from 'drizzle-orm';
import type { UnidadeNegocioInputParsed } from '@petshop/shared/unidade-negocio';
import { formatCnpj, formatCount, formatDate } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { tenants, unidadesNegocio, usuarioUnidades } from '../../db/schema/index.ts';
import { storeArquivo } from '../../lib/arquivos.ts';
import { parseCertificadoA1, type CertificadoInfo } from '../../lib/certificado.ts';
import { encrypt } from '../../lib/crypto.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/request-body.ts';
import { aplicarUnidadeDefaults } from './unidade-defaults.ts';
import { findUnidadeRow } from './unidades-repository.ts';
import { clearAuthCache } from '../../plugins/auth-cache.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';

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
  pixChave: input.fiscal.pixChave ?? null,
  nfceEmissaoAutomatica: input.fiscal.nfceEmissaoAutomatica,
  permiteEstoqueNegativo: input.permiteEstoqueNegativo,
  metodoCusto: input.metodoCusto,
  fechamentoCego: input.fechamentoCego,
});

/**
 * The certificate signs for the unit's company: SEFAZ refuses a document whose issuer's CNPJ base
 * (the first 8 digits, the company; the other 6 are the branch) differs from the certificate's
 * (cStat 213, "CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital"), so a branch may
 * use its head office's certificate. 400 on `fiscal.certificado` otherwise, and for a certificate
 * without a CNPJ (an e-CPF).
 */
const assertCertificadoDaEmpresa = (cnpjCertificado: string | null, cnpjUnidade: string): void => {
  if (!cnpjCertificado) {
    throw fieldError('fiscal.certificado', 'O certificado não informa um CNPJ (use o e-CNPJ A1 da empresa)');
  }
  if (cnpjCertificado.slice(0, 8) !== cnpjUnidade.slice(0, 8)) {
    throw fieldError('fiscal.certificado', `O certificado é de outro CNPJ (${formatCnpj(cnpjCertificado)})`);
  }
};

/**
 * Records the upload of an A1 certificate for unit `unidadeNegocioId` (CertificadoEnviado, issue
 * #22 item 4), in the save's transaction: holder, CNPJ, expiry (dd/MM/yyyy) and serial — never
 * the file nor its password.
 */
const auditarCertificado = async (tx: Db, unidadeNegocioId: string, info: CertificadoInfo): Promise<void> => {
  const cnpj = info.cnpj ? formatCnpj(info.cnpj) : null;
  const validade = formatDate(info.validade);
  await registrarAuditoria(tx, {
    acao: 'CertificadoEnviado',
    entidade: 'certificado',
    entidadeId: unidadeNegocioId,
    descricao: `Certificado digital A1 de ${info.titular}${cnpj ? ` (CNPJ ${cnpj})` : ''} enviado, válido até ${validade}`,
    depois: { titular: info.titular, cnpj, validade, serial: info.serial },
    unidadeNegocioId,
  });
};

/** Secret and file columns: absent inputs keep what is stored; `certificado`: the uploaded one's data. */
const secretValues = async (
  tx: Db,
  input: UnidadeNegocioInputParsed,
  files: UnidadeFiles,
  ctx: Ctx,
): Promise<{ values: Values; certificado: CertificadoInfo | null }> => {
  const values: Values = {};
  let certificado: CertificadoInfo | null = null;
  const touchesCertificado = Boolean(files.certificado || input.fiscal.removerCertificado);
  if (touchesCertificado && !ctx.podeCertificado) throw forbidden('Somente administradores podem alterar o certificado digital');
  if (input.fiscal.cscToken) values.cscTokenEnc = encrypt(ctx.encryptionKey, input.fiscal.cscToken);
  if (input.fiscal.removerCertificado) {
    Object.assign(values, {
      certificadoEnc: null,
      certificadoSenhaEnc: null,
      certificadoTitular: null,
      certificadoValidade: null,
      certificadoCnpj: null,
    });
  }
  if (files.certificado) {
    if (!input.fiscal.certificadoSenha) throw fieldError('fiscal.certificadoSenha', 'Informe a senha do certificado');
    const info = await parseCertificadoA1(files.certificado.buffer, input.fiscal.certificadoSenha);
    assertCertificadoDaEmpresa(info.cnpj, input.cnpj);
    certificado = info;
    Object.assign(values, {
      certificadoEnc: encrypt(ctx.encryptionKey, files.certificado.buffer),
      certificadoSenhaEnc: encrypt(ctx.encryptionKey, input.fiscal.certificadoSenha),
      certificadoTitular: info.titular,
      certificadoValidade: info.validade,
      certificadoCnpj: info.cnpj,
    });
  }
  if (input.removerLogo) values.logoArquivoId = null;
  if (files.logo) values.logoArquivoId = await storeArquivo(tx, files.logo);
  return { values, certificado };
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
  const secretos = await secretValues(tx, input, files, ctx);
  const values = { ...baseValues(input), ...secretos.values };
  const [row] = await tx
    .insert(unidadesNegocio)
    .values(values as typeof unidadesNegocio.$inferInsert)
    .returning({ id: unidadesNegocio.id });
  if (secretos.certificado) await auditarCertificado(tx, row!.id, secretos.certificado);
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
  const row = await findUnidadeRow(tx, id);
  if (!row) throw notFound('Unidade de negócio não encontrada');
  // A CNPJ changed under a stored certificate of the old company is refused too.
  if (row.certificadoCnpj && !files.certificado && !input.fiscal.removerCertificado) {
    assertCertificadoDaEmpresa(row.certificadoCnpj, input.cnpj);
  }
  const secretos = await secretValues(tx, input, files, ctx);
  await tx
    .update(unidadesNegocio)
    .set({ ...baseValues(input), ...secretos.values })
    .where(eq(unidadesNegocio.id, id));
  if (secretos.certificado) await auditarCertificado(tx, id, secretos.certificado);
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
