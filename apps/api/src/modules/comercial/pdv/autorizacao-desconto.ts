/**
 * The discount limit at the till (issue #22 item 4, "discount above the user's limit";
 * SimplesVet/Linx "liberação do gerente"). Each user may have `usuarios.desconto_maximo`: the
 * largest discount, in percent of the sale's gross value, they may give without a supervisor
 * (null = no limit). The discount = the items' discounts + the sale's, in reais, ÷ Σ quantity ×
 * unit price before discounts (`percentualDescontoVenda` of @petshop/shared/venda; freight left out).
 *
 * Where it is checked: where the discount becomes final — finalising a sale (salvar-venda) and
 * leaving it open with the customer (deixar-venda-aberta: the goods leave at that price and a
 * later payment finalises it without coming back here). Drafts (snapshot, adicionar-desconto)
 * and quotes are not checked: nothing is given yet.
 *
 * Above the limit the request must carry `autorizacaoDesconto: { email, senha }` of a supervisor:
 * an active user of the tenant whose profile in the selected unit holds `PERMISSOES.caixaFechar`
 * (Administrador, Gerente) and whose own limit (null = none) covers the discount. The password is
 * checked (`verificarAutorizador`) before the sale's transaction opens, so argon2 never holds it.
 * The authorized sale records `DescontoAcimaDoLimite` in the audit log in its own transaction; a
 * discount an earlier event of the same sale already covers (left open, then finalised) is not
 * asked nor logged again, and a finalised sale saved again answers itself before any of this.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatCount, formatDecimal, formatMoney } from '@petshop/shared/format';
import { PERMISSOES, perfilPode } from '@petshop/shared/permissoes';
import { descontoAcimaDoLimite, percentualDescontoVenda, type AutorizacaoDescontoInput } from '@petshop/shared/venda';
import type { Db } from '../../../db/client.ts';
import { num, queryRows } from '../../../db/rows.ts';
import { usuarioUnidades, usuarios } from '../../../db/schema/index.ts';
import { listDepoisDoRegistro } from '../../auditoria/auditoria-repository.ts';
import { AppError, fieldError } from '../../../lib/errors.ts';
import { contarRequisicao } from '../../../plugins/rate-limit-store.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import { registrarAuditoria } from '../../auditoria/registrar-auditoria.ts';

/** The supervisor whose e-mail and password were checked (`verificarAutorizador`). */
export type AutorizadorDesconto = {
  id: string;
  nome: string;
  /** Their own limit in percent; null = none. */
  descontoMaximo: number | null;
  /** Whether their profile in the selected unit may authorize (holds `caixaFechar`). */
  podeAutorizar: boolean;
};

const CAMPO = 'autorizacaoDesconto';

/** 'dd,dd%' in pt-BR. */
const percentual = (valor: number): string => `${formatDecimal(valor, 2)}%`;

/**
 * Wrong authorizations allowed per supervisor e-mail and tenant in a window: a till cannot try a
 * manager's password without end (the login's limit does not see these attempts). Counted in
 * `limites_requisicao`, shared by every API instance (plugins/rate-limit-store.ts).
 */
const MAX_FALHAS = 5;
const JANELA_FALHAS_MS = 15 * 60_000;

const chaveDeFalhas = (request: FastifyRequest, email: string): string =>
  `autorizacao-desconto ${request.auth?.tenantId ?? ''} ${email.trim().toLowerCase()}`;

/** 429 while `chave` has MAX_FALHAS wrong attempts in its window. */
const assertTentativasRestantes = async (db: Db, chave: string): Promise<void> => {
  const [linha] = await queryRows<{ contagem: number; ttl: string }>(
    db,
    sql`select contagem, inicio_ms + janela_ms - (extract(epoch from statement_timestamp()) * 1000)::bigint as ttl
        from limites_requisicao where chave = ${chave}`,
  );
  if (!linha || linha.contagem < MAX_FALHAS || Number(linha.ttl) <= 0) return;
  const minutos = Math.max(1, Math.ceil(Number(linha.ttl) / 60_000));
  throw new AppError(429, {
    [CAMPO]: [`Muitas tentativas erradas para este autorizador: tente de novo em ${formatCount(minutos, 'minuto', 'minutos')}`],
  });
};

/** Hash compared when no user has the e-mail, so a wrong e-mail costs what a wrong password does. */
let hashInexistente: Promise<string> | undefined;

/**
 * Checks a supervisor's e-mail and password, for the selected unit of `request`. Reads the user
 * under the tenant's scope (another tenant's user is not found), then verifies the password with
 * argon2 outside any transaction (lib/passwords.ts, off the event loop). Answers undefined when
 * no authorization was sent. 400 `autorizacaoDesconto` 'E-mail ou senha do autorizador
 * inválidos' for an unknown or inactive e-mail or a wrong password alike (nothing tells which);
 * 429 `autorizacaoDesconto` after MAX_FALHAS wrong attempts for that e-mail in 15 minutes.
 * Whether they may authorize THIS discount is decided in the sale's transaction (`assertLimiteDesconto`).
 */
export const verificarAutorizador = async (
  request: FastifyRequest,
  autorizacao: AutorizacaoDescontoInput | undefined,
): Promise<AutorizadorDesconto | undefined> => {
  if (!autorizacao) return undefined;
  const chave = chaveDeFalhas(request, autorizacao.email);
  await assertTentativasRestantes(request.server.db, chave);
  const unidadeNegocioId = request.unidadeNegocioId;
  const [usuario] = await request.scoped((tx) =>
    tx
      .select({
        id: usuarios.id,
        nome: usuarios.nome,
        senhaHash: usuarios.senhaHash,
        ativo: usuarios.ativo,
        descontoMaximo: usuarios.descontoMaximo,
        perfilId: usuarioUnidades.perfilId,
      })
      .from(usuarios)
      .leftJoin(
        usuarioUnidades,
        and(
          eq(usuarioUnidades.usuarioId, usuarios.id),
          unidadeNegocioId ? eq(usuarioUnidades.unidadeNegocioId, unidadeNegocioId) : sql`false`,
        ),
      )
      .where(sql`lower(${usuarios.email}) = ${autorizacao.email.trim().toLowerCase()}`),
  );
  const ok = await verifyPassword(
    usuario?.senhaHash ?? (await (hashInexistente ??= hashPassword('senha-inexistente'))),
    autorizacao.senha,
  );
  if (!usuario || !usuario.ativo || !ok) {
    await contarRequisicao(request.server.db, chave, JANELA_FALHAS_MS);
    throw fieldError(CAMPO, 'E-mail ou senha do autorizador inválidos');
  }
  return {
    id: usuario.id,
    nome: usuario.nome,
    descontoMaximo: usuario.descontoMaximo === null ? null : num(usuario.descontoMaximo),
    podeAutorizar: perfilPode(usuario.perfilId, PERMISSOES.caixaFechar),
  };
};

/** The acting user's name and limit, read in the sale's transaction. */
export const findLimiteDesconto = async (tx: Db, usuarioId: string): Promise<{ nome: string; descontoMaximo: number | null }> => {
  const [row] = await tx
    .select({ nome: usuarios.nome, descontoMaximo: usuarios.descontoMaximo })
    .from(usuarios)
    .where(eq(usuarios.id, usuarioId));
  return { nome: row?.nome ?? '', descontoMaximo: row?.descontoMaximo == null ? null : num(row.descontoMaximo) };
};

/** The largest discount (percent) an earlier authorization of this sale covered, or null. */
const maiorAutorizado = async (tx: Db, vendaId: string): Promise<number | null> => {
  const anteriores = await listDepoisDoRegistro(tx, { acao: 'DescontoAcimaDoLimite', entidade: 'venda', entidadeId: vendaId });
  const valores = anteriores.map((depois) => Number(depois['percentual'])).filter((v) => Number.isFinite(v));
  return valores.length > 0 ? Math.max(...valores) : null;
};

export type DescontoVenda = {
  venda: { id: string; numero: number };
  /** Σ quantity × unit price before discounts, reais. */
  valorBruto: number;
  /** Items' discounts + the sale's, reais. */
  valorDescontos: number;
  /** The acting user's name and limit (`findLimiteDesconto`). */
  usuario: { nome: string; descontoMaximo: number | null };
  autorizador?: AutorizadorDesconto | undefined;
};

/**
 * The limit rule for a sale being finalised or left open, in its transaction (see the file's
 * comment). Within the user's limit, without a limit, or already covered by an earlier
 * authorization of the same sale: nothing. Above it: 400 `autorizacaoDesconto` without an
 * authorizer ('Desconto de 15,00% acima do seu limite de 10,00%: peça a autorização de um
 * gerente'), or when the authorizer may not authorize in this unit or their own limit does not
 * cover it; else the act is recorded (`DescontoAcimaDoLimite`, `depois`: percentual, valorDesconto
 * in reais, limite, autorizadoPorId, autorizadoPorNome).
 */
export const assertLimiteDesconto = async (tx: Db, d: DescontoVenda): Promise<void> => {
  const limite = d.usuario.descontoMaximo;
  if (!descontoAcimaDoLimite(d.valorBruto, d.valorDescontos, limite)) return;
  const pct = percentualDescontoVenda(d.valorBruto, d.valorDescontos);
  const autorizado = await maiorAutorizado(tx, d.venda.id);
  if (autorizado !== null && pct <= autorizado) return;

  const a = d.autorizador;
  if (!a)
    throw fieldError(
      CAMPO,
      `Desconto de ${percentual(pct)} acima do seu limite de ${percentual(limite!)}: peça a autorização de um gerente`,
    );
  if (!a.podeAutorizar)
    throw fieldError(CAMPO, `${a.nome} não pode autorizar descontos nesta unidade: peça a um gerente ou administrador`);
  if (descontoAcimaDoLimite(d.valorBruto, d.valorDescontos, a.descontoMaximo))
    throw fieldError(
      CAMPO,
      `O limite de desconto de ${a.nome} (${percentual(a.descontoMaximo!)}) não cobre este desconto de ${percentual(pct)}`,
    );

  await registrarAuditoria(tx, {
    acao: 'DescontoAcimaDoLimite',
    entidade: 'venda',
    entidadeId: d.venda.id,
    descricao: `Venda nº ${d.venda.numero} com desconto de ${percentual(pct)} (${formatMoney(d.valorDescontos)}; limite de ${d.usuario.nome}: ${percentual(limite!)}) autorizado por ${a.nome}`,
    depois: {
      percentual: pct,
      valorDesconto: d.valorDescontos,
      limite: limite!,
      autorizadoPorId: a.id,
      autorizadoPorNome: a.nome,
    },
  });
};
