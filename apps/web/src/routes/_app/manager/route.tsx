import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSection } from '#lib/access/require-access.ts';

/** The manager area is for platform operators only (DOMAIN.md §1); the API answers 403 too. */
export const Route = createFileRoute('/_app/manager')({
  beforeLoad: () => requireSection('manager'),
  component: Outlet,
});
