import { emailDisponivelSchema } from '@petshop/shared/onboarding';
import { http } from '#lib/http/http.ts';

/**
 * GET /auth/onboarding/email-disponivel?email= → `{ disponivel }`. Advisory only: when the
 * check itself fails the answer is "available" and the final POST decides.
 */
export const isEmailDisponivel = async (email: string): Promise<boolean> => {
  try {
    const { data } = await http.get<unknown>('/auth/onboarding/email-disponivel', { params: { email }, silent: true });
    const parsed = emailDisponivelSchema.safeParse(data);
    return parsed.success ? parsed.data.disponivel : true;
  } catch {
    return true;
  }
};
