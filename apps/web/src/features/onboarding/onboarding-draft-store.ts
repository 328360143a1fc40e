/**
 * The onboarding draft (spec §3): personal data and pet shop data, empty at first and cleared
 * by a reset. Kept in sessionStorage so a reload of the tab keeps what was typed, except the
 * password, which lives in memory only: without it /petshop sends the user back to step one.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { EnderecoFormValues } from '#lib/address/endereco-fields.tsx';
import { registerStateReset } from '#lib/session/clear-app-state.ts';

export const ONBOARDING_STORAGE_KEY = 'petshop-onboarding';

export type PersonalDataValues = {
  nome: string;
  email: string;
  cpf: string;
  telefone: string;
  senha: string;
  confirmacaoSenha: string;
};

export type PetshopDataValues = {
  nomeFantasia: string;
  razaoSocial: string;
  cnpj: string;
  telefone: string;
  endereco: EnderecoFormValues;
};

type OnboardingDraftData = {
  personalData: PersonalDataValues | null;
  petshopData: PetshopDataValues | null;
  /** Server messages about step one, met when step two was sent (memory only). */
  personalDataErrors: Record<string, string>;
};

type OnboardingDraftState = OnboardingDraftData & {
  setPersonalData: (data: PersonalDataValues) => void;
  setPetshopData: (data: PetshopDataValues) => void;
  setPersonalDataErrors: (errors: Record<string, string>) => void;
  reset: () => void;
};

const EMPTY: OnboardingDraftData = { personalData: null, petshopData: null, personalDataErrors: {} };

export const useOnboardingDraft = create<OnboardingDraftState>()(
  persist(
    (set) => ({
      ...EMPTY,
      setPersonalData: (personalData) => set({ personalData, personalDataErrors: {} }),
      setPetshopData: (petshopData) => set({ petshopData }),
      setPersonalDataErrors: (personalDataErrors) => set({ personalDataErrors }),
      reset: () => set(EMPTY),
    }),
    {
      name: ONBOARDING_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // Never write passwords to storage.
      partialize: ({ personalData, petshopData }) => ({
        personalData: personalData ? { ...personalData, senha: '', confirmacaoSenha: '' } : null,
        petshopData,
      }),
    },
  ),
);

registerStateReset(() => useOnboardingDraft.getState().reset());

/** Step two needs step one complete, password included (it is not persisted). */
export const hasCompletePersonalData = (): boolean => {
  const { personalData } = useOnboardingDraft.getState();
  return Boolean(personalData && personalData.senha);
};
