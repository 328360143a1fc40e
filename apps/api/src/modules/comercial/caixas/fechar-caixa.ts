/**
 * Closes a cash register (DOMAIN.md §6 "Caixa": "close with the counted amount per payment
 * method, showing expected vs counted (quebra de caixa). A closed register is read only";
 * spec §7 POST /caixas/{id}/fechar).
 *
 * - The register row is locked `for update`; every movement takes a share lock on it
 *   (caixa-ledger `lockCaixaAberto`), so nothing enters between the sums and the closing,
 *   and after it every movement and a second closing answer 400 CAIXA_FECHADO.
 * - esperado per method = Σ of its movements (cash: movements without a method or with a
 *   method of kind dinheiro: opening float, sales net of change, sangria, suprimento,
 *   despesa, deposits, transfers, cash refunds).
 * - contado: the count given for the method. A method with movements and no count counts as
 *   0 — the difference shows the missing count — except kinds nothing physical backs
 *   (TIPOS_FORMA_SEM_CONFERENCIA: customer credit, a prazo, boleto), which count as expected.
 *   A count for a method without movements adds a line with esperado 0.
 * - diferenca = contado − esperado (positive: over, negative: short). Stored per method in
 *   `conferencia`, and for cash in valorEsperado / valorContado / diferenca.
 * - The register's own cashier closes it; anyone else needs caixa.fechar (acesso-caixa.ts).
 * - Audit (issue #22 item 4): a closing where any method's count differs from the expected
 *   records one `CaixaFechadoComDiferenca` in the same transaction (`registrarDiferenca`); a
 *   closing without difference records nothing. The event's user is who closed it (a
 *   supervisor closing a colleague's register is named in the sentence too).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { NOME_DINHEIRO, type ConferenciaCaixa, type FecharCaixaInputParsed } from '@petshop/shared/caixa';
import { formatMoney, fromCents, toCents } from '@petshop/shared/format';
import type { Db } from '../../../db/client.ts';
import { caixas, usuarios } from '../../../db/schema/index.ts';
import { badRequest } from '../../../lib/errors.ts';
import { registrarAuditoria } from '../../auditoria/registrar-auditoria.ts';
import { lockCaixaParaAtor, type AtorCaixa } from './acesso-caixa.ts';
import { CAIXA_FECHADO } from './caixa-ledger.ts';
import { formaConferida, listFormasPorId, listSomasPorForma } from './caixas-repository.ts';

/** Closes register `caixaId` with the counts of `input`; answers the stored check. */
export const fecharCaixa = async (
  tx: Db,
  ator: AtorCaixa,
  caixaId: string,
  input: FecharCaixaInputParsed,
): Promise<ConferenciaCaixa[]> => {
  const caixa = await lockCaixaParaAtor(tx, caixaId, ator);
  if (caixa.status !== 'Aberto') throw badRequest(CAIXA_FECHADO);

  // Counts by method (a method of kind dinheiro is the cash line, key null).
  const ids = input.contagens.flatMap((c) => (c.formaPagamentoId ? [c.formaPagamentoId] : []));
  const formas = await listFormasPorId(tx, ids);
  const contagens = new Map<string | null, number>();
  const extras = new Map<string, { nome: string; tipo: string }>();
  const errors: Record<string, string[]> = {};
  input.contagens.forEach((c, i) => {
    let chave: string | null = null;
    if (c.formaPagamentoId) {
      const forma = formas.get(c.formaPagamentoId);
      if (!forma) {
        errors[`contagens.${i}.formaPagamentoId`] = ['Forma de pagamento inválida'];
        return;
      }
      if (forma.tipo !== 'dinheiro') {
        chave = c.formaPagamentoId;
        extras.set(chave, { nome: forma.nome, tipo: forma.tipo });
      }
    }
    if (contagens.has(chave)) {
      errors[`contagens.${i}.formaPagamentoId`] = ['Forma de pagamento repetida'];
      return;
    }
    contagens.set(chave, toCents(c.valorContado));
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const linhas = await listSomasPorForma(tx, caixaId);
  const conferencia: ConferenciaCaixa[] = linhas.map((l) => {
    const esperado = l.entradas - l.saidas;
    const contado = contagens.get(l.formaPagamentoId) ?? (formaConferida(l.tipo) ? 0 : esperado);
    return {
      formaPagamentoId: l.formaPagamentoId,
      nome: l.nome,
      tipo: l.tipo,
      esperado: fromCents(esperado),
      contado: fromCents(contado),
      diferenca: fromCents(contado - esperado),
    };
  });
  for (const [formaPagamentoId, forma] of extras) {
    if (linhas.some((l) => l.formaPagamentoId === formaPagamentoId)) continue;
    const contado = contagens.get(formaPagamentoId) ?? 0;
    conferencia.push({
      formaPagamentoId,
      nome: forma.nome,
      tipo: forma.tipo,
      esperado: 0,
      contado: fromCents(contado),
      diferenca: fromCents(contado),
    });
  }

  const dinheiro = conferencia.find((c) => c.formaPagamentoId === null) ?? {
    formaPagamentoId: null,
    nome: NOME_DINHEIRO,
    tipo: 'dinheiro',
    esperado: 0,
    contado: 0,
    diferenca: 0,
  };
  await tx
    .update(caixas)
    .set({
      status: 'Fechado',
      dataFechamento: new Date(),
      fechadoPorId: ator.usuarioId,
      valorEsperado: dinheiro.esperado.toFixed(2),
      valorContado: dinheiro.contado.toFixed(2),
      diferenca: dinheiro.diferenca.toFixed(2),
      conferencia,
      // Closing remarks follow the opening ones.
      ...(input.observacoes ? { observacoes: sql`concat_ws(E'\n', ${caixas.observacoes}, ${input.observacoes}::text)` } : {}),
    })
    .where(eq(caixas.id, caixaId));
  await registrarDiferenca(tx, caixa, ator.usuarioId, conferencia);
  return conferencia;
};

/** '+R$ 5,00' / '−R$ 12,50' (a real minus sign, as the shop owner reads a shortfall). */
const diferencaComSinal = (valor: number): string =>
  valor > 0 ? `+${formatMoney(valor)}` : formatMoney(valor).replace(/^-/, '−');

/**
 * Records `CaixaFechadoComDiferenca` when some line of `conferencia` has a difference (nothing
 * otherwise). descricao: "Caixa nº 3 de Fulano fechado com diferença de −R$ 12,50 (Dinheiro)"
 * (+ ", fechado por Beltrano" when someone else closed it); depois: the cash line's esperado,
 * contado and diferenca (reais) and `porForma`, the lines with a difference.
 */
const registrarDiferenca = async (
  tx: Db,
  caixa: { id: string; numero: number; usuarioId: string },
  fechadoPorId: string,
  conferencia: readonly ConferenciaCaixa[],
): Promise<void> => {
  const comDiferenca = conferencia.filter((c) => toCents(c.diferenca) !== 0);
  if (comDiferenca.length === 0) return;
  const nomes = new Map(
    (
      await tx
        .select({ id: usuarios.id, nome: usuarios.nome })
        .from(usuarios)
        .where(inArray(usuarios.id, [...new Set([caixa.usuarioId, fechadoPorId])]))
    ).map((u) => [u.id, u.nome] as const),
  );
  const operador = nomes.get(caixa.usuarioId) ?? 'operador desconhecido';
  const diferencas = comDiferenca.map((c) => `${diferencaComSinal(c.diferenca)} (${c.nome})`).join(', ');
  const porOutro = fechadoPorId !== caixa.usuarioId ? `, fechado por ${nomes.get(fechadoPorId) ?? 'outro usuário'}` : '';
  const dinheiro = conferencia.find((c) => c.formaPagamentoId === null);
  const total = fromCents(comDiferenca.reduce((soma, c) => soma + toCents(c.diferenca), 0));
  await registrarAuditoria(tx, {
    acao: 'CaixaFechadoComDiferenca',
    entidade: 'caixa',
    entidadeId: caixa.id,
    descricao: `Caixa nº ${caixa.numero} de ${operador} fechado com diferença de ${diferencas}${porOutro}`,
    depois: {
      numero: caixa.numero,
      operadorId: caixa.usuarioId,
      fechadoPorId,
      esperado: dinheiro?.esperado ?? 0,
      contado: dinheiro?.contado ?? 0,
      diferenca: dinheiro?.diferenca ?? 0,
      diferencaTotal: total,
      porForma: comDiferenca.map((c) => ({
        formaPagamentoId: c.formaPagamentoId,
        nome: c.nome,
        esperado: c.esperado,
        contado: c.contado,
        diferenca: c.diferenca,
      })),
    },
  });
};
