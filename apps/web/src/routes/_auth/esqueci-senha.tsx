import { createFileRoute } from '@tanstack/react-router';
import { EsqueciSenhaForm } from '#features/auth/components/esqueci-senha-form.tsx';
import { searchSchema, stringParam } from '#lib/list/search-params.ts';

export const Route = createFileRoute('/_auth/esqueci-senha')({
  // email: what was typed on the login page, to start from.
  validateSearch: searchSchema({ email: stringParam }),
  component: EsqueciSenhaPage,
});

function EsqueciSenhaPage() {
  const { email } = Route.useSearch();
  return <EsqueciSenhaForm email={email} />;
}
