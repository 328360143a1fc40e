/**
 * emitirNfce — POST /api/fiscal/nfce (issue #18 items 2 and 3; DOMAIN.md §8): the NFC-e of a
 * finalised sale, authorised by SEFAZ or issued in offline contingency, the till never waiting
 * more than NFCE_TEMPO_MAXIMO_PDV_MS (5 s) and never refused because of SEFAZ.
 *
 * Flow:
 * 1. One short scoped transaction: the sale locked `for update` (a double click waits here and
 *    then finds the first click's document), the rules (finalised; unit ready; products with
 *    valid fiscal data; at least one product), the number reserved from
 *    `unidades_negocio.nfce_proximo_numero` (numbers already used in the series are skipped: the
 *    setting may have been edited back), the XML built and signed (`gerarNfce`, tpEmis 1), the
 *    row written 'pendente' with proxima_tentativa_em = now + 2 min (a crash while sending leaves
 *    it to the worker, which first asks SEFAZ whether it got it), and the log line 'emissao'.
 * 2. Sent OUTSIDE any transaction, with a timeout of what is left of the 5 s minus the time the
 *    contingency step needs (and at most config.sefazTimeoutMs).
 * 3. The answer stored (`gravarDesfecho`): protNFe 100/150 → 'autorizada' with the `nfeProc`;
 *    204 (duplicate of this key) → consultarProtocolo → 'autorizada'; 539 (number used with
 *    another key) → the next number, rebuilt and re-sent (at most twice), logged; 110/301/302 →
 *    'denegada'; anything else → 'rejeitada' with cStat and xMotivo; SEFAZ silent or unreachable
 *    → rebuilt with the same number as tpEmis 9 (dhCont, xJust, a new key) → 'contingencia',
 *    proxima_tentativa_em = now, for the worker (transmitir-pendentes-nfce.ts).
 *
 * Idempotent: a sale whose document is autorizada/contingencia/pendente answers it (200) and
 * nothing is issued; a 'rejeitada' one is rebuilt from the current data and re-sent with the
 * SAME number (SEFAZ never authorised it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ERRO_PRODUTOS_FISCAIS,
  NFCE_TEMPO_MAXIMO_PDV_MS,
  type DocumentoFiscal,
  type EmitirNfceInput,
} from '@petshop/shared/fiscal';
import { GENERAL_ERRORS } from '@petshop/shared/http';
import { problemasFiscais } from '@petshop/shared/situacao-fiscal';
import type { Db } from '../../db/client.ts';
import { documentosFiscais, unidadesNegocio } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { withTenant, type TenantScope } from '../../db/tenant-scope.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { gerarCodigoNumerico } from './nfce/chave-acesso.ts';
import { montarDadosNfce, produtosDaVenda, type VendaNfce } from './dados-venda-nfce.ts';
import {
  findDocumentoDaVenda,
  getDocumentoFiscal,
  lockVendaParaNfce,
  STATUS_DOCUMENTO_VIGENTE,
  type DocumentoFiscalRow,
} from './documentos-repository.ts';
import { registrarEventoFiscal } from './eventos-fiscais.ts';
import type { DadosNfce, NfceGerada } from './nfce/dados-nfce.ts';
import { gerarNfce } from './nfce/gerar-nfce.ts';
import { SefazIndisponivelError, type ProtocoloNfe, type RetornoAutorizacao, type SefazClient } from './sefaz/sefaz.ts';
import {
  destinoDe,
  getUnidadeFiscalRow,
  assertUnidadeProntaNfce,
  unidadeFiscalDe,
  type UnidadeFiscal,
} from './unidade-fiscal.ts';

/** What the fiscal use cases need of the app: the database, the SEFAZ client, the config, the log. */
export type FiscalApp = Pick<FastifyInstance, 'db' | 'sefaz' | 'appConfig' | 'log'>;

/** The acting user in a tenant and unit. */
export type EscopoFiscal = TenantScope & { unidadeNegocioId: string; usuarioId: string | null };

/** Time kept back from the 5 s for the contingency step (rebuild, sign, store), ms. */
export const MARGEM_CONTINGENCIA_MS = 800;
/** A 'pendente' document is left to the worker this long after it was built (a crash mid-send). */
export const LEASE_MS = 2 * 60_000;
/** xJust of an offline contingency (15 to 256 characters). */
export const JUSTIFICATIVA_CONTINGENCIA = 'SEFAZ indisponível ou sem resposta no prazo: NFC-e emitida em contingência offline';

/** config.sefazTimeoutMs (SEFAZ_TIMEOUT_MS, default 3000 ms). */
export const sefazTimeoutMs = (app: FiscalApp): number => app.appConfig.sefazTimeoutMs;

/** cStats of a protNFe. */
const AUTORIZADA = ['100', '150'];
const DENEGADA = ['110', '301', '302'];

/**
 * assertProdutosNfce: 400 when the sale has no product (services only) or when products have
 * fiscal problems for the unit's CRT: `errors[ERRO_PRODUTOS_FISCAIS]` = their ids, generalErrors
 * one line per product ("Ração X: NCM …").
 */
export const assertProdutosNfce = (venda: VendaNfce, crt: string): void => {
  const produtos = produtosDaVenda(venda);
  if (produtos.length === 0) throw badRequest('A venda não tem produtos para NFC-e (serviços não entram na NFC-e)');
  const vistos = new Set<string>();
  const ids: string[] = [];
  const linhas: string[] = [];
  for (const p of produtos) {
    if (vistos.has(p.produtoId)) continue;
    vistos.add(p.produtoId);
    const problemas = problemasFiscais(p, crt);
    if (problemas.length === 0) continue;
    ids.push(p.produtoId);
    linhas.push(`${p.produtoNome}: ${problemas.map((x) => x.mensagem).join('; ')}`);
  }
  if (ids.length > 0) throw new AppError(400, { [ERRO_PRODUTOS_FISCAIS]: ids, [GENERAL_ERRORS]: linhas });
};

/**
 * Reserves the next NFC-e number of the scope's unit in `serie`: `update … set
 * nfce_proximo_numero = nfce_proximo_numero + 1 returning` (the row lock serialises emissions),
 * skipping numbers already present in documentos_fiscais or inutilizadas for that series.
 */
export const reservarNumeroNfce = async (tx: Db, serie: number): Promise<number> => {
  const [reservado] = await tx
    .update(unidadesNegocio)
    .set({ nfceProximoNumero: sql`${unidadesNegocio.nfceProximoNumero} + 1` })
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`))
    .returning({ numero: sql<number>`${unidadesNegocio.nfceProximoNumero} - 1` });
  const numero = Number(reservado!.numero);
  const [livre] = await tx
    .select({ n: sql<number>`g.n` })
    .from(sql`generate_series(${numero}::int, ${numero + 100_000}::int) as g(n)`)
    .where(
      sql`not exists (select 1 from ${documentosFiscais} d where d.unidade_negocio_id = ${currentUnidadeNegocioId} and d.modelo = 65 and d.serie = ${serie} and d.numero = g.n)
        and not exists (select 1 from inutilizacoes_fiscais i where i.unidade_negocio_id = ${currentUnidadeNegocioId} and i.modelo = 65 and i.serie = ${serie} and i.status = 'inutilizada' and g.n between i.numero_inicial and i.numero_final)`,
    )
    .orderBy(sql`g.n`)
    .limit(1);
  const escolhido = Number(livre!.n);
  if (escolhido !== numero)
    await tx
      .update(unidadesNegocio)
      .set({ nfceProximoNumero: escolhido + 1 })
      .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  return escolhido;
};

/**
 * gerarNfce, its refusals (data that cannot make a valid NFC-e, the schema's messages) as a 400:
 * the number reserved in the same transaction is given back by its rollback.
 */
export const gerarNfceOu400 = (dados: DadosNfce, unidade: UnidadeFiscal): NfceGerada => {
  try {
    return gerarNfce(dados, unidade.certificado);
  } catch (erro) {
    const detalhe = erro instanceof Error ? erro.message : String(erro);
    throw badRequest(`Não foi possível gerar a NFC-e: ${detalhe}`);
  }
};

/** The document being sent: its row id, the data it was built from and what was built. */
export type NfceEmTransito = {
  documentoId: string;
  unidade: UnidadeFiscal;
  dados: DadosNfce;
  gerada: NfceGerada;
  /** The row was inserted now (201), not a rejected one re-sent (200). */
  criado: boolean;
};

type Preparo = { tipo: 'existente'; documentoId: string } | ({ tipo: 'novo' } & NfceEmTransito);

/** Step 1 (inside the scoped transaction): rules, number, XML, the 'pendente' row, the log. */
const prepararEmissao = async (tx: Db, app: FiscalApp, escopo: EscopoFiscal, input: EmitirNfceInput): Promise<Preparo> => {
  const venda = await lockVendaParaNfce(tx, input.vendaId);
  if (venda.tipo !== 'Venda' || venda.status !== 'Finalizada')
    throw badRequest('A NFC-e é emitida para uma venda finalizada: finalize a venda antes de emitir');
  const existente = await findDocumentoDaVenda(tx, venda.id);
  if (existente && STATUS_DOCUMENTO_VIGENTE.includes(existente.status as never))
    return { tipo: 'existente', documentoId: existente.id };
  const row = await getUnidadeFiscalRow(tx);
  assertUnidadeProntaNfce(row);
  assertProdutosNfce(venda, row.crt);
  const unidade = await unidadeFiscalDe(row, app.appConfig.encryptionKey);
  const serie = existente?.serie ?? unidade.serie;
  const numero = existente?.numero ?? (await reservarNumeroNfce(tx, serie));
  const dados = montarDadosNfce(venda, unidade, {
    serie,
    numero,
    codigoNumerico: gerarCodigoNumerico(numero),
    emitidoEm: new Date(),
    tipoEmissao: '1',
    cpf: input.cpf ?? existente?.cpfDestinatario ?? null,
  });
  const gerada = gerarNfceOu400(dados, unidade);
  const valores = {
    chave: gerada.chave,
    tipoEmissao: '1',
    ambiente: unidade.ambiente,
    status: 'pendente',
    cStat: null,
    motivo: null,
    protocolo: null,
    dataAutorizacao: null,
    xml: gerada.xml,
    cpfDestinatario: dados.destinatarioDocumento ?? null,
    valorTotal: gerada.valorTotal,
    emitidoEm: dados.emitidoEm,
    contingenciaDesde: null,
    proximaTentativaEm: new Date(Date.now() + LEASE_MS),
    usuarioId: escopo.usuarioId,
  };
  let documentoId: string;
  if (existente) {
    await tx
      .update(documentosFiscais)
      .set({ ...valores, tentativas: sql`${documentosFiscais.tentativas} + 1`, updatedAt: new Date() })
      .where(eq(documentosFiscais.id, existente.id));
    documentoId = existente.id;
  } else {
    const [novo] = await tx
      .insert(documentosFiscais)
      .values({ ...valores, vendaId: venda.id, serie, numero, tentativas: 1 })
      .returning({ id: documentosFiscais.id });
    documentoId = novo!.id;
  }
  await registrarEventoFiscal(tx, {
    tipo: 'emissao',
    documentoFiscalId: documentoId,
    usuarioId: escopo.usuarioId,
    detalhes: { serie, numero, chave: gerada.chave, vendaNumero: venda.numero, reenvio: Boolean(existente) },
  });
  return { tipo: 'novo', documentoId, unidade, dados, gerada, criado: !existente };
};

/** `<nfeProc versao="4.00">` = the signed NFe + SEFAZ's protNFe: the document the law says to keep. */
export const montarNfeProc = (xmlNfe: string, protocolo: ProtocoloNfe): string =>
  `<nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe">${xmlNfe}${protocolo.xml}</nfeProc>`;

/**
 * assertSefazEmOperacao: a batch answered 108/109 (service paralysed, momentarily or without
 * forecast) is SEFAZ being down: SefazIndisponivelError, so the caller goes into contingency (the
 * till) or backs off (the worker).
 */
export const assertSefazEmOperacao = (retorno: RetornoAutorizacao): void => {
  if (!retorno.protocolo && (retorno.cStat === '108' || retorno.cStat === '109'))
    throw new SefazIndisponivelError(`SEFAZ paralisada: ${retorno.cStat} - ${retorno.xMotivo}`);
};

/** What SEFAZ's answer means for the document. */
export type Desfecho =
  | { status: 'autorizada'; protocolo: ProtocoloNfe }
  | { status: 'denegada'; cStat: string; motivo: string; protocolo: ProtocoloNfe | null }
  | { status: 'rejeitada'; cStat: string; motivo: string }
  /** 539: this number was used at SEFAZ with another key. */
  | { status: 'numeroUsado'; cStat: string; motivo: string }
  /** The outcome is unknown (204 and the query failed): leave it 'pendente' for the worker. */
  | { status: 'indefinido'; cStat: string; motivo: string };

/**
 * Reads an authorisation answer; on 204 (duplicate of this key) asks SEFAZ for the protocol.
 * Throws what the client throws (SefazIndisponivelError) only from `autorizar` — the caller's.
 */
export const interpretarAutorizacao = async (
  sefaz: SefazClient,
  unidade: UnidadeFiscal,
  chave: string,
  retorno: RetornoAutorizacao,
  timeoutMs: number,
): Promise<Desfecho> => {
  const prot = retorno.protocolo;
  const cStat = prot?.cStat ?? retorno.cStat;
  const motivo = prot?.xMotivo ?? retorno.xMotivo;
  if (prot && AUTORIZADA.includes(prot.cStat)) return { status: 'autorizada', protocolo: prot };
  if (prot && DENEGADA.includes(prot.cStat)) return { status: 'denegada', cStat, motivo, protocolo: prot };
  if (cStat === '539') return { status: 'numeroUsado', cStat, motivo };
  // 103/105: the batch was taken asynchronously (indSinc ignored): the outcome comes later, the
  // worker asks for it by the key.
  if (!prot && (cStat === '103' || cStat === '105')) return { status: 'indefinido', cStat, motivo };
  if (cStat === '204') {
    try {
      const consulta = await sefaz.consultarProtocolo(destinoDe(unidade, timeoutMs), chave);
      if (consulta.protocolo && AUTORIZADA.includes(consulta.protocolo.cStat))
        return { status: 'autorizada', protocolo: consulta.protocolo };
      return { status: 'rejeitada', cStat: consulta.cStat, motivo: consulta.xMotivo };
    } catch {
      return { status: 'indefinido', cStat, motivo };
    }
  }
  return { status: 'rejeitada', cStat, motivo };
};

/**
 * Stores an outcome on the document (inside a scoped transaction) and logs it as `tipo`.
 * 'numeroUsado' is stored as 'rejeitada' (the caller renumbers when it may). `doc.chave` /
 * `doc.tipoEmissao`, when given, replace the row's (the authorised version was another one).
 */
export const gravarDesfecho = async (
  tx: Db,
  doc: { id: string; xmlNfe: string; chave?: string; tipoEmissao?: '1' | '9' },
  desfecho: Desfecho,
  log: { tipo: 'transmissao' | 'consulta'; usuarioId: string | null; detalhes?: Record<string, unknown> },
): Promise<void> => {
  const agora = new Date();
  if (desfecho.status === 'autorizada') {
    await tx
      .update(documentosFiscais)
      .set({
        status: 'autorizada',
        cStat: desfecho.protocolo.cStat,
        motivo: desfecho.protocolo.xMotivo,
        protocolo: desfecho.protocolo.protocolo,
        dataAutorizacao: desfecho.protocolo.recebidoEm ?? agora,
        xml: montarNfeProc(doc.xmlNfe, desfecho.protocolo),
        ...(doc.chave ? { chave: doc.chave } : {}),
        ...(doc.tipoEmissao ? { tipoEmissao: doc.tipoEmissao } : {}),
        proximaTentativaEm: null,
        updatedAt: agora,
      })
      .where(eq(documentosFiscais.id, doc.id));
  } else if (desfecho.status === 'indefinido') {
    await tx
      .update(documentosFiscais)
      .set({ status: 'pendente', cStat: desfecho.cStat, motivo: desfecho.motivo, proximaTentativaEm: agora, updatedAt: agora })
      .where(eq(documentosFiscais.id, doc.id));
  } else {
    const status = desfecho.status === 'denegada' ? 'denegada' : 'rejeitada';
    await tx
      .update(documentosFiscais)
      .set({
        status,
        cStat: desfecho.cStat,
        motivo: desfecho.motivo,
        protocolo: desfecho.status === 'denegada' ? (desfecho.protocolo?.protocolo ?? null) : null,
        ...(desfecho.status === 'denegada' && desfecho.protocolo ? { xml: montarNfeProc(doc.xmlNfe, desfecho.protocolo) } : {}),
        proximaTentativaEm: null,
        updatedAt: agora,
      })
      .where(eq(documentosFiscais.id, doc.id));
  }
  const cStat = desfecho.status === 'autorizada' ? desfecho.protocolo.cStat : desfecho.cStat;
  const motivo = desfecho.status === 'autorizada' ? desfecho.protocolo.xMotivo : desfecho.motivo;
  await registrarEventoFiscal(tx, {
    tipo: log.tipo,
    documentoFiscalId: doc.id,
    cStat,
    motivo,
    usuarioId: log.usuarioId,
    detalhes: { status: desfecho.status, ...log.detalhes },
  });
};

/** A SEFAZ batch id (idLote: up to 15 digits). */
export const idLote = (): string => `${Date.now()}${Math.floor(Math.random() * 100)}`.slice(0, 15);

/** The ms left of the till's 5 s for one SEFAZ call, after keeping the contingency's margin. */
const tempoParaSefaz = (app: FiscalApp, inicio: number): number =>
  Math.max(200, Math.min(sefazTimeoutMs(app), NFCE_TEMPO_MAXIMO_PDV_MS - MARGEM_CONTINGENCIA_MS - (Date.now() - inicio)));

/** The same number rebuilt offline (tpEmis 9): new key, dhCont, xJust; the worker sends it later. */
const entrarEmContingencia = async (
  app: FiscalApp,
  escopo: EscopoFiscal,
  nfce: NfceEmTransito,
  erro: unknown,
  inicio: number,
): Promise<void> => {
  const agora = new Date();
  const dados: DadosNfce = {
    ...nfce.dados,
    emitidoEm: agora,
    tipoEmissao: '9',
    contingencia: { desde: agora, justificativa: JUSTIFICATIVA_CONTINGENCIA },
  };
  const gerada = gerarNfce(dados, nfce.unidade.certificado);
  await withTenant(app.db, escopo, async (tx) => {
    await tx
      .update(documentosFiscais)
      .set({
        status: 'contingencia',
        tipoEmissao: '9',
        chave: gerada.chave,
        xml: gerada.xml,
        valorTotal: gerada.valorTotal,
        emitidoEm: agora,
        contingenciaDesde: agora,
        cStat: null,
        motivo: null,
        proximaTentativaEm: agora,
        updatedAt: agora,
      })
      .where(and(eq(documentosFiscais.id, nfce.documentoId), eq(documentosFiscais.status, 'pendente')));
    await registrarEventoFiscal(tx, {
      tipo: 'contingencia',
      documentoFiscalId: nfce.documentoId,
      motivo: JUSTIFICATIVA_CONTINGENCIA,
      usuarioId: escopo.usuarioId,
      detalhes: {
        erro: erro instanceof Error ? erro.message : String(erro),
        esperouMs: Date.now() - inicio,
        chave: gerada.chave,
        // The tpEmis 1 version SEFAZ may have authorised before the till gave up: the worker asks
        // about it first (transmitir-pendentes-nfce.ts) and keeps it when it was.
        chaveNormal: nfce.gerada.chave,
        xmlNormal: nfce.gerada.xml,
      },
    });
  });
  app.log.warn({ documentoFiscalId: nfce.documentoId, err: erro }, 'SEFAZ indisponível: NFC-e emitida em contingência');
};

/** 539: the next number, rebuilt and stored on the same row (the old number SEFAZ says is used). */
const renumerar = async (app: FiscalApp, escopo: EscopoFiscal, nfce: NfceEmTransito, cStat: string, motivo: string) =>
  withTenant(app.db, escopo, async (tx): Promise<NfceEmTransito> => {
    const numero = await reservarNumeroNfce(tx, nfce.dados.serie);
    const dados: DadosNfce = { ...nfce.dados, numero, codigoNumerico: gerarCodigoNumerico(numero), emitidoEm: new Date() };
    const gerada = gerarNfce(dados, nfce.unidade.certificado);
    await tx
      .update(documentosFiscais)
      .set({
        numero,
        chave: gerada.chave,
        xml: gerada.xml,
        emitidoEm: dados.emitidoEm,
        tentativas: sql`${documentosFiscais.tentativas} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(documentosFiscais.id, nfce.documentoId));
    await registrarEventoFiscal(tx, {
      tipo: 'emissao',
      documentoFiscalId: nfce.documentoId,
      cStat,
      motivo,
      usuarioId: escopo.usuarioId,
      detalhes: { numeroAnterior: nfce.dados.numero, numero, chave: gerada.chave, renumerada: true },
    });
    return { ...nfce, dados, gerada };
  });

/** At most this many renumberings after a 539 in one emission. */
const MAX_RENUMERACOES = 2;

/**
 * Step 2 and 3: sends the built document (outside any transaction) and stores what SEFAZ said;
 * contingency when it does not answer in time. Never throws because of SEFAZ.
 */
export const enviarNfce = async (
  app: FiscalApp,
  escopo: EscopoFiscal,
  emTransito: NfceEmTransito,
  inicio: number,
): Promise<void> => {
  let nfce = emTransito;
  for (let renumeracoes = 0; ; renumeracoes++) {
    const t0 = Date.now();
    let retorno: RetornoAutorizacao;
    try {
      retorno = await app.sefaz.autorizar(destinoDe(nfce.unidade, tempoParaSefaz(app, inicio)), nfce.gerada.xml, idLote());
      assertSefazEmOperacao(retorno);
    } catch (erro) {
      try {
        await entrarEmContingencia(app, escopo, nfce, erro, inicio);
      } catch (falha) {
        // Left 'pendente': the worker asks SEFAZ about it once its lease ends.
        app.log.error({ err: falha, documentoFiscalId: nfce.documentoId }, 'Falha ao emitir a NFC-e em contingência');
      }
      return;
    }
    const desfecho = await interpretarAutorizacao(
      app.sefaz,
      nfce.unidade,
      nfce.gerada.chave,
      retorno,
      tempoParaSefaz(app, inicio),
    );
    if (desfecho.status === 'numeroUsado' && renumeracoes < MAX_RENUMERACOES) {
      try {
        nfce = await renumerar(app, escopo, nfce, desfecho.cStat, desfecho.motivo);
        continue;
      } catch (falha) {
        app.log.error({ err: falha, documentoFiscalId: nfce.documentoId }, 'Falha ao renumerar a NFC-e (539)');
      }
    }
    await withTenant(app.db, escopo, (tx) =>
      gravarDesfecho(tx, { id: nfce.documentoId, xmlNfe: nfce.gerada.xml }, desfecho, {
        tipo: 'transmissao',
        usuarioId: escopo.usuarioId,
        detalhes: { ms: Date.now() - t0, loteCStat: retorno.cStat },
      }),
    );
    return;
  }
};

/**
 * emitirNfce: the NFC-e of the sale (see the file's docstring). Answers the document and whether
 * it was created now (201) or already existed / was a rejected one re-sent (200). 400s: sale not
 * finalised, unit not ready (`errors.unidade`), products with fiscal problems
 * (`errors.produtoIds`), services only; 404: not a sale of the selected unit.
 */
export const emitirNfce = async (
  app: FiscalApp,
  escopo: EscopoFiscal,
  input: EmitirNfceInput,
): Promise<{ documento: DocumentoFiscal; criado: boolean }> => {
  const inicio = Date.now();
  const preparo = await withTenant(app.db, escopo, (tx) => prepararEmissao(tx, app, escopo, input));
  if (preparo.tipo === 'novo') await enviarNfce(app, escopo, preparo, inicio);
  const documento = await withTenant(app.db, escopo, (tx) => getDocumentoFiscal(tx, preparo.documentoId));
  return { documento, criado: preparo.tipo === 'novo' && preparo.criado };
};

/** The signed NFe of a stored document (the `nfeProc`'s NFe when authorised). */
export const nfeDoDocumento = (doc: Pick<DocumentoFiscalRow, 'xml'>): string => {
  const m = /<NFe[\s>][\s\S]*<\/NFe>/.exec(doc.xml);
  return m ? m[0] : doc.xml;
};
