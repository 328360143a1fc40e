/** GET /api/auth/perfis item. Source: DOMAIN.md §1. */
import { z } from 'zod';

export const perfilSchema = z.object({
  id: z.string(),
  nome: z.string(),
  descricao: z.string(),
  permissoes: z.array(z.string()),
});
export type Perfil = z.infer<typeof perfilSchema>;
