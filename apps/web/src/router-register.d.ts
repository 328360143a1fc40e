import type { AppRouter } from './router.tsx';

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
