/**
 * The selected unit's fiscal settings as the NFC-e needs them (issue #18 item 1; DOMAIN.md §8):
 * the issuer's data, the series and environment, the CSC and the A1 certificate decrypted
 * (AES-GCM of lib/crypto.ts with the config's ENCRYPTION_KEY) and opened, and the readiness
 * check that refuses an emission naming every setting still missing.
 */
import { eq, sql } from 'drizzle-orm';
import { ERRO_UNIDADE_FISCAL } from '@petshop/shared/fiscal';
import { GENERAL_ERRORS } from '@petshop/shared/http';
import { PENDENCIA_NFCE_LABEL, pendenciasNfce } from '@petshop/shared/unidade-negocio';
import { onlyDigits } from '@petshop/shared/validators';
import type { Db } from '../../db/client.ts';
import { unidadesNegocio } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { abrirCertificadoA1, type CertificadoA1 } from '../../lib/certificado.ts';
import { decrypt } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { EmitenteNfce } from './nfce/dados-nfce.ts';
import type { DestinoSefaz } from './sefaz/sefaz.ts';

/** The unit row's fiscal columns (encrypted secrets still encrypted). */
export type UnidadeFiscalRow = typeof unidadesNegocio.$inferSelect;

/** The unit ready to issue: issuer, series, environment, CSC and certificate opened. */
export type UnidadeFiscal = {
  id: string;
  tenantId: string;
  emitente: EmitenteNfce;
  ambiente: 'homologacao' | 'producao';
  serie: number;
  timeZone: string;
  csc: { id: string; token: string };
  certificado: CertificadoA1;
};

/** Reads the scope's unit row (the selected unit); 400 when the request has none. */
export const getUnidadeFiscalRow = async (tx: Db): Promise<UnidadeFiscalRow> => {
  const [row] = await tx
    .select()
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  if (!row) throw badRequest('Selecione uma unidade de negócio');
  return row;
};

const digits = (v: string | null | undefined) => onlyDigits(v ?? '');

/**
 * What is missing for an NFC-e, in Portuguese (empty: ready): the Fiscal tab's list
 * (`pendenciasNfce` of @petshop/shared/unidade-negocio: IE, UF with an authoriser, IBGE code, a
 * certificate not expired, CSC id and token) plus the address `enderEmit` needs.
 */
export const pendenciasUnidadeFiscal = (u: UnidadeFiscalRow, hoje = new Date().toISOString().slice(0, 10)): string[] => {
  const faltas: string[] = pendenciasNfce({
    inscricaoEstadual: u.inscricaoEstadual,
    uf: u.uf,
    codigoIbge: u.codigoIbge,
    certificadoValido:
      Boolean(u.certificadoEnc && u.certificadoSenhaEnc) && (!u.certificadoValidade || u.certificadoValidade >= hoje),
    cscId: u.cscId,
    cscToken: Boolean(u.cscTokenEnc),
  }).map((p) => PENDENCIA_NFCE_LABEL[p]);
  if (!u.logradouro?.trim() || !u.numero?.trim() || !u.bairro?.trim() || !u.cidade?.trim() || digits(u.cep).length !== 8)
    faltas.push('Endereço completo (logradouro, número, bairro, cidade e CEP)');
  return faltas;
};

/**
 * assertUnidadeProntaNfce: 400 with `errors[ERRO_UNIDADE_FISCAL]` and a general message naming
 * what the unit's Fiscal tab still lacks (certificate, CSC id/token, IE, address with IBGE code, UF).
 */
export const assertUnidadeProntaNfce = (u: UnidadeFiscalRow): void => {
  const faltas = pendenciasUnidadeFiscal(u);
  if (faltas.length === 0) return;
  const mensagem = `Configurações fiscais da unidade incompletas: ${faltas.join(', ')}. Complete a aba Fiscal da unidade.`;
  throw new AppError(400, { [ERRO_UNIDADE_FISCAL]: faltas, [GENERAL_ERRORS]: [mensagem] });
};

/**
 * Opened certificates by their stored (encrypted) text, as promises so that simultaneous first
 * emissions open it once: opening a PKCS#12 costs 100–250 ms of CPU, spent in a worker thread
 * (`abrirCertificadoA1`), once per unit and certificate in each process.
 */
const certificados = new Map<string, Promise<CertificadoA1>>();

const abrirCertificado = (key: Buffer, enc: string, senhaEnc: string): Promise<CertificadoA1> => {
  const cached = certificados.get(enc);
  if (cached) return cached;
  const aberto = abrirCertificadoA1(decrypt(key, enc), decrypt(key, senhaEnc).toString('utf8')).catch((error: unknown) => {
    certificados.delete(enc);
    if (error instanceof AppError) {
      const mensagem = 'O certificado digital da unidade não pôde ser aberto (vencido ou inválido): envie-o de novo';
      throw new AppError(400, { [ERRO_UNIDADE_FISCAL]: ['certificado digital A1'], [GENERAL_ERRORS]: [mensagem] });
    }
    throw error;
  });
  if (certificados.size > 50) certificados.clear();
  certificados.set(enc, aberto);
  return aberto;
};

/**
 * The unit's fiscal settings decrypted (after `assertUnidadeProntaNfce`; 400 when incomplete or
 * the certificate no longer opens). `key` is config.encryptionKey.
 */
export const unidadeFiscalDe = async (u: UnidadeFiscalRow, key: Buffer): Promise<UnidadeFiscal> => {
  assertUnidadeProntaNfce(u);
  const crt = (['1', '2', '3', '4'].includes(u.crt) ? u.crt : '1') as EmitenteNfce['crt'];
  return {
    id: u.id,
    tenantId: u.tenantId,
    emitente: {
      cnpj: digits(u.cnpj),
      razaoSocial: u.razaoSocial,
      nomeFantasia: u.nomeFantasia,
      inscricaoEstadual: digits(u.inscricaoEstadual) || u.inscricaoEstadual!.trim(),
      crt,
      logradouro: u.logradouro!.trim(),
      numero: u.numero!.trim(),
      complemento: u.complemento?.trim() || null,
      bairro: u.bairro!.trim(),
      codigoMunicipio: digits(u.codigoIbge),
      municipio: u.cidade!.trim(),
      uf: u.uf!,
      cep: digits(u.cep),
      telefone: digits(u.telefone) || null,
    },
    ambiente: u.ambiente === 'producao' ? 'producao' : 'homologacao',
    serie: u.nfceSerie,
    timeZone: u.timeZone,
    csc: { id: u.cscId!, token: decrypt(key, u.cscTokenEnc!).toString('utf8') },
    certificado: await abrirCertificado(key, u.certificadoEnc!, u.certificadoSenhaEnc!),
  };
};

/** Reads and opens the scope's unit (400 when it is not ready for NFC-e). */
export const getUnidadeFiscal = async (tx: Db, key: Buffer): Promise<UnidadeFiscal> =>
  unidadeFiscalDe(await getUnidadeFiscalRow(tx), key);

/** Where SEFAZ is for this unit, as whom, with an optional time limit (ms). */
export const destinoDe = (u: UnidadeFiscal, timeoutMs?: number): DestinoSefaz => ({
  uf: u.emitente.uf,
  ambiente: u.ambiente,
  certificado: u.certificado,
  ...(timeoutMs === undefined ? {} : { timeoutMs }),
});
