/**
 * The discount limit at the till (issue #22 item 4; comercial/pdv/autorizacao-desconto.ts):
 * a cashier's discount above `usuarios.desconto_maximo` needs a supervisor of the unit
 * (Administrador/Gerente) whose own limit covers it; the authorized act is in the audit log.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant-scope.ts';
import { auditoriaEventos, usuarioUnidades, usuarios } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import {
  abrirCaixa,
  formasDoTenant,
  noTenant,
  novoCliente,
  novoProduto,
  pagamento,
  pdvOk,
  pdvPost,
  segundaUnidade,
  vendaInput,
} from './fixtures/vendas.ts';
import { authHeaders, login, newTenant, uniqueEmail, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
type Errors = { errors: Record<string, string[]> };

type Usuario = { id: string; nome: string; email: string; senha: string };

/** A user of `t` with `perfilId` in `unidades` (default: the first unit) and a discount limit. */
const criarUsuario = async (
  t: TenantFixture,
  perfilId: string,
  nome: string,
  descontoMaximo: number | null,
  unidades = [t.unidadeNegocioId],
): Promise<Usuario> => {
  const email = uniqueEmail(perfilId);
  const senha = 'senha-segura-789';
  const id = await withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
    const [u] = await tx
      .insert(usuarios)
      .values({ nome, email, senhaHash: await hashPassword(senha), descontoMaximo: descontoMaximo?.toFixed(2) ?? null })
      .returning({ id: usuarios.id });
    for (const unidadeNegocioId of unidades)
      await tx.insert(usuarioUnidades).values({ usuarioId: u!.id, unidadeNegocioId, perfilId });
    return u!.id;
  });
  return { id, nome, email, senha };
};

/** A tenant with a cashier limited to `limite` % (own open register), a manager and a R$ 100,00 product. */
const loja = async (limite: number | null = 10) => {
  const t = await newTenant(ctx);
  const formas = await formasDoTenant(ctx, t);
  const caixa = await criarUsuario(t, 'caixa', 'Fulana Caixa', limite);
  const headers = authHeaders((await login(ctx, caixa.email, caixa.senha)).accessToken, t.unidadeNegocioId);
  await abrirCaixa(ctx, t, 0, caixa.id);
  const gerente = await criarUsuario(t, 'gerente', 'Beltrano Gerente', null);
  const produto = await novoProduto(ctx, t, { nome: 'Ração Premium', precoVenda: 100, estoque: 50 });
  /** A sale of one R$ 100,00 item with `desconto` % on the sale, paid in cash. */
  const venda = (desconto: number, extra: object = {}) => ({
    ...vendaInput({
      itens: [{ produto, quantidade: 1 }],
      desconto,
      tipoDesconto: 'Percentual',
      financeiros: [pagamento(formas.dinheiro, 100 - desconto)],
    }),
    ...extra,
  });
  return { t, formas, caixa, headers, gerente, produto, venda };
};

const eventos = (t: TenantFixture, vendaId: string) =>
  noTenant(ctx, t, (tx) =>
    tx
      .select()
      .from(auditoriaEventos)
      .where(and(eq(auditoriaEventos.entidade, 'venda'), eq(auditoriaEventos.entidadeId, vendaId))),
  );

const autorizacao = (u: Pick<Usuario, 'email' | 'senha'>) => ({ autorizacaoDesconto: { email: u.email, senha: u.senha } });

describe('PDV: discount above the user limit', () => {
  it('lets a discount within the limit through, and never asks a user without a limit', async () => {
    const { t, headers, venda } = await loja(10);
    const dentro = await pdvOk(ctx, headers, 'salvar-venda', venda(10));
    expect(dentro).toMatchObject({ status: 'Finalizada', valorDescontos: 10 });
    expect(await eventos(t, dentro.id)).toEqual([]);

    const semLimite = await loja(null);
    const livre = await pdvOk(ctx, semLimite.headers, 'salvar-venda', semLimite.venda(60));
    expect(livre).toMatchObject({ status: 'Finalizada', valorDescontos: 60 });
    expect(await eventos(semLimite.t, livre.id)).toEqual([]);
  });

  it('refuses a discount above the limit (items + sale) without authorization, keyed, and saves nothing', async () => {
    const { t, headers, produto, formas } = await loja(10);
    // R$ 10,00 off the item, then 5 % of R$ 90,00 = R$ 4,50: R$ 14,50 of R$ 100,00.
    const input = vendaInput({
      itens: [{ produto, quantidade: 1, desconto: 10, tipoDesconto: 'Valor' }],
      desconto: 5,
      tipoDesconto: 'Percentual',
      financeiros: [pagamento(formas.dinheiro, 85.5)],
    });
    const res = await pdvPost(ctx, headers, 'salvar-venda', input);
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors.autorizacaoDesconto).toEqual([
      'Desconto de 14,50% acima do seu limite de 10,00%: peça a autorização de um gerente',
    ]);
    const salva = await ctx.app.inject({ url: `/api/comercial/pdv/${input.id}`, headers });
    expect(salva.statusCode).toBe(404);

    // A quote is not checked.
    const orcamento = await pdvOk(ctx, headers, 'salvar-venda', { ...input, tipo: 'Orcamento', financeiros: [] });
    expect(orcamento.tipo).toBe('Orcamento');
    expect(await eventos(t, orcamento.id)).toEqual([]);
  });

  it('finalises with a manager of the unit, records the act once, and a retry logs nothing more', async () => {
    const { t, caixa, headers, gerente, venda } = await loja(10);
    const input = venda(15, autorizacao(gerente));
    const finalizada = await pdvOk(ctx, headers, 'salvar-venda', input);
    expect(finalizada).toMatchObject({ id: input.id, status: 'Finalizada', valorDescontos: 15, valorLiquido: 85 });

    const [evento, ...outros] = await eventos(t, input.id);
    expect(outros).toEqual([]);
    expect(evento).toMatchObject({
      acao: 'DescontoAcimaDoLimite',
      entidade: 'venda',
      entidadeId: input.id,
      usuarioId: caixa.id,
      unidadeNegocioId: t.unidadeNegocioId,
      descricao: `Venda nº ${finalizada.numero} com desconto de 15,00% (R$ 15,00; limite de Fulana Caixa: 10,00%) autorizado por Beltrano Gerente`,
      depois: {
        percentual: 15,
        valorDesconto: 15,
        limite: 10,
        autorizadoPorId: gerente.id,
        autorizadoPorNome: 'Beltrano Gerente',
      },
    });
    expect(JSON.stringify(evento)).not.toContain(gerente.senha);

    // Double click / network retry, with or without the authorization: the sale answers itself.
    expect((await pdvOk(ctx, headers, 'salvar-venda', input)).status).toBe('Finalizada');
    const semAutorizacao = { ...input, autorizacaoDesconto: undefined };
    expect((await pdvOk(ctx, headers, 'salvar-venda', semAutorizacao)).status).toBe('Finalizada');
    expect(await eventos(t, input.id)).toHaveLength(1);
  });

  it('refuses a wrong password, an unknown e-mail, a cashier, a manager of another unit and another tenant alike', async () => {
    const { t, headers, gerente, venda } = await loja(10);
    const recusa = async (autorizador: Pick<Usuario, 'email' | 'senha'>) => {
      const input = venda(15, autorizacao(autorizador));
      const res = await pdvPost(ctx, headers, 'salvar-venda', input);
      expect(res.statusCode, res.body).toBe(400);
      expect(await eventos(t, input.id)).toEqual([]);
      return res.json<Errors>().errors.autorizacaoDesconto;
    };
    const invalidos = ['E-mail ou senha do autorizador inválidos'];
    expect(await recusa({ email: gerente.email, senha: 'senha-errada' })).toEqual(invalidos);
    expect(await recusa({ email: uniqueEmail('ninguem'), senha: gerente.senha })).toEqual(invalidos);

    const outroCaixa = await criarUsuario(t, 'caixa', 'Sicrano Caixa', null);
    expect(await recusa(outroCaixa)).toEqual([
      'Sicrano Caixa não pode autorizar descontos nesta unidade: peça a um gerente ou administrador',
    ]);

    const bairro = await segundaUnidade(ctx, t);
    const gerenteBairro = await criarUsuario(t, 'gerente', 'Gerente do Bairro', null, [bairro.id]);
    expect(await recusa(gerenteBairro)).toEqual([
      'Gerente do Bairro não pode autorizar descontos nesta unidade: peça a um gerente ou administrador',
    ]);

    const outra = await newTenant(ctx);
    expect(await recusa({ email: outra.email, senha: outra.senha })).toEqual(invalidos);

    const gerenteLimitado = await criarUsuario(t, 'gerente', 'Gerente Limitado', 12);
    expect(await recusa(gerenteLimitado)).toEqual([
      'O limite de desconto de Gerente Limitado (12,00%) não cobre este desconto de 15,00%',
    ]);

    const inativo = await criarUsuario(t, 'gerente', 'Gerente Inativo', null);
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, inativo.id)),
    );
    expect(await recusa(inativo)).toEqual(invalidos);

    // The tenant's administrator (no limit) may authorize.
    const ok = await pdvOk(ctx, headers, 'salvar-venda', venda(15, autorizacao({ email: t.email, senha: t.senha })));
    expect(ok.status).toBe('Finalizada');
    const [evento] = await eventos(t, ok.id);
    expect(evento!.depois).toMatchObject({ autorizadoPorId: t.usuarioId });
  });

  it('stops trying a manager after five wrong passwords (429), not the other managers', async () => {
    const { t, headers, gerente, venda } = await loja(10);
    for (let n = 0; n < 5; n++) {
      const res = await pdvPost(
        ctx,
        headers,
        'salvar-venda',
        venda(15, autorizacao({ email: gerente.email, senha: `errada-${n}` })),
      );
      expect(res.statusCode, res.body).toBe(400);
    }
    // The right password no longer helps for a while: the till cannot guess without end.
    const bloqueada = venda(15, autorizacao(gerente));
    const res = await pdvPost(ctx, headers, 'salvar-venda', bloqueada);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json<Errors>().errors.autorizacaoDesconto).toEqual([
      'Muitas tentativas erradas para este autorizador: tente de novo em 15 minutos',
    ]);
    expect(await eventos(t, bloqueada.id)).toEqual([]);
    // Another manager of the unit still can.
    const outro = await criarUsuario(t, 'gerente', 'Outro Gerente', null);
    expect((await pdvOk(ctx, headers, 'salvar-venda', venda(15, autorizacao(outro)))).status).toBe('Finalizada');
  });

  it('checks a sale left open once: the authorization covers its later finalisation', async () => {
    const { t, headers, gerente, produto, formas } = await loja(10);
    const cliente = await novoCliente(ctx, t);
    const input = vendaInput({
      itens: [{ produto, quantidade: 1 }],
      clienteId: cliente.id,
      desconto: 20,
      tipoDesconto: 'Valor',
      financeiros: [pagamento(formas.dinheiro, 30)],
    });
    const semAutorizacao = await pdvPost(ctx, headers, 'deixar-venda-aberta', input);
    expect(semAutorizacao.statusCode).toBe(400);
    expect(semAutorizacao.json<Errors>().errors.autorizacaoDesconto).toEqual([
      'Desconto de 20,00% acima do seu limite de 10,00%: peça a autorização de um gerente',
    ]);
    const aberta = await pdvOk(ctx, headers, 'deixar-venda-aberta', { ...input, ...autorizacao(gerente) });
    expect(aberta).toMatchObject({ status: 'EmAberto', valorEmAberto: 50 });

    // Its discount cannot grow once it left the till (a later payment finalises it unchecked).
    const itens = input.itens.map((i, n) => ({ ...i, id: aberta.itens[n]!.id }));
    const maior = await pdvPost(ctx, headers, 'adicionar-desconto', {
      venda: { ...input, itens, financeiros: [] },
      desconto: 40,
      tipoDesconto: 'Valor',
    });
    expect(maior.statusCode).toBe(400);
    expect(maior.json<Errors>().errors.desconto).toEqual([
      'O desconto de uma venda deixada em aberto não pode ser alterado: ela já saiu com este desconto',
    ]);

    // Paid off at the till later, by the same cashier, without asking again.
    const paga = await pdvOk(ctx, headers, 'salvar-venda', {
      ...input,
      itens,
      financeiros: [pagamento(formas.dinheiro, 50)],
    });
    expect(paga.status).toBe('Finalizada');
    const registrados = await eventos(t, input.id);
    expect(registrados).toHaveLength(1);
    expect(registrados[0]!.depois).toMatchObject({ percentual: 20, valorDesconto: 20, autorizadoPorId: gerente.id });
  });

  it('keeps the log of one tenant out of another', async () => {
    const { t, headers, gerente, venda } = await loja(10);
    const input = venda(15, autorizacao(gerente));
    await pdvOk(ctx, headers, 'salvar-venda', input);
    const outra = await newTenant(ctx);
    expect(await eventos(outra, input.id)).toEqual([]);
    expect(await eventos(t, input.id)).toHaveLength(1);
  });
});
