import { STATUS_ATENDIMENTO_IDS, STATUS_LIBERAM_HORARIO } from '@petshop/shared/agenda';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useAlterarAtividadeAtendimento } from '#features/agenda/api/alterar-atividade-atendimento.ts';
import { useAlterarStatusAtendimento } from '#features/agenda/api/alterar-status-atendimento.ts';
import { useAtendimentos } from '#features/agenda/api/list-atendimentos.ts';
import { banhoTosaSearchSchema, stripBanhoTosaDefaults } from '#features/banho-tosa/banho-tosa-search.ts';
import { QUADRO_PAGE_SIZE, QuadroBanhoTosa } from '#features/banho-tosa/components/quadro-banho-tosa.tsx';
import { requireSection } from '#lib/access/require-access.ts';
import { hasPermissao } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';

/** How often the board asks for changes made by others (ms): they show within 10 s. */
const REFETCH_MS = 5_000;

/** The board shows every status that still holds the slot (not Cancelado / Não compareceu). */
const STATUS_DO_QUADRO = STATUS_ATENDIMENTO_IDS.filter((s) => !STATUS_LIBERAM_HORARIO.includes(s));

/**
 * Spec §2 /banho-tosa/ (issue #17 item 5): the live grooming board. Search params page,
 * pageSize, query (pet, owner or type), data ('yyyy-MM-dd', today by default), boxId and
 * responsavelId. Reads GET /agenda/atendimentos?area=BanhoTosa&pageSize=100 every 5 s (not while
 * a card is dragged nor while the tab is hidden, TanStack's default), keeping the previous list
 * on screen meanwhile. Open to every profile with banho-tosa (Banhista/Tosador included: the
 * board changes only status and activity).
 */
export const Route = createFileRoute('/_app/banho-tosa/')({
  validateSearch: banhoTosaSearchSchema,
  search: { middlewares: [stripBanhoTosaDefaults] },
  beforeLoad: () => requireSection('banho-tosa'),
  component: BanhoTosaRoute,
});

function BanhoTosaRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [arrastando, setArrastando] = useState(false);
  const podeAbrirPdv = useSessionStore((s) => hasPermissao(s, PERMISSOES.vendas));
  const lista = useAtendimentos(
    {
      page: search.page,
      pageSize: QUADRO_PAGE_SIZE,
      query: search.query,
      data: search.data,
      area: 'BanhoTosa',
      status: STATUS_DO_QUADRO,
      boxId: search.boxId,
      responsavelId: search.responsavelId,
    },
    { refetchInterval: arrastando ? false : REFETCH_MS },
  );
  const atividade = useAlterarAtividadeAtendimento();
  const status = useAlterarStatusAtendimento();
  return (
    <QuadroBanhoTosa
      search={search}
      lista={lista}
      podeAbrirPdv={podeAbrirPdv}
      onSearchChange={(patch) => void navigate({ to: '.', search: (prev) => ({ ...prev, ...patch }), replace: true })}
      onMoverAtividade={atividade.mutateAsync}
      onAlterarStatus={status.mutateAsync}
      onArrastandoChange={setArrastando}
    />
  );
}
