import { describe, expect, it } from 'vitest';
import type { Fornecedor } from '@petshop/shared/fornecedor';
import { newTenant, useTestApp, validCnpj, validCpf, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/inventario/fornecedores';

const criar = (t: TenantFixture, payload: object) => ctx.app.inject({ method: 'POST', url: URL, headers: t.headers, payload });

const listar = async (t: TenantFixture, qs = '') => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers: t.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Fornecedor[]; total: number }>();
};

const distribuidora = (overrides: Record<string, unknown> = {}) => ({
  razaoSocial: 'Distribuidora PetMix Ltda',
  nomeFantasia: 'PetMix',
  cpfCnpj: validCnpj(),
  inscricaoEstadual: '110042490114',
  email: 'Vendas@PetMix.com.br',
  telefone: '(11) 3333-4444',
  contato: 'Marcos Tavares',
  endereco: {
    cep: '03112-000',
    logradouro: 'Rua do Oratório',
    numero: '1500',
    bairro: 'Mooca',
    cidade: 'São Paulo',
    uf: 'SP',
    codigoIbge: '3550308',
  },
  observacoes: 'Pedido mínimo R$ 500,00',
  ...overrides,
});

describe('/api/inventario/fornecedores', () => {
  it('creates a supplier (documents as digits), gets, updates and deletes it', async () => {
    const t = await newTenant(ctx);
    const dados = distribuidora({ cpfCnpj: '11.222.333/0001-81' });
    const res = await criar(t, dados);
    expect(res.statusCode).toBe(201);
    const fornecedor = res.json<Fornecedor>();
    expect(fornecedor).toMatchObject({
      razaoSocial: 'Distribuidora PetMix Ltda',
      nomeFantasia: 'PetMix',
      cpfCnpj: '11222333000181',
      inscricaoEstadual: '110042490114',
      email: 'vendas@petmix.com.br',
      telefone: '1133334444',
      contato: 'Marcos Tavares',
      endereco: { cep: '03112000', cidade: 'São Paulo', uf: 'SP', codigoIbge: '3550308', complemento: null },
      observacoes: 'Pedido mínimo R$ 500,00',
      ativo: true,
    });
    expect(fornecedor.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await ctx.app.inject({ url: `${URL}/${fornecedor.id}`, headers: t.headers })).json()).toEqual(fornecedor);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${fornecedor.id}`,
      headers: t.headers,
      payload: { razaoSocial: 'João da Silva', cpfCnpj: '529.982.247-25', ativo: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      razaoSocial: 'João da Silva',
      nomeFantasia: null,
      cpfCnpj: '52998224725',
      email: null,
      endereco: { cep: null, cidade: null },
      ativo: false,
    });
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${fornecedor.id}`, headers: t.headers })).json()).toEqual({
      ok: true,
    });
    expect((await ctx.app.inject({ url: `${URL}/${fornecedor.id}`, headers: t.headers })).statusCode).toBe(404);
  });

  it('accepts a supplier with only its name', async () => {
    const t = await newTenant(ctx);
    const res = await criar(t, { razaoSocial: 'Feira do Produtor', cpfCnpj: '', email: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ cpfCnpj: null, email: null, telefone: null, contato: null });
  });

  it('validates in Portuguese with dotted keys', async () => {
    const t = await newTenant(ctx);
    const res = await criar(t, {
      razaoSocial: '',
      cpfCnpj: '11.111.111/1111-11',
      inscricaoEstadual: 'abc',
      email: 'nao-e-email',
      telefone: '123',
      endereco: { cep: '123', uf: 'XX', codigoIbge: '12' },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors).toEqual({
      razaoSocial: ['Razão social / nome é obrigatória'],
      cpfCnpj: ['CPF/CNPJ inválido'],
      inscricaoEstadual: ['Inscrição estadual inválida (somente números ou ISENTO)'],
      email: ['E-mail inválido'],
      telefone: ['Telefone inválido (informe DDD e número)'],
      'endereco.cep': ['CEP inválido'],
      'endereco.uf': ['UF inválida'],
      'endereco.codigoIbge': ['Código IBGE deve ter 7 dígitos'],
    });
  });

  it('refuses a CPF/CNPJ already used in the tenant, but not in another tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const cnpj = validCnpj();
    expect((await criar(a, distribuidora({ cpfCnpj: cnpj }))).statusCode).toBe(201);
    const dup = await criar(a, distribuidora({ razaoSocial: 'Outra Ltda', cpfCnpj: cnpj }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ cpfCnpj: ['Já existe um fornecedor com este CPF/CNPJ'] });
    expect((await criar(b, distribuidora({ cpfCnpj: cnpj }))).statusCode).toBe(201);
    // Suppliers without a document do not collide.
    expect((await criar(a, { razaoSocial: 'Sem documento 1' })).statusCode).toBe(201);
    expect((await criar(a, { razaoSocial: 'Sem documento 2' })).statusCode).toBe(201);
  });

  it('lists ordered by name, searching names without accents and the document digits', async () => {
    const t = await newTenant(ctx);
    const cpf = validCpf();
    await criar(t, distribuidora({ razaoSocial: 'Zoológico Distribuidora Ltda', nomeFantasia: 'Zoo Dist' }));
    await criar(t, distribuidora({ razaoSocial: 'Agro Pet Ltda', nomeFantasia: 'Rações São Bento' }));
    await criar(t, { razaoSocial: 'Érica Fornecedora', cpfCnpj: cpf, ativo: false });
    expect((await listar(t)).items.map((f) => f.razaoSocial)).toEqual([
      'Agro Pet Ltda',
      'Érica Fornecedora',
      'Zoológico Distribuidora Ltda',
    ]);
    expect((await listar(t, '&query=zoologico')).items.map((f) => f.nomeFantasia)).toEqual(['Zoo Dist']);
    expect((await listar(t, '&query=racoes sao')).items.map((f) => f.razaoSocial)).toEqual(['Agro Pet Ltda']);
    const formatado = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`;
    expect((await listar(t, `&query=${encodeURIComponent(formatado)}`)).items.map((f) => f.razaoSocial)).toEqual([
      'Érica Fornecedora',
    ]);
    expect((await listar(t, '&ativo=false')).items.map((f) => f.razaoSocial)).toEqual(['Érica Fornecedora']);
  });

  it('keeps tenants apart: 404 on another tenant supplier, never listed', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const fornecedor = (await criar(a, distribuidora())).json<Fornecedor>();
    expect((await ctx.app.inject({ url: `${URL}/${fornecedor.id}`, headers: b.headers })).statusCode).toBe(404);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${fornecedor.id}`,
      headers: b.headers,
      payload: distribuidora(),
    });
    expect(put.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${fornecedor.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await listar(b)).total).toBe(0);
    expect((await ctx.app.inject({ url: `${URL}/${fornecedor.id}`, headers: a.headers })).statusCode).toBe(200);
  });
});
