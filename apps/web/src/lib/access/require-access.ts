/**
 * beforeLoad guards: a section or permission the session lacks stops the route with a
 * ForbiddenError, rendered as an "access restricted" page (the API answers 403 anyway).
 */
import type { Permissao } from '@petshop/shared/permissoes';
import { ForbiddenError } from './forbidden-error.ts';
import { canOpenSection, getSection, hasPermissao, type SectionId } from './sections.tsx';
import { useSessionStore } from '../session/session-store.ts';

export const OPERATOR_ONLY_MESSAGE = 'Acesso restrito aos operadores da plataforma';
export const NO_PERMISSION_MESSAGE = 'Seu perfil nesta unidade não tem acesso a esta área';

export const requireSection = (id: SectionId): void => {
  const session = useSessionStore.getState();
  const section = getSection(id);
  if (!canOpenSection(section, session)) {
    throw new ForbiddenError('operatorOnly' in section && section.operatorOnly ? OPERATOR_ONLY_MESSAGE : NO_PERMISSION_MESSAGE);
  }
};

/** Stops the route unless the selected unit's profile holds any one of `permissoes` (as the API's routes). */
export const requirePermissao = (...permissoes: Permissao[]): void => {
  const session = useSessionStore.getState();
  if (!permissoes.some((p) => hasPermissao(session, p))) throw new ForbiddenError(NO_PERMISSION_MESSAGE);
};
