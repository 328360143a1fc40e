import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginForm } from '#features/auth/components/login-form.tsx';
import { booleanParam, searchSchema, stringParam } from '#lib/list/search-params.ts';
import { safeRedirectPath } from '#lib/session/safe-redirect.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

export const Route = createFileRoute('/_auth/login')({
  validateSearch: searchSchema({
    toRedirect: stringParam,
    // After "Redefinir senha": a success message above the form.
    senhaRedefinida: booleanParam,
  }),
  beforeLoad: ({ search }) => {
    if (useSessionStore.getState().isAuthenticated) throw redirect({ href: safeRedirectPath(search.toRedirect) });
  },
  component: LoginPage,
});

function LoginPage() {
  const { toRedirect, senhaRedefinida } = Route.useSearch();
  return <LoginForm toRedirect={toRedirect} senhaRedefinida={senhaRedefinida} />;
}
