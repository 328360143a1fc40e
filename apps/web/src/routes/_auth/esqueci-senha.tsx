import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { EsqueciSenhaForm } from '#features/auth/components/esqueci-senha-form.tsx';

export const Route = createFileRoute('/_auth/esqueci-senha')({
  // email: what was typed on the login page, to start from.
  validateSearch: z.object({ email: z.string().optional().catch(undefined) }),
  component: EsqueciSenhaPage,
});

function EsqueciSenhaPage() {
  const { email } = Route.useSearch();
  return <EsqueciSenhaForm email={email} />;
}
