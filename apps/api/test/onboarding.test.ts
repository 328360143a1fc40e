import { describe, expect, it } from 'vitest';
import type { LoginOutput } from '@petshop/shared/auth';
import { authHeaders, newTenant, uniqueEmail, useTestApp, validCnpj, validCpf } from './helper.ts';

const ctx = useTestApp();

const cadastro = (email = uniqueEmail('dono')) => ({
  dadosPessoais: {
    nome: 'Marcos Dono',
    email,
    cpf: validCpf(),
    telefone: '(31) 99876-5432',
    senha: 'senha-marcos-1',
    confirmacaoSenha: 'senha-marcos-1',
  },
  petshop: {
    nomeFantasia: 'Au Au Pet',
    cnpj: validCnpj(),
    telefone: '(31) 3222-1100',
    endereco: {
      cep: '30130-010',
      logradouro: 'Av. Afonso Pena',
      numero: '500',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      uf: 'MG',
    },
  },
});

describe('POST /api/auth/onboarding', () => {
  it('creates tenant, unit and administrator and answers a working session', async () => {
    const dados = cadastro();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/onboarding', payload: dados });
    expect(res.statusCode).toBe(201);
    const session = res.json<LoginOutput>();
    expect(session.user).toMatchObject({
      nome: 'Marcos Dono',
      email: dados.dadosPessoais.email,
      tenant: { nome: 'Au Au Pet' },
      unidadesNegocio: [{ nome: 'Au Au Pet', perfil: { id: 'administrador' } }],
    });
    const unidadeId = session.user.unidadesNegocio[0]!.id;
    const unit = await ctx.app.inject({
      url: `/api/geral/unidades_negocio/${unidadeId}`,
      headers: authHeaders(session.accessToken, unidadeId),
    });
    expect(unit.json()).toMatchObject({
      razaoSocial: 'Au Au Pet',
      cnpj: dados.petshop.cnpj,
      endereco: { cep: '30130010', cidade: 'Belo Horizonte', uf: 'MG' },
      fiscal: { ambiente: 'homologacao', crt: '1' },
    });
  });

  it('answers field errors with dotted keys for both steps', async () => {
    const dados = cadastro();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/onboarding',
      payload: {
        dadosPessoais: { ...dados.dadosPessoais, cpf: '123', confirmacaoSenha: 'outra' },
        petshop: { ...dados.petshop, cnpj: '00.000.000/0000-00', endereco: { ...dados.petshop.endereco, cep: '' } },
      },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors['dadosPessoais.cpf']).toEqual(['CPF inválido']);
    expect(errors['dadosPessoais.confirmacaoSenha']).toEqual(['A confirmação não confere com a senha']);
    expect(errors['petshop.cnpj']).toEqual(['CNPJ inválido']);
    expect(errors['petshop.endereco.cep']).toBeDefined();
  });

  it('refuses an e-mail that already has an account, and says so before step two', async () => {
    const t = await newTenant(ctx);
    const check = await ctx.app.inject({ url: `/api/auth/onboarding/email-disponivel?email=${encodeURIComponent(t.email)}` });
    expect(check.json()).toEqual({ disponivel: false });
    const free = await ctx.app.inject({ url: `/api/auth/onboarding/email-disponivel?email=${uniqueEmail()}` });
    expect(free.json()).toEqual({ disponivel: true });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/onboarding', payload: cadastro(t.email) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'dadosPessoais.email': ['E-mail já cadastrado'] });
  });

  it('a double submission creates one account', async () => {
    const dados = cadastro();
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/auth/onboarding', payload: dados }),
      ctx.app.inject({ method: 'POST', url: '/api/auth/onboarding', payload: dados }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
  });
});
