/**
 * Two-step sign-up (DOMAIN.md §13, spec §2): personal data, then pet shop data.
 * POST /api/auth/onboarding takes both and answers like login.
 */
import { z } from 'zod';
import { enderecoSchema } from './endereco.ts';
import {
  cepSchema,
  cnpjSchema,
  cpfSchema,
  emailSchema,
  novaSenhaSchema,
  optionalText,
  requiredText,
  telefoneSchema,
  ufSchema,
} from './validators.ts';

export const dadosPessoaisSchema = z
  .object({
    nome: requiredText('Nome', 120),
    email: emailSchema,
    cpf: cpfSchema,
    telefone: telefoneSchema,
    senha: novaSenhaSchema,
    confirmacaoSenha: z.string({ error: 'Confirme a senha' }),
  })
  .refine((v) => v.senha === v.confirmacaoSenha, {
    path: ['confirmacaoSenha'],
    error: 'A confirmação não confere com a senha',
  });
export type DadosPessoais = z.input<typeof dadosPessoaisSchema>;

export const petshopSchema = z.object({
  nomeFantasia: requiredText('Nome do pet shop', 120),
  razaoSocial: optionalText('Razão social', 120),
  cnpj: cnpjSchema,
  telefone: telefoneSchema,
  endereco: enderecoSchema.extend({
    cep: cepSchema,
    logradouro: requiredText('Logradouro', 120),
    numero: requiredText('Número', 20),
    bairro: requiredText('Bairro', 60),
    cidade: requiredText('Cidade', 60),
    uf: ufSchema,
  }),
});
export type Petshop = z.input<typeof petshopSchema>;

export const onboardingInputSchema = z.object({
  dadosPessoais: dadosPessoaisSchema,
  petshop: petshopSchema,
});
export type OnboardingInput = z.input<typeof onboardingInputSchema>;

/** GET /api/auth/onboarding/email-disponivel?email= answer. */
export const emailDisponivelSchema = z.object({ disponivel: z.boolean() });
