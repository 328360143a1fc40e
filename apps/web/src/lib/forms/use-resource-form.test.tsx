import { Button, TextInput } from '@mantine/core';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { applyServerErrors } from './apply-server-errors.ts';
import { FormGeneralErrors } from './form-general-errors.tsx';
import { useResourceForm } from './use-resource-form.ts';
import { ApiError } from '../http/api-error.ts';
import { createQueryClient } from '../query-client.ts';

const schema = z.object({
  nome: z.string().min(1, { error: 'Nome é obrigatório' }),
  endereco: z.object({ cep: z.string() }),
});
type Values = z.input<typeof schema>;

type Submit = (v: z.output<typeof schema>, meta: { idempotencyKey: string }) => Promise<unknown>;

function TestForm({ submit }: { submit: Submit }) {
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<Values, z.output<typeof schema>, unknown>({
    schema,
    initialValues: { nome: '', endereco: { cep: '' } },
    submit,
    successMessage: false,
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <FormGeneralErrors errors={generalErrors} />
      <TextInput label="Nome" {...form.getInputProps('nome')} />
      <TextInput label="CEP" {...form.getInputProps('endereco.cep')} />
      <Button type="submit" loading={submitting}>
        Salvar
      </Button>
    </form>
  );
}

const renderForm = (submit: Submit) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <TestForm submit={submit} />
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('resource form', () => {
  it('validates with the shared schema before calling the server', async () => {
    const submit = vi.fn(() => Promise.resolve(null));
    renderForm(submit);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('shows server field errors on their (nested) fields and general errors in an Alert', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 400,
          kind: 'validation',
          fieldErrors: { 'endereco.cep': 'CEP inválido', desconhecido: 'Campo fora do formulário' },
          generalErrors: ['Limite de unidades atingido'],
        }),
      ),
    );
    renderForm(submit);
    await userEvent.type(screen.getByLabelText('Nome'), 'Loja');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.getByLabelText('CEP').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('CEP inválido')).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Limite de unidades atingido');
    expect(alert.textContent).toContain('Campo fora do formulário');
    expect(submit).toHaveBeenCalledWith(
      { nome: 'Loja', endereco: { cep: '' } },
      { idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) },
    );
  });

  it('reuses the Idempotency-Key when sending again after a failure, and starts a new one after a success', async () => {
    const keys: string[] = [];
    let outcome: 'fail' | 'ok' = 'fail';
    const submit: Submit = (_, { idempotencyKey }) => {
      keys.push(idempotencyKey);
      return outcome === 'fail' ? Promise.reject(new ApiError({ status: null, kind: 'network' })) : Promise.resolve(null);
    };
    renderForm(submit);
    await userEvent.type(screen.getByLabelText('Nome'), 'Loja');
    const button = screen.getByRole('button', { name: 'Salvar' });
    await userEvent.click(button);
    await screen.findByText('Não foi possível se comunicar com o servidor');
    outcome = 'ok';
    await userEvent.click(button);
    await waitFor(() => expect(keys).toHaveLength(2));
    await userEvent.click(button);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('sends once when submitted twice in a row', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    const submit = vi.fn(() => new Promise((r) => (resolve = r)));
    renderForm(submit);
    await userEvent.type(screen.getByLabelText('Nome'), 'Loja');
    const button = screen.getByRole('button', { name: 'Salvar' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(submit).toHaveBeenCalledOnce();
    resolve(null);
  });
});

describe('applyServerErrors', () => {
  it('strips a prefix and sends keys outside it to the general errors', () => {
    const form = { getValues: () => ({ cnpj: '', endereco: { cep: '' } }), setErrors: vi.fn() };
    const general = applyServerErrors(
      form,
      new ApiError({
        status: 400,
        kind: 'validation',
        fieldErrors: {
          'petshop.cnpj': 'CNPJ inválido',
          'petshop.endereco.cep': 'CEP inválido',
          'dadosPessoais.email': 'E-mail já cadastrado',
        },
      }),
      { prefix: 'petshop' },
    );
    expect(form.setErrors).toHaveBeenCalledWith({ cnpj: 'CNPJ inválido', 'endereco.cep': 'CEP inválido' });
    expect(general).toEqual(['E-mail já cadastrado']);
  });

  it('falls back to the error message when the server gave no field nor general error', () => {
    const form = { getValues: () => ({}), setErrors: vi.fn() };
    expect(applyServerErrors(form, new ApiError({ status: 500, kind: 'server' }))).toEqual(['Erro interno no servidor']);
  });
});
