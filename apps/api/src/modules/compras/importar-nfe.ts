/**
 * POST /api/api/compras/importar-xml (and /api/compras/importar-xml): a draft purchase from the
 * supplier's NF-e XML (DOMAIN.md §5; issue #5 item 4), in the request's one transaction:
 * - `parseNfe` reads it (nfeProc or bare NFe, layouts 3.10 and 4.00); 400 `arquivo` with its
 *   message when it is not an NF-e we can import (not XML, an NFC-e, a batch…);
 * - the same access key already imported in this unit and not cancelled: 400 `arquivo` 'Esta
 *   NF-e já foi importada na compra nº N' (the unique index compras_unidade_chave_idx backs
 *   it under concurrency: the insert runs in a savepoint and its violation answers the same);
 * - an NF-e addressed to another CNPJ/CPF than the unit's (`unidades_negocio.cnpj`), or to
 *   none: 400 `aceitarOutroDestinatario` unless the user confirmed it (then a warning is kept);
 * - the supplier is matched by the emitter's CNPJ/CPF, or created from the emitter's data
 *   (razão social, fantasia, IE, phone, address);
 * - each item: the product by GTIN (`produtos.codigo_barras`), else by the supplier-code
 *   memory (supplier + cProd → product + factor), else none (the user links or creates it);
 *   quantity = qCom × factor (rounded by the product's unit), cost = vUnCom ÷ factor, lots
 *   from `rastro` (quantities × factor), total = vProd − vDesc (exact). A GTIN match takes the
 *   remembered factor when the memory names the same product (a box's GTIN), else 1;
 * - header: invoice number, series, issue date, entry date = the unit's today; freight =
 *   vFrete; discount = vDesc of the totals less the items' own discounts; other costs =
 *   vOutro + vSeg + vIPI + vST — what the shop pays the supplier beyond the goods, so the cost
 *   of goods includes IPI and ST (apportioned by item value, like freight). When these do not
 *   add up to vNF (FCP-ST, import tax, ICMS relief…), the difference goes to other costs (or
 *   discount) so the purchase's total is the invoice's, with a warning;
 * - duplicatas → installments (kept as they are; when they do not add up to the total a warning
 *   says so and finalising asks for them to be fixed); the XML text and the warnings (the
 *   reader's, plus destinatário, the emitter's document check digits, the total adjustment,
 *   the installments) are kept; origem 'xml', Rascunho.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { roundTo, roundCusto, CUSTO_MAXIMO } from '@petshop/shared/compra';
import { formatCpfCnpj, formatMoney, fromCents, roundQuantidade, toCents } from '@petshop/shared/format';
import { cpfCnpjSchema, onlyDigits, PRECO_MAXIMO, QUANTIDADE_MAXIMA, UFS } from '@petshop/shared/validators';
import type { Db } from '../../db/client.ts';
import type { AvisoCompra } from '../../db/schema/compras.ts';
import { compraItens, compraParcelas, compras, fornecedores, produtos, unidadesNegocio } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import type { NfeLidaNoPool } from '../../lib/cpu-pool-tasks.ts';
import { runCpuTask } from '../../lib/cpu-pool.ts';
import { badRequest, fieldError } from '../../lib/errors.ts';
import { proximoNumero } from '../comercial/contador.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { listLembrancasFornecedor } from './fornecedor-produtos.ts';
import { parseNfe, NfeInvalidaError, type NfeLida } from './nfe/parse-nfe.ts';
import { listProdutosCompra, type ProdutoCompraInfo } from './salvar-compra.ts';

export type OpcoesImportacao = { aceitarOutroDestinatario: boolean };

/**
 * Items mapped, or inserted, between two turns of the event loop (issue #22 item 2: a 990-item
 * NF-e must not hold the loop for its whole import).
 */
export const ITENS_POR_VEZ = 100;

/** Lets the event loop run what waits (other requests, timers) before the next slice. */
const cederAoLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `lista.map(fn)` in slices of ITENS_POR_VEZ, the event loop turning between slices. */
const emFatias = async <T, R>(lista: readonly T[], fn: (item: T, n: number) => R): Promise<R[]> => {
  const resultado: R[] = [];
  for (let inicio = 0; inicio < lista.length; inicio += ITENS_POR_VEZ) {
    if (inicio > 0) await cederAoLoop();
    const fim = Math.min(lista.length, inicio + ITENS_POR_VEZ);
    for (let n = inicio; n < fim; n++) resultado.push(fn(lista[n]!, n));
  }
  return resultado;
};

/** The unique index that keeps one live purchase per access key and unit. */
const INDICE_CHAVE = 'compras_unidade_chave_idx';

const jaImportada = (numero: number) => fieldError('arquivo', `Esta NF-e já foi importada na compra nº ${numero}`);

/** The XML as text (UTF-8 with or without BOM, or ISO-8859-1 when its prolog says so). */
export const xmlText = (conteudo: Buffer): string => {
  const prologo = conteudo.subarray(0, 200).toString('latin1');
  if (/encoding\s*=\s*["'](ISO-8859-1|latin1|windows-1252)["']/i.test(prologo)) return conteudo.toString('latin1');
  const texto = conteudo.toString('utf8');
  return texto.charCodeAt(0) === 0xfeff ? texto.slice(1) : texto;
};

/** `parseNfe` on this thread, its refusals as 400 `arquivo` (the demo seed's small files). */
const parseXml = (conteudo: Buffer): NfeLida => {
  try {
    return parseNfe(conteudo);
  } catch (error) {
    if (error instanceof NfeInvalidaError) throw fieldError('arquivo', error.message);
    throw fieldError('arquivo', 'Não foi possível ler o XML da NF-e');
  }
};

/**
 * The uploaded NF-e read by `parseNfe` in the CPU pool, before any transaction is opened: its
 * XMLDSig check alone takes about 4 s of CPU for a 990-item file, which must stall neither the
 * event loop nor a database connection (issue #22 item 2). Refusals as 400 `arquivo`, as
 * `importarNfe` answers them.
 */
export const lerNfeEnviada = async (conteudo: Buffer): Promise<NfeLida> => {
  let lida: NfeLidaNoPool;
  try {
    lida = await runCpuTask('lerNfe', conteudo);
  } catch {
    lida = { falha: 'worker' };
  }
  if ('nfe' in lida) return lida.nfe;
  if ('recusa' in lida) throw fieldError('arquivo', lida.recusa);
  throw fieldError('arquivo', 'Não foi possível ler o XML da NF-e');
};

/**
 * 400 `arquivo` when a number of the invoice is outside what the purchase columns hold (a
 * hostile or broken file must not reach the arithmetic with values it cannot represent).
 */
const assertLimites = (nfe: NfeLida): void => {
  const dinheiro = (v: number) => Number.isFinite(v) && Math.abs(v) <= PRECO_MAXIMO;
  const ok =
    nfe.itens.length <= 1000 &&
    nfe.duplicatas.length <= 120 &&
    nfe.itens.every(
      (i) =>
        Number.isFinite(i.quantidade) &&
        i.quantidade > 0 &&
        i.quantidade <= QUANTIDADE_MAXIMA &&
        Number.isFinite(i.valorUnitario) &&
        i.valorUnitario >= 0 &&
        i.valorUnitario <= CUSTO_MAXIMO &&
        [i.valorTotal, i.valorDesconto, i.valorFrete, i.valorSeguro, i.valorOutros].every(dinheiro) &&
        i.lotes.every((l) => Number.isFinite(l.quantidade) && Math.abs(l.quantidade) <= QUANTIDADE_MAXIMA),
    ) &&
    Object.values(nfe.totais).every(dinheiro) &&
    nfe.duplicatas.every((d) => dinheiro(d.valor));
  if (!ok)
    throw fieldError('arquivo', 'A NF-e tem quantidades ou valores fora dos limites aceitos (itens, totais ou duplicatas)');
};

/** The live purchase of this unit with access key `chave`, if any. */
const compraComChave = async (tx: Db, chave: string) => {
  const [row] = await tx
    .select({ id: compras.id, numero: compras.numero })
    .from(compras)
    .where(and(eq(compras.chaveAcesso, chave), ne(compras.status, 'Cancelada')))
    .limit(1);
  return row ?? null;
};

const texto = (v: string | null | undefined, max: number): string | null => {
  const t = v?.trim();
  return t ? t.slice(0, max) : null;
};

/** The emitter as a supplier: matched by CPF/CNPJ or created (insert-or-nothing, then read). */
const fornecedorDoEmitente = async (tx: Db, nfe: NfeLida): Promise<string> => {
  const e = nfe.emitente;
  const documento = onlyDigits(e.cnpj ?? e.cpf ?? '');
  const [existente] = await tx.select({ id: fornecedores.id }).from(fornecedores).where(eq(fornecedores.cpfCnpj, documento));
  if (existente) return existente.id;
  const end = e.endereco;
  const ie = e.inscricaoEstadual?.trim().toUpperCase() ?? '';
  const telefone = onlyDigits(e.telefone ?? '');
  const cep = onlyDigits(end.cep ?? '');
  const uf = end.uf?.trim().toUpperCase() ?? '';
  await tx
    .insert(fornecedores)
    .values({
      razaoSocial: texto(e.razaoSocial, 120) ?? documento,
      nomeFantasia: texto(e.nomeFantasia, 120),
      cpfCnpj: documento,
      inscricaoEstadual: /^(ISENTO|\d{2,14})$/.test(ie) ? ie : null,
      telefone: telefone.length === 10 || telefone.length === 11 ? telefone : null,
      cep: cep.length === 8 ? cep : null,
      logradouro: texto(end.logradouro, 120),
      numero: texto(end.numero, 20),
      complemento: texto(end.complemento, 60),
      bairro: texto(end.bairro, 60),
      cidade: texto(end.cidade, 60),
      uf: (UFS as readonly string[]).includes(uf) ? uf : null,
      codigoIbge: end.codigoIbge && /^\d{7}$/.test(end.codigoIbge) ? end.codigoIbge : null,
      observacoes: `Cadastrado pela importação da NF-e ${nfe.numero}/${nfe.serie}`,
    })
    .onConflictDoNothing();
  const [criado] = await tx.select({ id: fornecedores.id }).from(fornecedores).where(eq(fornecedores.cpfCnpj, documento));
  return criado!.id;
};

type Correspondencia = { produto: ProdutoCompraInfo | null; fator: number };

/** The product of each item (GTIN, then supplier-code memory) and its conversion factor. */
const corresponder = async (tx: Db, fornecedorId: string, nfe: NfeLida): Promise<Correspondencia[]> => {
  const gtins = [...new Set(nfe.itens.flatMap((i) => (i.gtin ? [i.gtin] : [])))];
  const porGtin = new Map(
    gtins.length === 0
      ? []
      : (
          await tx
            .select({ id: produtos.id, codigoBarras: produtos.codigoBarras })
            .from(produtos)
            .where(and(inArray(produtos.codigoBarras, gtins), eq(produtos.tipo, 'produto')))
        ).map((p) => [p.codigoBarras!, p.id] as const),
  );
  const lembradas = await listLembrancasFornecedor(
    tx,
    fornecedorId,
    nfe.itens.map((i) => i.codigo),
  );
  const memorias = nfe.itens.map((i) => lembradas.get(i.codigo) ?? null);
  const ids = [...porGtin.values(), ...memorias.flatMap((m) => (m ? [m.produtoId] : []))];
  const infos = await listProdutosCompra(tx, ids);
  return nfe.itens.map((item, n) => {
    const memoria = memorias[n];
    const idGtin = item.gtin ? porGtin.get(item.gtin) : undefined;
    const compravel = (id: string | undefined) => {
      const info = id ? infos.get(id) : undefined;
      return info && info.tipo !== 'servico' ? info : null;
    };
    const porCodigo = compravel(memoria?.produtoId);
    const gtin = compravel(idGtin);
    if (gtin) return { produto: gtin, fator: memoria && memoria.produtoId === gtin.id ? memoria.fatorConversao : 1 };
    if (porCodigo) return { produto: porCodigo, fator: memoria!.fatorConversao };
    return { produto: null, fator: 1 };
  });
};

/**
 * See the file's comment. `conteudo` is the XML file, read here on this thread unless `lida` is
 * what `lerNfeEnviada` already read of it (the upload route). Answers the new purchase's id.
 */
export const importarNfe = async (
  tx: Db,
  conteudo: Buffer,
  opcoes: OpcoesImportacao,
  usuarioId: string,
  lida?: NfeLida,
): Promise<string> => {
  const nfe = lida ?? parseXml(conteudo);
  assertLimites(nfe);
  const anterior = await compraComChave(tx, nfe.chaveAcesso);
  if (anterior) throw jaImportada(anterior.numero);

  const avisos: AvisoCompra[] = nfe.avisos.map((a) => ({ codigo: a.codigo, mensagem: a.mensagem }));
  const [unidadeRow] = await tx
    .select({ cnpj: unidadesNegocio.cnpj })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, sql`${currentUnidadeNegocioId}`));
  const documentoUnidade = onlyDigits(unidadeRow?.cnpj ?? '');
  const dest = nfe.destinatario;
  const documentoDest = onlyDigits(dest?.cnpj ?? dest?.cpf ?? '');
  if (documentoDest !== documentoUnidade) {
    const quem = documentoDest
      ? `${formatCpfCnpj(documentoDest)}${dest?.nome ? ` – ${dest.nome}` : ''}`
      : 'destinatário não informado';
    if (!opcoes.aceitarOutroDestinatario)
      throw fieldError(
        'aceitarOutroDestinatario',
        `Esta NF-e é destinada a outro CNPJ (${quem}): confirme para importar assim mesmo`,
      );
    avisos.push({
      codigo: 'outro_destinatario',
      mensagem: `NF-e destinada a outro CNPJ (${quem}), importada por confirmação do usuário`,
    });
  }
  const documentoEmitente = onlyDigits(nfe.emitente.cnpj ?? nfe.emitente.cpf ?? '');
  if (!documentoEmitente) throw fieldError('arquivo', 'A NF-e não informa o CNPJ/CPF do emitente');
  if (!cpfCnpjSchema.safeParse(documentoEmitente).success)
    avisos.push({
      codigo: 'emitente_documento_invalido',
      mensagem: `O CNPJ/CPF do emitente (${formatCpfCnpj(documentoEmitente)}) não tem dígitos verificadores válidos`,
    });

  const fornecedorId = await fornecedorDoEmitente(tx, nfe);
  const correspondencias = await corresponder(tx, fornecedorId, nfe);

  // Items: the invoice's side as it is, the shop's side converted by the factor (in slices of
  // ITENS_POR_VEZ, the event loop turning between them: 990 items are tens of ms of arithmetic).
  const itens = await emFatias(nfe.itens, (item, n) => {
    const { produto, fator } = correspondencias[n]!;
    const fracionada = produto ? produto.fracionada : true;
    const convertida = roundQuantidade(item.quantidade * fator, fracionada);
    const quantidade = convertida > 0 ? convertida : roundTo(item.quantidade * fator, 3);
    const descontoCentavos = toCents(item.valorDesconto);
    const totalCentavos = Math.max(0, toCents(item.valorTotal) - descontoCentavos);
    return {
      ordem: n + 1,
      produtoId: produto?.id ?? null,
      descricao: texto(item.descricao, 500) ?? `Item ${item.numeroItem}`,
      codigoFornecedor: texto(item.codigo, 60),
      gtin: item.gtin,
      ncm: item.ncm,
      cest: item.cest,
      cfop: item.cfop,
      unidadeFornecedor: texto(item.unidade, 6),
      quantidadeFornecedor: roundTo(item.quantidade, 4).toFixed(4),
      valorUnitarioFornecedor: roundCusto(item.valorUnitario).toFixed(4),
      fatorConversao: roundTo(fator, 4).toFixed(4),
      quantidade: quantidade.toFixed(3),
      custoUnitario: roundCusto(item.valorUnitario / fator).toFixed(4),
      valorDesconto: fromCents(descontoCentavos).toFixed(2),
      valorTotal: fromCents(totalCentavos).toFixed(2),
      totalCentavos,
      descontoCentavos,
      lotes: item.lotes.map((l) => ({
        numero: l.numero.trim(),
        dataFabricacao: l.dataFabricacao,
        dataValidade: l.dataValidade,
        quantidade: roundQuantidade(l.quantidade * fator, fracionada),
      })),
    };
  });

  // Header values (see the file's comment).
  const t = nfe.totais;
  const produtosCentavos = itens.reduce((s, i) => s + i.totalCentavos, 0);
  const descontoItens = itens.reduce((s, i) => s + i.descontoCentavos, 0);
  const frete = Math.max(0, toCents(t.valorFrete));
  let desconto = Math.max(0, toCents(t.valorDesconto) - descontoItens);
  let outros = Math.max(0, toCents(t.valorOutros) + toCents(t.valorSeguro) + toCents(t.valorIpi) + toCents(t.valorIcmsSt));
  const calculado = produtosCentavos + frete + outros - desconto;
  const nota = toCents(t.valorNota);
  if (nota > 0 && nota !== calculado) {
    const diferenca = nota - calculado;
    if (diferenca > 0) outros += diferenca;
    else if (desconto - diferenca <= produtosCentavos + frete + outros) desconto -= diferenca;
    if (produtosCentavos + frete + outros - desconto === nota)
      avisos.push({
        codigo: 'total_ajustado',
        mensagem: `A soma de produtos, frete, seguro, IPI, ST e outras despesas (${formatMoney(fromCents(calculado))}) difere do valor da nota (${formatMoney(fromCents(nota))}): a diferença foi lançada em ${diferenca > 0 ? 'outras despesas' : 'desconto'}`,
      });
  }
  const total = produtosCentavos + frete + outros - desconto;
  const somaDuplicatas = nfe.duplicatas.reduce((s, d) => s + Math.max(0, toCents(d.valor)), 0);
  if (nfe.duplicatas.length > 0 && somaDuplicatas !== total)
    avisos.push({
      codigo: 'parcelas_divergentes',
      mensagem: `A soma das duplicatas da nota (${formatMoney(fromCents(somaDuplicatas))}) difere do total da compra (${formatMoney(fromCents(total))}): confira as parcelas antes de finalizar`,
    });

  const unidade = await getUnidadeAtual(tx);
  const numero = await proximoNumero(tx, 'compra');
  let compraId: string;
  try {
    // A savepoint: a concurrent import of the same key violates the unique index here, and
    // the transaction can still read which purchase won.
    compraId = await tx.transaction(async (sp) => {
      const [row] = await sp
        .insert(compras)
        .values({
          numero,
          status: 'Rascunho',
          origem: 'xml',
          fornecedorId,
          numeroNota: texto(nfe.numero, 20),
          serie: texto(nfe.serie, 10),
          chaveAcesso: nfe.chaveAcesso,
          versaoNfe: nfe.versao,
          dataEmissao: nfe.dataEmissao,
          dataEntrada: unidade.hoje,
          valorProdutos: fromCents(produtosCentavos).toFixed(2),
          valorFrete: fromCents(frete).toFixed(2),
          valorDesconto: fromCents(desconto).toFixed(2),
          valorOutros: fromCents(outros).toFixed(2),
          valorTotal: fromCents(total).toFixed(2),
          avisos,
          xml: xmlText(conteudo),
          usuarioId,
        })
        .returning({ id: compras.id });
      return row!.id;
    });
  } catch (error) {
    if (violou(error, INDICE_CHAVE)) {
      const vencedora = await compraComChave(tx, nfe.chaveAcesso);
      if (vencedora) throw jaImportada(vencedora.numero);
      throw badRequest('Esta NF-e já foi importada');
    }
    throw error;
  }
  // The items in inserts of ITENS_POR_VEZ rows: Drizzle builds one insert of 990 rows × 20
  // columns in one stretch of about 200 ms of the event loop on a busy machine.
  for (let inicio = 0; inicio < itens.length; inicio += ITENS_POR_VEZ) {
    if (inicio > 0) await cederAoLoop();
    await tx.insert(compraItens).values(
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      itens.slice(inicio, inicio + ITENS_POR_VEZ).map(({ totalCentavos, descontoCentavos, ...i }) => ({ ...i, compraId })),
    );
  }
  if (nfe.duplicatas.length > 0)
    await tx.insert(compraParcelas).values(
      nfe.duplicatas.map((d, n) => ({
        compraId,
        parcela: n + 1,
        numero: texto(d.numero, 60),
        dataVencimento: d.dataVencimento,
        valor: fromCents(Math.max(0, toCents(d.valor))).toFixed(2),
      })),
    );
  return compraId;
};

/** Whether `error` (or what Drizzle wrapped) is a unique violation of `constraint`. */
const violou = (error: unknown, constraint: string): boolean => {
  let atual = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; atual && i < 4; i++) {
    if (atual.code === '23505') return atual.constraint === constraint || atual.constraint === undefined;
    atual = atual.cause as typeof atual;
  }
  return false;
};
