/**
 * /financeiro/recebimentos/ against a fake API speaking the contract: the default period (today
 * to 30 days ahead) reaches the summary call, the per-day and per-method figures are shown, the
 * day's card/PIX receivables are asked with their kinds and the day, and two of them are marked
 * received on a chosen date (POST /financeiro/recebimentos/confirmar), after which the summary is
 * read again; a day with 120 receivables is listed whole (two pages asked) and all of them marked.
 */
import type { RecebimentosResumo } from '@petshop/shared/financeiro';
import { addDays } from '@petshop/shared/venda';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fid, FORMA_CREDITO, opcoesHandlers, pagina, receitaFixture } from '../titulos/titulos-fixture.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json, type FakeHandler } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const moeda = (texto: string | null) => (texto ?? '').replace(/\s/g, ' ');

describe('expected card and PIX receipts', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows the period by day and method, lists the day and marks the chosen ones received', { timeout: 30_000 }, async () => {
    const hoje = hojeNaUnidade();
    const amanha = addDays(hoje, 1);
    let confirmado = false;
    const resumo = (): RecebimentosResumo => ({
      dataInicio: hoje,
      dataFim: addDays(hoje, 30),
      dias: [
        {
          data: hoje,
          quantidade: 2,
          bruto: 300,
          taxa: 8.98,
          liquido: 291.02,
          recebido: confirmado ? 291.02 : 0,
          aReceber: confirmado ? 0 : 300,
        },
        { data: amanha, quantidade: 1, bruto: 50, taxa: 1, liquido: 49, recebido: 0, aReceber: 50 },
      ],
      porForma: [{ formaPagamento: FORMA_CREDITO, bruto: 350, taxa: 9.98, liquido: 340.02, aReceber: confirmado ? 50 : 350 }],
      totais: {
        quantidade: 3,
        bruto: 350,
        taxa: 9.98,
        liquido: 340.02,
        recebido: confirmado ? 291.02 : 0,
        aReceber: confirmado ? 50 : 350,
      },
    });
    const r1 = receitaFixture({ id: fid(11), dataVencimento: hoje });
    const r2 = receitaFixture({
      id: fid(12),
      descricao: 'Venda nº 16 — PIX',
      venda: { id: fid(908), numero: 16 },
      valor: 100,
      valorEmAberto: 100,
      valorTaxa: 2,
      valorLiquido: 98,
      dataVencimento: hoje,
    });
    const api = createFakeApi({
      ...(opcoesHandlers as Record<string, FakeHandler>),
      'GET /auth/me': () => json(loginOutput().user),
      'GET /financeiro/recebimentos/resumo': () => json(resumo()),
      'GET /financeiro/receitas': () =>
        json(
          pagina(
            confirmado
              ? [r1, r2].map((r) => ({ ...r, status: 'Baixada' as const, valorPago: r.valor, valorEmAberto: 0 }))
              : [r1, r2],
          ),
        ),
      'POST /financeiro/recebimentos/confirmar': () => {
        confirmado = true;
        return json({ confirmados: 2 });
      },
    });
    renderApp('/financeiro/recebimentos/', { adapter: api.adapter });
    const porDia = await screen.findByRole('table', { name: 'Recebimentos por dia' }, SLOW);
    await waitFor(() => expect(within(porDia).getAllByRole('row')).toHaveLength(3));
    const resumoCall = api.requests.find((r) => r.path === '/financeiro/recebimentos/resumo')!;
    expect(resumoCall.params).toEqual({ dataInicio: hoje, dataFim: addDays(hoje, 30) });
    const linhaHoje = within(porDia).getAllByRole('row')[1]!;
    expect(moeda(linhaHoje.textContent)).toContain('R$ 291,02');
    expect(
      moeda(within(screen.getByRole('group', { name: 'Totais do período' })).getByLabelText('A receber').textContent),
    ).toContain('R$ 350,00');
    expect(
      within(screen.getByRole('table', { name: 'Recebimentos por forma de pagamento' })).getByText('Cartão de crédito'),
    ).toBeTruthy();

    // Today's receivables: only card and PIX kinds, on that day.
    const doDia = screen.getByRole('table', { name: 'Recebimentos do dia' });
    await within(doDia).findByText('Venda nº 16 — PIX', undefined, SLOW);
    const lista = api.requests.filter((r) => r.path === '/financeiro/receitas').at(-1)!;
    expect(lista.params).toMatchObject({
      tipoForma: 'pix,cartao_debito,cartao_credito',
      dataInicio: hoje,
      dataFim: hoje,
      pageSize: 100,
    });

    const user = userEvent.setup({ delay: null });
    expect((screen.getByRole('button', { name: /^Marcar como recebido/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(doDia).getByRole('checkbox', { name: 'Marcar todos' }));
    await user.click(screen.getByRole('button', { name: 'Marcar como recebido (2)' }));
    const modal = await screen.findByRole('dialog', { name: 'Marcar como recebido' });
    // 200 + 100 gross, 6,98 + 2 fee → 291,02 net.
    expect(moeda(within(modal).getByLabelText('Líquido a receber').textContent)).toBe('líquido R$ 291,02');
    await user.click(within(modal).getByRole('button', { name: 'Confirmar recebimento' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Marcar como recebido' })).toBeNull());
    const [post] = api.requests.filter((r) => r.method === 'POST');
    expect(JSON.parse(String(post!.data))).toEqual({ ids: [r1.id, r2.id], dataRecebimento: hoje });
    // Refreshed: nothing left to receive today, the rows settled.
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Recebimentos do dia' })).getAllByText('Baixada')).toHaveLength(2),
    );
    expect(api.requests.filter((r) => r.path === '/financeiro/recebimentos/resumo').length).toBeGreaterThan(1);

    // Another day: its receivables are asked for.
    await user.click(within(porDia).getAllByRole('row')[2]!);
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/financeiro/receitas').at(-1)!.params).toMatchObject({
        dataInicio: amanha,
        dataFim: amanha,
      }),
    );
  });
  it('lists every receivable of a day past the first 100 and marks all of them received', { timeout: 60_000 }, async () => {
    const hoje = hojeNaUnidade();
    const todas = Array.from({ length: 120 }, (_, i) =>
      receitaFixture({ id: fid(1000 + i), descricao: `Venda nº ${i + 1} — PIX`, dataVencimento: hoje }),
    );
    const api = createFakeApi({
      ...(opcoesHandlers as Record<string, FakeHandler>),
      'GET /auth/me': () => json(loginOutput().user),
      'GET /financeiro/recebimentos/resumo': () =>
        json({
          dataInicio: hoje,
          dataFim: addDays(hoje, 30),
          dias: [{ data: hoje, quantidade: 120, bruto: 12000, taxa: 0, liquido: 12000, recebido: 0, aReceber: 12000 }],
          porForma: [],
          totais: { quantidade: 120, bruto: 12000, taxa: 0, liquido: 12000, recebido: 0, aReceber: 12000 },
        } satisfies RecebimentosResumo),
      'GET /financeiro/receitas': (r) => {
        const page = Number(r.params.page);
        const pageSize = Number(r.params.pageSize);
        return json({ ...pagina(todas.slice((page - 1) * pageSize, page * pageSize)), total: 120, page, pageSize });
      },
      'POST /financeiro/recebimentos/confirmar': () => json({ confirmados: 120 }),
    });
    renderApp('/financeiro/recebimentos/', { adapter: api.adapter });
    const doDia = await screen.findByRole('table', { name: 'Recebimentos do dia' }, SLOW);
    await within(doDia).findByText('Venda nº 120 — PIX', undefined, SLOW);
    expect(within(doDia).getByText('Venda nº 1 — PIX')).toBeTruthy();
    const pedidos = api.requests.filter((r) => r.path === '/financeiro/receitas').map((r) => r.params.page);
    expect(pedidos).toEqual([1, 2]);

    const user = userEvent.setup({ delay: null });
    await user.click(within(doDia).getByRole('checkbox', { name: 'Marcar todos' }));
    await user.click(screen.getByRole('button', { name: 'Marcar como recebido (120)' }));
    const modal = await screen.findByRole('dialog', { name: 'Marcar como recebido' });
    await user.click(within(modal).getByRole('button', { name: 'Confirmar recebimento' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect((JSON.parse(String(post.data)) as { ids: string[] }).ids).toHaveLength(120);
  });
});
