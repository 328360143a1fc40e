import type { LoginOutput, SessionUser } from '@petshop/shared/auth';
import type { Pessoa } from '@petshop/shared/pessoa';
import { PERFIS } from '@petshop/shared/permissoes';

export const MATRIZ_ID = '11111111-1111-4111-8111-111111111111';
export const FILIAL_ID = '22222222-2222-4222-8222-222222222222';

export const adminUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: '33333333-3333-4333-8333-333333333333',
  nome: 'Ana Souza',
  email: 'ana@demo.com.br',
  fotoUrl: null,
  operadorPlataforma: false,
  tenant: { id: '44444444-4444-4444-8444-444444444444', nome: 'Pet Demo' },
  unidadesNegocio: [
    {
      id: MATRIZ_ID,
      nome: 'Matriz',
      perfil: { id: 'administrador', nome: 'Administrador' },
      permissoes: [...PERFIS.administrador.permissoes],
      timeZone: 'America/Sao_Paulo',
    },
    {
      id: FILIAL_ID,
      nome: 'Filial',
      perfil: { id: 'caixa', nome: 'Caixa / Vendedor' },
      permissoes: [...PERFIS.caixa.permissoes],
      timeZone: 'America/Sao_Paulo',
    },
  ],
  ...overrides,
});

export const loginOutput = (overrides: Partial<SessionUser> = {}): LoginOutput => ({
  accessToken: 'token-1',
  user: adminUser(overrides),
});

/** An address with every field empty (a customer's or a unit's). */
export const enderecoVazio = (): Pessoa['endereco'] => ({
  cep: null,
  logradouro: null,
  numero: null,
  complemento: null,
  bairro: null,
  cidade: null,
  uf: null,
  codigoIbge: null,
});

/** A customer as GET /pessoal/pessoas/{id} answers it: every optional field empty unless overridden. */
export const pessoaFixture = (overrides: Partial<Pessoa> = {}): Pessoa => ({
  id: '99999999-9999-4999-8999-999999999999',
  nome: 'Carla Dias',
  cpfCnpj: null,
  rg: null,
  dataNascimento: null,
  sexo: null,
  email: null,
  telefones: [],
  endereco: enderecoVazio(),
  observacoes: null,
  comoConheceu: null,
  consentimentoMarketing: false,
  consentimentoMarketingEm: null,
  fotoUrl: null,
  ativo: true,
  pets: [],
  createdAt: '2024-05-01T12:00:00-03:00',
  ...overrides,
});
