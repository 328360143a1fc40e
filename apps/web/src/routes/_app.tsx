import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLayout } from '../features/app-shell/components/app-layout.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { useSessionStore } from '../lib/session/session-store.ts';

/** The authenticated application group (spec §2): guard, current user, layout. */
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
  return <AppLayout />;
}
