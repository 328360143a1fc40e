import { ModalsProvider } from '@mantine/modals';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLayout } from '#features/app-shell/components/app-layout.tsx';
import { useMe } from '#features/auth/api/get-me.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { DatesPtBr } from '#lib/ui/dates-pt-br.tsx';

/** The authenticated application group (spec §2): guard, current user, pt-BR dates, layout. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!useSessionStore.getState().isAuthenticated) {
      throw redirect({ to: '/login', search: { toRedirect: location.href } });
    }
  },
  component: AppRoute,
});

function AppRoute() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const setUser = useSessionStore((s) => s.setUser);
  // GET /auth/me refreshes the user (units, permissions); a 401 there clears the session.
  const me = useMe(isAuthenticated);
  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);
  // The session ended while a page was open (a 401 expired or cleared it): back to /login
  // with the page to return to. The HTTP client also navigates on a 401, but a 401 that lands
  // while the first navigation is still loading can be overtaken by it; this cannot.
  const router = useRouter();
  useEffect(() => {
    if (isAuthenticated) return;
    const { href, pathname } = router.state.location;
    // Only from a page of this group: once on /login there is nothing to redirect.
    if (pathname === '/login') return;
    void router.navigate({ to: '/login', search: { toRedirect: href }, replace: true });
  }, [isAuthenticated, router]);
  // The dates' and the modals' providers are here, not in AppProviders: the login page does not need them.
  return (
    <DatesPtBr>
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
        <AppLayout />
      </ModalsProvider>
    </DatesPtBr>
  );
}
