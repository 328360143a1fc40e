/**
 * What payables and receivables share, through the real /financeiro/despesas/ route and a fake
 * API speaking the contract: the settle modal (what is open by default, a partial value, the live
 * total with interest and discount, one `chave` per opening kept on a retry) and the create form
 * with installments (the preview of gerarParcelas, rows edited, the sum checked against the total
 * before anything is sent).
 */
import { gerarParcelas } from '@petshop/shared/financeiro';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { baixaFixture, despesaFixture, opcoesHandlers, pagina } from './titulos-fixture.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json, type FakeHandler } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const moeda = (texto: string | null) => (texto ?? '').replace(/\s/g, ' ');

describe('settle modal', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'defaults to what is open, totals interest and discount live, and keeps one chave across a retry',
    { timeout: 30_000 },
    async () => {
      const parcial = despesaFixture({ valorPago: 40, valorEmAberto: 60, status: 'BaixaParcial', baixas: [baixaFixture()] });
      let falhar = true;
      const api = createFakeApi({
        ...(opcoesHandlers as Record<string, FakeHandler>),
        'GET /auth/me': () => json(loginOutput().user),
        'GET /financeiro/despesas': () => json(pagina([parcial], { valorPago: 40, valorEmAberto: 60 })),
        [`PATCH /financeiro/despesas/${parcial.id}/baixa`]: () => {
          if (falhar) {
            falhar = false;
            return 'network-error';
          }
          return json({ ...parcial, valorPago: 70, valorEmAberto: 30 });
        },
      });
      renderApp('/financeiro/despesas/', { adapter: api.adapter });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'Baixar Aluguel da loja 1/3' }, SLOW));
      const modal = await screen.findByRole('dialog', { name: 'Baixar despesa' }, SLOW);

      // What is open (R$ 60,00 of R$ 100,00), not the value, is the default: all that is left.
      const valor = within(modal).getByLabelText(/^Valor/) as HTMLInputElement;
      expect(moeda(valor.value)).toBe('R$ 60,00');
      expect(moeda(within(modal).getByLabelText('Total da baixa').textContent)).toBe('R$ 60,00');
      expect(within(modal).getByRole('button', { name: 'Baixar' })).toBeTruthy();
      // A payable has no card fee field.
      expect(within(modal).queryByLabelText(/^Taxa/)).toBeNull();

      // Partial: 30 of the 60, plus interest 5 and fine 1,50, minus discount 2 → 34,50 leaves the account.
      await user.clear(valor);
      await user.type(valor, '30');
      await user.type(within(modal).getByLabelText(/^Juros/), '5');
      await user.type(within(modal).getByLabelText(/^Multa/), '1,50');
      await user.type(within(modal).getByLabelText(/^Desconto/), '2');
      expect(moeda(within(modal).getByLabelText('Total da baixa').textContent)).toBe('R$ 34,50');
      expect(within(modal).getByText('Baixa parcial: o restante continua em aberto')).toBeTruthy();

      // More than what is open is refused before sending.
      await user.clear(valor);
      await user.type(valor, '61');
      await user.click(within(modal).getByRole('button', { name: 'Baixar' }));
      expect(await within(modal).findByText('Valor maior que o saldo em aberto de R$ 60,00')).toBeTruthy();
      expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

      await user.clear(valor);
      await user.type(valor, '30');
      await user.click(within(modal).getByRole('button', { name: 'Baixar parcialmente' }));
      // The first attempt is lost on the network; the second is the same settlement (same chave and key).
      await waitFor(() => expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
      await user.click(await within(modal).findByRole('button', { name: 'Baixar parcialmente' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Baixar despesa' })).toBeNull());
      const patches = api.requests.filter((r) => r.method === 'PATCH');
      expect(patches).toHaveLength(2);
      const [b1, b2] = patches.map((p) => JSON.parse(String(p.data)) as Record<string, unknown>);
      expect(b1).toMatchObject({
        valor: 30,
        juros: 5,
        multa: 1.5,
        desconto: 2,
        dataPagamento: hojeNaUnidade(),
        contaId: parcial.conta!.id,
      });
      expect(b1!.taxa).toBeUndefined();
      expect(b1!.chave).toMatch(/^[0-9a-f-]{36}$/);
      expect(b2!.chave).toBe(b1!.chave);
      expect(patches[1]!.headers['idempotency-key']).toBe(patches[0]!.headers['idempotency-key']);

      // A new opening is a new settlement: a new chave.
      await user.click(screen.getByRole('button', { name: 'Baixar Aluguel da loja 1/3' }));
      const outra = await screen.findByRole('dialog', { name: 'Baixar despesa' }, SLOW);
      await user.click(within(outra).getByRole('button', { name: 'Baixar' }));
      await waitFor(() => expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(3));
      const b3 = JSON.parse(String(api.requests.filter((r) => r.method === 'PATCH')[2]!.data)) as Record<string, unknown>;
      expect(b3.chave).not.toBe(b1!.chave);
    },
  );
});

describe('create form with installments', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('previews the installments, checks their sum against the total and sends the edited rows', { timeout: 30_000 }, async () => {
    const api = createFakeApi({
      ...(opcoesHandlers as Record<string, FakeHandler>),
      'GET /auth/me': () => json(loginOutput().user),
      'GET /financeiro/despesas': () => json(pagina([])),
      'POST /financeiro/despesas': () => json(despesaFixture(), 201),
    });
    renderApp('/financeiro/despesas/', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Nova despesa' }, SLOW));
    const modal = await screen.findByRole('dialog', { name: 'Nova despesa' }, SLOW);
    await user.type(within(modal).getByLabelText(/^Descrição/), 'Reforma da vitrine');
    await user.type(within(modal).getByLabelText(/^Valor total/), '300');
    const parcelas = within(modal).getByLabelText(/^Nº de parcelas/);
    await user.clear(parcelas);
    await user.type(parcelas, '3');

    const hoje = hojeNaUnidade();
    const esperadas = gerarParcelas(300, 3, hoje, 'mensal');
    const tabela = within(modal).getByRole('table', { name: 'Parcelas' });
    await waitFor(() => expect(within(tabela).getAllByRole('row')).toHaveLength(5)); // header, 3, footer
    for (let i = 0; i < 3; i++)
      expect(moeda((within(tabela).getByLabelText(`Valor da parcela ${i + 1}`) as HTMLInputElement).value)).toBe('R$ 100,00');
    expect(moeda(within(tabela).getByLabelText('Soma das parcelas').textContent)).toBe('R$ 300,00');

    // 100 → 110 on the first: the sum no longer matches and nothing is sent.
    const p1 = within(tabela).getByLabelText('Valor da parcela 1');
    await user.clear(p1);
    await user.type(p1, '110');
    expect(moeda(within(tabela).getByLabelText('Soma das parcelas').textContent)).toBe('R$ 310,00');
    expect(within(modal).getByRole('status').textContent).toMatch(/As parcelas somam R\$\s310,00 e o valor total é R\$\s300,00/);
    await user.click(within(modal).getByRole('button', { name: 'Criar 3 parcelas' }));
    expect(await within(modal).findByText(/^As parcelas somam R\$\s310,00 e o valor total é R\$\s300,00$/)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // The second takes 10 less: 110 + 90 + 100 = 300.
    const p2 = within(tabela).getByLabelText('Valor da parcela 2');
    await user.clear(p2);
    await user.type(p2, '90');
    await user.click(within(modal).getByRole('button', { name: 'Criar 3 parcelas' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova despesa' })).toBeNull());
    const [post] = api.requests.filter((r) => r.method === 'POST');
    const body = JSON.parse(String(post!.data)) as Record<string, unknown>;
    expect(body).toMatchObject({
      descricao: 'Reforma da vitrine',
      dataEmissao: hoje,
      parcelas: [
        { dataVencimento: esperadas[0]!.dataVencimento, valor: 110 },
        { dataVencimento: esperadas[1]!.dataVencimento, valor: 90 },
        { dataVencimento: esperadas[2]!.dataVencimento, valor: 100 },
      ],
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).not.toHaveProperty('total');
    expect(body).not.toHaveProperty('pessoaId');
  });

  it('splits odd cents on the first installment, every 15 days', { timeout: 30_000 }, async () => {
    const api = createFakeApi({
      ...(opcoesHandlers as Record<string, FakeHandler>),
      'GET /auth/me': () => json(loginOutput().user),
      'GET /financeiro/despesas': () => json(pagina([])),
    });
    renderApp('/financeiro/despesas/', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Nova despesa' }, SLOW));
    const modal = await screen.findByRole('dialog', { name: 'Nova despesa' }, SLOW);
    await user.type(within(modal).getByLabelText(/^Valor total/), '100');
    const parcelas = within(modal).getByLabelText(/^Nº de parcelas/);
    await user.clear(parcelas);
    await user.type(parcelas, '3');
    await user.click(within(modal).getByRole('combobox', { name: 'Intervalo' }));
    await user.click(await screen.findByRole('option', { name: 'Quinzenal', hidden: true }));
    const tabela = within(modal).getByRole('table', { name: 'Parcelas' });
    const esperadas = gerarParcelas(100, 3, hojeNaUnidade(), 'quinzenal');
    expect(esperadas.map((p) => p.valor)).toEqual([33.34, 33.33, 33.33]);
    await waitFor(() =>
      expect(moeda((within(tabela).getByLabelText('Valor da parcela 1') as HTMLInputElement).value)).toBe('R$ 33,34'),
    );
    expect(moeda((within(tabela).getByLabelText('Valor da parcela 3') as HTMLInputElement).value)).toBe('R$ 33,33');
    const [, , ultima] = esperadas;
    const [y, m, d] = ultima!.dataVencimento.split('-');
    expect((within(tabela).getByLabelText('Vencimento da parcela 3') as HTMLInputElement).value).toBe(`${d}/${m}/${y}`);
    expect(moeda(within(tabela).getByLabelText('Soma das parcelas').textContent)).toBe('R$ 100,00');
  });
});
