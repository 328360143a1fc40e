import { createFileRoute } from '@tanstack/react-router';
import { RedefinirSenhaForm } from '#features/auth/components/redefinir-senha-form.tsx';
import { searchSchema, stringParam } from '#lib/list/search-params.ts';

export const Route = createFileRoute('/_auth/redefinir-senha')({
  // token: from the e-mailed link `/redefinir-senha?token=…` (API esqueci-senha).
  validateSearch: searchSchema({ token: stringParam }),
  component: RedefinirSenhaPage,
});

function RedefinirSenhaPage() {
  const { token } = Route.useSearch();
  return <RedefinirSenhaForm token={token} />;
}
