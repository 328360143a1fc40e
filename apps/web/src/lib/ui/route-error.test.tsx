import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RouteError } from './route-error.tsx';
import { ForbiddenError } from '../access/forbidden-error.ts';

const renderFailing = (error: Error) => {
  const rootRoute = createRootRoute({
    component: () => {
      throw error;
    },
    errorComponent: RouteError,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
};

describe('route error component', () => {
  it('shows "Something went wrong!" and toggles the message with Show Error / Hide Error', async () => {
    renderFailing(new Error('falha ao montar a tela'));
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(screen.queryByText('falha ao montar a tela')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('falha ao montar a tela')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText('falha ao montar a tela')).toBeNull();
  });

  it('renders an access denial as a restricted page', async () => {
    renderFailing(new ForbiddenError('Acesso restrito aos operadores da plataforma'));
    expect(await screen.findByText('Acesso restrito aos operadores da plataforma')).toBeTruthy();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
  });
});
