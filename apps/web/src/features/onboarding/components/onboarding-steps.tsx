import { Stepper } from '@mantine/core';
// Mantine's styles beyond the login page's (the onboarding is before login: not in the app's layout).
import '#lib/ui/estilos-app.ts';

/** The two onboarding steps (DOMAIN.md §13). */
export function OnboardingSteps({ active }: { active: 0 | 1 }) {
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false} mb="lg">
      <Stepper.Step label="Dados pessoais" description="Quem vai administrar" />
      <Stepper.Step label="Pet shop" description="Dados da empresa" />
    </Stepper>
  );
}
