import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { AuditoriaPage } from '#features/auditoria/components/auditoria-page.tsx';
import { auditoriaSearchSchema, stripAuditoriaDefaults } from '#features/auditoria/auditoria-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';

/**
 * /configuracoes/geral/auditoria (issue #22 item 4; Administrador only): the audit log. Search:
 * page, pageSize, dataInicio and dataFim (the last 30 days by default), acao, usuarioId,
 * unidadeNegocioId, query.
 */
export const Route = createFileRoute('/_app/configuracoes/geral/auditoria/')({
  validateSearch: auditoriaSearchSchema,
  search: { middlewares: [stripAuditoriaDefaults] },
  beforeLoad: () => requirePermissao(PERMISSOES.auditoria),
  component: AuditoriaRoute,
});

function AuditoriaRoute() {
  return <AuditoriaPage search={Route.useSearch()} />;
}
