import { createFileRoute, redirect } from '@tanstack/react-router';
import { PetshopForm } from '#features/onboarding/components/petshop-form.tsx';
import { hasCompletePersonalData } from '#features/onboarding/onboarding-draft-store.ts';

/** Step two needs step one (spec §2): without personal data, back to /dados-pessoais. */
export const Route = createFileRoute('/_auth/petshop')({
  beforeLoad: () => {
    if (!hasCompletePersonalData()) throw redirect({ to: '/dados-pessoais', replace: true });
  },
  component: PetshopForm,
});
