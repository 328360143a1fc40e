import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOnboardingDraft, type PersonalDataValues } from './onboarding-draft-store.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const personal: PersonalDataValues = {
  nome: 'Bia Lima',
  email: 'bia@loja.com.br',
  cpf: '529.982.247-25',
  telefone: '(11) 98765-4321',
  senha: 'segredo123',
  confirmacaoSenha: 'segredo123',
};

describe('onboarding', () => {
  beforeEach(() => {
    useOnboardingDraft.getState().reset();
    useSessionStore.getState().clear();
  });

  it('sends /petshop back to /dados-pessoais when there is no personal data', async () => {
    const { router } = renderApp('/petshop', { adapter: createFakeApi().adapter });
    expect(await screen.findByRole('heading', { name: 'Crie sua conta' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dados-pessoais');
  });

  it('sends /petshop back when the password was lost with a reload (it is never stored)', async () => {
    useOnboardingDraft.getState().setPersonalData(personal);
    const stored = sessionStorage.getItem('petshop-onboarding') ?? '';
    expect(stored).toContain('bia@loja.com.br');
    expect(stored).not.toContain('segredo123');

    useOnboardingDraft.setState({ personalData: { ...personal, senha: '', confirmacaoSenha: '' } });
    const { router } = renderApp('/petshop', { adapter: createFakeApi().adapter });
    expect(await screen.findByRole('heading', { name: 'Crie sua conta' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dados-pessoais');
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('bia@loja.com.br');
  });

  it('step one checks the e-mail and goes on to /petshop', async () => {
    const api = createFakeApi({
      'GET /auth/onboarding/email-disponivel': (req) => json({ disponivel: req.params.email !== 'usado@loja.com.br' }),
    });
    const { router } = renderApp('/dados-pessoais', { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Crie sua conta' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Nome completo/), personal.nome);
    await user.type(screen.getByLabelText(/E-mail/), 'usado@loja.com.br');
    await user.type(screen.getByLabelText(/Telefone/), '11987654321');
    await user.type(screen.getByLabelText(/CPF/), '52998224725');
    await user.type(screen.getByLabelText(/^Senha/), personal.senha);
    await user.type(screen.getByLabelText(/Confirmação da senha/), personal.senha);
    expect((screen.getByLabelText(/CPF/) as HTMLInputElement).value).toBe('529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('E-mail já cadastrado')).toBeTruthy();

    await user.clear(screen.getByLabelText(/E-mail/));
    await user.type(screen.getByLabelText(/E-mail/), personal.email);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'Seu pet shop' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/petshop');
  });

  it('step two creates the account, logs in and shows personal-data errors with a way back', async () => {
    useOnboardingDraft.getState().setPersonalData(personal);
    let attempt = 0;
    const api = createFakeApi({
      'GET /third/cep/01310100': () =>
        json({
          cep: '01310100',
          logradouro: 'Avenida Paulista',
          bairro: 'Bela Vista',
          cidade: 'São Paulo',
          uf: 'SP',
          codigoIbge: '3550308',
        }),
      'POST /auth/onboarding': () => {
        attempt += 1;
        return attempt === 1
          ? errors(400, { 'dadosPessoais.email': ['E-mail já cadastrado'], 'petshop.cnpj': ['CNPJ já cadastrado'] })
          : json(loginOutput(), 201);
      },
      'GET /auth/me': () => json(loginOutput().user),
    });
    const { router } = renderApp('/petshop', { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Seu pet shop' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Nome fantasia/), 'Pet Feliz');
    await user.type(screen.getByLabelText(/CNPJ/), '11222333000181');
    await user.type(screen.getByLabelText(/Telefone/), '1133334444');
    await user.type(screen.getByLabelText(/CEP/), '01310100');
    await waitFor(() => expect((screen.getByLabelText(/Logradouro/) as HTMLInputElement).value).toBe('Avenida Paulista'));
    expect((screen.getByLabelText(/Cidade/) as HTMLInputElement).value).toBe('São Paulo');
    await user.type(screen.getByLabelText(/Número/), '1000');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByText('CNPJ já cadastrado')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('E-mail já cadastrado');
    expect(screen.getByRole('link', { name: 'Corrigir os dados pessoais' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    expect(useOnboardingDraft.getState().personalData).toBeNull();
    const sent = api.requests.filter((r) => r.path === '/auth/onboarding').at(-1);
    expect(JSON.parse(String(sent?.data))).toMatchObject({
      dadosPessoais: { cpf: '52998224725', telefone: '11987654321' },
      petshop: { cnpj: '11222333000181', endereco: { cep: '01310100', uf: 'SP', codigoIbge: '3550308', numero: '1000' } },
    });
  });
});
