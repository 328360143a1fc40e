/**
 * Fixtures of the templates and clinic PDF tests (issue #19 item 5): a pet with every field a
 * document prints (species, breed, sex, birth date, weight, microchip) and its principal tutor
 * (CPF, address, mobile phone), the signed-in user's CRMV, a template, a prescription's medicines.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ModeloDocumento, ModeloDocumentoInput } from '@petshop/shared/clinica';
import { todayISO } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import type { Pet } from '@petshop/shared/pet';
import { usuarios } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { validCpf, type TenantFixture, type TestContext } from './helper.ts';

export const BASE = '/api/clinica';

/** A prescription's two medicines (the second with a quantity), as the record form sends them. */
export const MEDICAMENTOS = [
  { nome: 'Meloxicam 0,5 mg', dose: '1 comprimido', via: 'oral', frequencia: 'a cada 24 horas', duracao: '5 dias' },
  {
    nome: 'Dipirona gotas',
    dose: '10 gotas',
    via: 'oral',
    frequencia: 'a cada 8 horas',
    duracao: '3 dias',
    quantidade: '1 frasco',
  },
];

/** 'yyyy-MM-dd' `anos` years and `meses` months before today (São Paulo). */
export const nascidoHa = (anos: number, meses: number): string => {
  const [a, m, d] = todayISO().split('-').map(Number) as [number, number, number];
  const total = a * 12 + (m - 1) - (anos * 12 + meses);
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(Math.min(d, 28)).padStart(2, '0')}`;
};

const lookup = async (ctx: TestContext, t: TenantFixture, path: string, nome: string) => {
  const res = await ctx.app.inject({
    url: `/api/animal/${path}?pageSize=100&query=${encodeURIComponent(nome)}`,
    headers: t.headers,
  });
  const item = res.json<Page<{ id: string; nome: string }>>().items.find((i) => i.nome === nome);
  expect(item, `${path} ${nome}`).toBeTruthy();
  return item!.id;
};

export type PetDocumentoFixture = { pet: Pet; tutorId: string; cpf: string; microchip: string };

/**
 * A dog (Shih Tzu, male, 3 years and 2 months, 12.5 kg, microchip) named `nome`, and its principal
 * tutor `tutor` with CPF, an address in São Paulo and a mobile phone (11) 98765-4321.
 */
export const criarPetDocumento = async (
  ctx: TestContext,
  t: TenantFixture,
  { nome = 'Thor', tutor = 'Mariana Souza' }: { nome?: string; tutor?: string } = {},
): Promise<PetDocumentoFixture> => {
  const cpf = validCpf();
  const resPessoa = await ctx.app.inject({
    method: 'POST',
    url: '/api/pessoal/pessoas',
    headers: t.headers,
    payload: {
      nome: tutor,
      cpfCnpj: cpf,
      telefones: [{ numero: '11987654321', tipo: 'celular' }],
      endereco: {
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        complemento: 'apto 12',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
      },
    },
  });
  expect(resPessoa.statusCode, resPessoa.body).toBe(201);
  const tutorId = resPessoa.json<{ id: string }>().id;
  const microchip = `982000${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const resPet = await ctx.app.inject({
    method: 'POST',
    url: '/api/animal/pets',
    headers: t.headers,
    payload: {
      nome,
      tutores: [{ pessoaId: tutorId, principal: true }],
      especieId: await lookup(ctx, t, 'especies', 'Canina'),
      racaId: await lookup(ctx, t, 'racas', 'Shih Tzu'),
      sexo: 'M',
      dataNascimento: nascidoHa(3, 2),
      peso: 12.5,
      microchip,
    },
  });
  expect(resPet.statusCode, resPet.body).toBe(201);
  return { pet: resPet.json<Pet>(), tutorId, cpf, microchip };
};

/** Gives the user `usuarioId` of `t` a CRMV (what the user form saves). */
export const definirCrmv = (ctx: TestContext, t: TenantFixture, usuarioId: string, crmv: string) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(usuarios).set({ crmv }).where(eq(usuarios.id, usuarioId)),
  );

/** Creates a template through the API (201 expected). */
export const criarModelo = async (
  ctx: TestContext,
  headers: Record<string, string>,
  modelo: Partial<ModeloDocumentoInput> = {},
): Promise<ModeloDocumento> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${BASE}/modelos-documento`,
    headers,
    payload: { tipo: 'documento', nome: 'Modelo de teste', conteudo: '<p>{{pet.nome}}</p>', ...modelo },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ModeloDocumento>();
};
