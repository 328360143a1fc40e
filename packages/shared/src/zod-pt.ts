/**
 * Portuguese (pt-BR) messages for every zod schema of the product, server and browser alike.
 * Imported for its side effect by http.ts, which every contract imports, so no schema can be
 * used without it. A missing required field reads 'Campo obrigatório'.
 */
import { z } from 'zod';

z.config(z.locales.pt());
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Campo obrigatório' : undefined),
});
