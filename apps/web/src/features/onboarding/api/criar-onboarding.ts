import { loginOutputSchema, type LoginOutput } from '@petshop/shared/auth';
import type { onboardingInputSchema } from '@petshop/shared/onboarding';
import type { z } from 'zod';
import { http } from '#lib/http/http.ts';

/**
 * POST /auth/onboarding `{ dadosPessoais, petshop }` → 201 `{ accessToken, user }`.
 * Field errors come back with dotted keys ('dadosPessoais.email', 'petshop.endereco.cep').
 */
export const criarOnboarding = async (input: z.output<typeof onboardingInputSchema>): Promise<LoginOutput> => {
  const { data } = await http.post<unknown>('/auth/onboarding', input);
  return loginOutputSchema.parse(data);
};
