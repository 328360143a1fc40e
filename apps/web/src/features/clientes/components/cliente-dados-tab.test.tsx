/**
 * The customer's 'Dados' tab against a fake API: an anonymised customer (LGPD) is read-only — no
 * 'Editar' in any section and the notice "Cliente anonimizado em dd/MM/yyyy" with the date of
 * GET …/lgpd/anonimizacao in the unit's time zone; any other customer keeps its three 'Editar'
 * and never asks for the anonymisation.
 */
import { NOME_ANONIMIZADO } from '@petshop/shared/lgpd';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '#test/fake-api.ts';
import { pessoaFixture } from '#test/fixtures.ts';
import { renderScreen } from '#test/render-screen.tsx';
import { ClienteDadosTab } from './cliente-dados-tab.tsx';

const ID = '00000000-0000-4000-8000-0000000000c1';
const URL_ANONIMIZACAO = `GET /pessoal/pessoas/${ID}/lgpd/anonimizacao`;

describe('ClienteDadosTab', () => {
  it('cliente anonimizado: somente leitura, com o aviso e a data da anonimização', async () => {
    const pessoa = pessoaFixture({ id: ID, nome: NOME_ANONIMIZADO, cpfCnpj: null, ativo: false });
    // 01:30 UTC on the 15th is still the 14th in São Paulo (the unit's time zone, UTC−3).
    const api = renderScreen(
      { [URL_ANONIMIZACAO]: () => json({ anonimizadoEm: '2026-11-15T01:30:00.000Z' }) },
      <ClienteDadosTab pessoa={pessoa} />,
    );
    expect(await screen.findByText('Cliente anonimizado em 14/11/2026')).toBeTruthy();
    expect(screen.getByText(/não podem mais ser alterados/)).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Editar/ })).toEqual([]);
    expect(api.requests.filter((r) => r.path.endsWith('/lgpd/anonimizacao'))).toHaveLength(1);
  });

  it('cliente comum: as três seções editáveis e nenhum aviso', async () => {
    const pessoa = pessoaFixture({ id: ID, nome: 'Ana Lima', cpfCnpj: '52998224725', ativo: true });
    const api = renderScreen({}, <ClienteDadosTab pessoa={pessoa} />);
    expect(await screen.findAllByRole('button', { name: /^Editar/ })).toHaveLength(3);
    expect(screen.queryByText(/Cliente anonimizado/)).toBeNull();
    expect(api.requests).toEqual([]);
  });
});
