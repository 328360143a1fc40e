import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginForm } from '#features/auth/components/login-form.tsx';
import { safeRedirectPath } from '#lib/session/safe-redirect.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

export const Route = createFileRoute('/_auth/login')({
  validateSearch: z.object({
    toRedirect: z.string().optional().catch(undefined),
    // After "Redefinir senha": a success message above the form.
    senhaRedefinida: z.boolean().optional().catch(undefined),
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
