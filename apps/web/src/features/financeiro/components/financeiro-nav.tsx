/**
 * Tabs of the finance section (spec §7), shown under each finance page's header: one link per
 * screen, the current one highlighted (matched on the pathname, so a filtered list such as
 * `/financeiro/despesas?status=Vencida` still lights "Despesas").
 */
import { Tabs } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';

const FINANCEIRO_ABAS = [
  { to: '/financeiro', label: 'Visão geral' },
  { to: '/financeiro/contas', label: 'Contas' },
  { to: '/financeiro/receitas', label: 'Receitas' },
  { to: '/financeiro/despesas', label: 'Despesas' },
  { to: '/financeiro/recebimentos', label: 'Recebimentos' },
  { to: '/financeiro/recorrencias', label: 'Recorrências' },
] as const;

type FinanceiroAba = (typeof FINANCEIRO_ABAS)[number]['to'];

/** The tab of a pathname: the longest `to` that prefixes it (`/financeiro` only when exact). */
function abaAtual(pathname: string): FinanceiroAba | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let atual: FinanceiroAba | null = null;
  for (const aba of FINANCEIRO_ABAS) {
    const casa = aba.to === '/financeiro' ? path === aba.to : path === aba.to || path.startsWith(`${aba.to}/`);
    if (casa && (atual === null || aba.to.length > atual.length)) atual = aba.to;
  }
  return atual;
}

/** The finance section's navigation: Visão geral, Contas, Receitas, Despesas, Recebimentos, Recorrências. */
export function FinanceiroNav() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const atual = abaAtual(pathname);
  return (
    <Tabs value={atual} variant="default" aria-label="Seções do financeiro">
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {FINANCEIRO_ABAS.map((aba) => (
          <Tabs.Tab
            key={aba.to}
            value={aba.to}
            style={{ flexShrink: 0 }}
            aria-current={aba.to === atual ? 'page' : undefined}
            // A link to a page, not to a panel of this one: no aria-controls naming a missing panel.
            renderRoot={({ 'aria-controls': _semPainel, ...props }) => <Link {...props} to={aba.to} />}
          >
            {aba.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
