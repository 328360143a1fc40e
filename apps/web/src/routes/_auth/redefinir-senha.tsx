import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RedefinirSenhaForm } from '#features/auth/components/redefinir-senha-form.tsx';

export const Route = createFileRoute('/_auth/redefinir-senha')({
  // token: from the e-mailed link `/redefinir-senha?token=…` (API esqueci-senha).
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: RedefinirSenhaPage,
});

function RedefinirSenhaPage() {
  const { token } = Route.useSearch();
  return <RedefinirSenhaForm token={token} />;
}
