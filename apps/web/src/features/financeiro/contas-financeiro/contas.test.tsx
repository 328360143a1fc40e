/**
 * /financeiro/contas/ through the real route and a fake API speaking the contract: balances
 * and the statement (saldo anterior, entradas, saídas, saldo final, running balance, origin
 * labels), the transfer's validation, its body (client uuid, values in reais), both balances
 * refreshed after it, and the reversal of a transfer from its statement row.
 */
import type { MovimentacaoFinanceira, SaldoContas, TransferenciaInput } from '@petshop/shared/financeiro';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const CAIXA = id(1);
const BANCO = id(2);
const TRANSFERENCIA = id(90);

const mov = (over: Partial<MovimentacaoFinanceira>): MovimentacaoFinanceira => ({
  id: id(100),
  data: '2025-03-10',
  conta: { id: CAIXA, nome: 'Caixa da loja' },
  valor: 100,
  descricao: 'Recebimento',
  origem: 'baixa_receita',
  origemId: id(200),
  categoriaFinanceira: null,
  usuario: 'Ana Souza',
  criadaEm: '2025-03-10T12:00:00.000Z',
  saldoApos: 0,
  ...over,
});

const money = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

/** Two accounts whose balances move with the transfers posted. */
const contasApi = () => {
  const saldos: Record<string, number> = { [CAIXA]: 1500, [BANCO]: 8000.5 };
  const saldo = (): SaldoContas => ({
    contas: [
      { id: CAIXA, nome: 'Caixa da loja', tipo: 'caixa', saldo: saldos[CAIXA]! },
      { id: BANCO, nome: 'Banco do Brasil', tipo: 'banco', saldo: saldos[BANCO]! },
    ],
    total: (Math.round(saldos[CAIXA]! * 100) + Math.round(saldos[BANCO]! * 100)) / 100,
  });
  return createFakeApi({
    'GET /auth/me': () => json(useSessionStore.getState().user),
    'GET /financeiro/contas/saldo': () => json(saldo()),
    'GET /financeiro/movimentacoes': (req) =>
      json({
        items:
          req.params.contaId === CAIXA
            ? [
                mov({
                  id: id(101),
                  valor: -200,
                  descricao: 'Transferência para Banco do Brasil',
                  origem: 'transferencia',
                  origemId: TRANSFERENCIA,
                  saldoApos: 1500,
                  data: '2025-03-11',
                }),
                mov({
                  id: id(102),
                  valor: 1234.56,
                  descricao: 'Venda nº 15',
                  origem: 'baixa_receita',
                  saldoApos: 1700,
                  categoriaFinanceira: { id: id(300), nome: 'Vendas' },
                }),
              ]
            : [],
        total: req.params.contaId === CAIXA ? 2 : 0,
        page: 1,
        pageSize: 20,
        entradas: 1234.56,
        saidas: 200,
        saldoAnterior: 465.44,
        saldoFinal: 1500,
      }),
    'POST /financeiro/contas/transferencia': (req) => {
      const body = JSON.parse(String(req.data)) as { contaOrigemId: string; contaDestinoId: string; valor: number };
      saldos[body.contaOrigemId]! -= body.valor;
      saldos[body.contaDestinoId]! += body.valor;
      return json(
        {
          id: id(91),
          data: '2025-03-12',
          valor: body.valor,
          contaOrigem: { id: body.contaOrigemId, nome: 'x', saldo: saldos[body.contaOrigemId] },
          contaDestino: { id: body.contaDestinoId, nome: 'y', saldo: saldos[body.contaDestinoId] },
        },
        201,
      );
    },
    [`POST /financeiro/contas/transferencia/${TRANSFERENCIA}/estornar`]: () => {
      saldos[CAIXA]! += 200;
      saldos[BANCO]! -= 200;
      return json({
        id: TRANSFERENCIA,
        data: '2025-03-11',
        valor: 200,
        contaOrigem: { id: CAIXA, nome: 'Caixa da loja', saldo: saldos[CAIXA] },
        contaDestino: { id: BANCO, nome: 'Banco do Brasil', saldo: saldos[BANCO] },
      });
    },
  });
};

const escolher = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, opcao: RegExp) => {
  const input = within(dialog).getByLabelText(label);
  await user.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: opcao, hidden: true }, SLOW));
};

describe('/financeiro/contas/', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows the balances and the first account statement with totals, running balance and origin labels', async () => {
    const api = contasApi();
    renderApp('/financeiro/contas', { adapter: api.adapter });
    const extrato = await screen.findByRole('table', { name: 'Extrato' }, SLOW);
    expect(money(screen.getByLabelText('Saldo total').textContent)).toBe('R$ 9.500,50');
    expect(money(screen.getByTestId('saldo-Banco do Brasil').textContent)).toBe('R$ 8.000,50');
    expect(screen.getByRole('heading', { name: 'Extrato de Caixa da loja' })).toBeTruthy();
    const hoje = hojeNaUnidade();
    const req = api.requests.find((r) => r.path === '/financeiro/movimentacoes');
    expect(req?.params).toMatchObject({ contaId: CAIXA, dataFim: hoje, page: 1, pageSize: 20 });

    await waitFor(() => expect(within(extrato).getAllByRole('row')).toHaveLength(3));
    expect(money(screen.getByLabelText('Saldo anterior').textContent)).toContain('R$ 465,44');
    expect(money(screen.getByLabelText('Entradas').textContent)).toContain('R$ 1.234,56');
    expect(money(screen.getByLabelText('Saídas').textContent)).toContain('-R$ 200,00');
    expect(money(screen.getByLabelText('Saldo final').textContent)).toContain('R$ 1.500,00');
    const [, transf, venda] = within(extrato).getAllByRole('row');
    expect(
      within(transf!)
        .getAllByRole('cell')
        .map((c) => money(c.textContent)),
    ).toEqual(['11/03/2025', 'Transferência para Banco do BrasilTransferência · Ana Souza', '− R$ 200,00', 'R$ 1.500,00', '']);
    expect(within(venda!).getByText('Recebimento').parentElement?.textContent).toBe('Recebimento · Vendas · Ana Souza');
    expect(money(within(venda!).getByText(/\+ R\$/).textContent)).toBe('+ R$ 1.234,56');

    // Another account: its statement.
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Banco do Brasil / }));
    expect(await screen.findByText('Nenhuma movimentação no período')).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/financeiro/movimentacoes').at(-1)?.params.contaId).toBe(BANCO);
  });

  it('refuses an incomplete transfer on the fields, then posts it once with a client id and refreshes both balances', async () => {
    const api = contasApi();
    renderApp('/financeiro/contas', { adapter: api.adapter });
    await screen.findByRole('table', { name: 'Extrato' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Transferir' }));
    const dialog = await screen.findByRole('dialog');
    // The open account is the origin by default.
    expect(money((within(dialog).getByLabelText('Conta de origem') as HTMLInputElement).value)).toBe(
      'Caixa da loja (R$ 1.500,00)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(await within(dialog).findByText('Escolha a conta de destino')).toBeTruthy();
    expect(within(dialog).getByText('Valor é obrigatório')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    await escolher(user, dialog, 'Conta de destino', /Banco do Brasil/);
    await user.type(within(dialog).getByLabelText(/^Valor/), '100');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Depósito');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = JSON.parse(String(posts[0]!.data)) as TransferenciaInput;
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      contaOrigemId: CAIXA,
      contaDestinoId: BANCO,
      valor: 100,
      data: hojeNaUnidade(),
      descricao: 'Depósito',
    });
    await waitFor(() => expect(money(screen.getByTestId('saldo-Caixa da loja').textContent)).toBe('R$ 1.400,00'));
    expect(money(screen.getByTestId('saldo-Banco do Brasil').textContent)).toBe('R$ 8.100,50');
    expect(money(screen.getByLabelText('Saldo total').textContent)).toBe('R$ 9.500,50');
  });

  it('reverses a transfer from its statement row after confirmation', async () => {
    const api = contasApi();
    renderApp('/financeiro/contas', { adapter: api.adapter });
    await screen.findByRole('table', { name: 'Extrato' }, SLOW);
    const user = userEvent.setup({ delay: null });
    const botao = await screen.findByRole('button', { name: 'Estornar transferência de 11/03/2025' });
    // Only the transfer's row offers it.
    expect(screen.getAllByRole('button', { name: /^Estornar transferência/ })).toHaveLength(1);
    await user.click(botao);
    const confirm = await screen.findByRole('dialog');
    expect(money(confirm.textContent)).toContain('R$ 200,00');
    await user.click(within(confirm).getByRole('button', { name: 'Estornar' }));
    await waitFor(() =>
      expect(
        api.requests.some((r) => r.method === 'POST' && r.path === `/financeiro/contas/transferencia/${TRANSFERENCIA}/estornar`),
      ).toBe(true),
    );
    await waitFor(() => expect(money(screen.getByTestId('saldo-Caixa da loja').textContent)).toBe('R$ 1.700,00'));
  });
});
