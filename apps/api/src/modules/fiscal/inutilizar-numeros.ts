/**
 * inutilizarNumeros — POST /api/fiscal/inutilizacoes (issue #18 item 4; DOMAIN.md §8): makes a
 * range of NFC-e numbers that were skipped and never authorised unusable at SEFAZ (inutNFe,
 * NFeInutilizacao4), so the series has no unexplained gap.
 *
 * Refused (400) before SEFAZ when a number of the range has a document of the unit that SEFAZ
 * may know (autorizada, contingencia, pendente, cancelada, denegada), is already inutilizado, or
 * is not yet reached in the unit's series (≥ nfce_proximo_numero: it would be handed out later).
 * SEFAZ's 102 → a row 'inutilizada' with the `procInutNFe`; any other answer → a row 'rejeitada'
 * (cStat, reason) and a 400 with SEFAZ's reason; SEFAZ unreachable → 400 (nothing stored).
 * Each attempt is logged ('inutilizacao').
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { InutilizacaoFiscal, InutilizarNumerosInput } from '@petshop/shared/fiscal';
import { documentosFiscais, inutilizacoesFiscais } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant-scope.ts';
import { badRequest, fieldError } from '../../lib/errors.ts';
import { toInutilizacaoFiscal } from './documentos-repository.ts';
import { sefazTimeoutMs, type EscopoFiscal, type FiscalApp } from './emitir-nfce.ts';
import { registrarEventoFiscal } from './eventos-fiscais.ts';
import type { RetornoInutilizacao } from './sefaz/sefaz.ts';
import { destinoDe, getUnidadeFiscalRow, unidadeFiscalDe } from './unidade-fiscal.ts';

/** Statuses whose number SEFAZ knows (or may know): never inutilizados. */
const STATUS_NUMERO_USADO = ['autorizada', 'contingencia', 'pendente', 'cancelada', 'denegada'];

/** The two-digit year of `agora` in `timeZone` ('26'). */
const anoDoisDigitos = (agora: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { year: '2-digit', timeZone }).format(agora);

/** inutilizarNumeros: see the file's docstring. Answers the stored 'inutilizada' row. */
export const inutilizarNumeros = async (
  app: FiscalApp,
  escopo: EscopoFiscal,
  input: InutilizarNumerosInput,
  agora = new Date(),
): Promise<InutilizacaoFiscal> => {
  const { serie, numeroInicial, numeroFinal } = input;
  const unidade = await withTenant(app.db, escopo, async (tx) => {
    const row = await getUnidadeFiscalRow(tx);
    const unidade = await unidadeFiscalDe(row, app.appConfig.encryptionKey);
    if (serie === row.nfceSerie && numeroFinal >= row.nfceProximoNumero)
      throw fieldError(
        'numeroFinal',
        `O número ${row.nfceProximoNumero} ainda não foi usado na série ${serie}: só números já pulados podem ser inutilizados`,
      );
    const usados = await tx
      .select({ numero: documentosFiscais.numero })
      .from(documentosFiscais)
      .where(
        and(
          eq(documentosFiscais.modelo, 65),
          eq(documentosFiscais.serie, serie),
          gte(documentosFiscais.numero, numeroInicial),
          lte(documentosFiscais.numero, numeroFinal),
          inArray(documentosFiscais.status, STATUS_NUMERO_USADO),
        ),
      )
      .orderBy(documentosFiscais.numero)
      .limit(10);
    if (usados.length > 0)
      throw badRequest(
        `Números com NFC-e emitida não podem ser inutilizados: ${usados.map((u) => u.numero).join(', ')} (série ${serie})`,
      );
    const [jaInutilizada] = await tx
      .select({ numeroInicial: inutilizacoesFiscais.numeroInicial, numeroFinal: inutilizacoesFiscais.numeroFinal })
      .from(inutilizacoesFiscais)
      .where(
        and(
          eq(inutilizacoesFiscais.serie, serie),
          eq(inutilizacoesFiscais.status, 'inutilizada'),
          sql`${inutilizacoesFiscais.numeroInicial} <= ${numeroFinal} and ${inutilizacoesFiscais.numeroFinal} >= ${numeroInicial}`,
        ),
      )
      .limit(1);
    if (jaInutilizada)
      throw badRequest(
        `Os números ${jaInutilizada.numeroInicial} a ${jaInutilizada.numeroFinal} da série ${serie} já foram inutilizados`,
      );
    return unidade;
  });

  let retorno: RetornoInutilizacao;
  try {
    retorno = await app.sefaz.inutilizar(destinoDe(unidade, sefazTimeoutMs(app)), {
      cnpj: unidade.emitente.cnpj,
      ano: anoDoisDigitos(agora, unidade.timeZone),
      serie,
      numeroInicial,
      numeroFinal,
      justificativa: input.justificativa,
    });
  } catch (erro) {
    await withTenant(app.db, escopo, (tx) =>
      registrarEventoFiscal(tx, {
        tipo: 'inutilizacao',
        motivo: 'SEFAZ indisponível',
        usuarioId: escopo.usuarioId,
        detalhes: { serie, numeroInicial, numeroFinal, erro: erro instanceof Error ? erro.message : String(erro) },
      }),
    );
    throw badRequest('A SEFAZ não respondeu: tente inutilizar de novo em instantes');
  }

  const homologada = retorno.cStat === '102';
  const row = await withTenant(app.db, escopo, async (tx) => {
    const [row] = await tx
      .insert(inutilizacoesFiscais)
      .values({
        serie,
        numeroInicial,
        numeroFinal,
        justificativa: input.justificativa,
        ambiente: unidade.ambiente,
        status: homologada ? 'inutilizada' : 'rejeitada',
        cStat: retorno.cStat,
        motivo: retorno.xMotivo,
        protocolo: retorno.protocolo,
        xml: retorno.xml,
        usuarioId: escopo.usuarioId,
      })
      .returning();
    await registrarEventoFiscal(tx, {
      tipo: 'inutilizacao',
      inutilizacaoFiscalId: row!.id,
      cStat: retorno.cStat,
      motivo: retorno.xMotivo,
      usuarioId: escopo.usuarioId,
      detalhes: { serie, numeroInicial, numeroFinal },
    });
    return row!;
  });
  if (!homologada) throw badRequest(`A SEFAZ recusou a inutilização: ${retorno.cStat} - ${retorno.xMotivo}`);
  return toInutilizacaoFiscal(row);
};
