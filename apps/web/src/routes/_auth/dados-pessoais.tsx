import { createFileRoute } from '@tanstack/react-router';
import { DadosPessoaisForm } from '#features/onboarding/components/dados-pessoais-form.tsx';

export const Route = createFileRoute('/_auth/dados-pessoais')({
  component: DadosPessoaisForm,
});
