/**
 * POST /api/clinica/animais/ficha-animal/registrar-vacina (issue #19 item 3; DOMAIN.md §9
 * *registrar vacina*): records a dose applied to a pet, in ONE transaction (the caller's):
 *
 * 1. The pet is the tenant's (404 'Pet não encontrado'), alive and active (400); the vaccine the
 *    tenant's and active (400 `vacinaId`). Idempotent: with the client's `id`, a dose already
 *    recorded with it is answered as is and nothing else happens (double click, retry).
 * 2. The planned dose it completes: `planejamentoId` (the pet's, of this vaccine, still pending:
 *    else 400 `planejamentoId`), or else the pet's earliest pending dose of this vaccine, if any;
 *    of any unit of the tenant (the pet came to this store). It becomes 'aplicada' with
 *    `vacina_aplicada_id`.
 * 3. The next dose (`vacinas_aplicadas.proxima_dose_id`):
 *    - `proximaDose` given (after the application date, else 400): the protocol's next pending
 *      dose of the same application moves to that date; without one a pending dose is planned on
 *      it (the protocol's next dose's name, or 'Reforço');
 *    - else, when a later dose of the same protocol application is still pending, it is the next
 *      dose (nothing new is planned);
 *    - else, when the dose completed the LAST dose of its protocol, or a booster of it, and the
 *      protocol has `reforco_dias`, the booster is planned at dataAplicacao + reforcoDias
 *      ('Reforço anual' when 365), unless the pet already has another pending dose of this
 *      vaccine (that one is the next dose);
 *    - a dose with no planned dose and no `proximaDose` plans nothing.
 *    New doses are planned in the scope's unit (planejamentos-repository.ts `planejarDose`).
 * 4. Stock: when the vaccine's product controls stock, one unit leaves the scope unit's stock now
 *    ('saida_vacina', origem 'vacina', origemId = the dose's id). A product that controls lots
 *    takes it from `loteId` (that product's lot in this unit with at least 1 unit, else 400
 *    `loteId`) or from the earliest-expiry lot still valid on the application date (FEFO); an
 *    expired lot is 400 `loteId` 'Lote vencido em dd/MM/yyyy'. The lot's number and expiry fill
 *    `lote`/`validadeLote` when not typed. Insufficient stock follows the unit's rule
 *    (`permite_estoque_negativo`) with the till's message (movimentar-estoque.ts).
 * 5. Charge: `cobrar` (default true) and the vaccine has a product → one line (quantity 1, the
 *    product's price) on the pet's sale em atendimento of the scope's unit, found or opened
 *    (venda-clinica.ts); `vacinas_aplicadas.venda_id` points to it. The line carries the dose, so
 *    the till never takes it out of stock again nor puts it back on a cancellation or return.
 * 6. The veterinarian: `veterinarioId` (a user of the tenant, else 400) or the signed-in user;
 *    name and CRMV (`usuarios.crmv`) are stored as they are now. `fabricante` defaults to the
 *    vaccine's. `dataAplicacao` defaults to the unit's today and may not be after it (400).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { RegistrarVacinaInputParsed, VacinaAplicada } from '@petshop/shared/clinica';
import { formatDate } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { runTogether } from '../../db/run-together.ts';
import {
  lotes,
  pets,
  planejamentosVacina,
  produtos,
  protocolosVacina,
  usuarios,
  vacinas,
  vacinasAplicadas,
} from '../../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { listProdutosEstoque, movimentarEstoque, type ProdutoEstoque } from '../estoque/movimentar-estoque.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { planejarDose } from './planejamentos-repository.ts';
import { findVacinaAplicada, getVacinaAplicada } from './vacinas-aplicadas-repository.ts';
import { adicionarItemVendaAtendimento } from './venda-clinica.ts';

/** Who records the dose: the signed-in user (the default veterinarian, and the author). */
export type RegistrarVacinaContexto = { usuarioId: string };

/** Booster interval that reads 'Reforço anual'. */
const REFORCO_ANUAL_DIAS = 365;

type ProdutoVacina = ProdutoEstoque & { ativo: boolean };
/** `listProdutosEstoque` extras (a module constant: its statement is built once). */
const EXTRAS_PRODUTO = { ativo: produtos.ativo };

type Planejado = typeof planejamentosVacina.$inferSelect;

/** The planned dose this one completes (see the file's comment, rule 2), locked; null when none. */
const lockDosePlanejada = async (
  tx: Db,
  input: Pick<RegistrarVacinaInputParsed, 'planejamentoId' | 'petId' | 'vacinaId'>,
): Promise<Planejado | null> => {
  if (input.planejamentoId) {
    const [dose] = await tx
      .select()
      .from(planejamentosVacina)
      .where(eq(planejamentosVacina.id, input.planejamentoId))
      .for('update');
    if (!dose || dose.petId !== input.petId) throw fieldError('planejamentoId', 'Dose planejada não encontrada para este pet');
    if (dose.vacinaId !== input.vacinaId) throw fieldError('planejamentoId', 'Esta dose planejada é de outra vacina');
    if (dose.status !== 'pendente') throw fieldError('planejamentoId', 'Esta dose planejada já foi aplicada');
    return dose;
  }
  const [dose] = await tx
    .select()
    .from(planejamentosVacina)
    .where(
      and(
        eq(planejamentosVacina.petId, input.petId),
        eq(planejamentosVacina.vacinaId, input.vacinaId),
        eq(planejamentosVacina.status, 'pendente'),
      ),
    )
    .orderBy(
      asc(planejamentosVacina.dataPrevista),
      sql`${planejamentosVacina.ordem} asc nulls last`,
      asc(planejamentosVacina.createdAt),
    )
    .limit(1)
    .for('update');
  return dose ?? null;
};

type LoteEscolhido = { id: string; numero: string; dataValidade: string | null };

// Lots are read, not locked: movimentarEstoque locks the product's balance first and its lots
// after it (the order every stock writer keeps); the out takes from this lot what it has.

/**
 * The stock lot the dose leaves from (rule 4) for a lot-controlled product: `loteId` checked, or
 * FEFO among the unit's lots with at least 1 unit still valid on `dataAplicacao`; null when the
 * unit has no lot with stock (the out then goes to no lot, as the till's would).
 */
const escolherLote = async (
  tx: Db,
  produtoId: string,
  loteId: string | undefined,
  dataAplicacao: string,
): Promise<LoteEscolhido | null> => {
  const vencido = (l: LoteEscolhido) => l.dataValidade !== null && l.dataValidade < dataAplicacao;
  const colunas = { id: lotes.id, numero: lotes.numero, dataValidade: lotes.dataValidade, quantidade: lotes.quantidade };
  if (loteId) {
    const [lote] = await tx
      .select(colunas)
      .from(lotes)
      .where(and(eq(lotes.id, loteId), eq(lotes.produtoId, produtoId)));
    if (!lote) throw fieldError('loteId', 'Lote não encontrado no estoque desta unidade');
    if (vencido(lote)) throw fieldError('loteId', `Lote vencido em ${formatDate(lote.dataValidade)}`);
    if (Number(lote.quantidade) < 1) throw fieldError('loteId', `O lote ${lote.numero} não tem saldo em estoque`);
    return lote;
  }
  const disponiveis = await tx
    .select(colunas)
    .from(lotes)
    .where(and(eq(lotes.produtoId, produtoId), sql`${lotes.quantidade} >= 1`))
    .orderBy(sql`${lotes.dataValidade} asc nulls last`, asc(lotes.createdAt), asc(lotes.id));
  const valido = disponiveis.find((l) => !vencido(l));
  if (valido) return valido;
  const ultimo = disponiveis.at(-1);
  if (ultimo)
    throw fieldError(
      'loteId',
      `Lote ${ultimo.numero} vencido em ${formatDate(ultimo.dataValidade)}: não há lote válido em estoque`,
    );
  return null;
};

/**
 * The next dose (rule 3) once `planejado` is completed; answers its id or null. Moves or plans
 * doses as the rule says.
 */
const definirProximaDose = async (
  tx: Db,
  input: Pick<RegistrarVacinaInputParsed, 'petId' | 'vacinaId' | 'proximaDose'>,
  planejado: Planejado | null,
  dataAplicacao: string,
): Promise<string | null> => {
  if (input.proximaDose !== undefined && input.proximaDose <= dataAplicacao)
    throw fieldError('proximaDose', 'A próxima dose deve ser depois da data da aplicação');
  if (!planejado) {
    if (input.proximaDose === undefined) return null;
    return planejarDose(tx, {
      petId: input.petId,
      vacinaId: input.vacinaId,
      descricao: 'Reforço',
      dataPrevista: input.proximaDose,
    });
  }

  const [protocolo] = planejado.protocoloId
    ? await tx
        .select({ id: protocolosVacina.id, doses: protocolosVacina.doses, reforcoDias: protocolosVacina.reforcoDias })
        .from(protocolosVacina)
        .where(eq(protocolosVacina.id, planejado.protocoloId))
    : [];
  // A later dose of the same application still pending (the protocol's next one).
  const [seguinte] = planejado.aplicacaoProtocoloId
    ? await tx
        .select({ id: planejamentosVacina.id })
        .from(planejamentosVacina)
        .where(
          and(
            eq(planejamentosVacina.aplicacaoProtocoloId, planejado.aplicacaoProtocoloId),
            eq(planejamentosVacina.status, 'pendente'),
            ne(planejamentosVacina.id, planejado.id),
            planejado.ordem !== null ? gt(planejamentosVacina.ordem, planejado.ordem) : undefined,
          ),
        )
        .orderBy(sql`${planejamentosVacina.ordem} asc nulls last`, asc(planejamentosVacina.dataPrevista))
        .limit(1)
        .for('update')
    : [];

  if (input.proximaDose !== undefined) {
    if (seguinte) {
      await tx
        .update(planejamentosVacina)
        .set({ dataPrevista: input.proximaDose })
        .where(eq(planejamentosVacina.id, seguinte.id));
      return seguinte.id;
    }
    const proximaOrdem =
      planejado.ordem !== null && protocolo && planejado.ordem < protocolo.doses.length ? planejado.ordem + 1 : null;
    return planejarDose(tx, {
      petId: input.petId,
      vacinaId: input.vacinaId,
      protocoloId: protocolo?.id ?? null,
      aplicacaoProtocoloId: proximaOrdem !== null ? planejado.aplicacaoProtocoloId : null,
      ordem: proximaOrdem,
      descricao: proximaOrdem !== null ? protocolo!.doses[proximaOrdem - 1]!.descricao : 'Reforço',
      dataPrevista: input.proximaDose,
    });
  }
  if (seguinte) return seguinte.id;

  const ultimaOuReforco = planejado.ordem === null || (protocolo !== undefined && planejado.ordem >= protocolo.doses.length);
  if (!protocolo?.reforcoDias || !ultimaOuReforco) return null;
  // Already planned otherwise (another pending dose of this vaccine): that one is next.
  const [pendente] = await tx
    .select({ id: planejamentosVacina.id })
    .from(planejamentosVacina)
    .where(
      and(
        eq(planejamentosVacina.petId, input.petId),
        eq(planejamentosVacina.vacinaId, input.vacinaId),
        eq(planejamentosVacina.status, 'pendente'),
        ne(planejamentosVacina.id, planejado.id),
      ),
    )
    .orderBy(asc(planejamentosVacina.dataPrevista))
    .limit(1);
  if (pendente) return pendente.id;
  return planejarDose(tx, {
    petId: input.petId,
    vacinaId: input.vacinaId,
    protocoloId: protocolo.id,
    descricao: protocolo.reforcoDias === REFORCO_ANUAL_DIAS ? 'Reforço anual' : 'Reforço',
    dataPrevista: addDays(dataAplicacao, protocolo.reforcoDias),
  });
};

/** See the file's comment. Answers the dose as GET would (`getVacinaAplicada`). */
export const registrarVacina = async (
  tx: Db,
  input: RegistrarVacinaInputParsed,
  ctx: RegistrarVacinaContexto,
): Promise<VacinaAplicada> => {
  if (input.id) {
    // Two requests with the same id are serialised: the second finds the first's dose.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.id}, 0))`);
    const existente = await findVacinaAplicada(tx, input.id);
    if (existente) return existente;
  }
  const id = input.id ?? randomUUID();
  const veterinarioId = input.veterinarioId ?? ctx.usuarioId;
  const [unidade, [pet], [vacina], [veterinario]] = await runTogether(
    getUnidadeAtual(tx),
    tx
      .select({ id: pets.id, nome: pets.nome, ativo: pets.ativo, dataObito: pets.dataObito })
      .from(pets)
      .where(eq(pets.id, input.petId)),
    tx
      .select({
        id: vacinas.id,
        nome: vacinas.nome,
        fabricante: vacinas.fabricante,
        ativo: vacinas.ativo,
        produtoId: vacinas.produtoId,
      })
      .from(vacinas)
      .where(eq(vacinas.id, input.vacinaId)),
    tx.select({ id: usuarios.id, nome: usuarios.nome, crmv: usuarios.crmv }).from(usuarios).where(eq(usuarios.id, veterinarioId)),
  );
  if (!pet) throw notFound('Pet não encontrado');
  if (pet.dataObito) throw badRequest(`Este pet faleceu em ${formatDate(pet.dataObito)}: não é possível registrar vacinas`);
  if (!pet.ativo) throw badRequest('Este pet está inativo: reative-o para registrar vacinas');
  if (!vacina) throw fieldError('vacinaId', 'Vacina não encontrada');
  if (!vacina.ativo) throw fieldError('vacinaId', `A vacina "${vacina.nome}" está inativa`);
  if (!veterinario && input.veterinarioId) throw fieldError('veterinarioId', 'Veterinário não encontrado');
  const dataAplicacao = input.dataAplicacao ?? unidade.hoje;
  if (dataAplicacao > unidade.hoje) throw fieldError('dataAplicacao', 'A data da aplicação não pode ser futura');

  const produto = vacina.produtoId
    ? (await listProdutosEstoque<ProdutoVacina>(tx, [vacina.produtoId], EXTRAS_PRODUTO)).get(vacina.produtoId)
    : undefined;
  const movimentaEstoque = produto !== undefined && produto.tipo !== 'servico' && produto.controlaEstoque;
  if (input.loteId && !(movimentaEstoque && produto.controlaLote))
    throw fieldError('loteId', 'O produto desta vacina não controla lotes');
  const cobrar = input.cobrar && produto !== undefined;
  if (cobrar && !produto.ativo)
    throw fieldError('vacinaId', `O produto "${produto.nome}" da vacina está inativo: ative-o ou registre sem cobrar`);

  const planejado = await lockDosePlanejada(tx, input);

  // Stock (rule 4): the lot, then one unit out now.
  const lote = movimentaEstoque && produto.controlaLote ? await escolherLote(tx, produto.id, input.loteId, dataAplicacao) : null;
  if (movimentaEstoque)
    await movimentarEstoque(tx, [{ produtoId: produto.id, quantidade: -1, loteId: lote?.id ?? null }], {
      tipo: 'saida_vacina',
      origem: 'vacina',
      origemId: id,
      usuarioId: ctx.usuarioId,
      observacao: `Vacina ${vacina.nome} — ${pet.nome}`,
      permitirNegativo: unidade.permiteEstoqueNegativo,
      produtos: new Map([[produto.id, produto]]),
    });

  const proximaDoseId = await definirProximaDose(tx, input, planejado, dataAplicacao);
  const vendaId = cobrar
    ? await adicionarItemVendaAtendimento(tx, { petId: pet.id, produtoId: produto.id, vacinaAplicadaId: id }, ctx.usuarioId)
    : null;

  const [inserida] = await tx
    .insert(vacinasAplicadas)
    .values({
      id,
      petId: pet.id,
      vacinaId: vacina.id,
      planejamentoId: planejado?.id ?? null,
      dataAplicacao,
      lote: input.lote ?? lote?.numero ?? null,
      loteId: lote?.id ?? null,
      validadeLote: input.validadeLote ?? lote?.dataValidade ?? null,
      fabricante: input.fabricante ?? vacina.fabricante,
      veterinarioId: veterinario?.id ?? null,
      veterinarioNome: veterinario?.nome ?? null,
      veterinarioCrmv: veterinario?.crmv ?? null,
      proximaDoseId,
      vendaId,
      observacoes: input.observacoes ?? null,
      usuarioId: ctx.usuarioId,
    })
    .onConflictDoNothing({ target: vacinasAplicadas.id })
    .returning({ id: vacinasAplicadas.id });
  // Nothing inserted: the id is a row of another tenant (invisible here).
  if (!inserida) throw fieldError('id', 'Identificador já usado');
  if (planejado)
    await tx
      .update(planejamentosVacina)
      .set({ status: 'aplicada', vacinaAplicadaId: id })
      .where(eq(planejamentosVacina.id, planejado.id));
  return getVacinaAplicada(tx, id);
};
