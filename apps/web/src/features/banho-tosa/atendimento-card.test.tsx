/**
 * A board card: the pet's alerts in red/orange, the time in the current stage ticking with the
 * board's clock, the financial status badge, priority, the owner's phone as a tel: link, and in
 * Finalizado the next status step (Pronto, then Entregue) as a big button.
 */
import { DndContext, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { MantineProvider } from '@mantine/core';
import type { Atendimento } from '@petshop/shared/agenda';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { atendimentoFixture } from './atendimento-fixture.ts';
import { AtendimentoCard } from './components/atendimento-card.tsx';

/** The board's drag context: a drag starts only after the pointer moved, so clicks stay clicks. */
function Dnd({ children }: { children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 8 } }));
  return <DndContext sensors={sensors}>{children}</DndContext>;
}

const renderCard = (atendimento: Atendimento, agora = new Date('2024-03-09T12:25:30.000Z')) => {
  const onMover = vi.fn();
  const onAlterarStatus = vi.fn();
  const view = render(
    <MantineProvider>
      <Dnd>
        <AtendimentoCard
          atendimento={atendimento}
          agora={agora}
          podeAbrirPdv={false}
          onMover={onMover}
          onAlterarStatus={onAlterarStatus}
        />
      </Dnd>
    </MantineProvider>,
  );
  return { ...view, onMover, onAlterarStatus, card: screen.getByRole('article', { name: atendimento.petNome }) };
};

describe('AtendimentoCard', () => {
  it("shows the owner's WhatsApp answer: red when they cannot come, green when confirmed (issue #21)", () => {
    const { card, unmount } = renderCard(atendimentoFixture({ respostaConfirmacao: 'NaoPodeComparecer' }));
    const badge = within(card).getByTestId('resposta-confirmacao');
    expect(badge.textContent).toBe('Cliente não pode comparecer');
    expect(badge.getAttribute('style')).toContain('red');
    unmount();
    const confirmado = renderCard(atendimentoFixture({ respostaConfirmacao: 'Confirmou' }));
    const verde = within(confirmado.card).getByTestId('resposta-confirmacao');
    expect(verde.textContent).toBe('Confirmado pelo WhatsApp');
    expect(verde.getAttribute('style')).toContain('green');
    confirmado.unmount();
    const semResposta = renderCard(atendimentoFixture({ respostaConfirmacao: null }));
    expect(within(semResposta.card).queryByTestId('resposta-confirmacao')).toBeNull();
  });

  it('shows the alerts, the time in stage and the financial status', () => {
    const { card } = renderCard(
      atendimentoFixture({
        agressivo: true,
        usaFocinheira: true,
        alergias: 'Clorexidina',
        naoFazer: 'Não cortar as unhas',
        statusFinanceiro: 'BaixaParcial',
        prioridade: 'Urgente',
      }),
    );
    expect(card.textContent).toContain('Agressivo');
    expect(card.textContent).toContain('Focinheira');
    expect(card.textContent).toContain('Alergias: Clorexidina');
    expect(card.textContent).toContain('Não fazer: Não cortar as unhas');
    expect(card.textContent).toContain('há 25 min');
    expect(card.textContent).toContain('Baixa parcial');
    expect(card.textContent).toContain('Prioridade urgente');
    expect(card.textContent).toContain('Shih-tzu · Pequeno');
    expect(card.textContent).toContain('09:00–10:00 · Box 1 · Joana Tosadora');
    expect(screen.getByRole('link', { name: /\(11\) 98765-4321/ }).getAttribute('href')).toBe('tel:11987654321');
  });

  it('shows no alert badge for a calm pet, and the time follows the clock', () => {
    const { card, rerender } = renderCard(atendimentoFixture({ statusFinanceiro: 'Baixada' }));
    expect(card.textContent).not.toContain('Agressivo');
    expect(card.textContent).not.toContain('Alergias');
    expect(card.textContent).toContain('Baixada');
    rerender(
      <MantineProvider>
        <Dnd>
          <AtendimentoCard
            atendimento={atendimentoFixture({ statusFinanceiro: 'EmAberto' })}
            agora={new Date('2024-03-09T13:10:00.000Z')}
            podeAbrirPdv={false}
            onMover={vi.fn()}
            onAlterarStatus={vi.fn()}
          />
        </Dnd>
      </MantineProvider>,
    );
    expect(card.textContent).toContain('há 1 h 10 min');
    expect(card.textContent).toContain('Em aberto');
  });

  it('offers Pronto in Finalizado until the status is Pronto, then Entregue', async () => {
    const user = userEvent.setup({ delay: null });
    const { onAlterarStatus, unmount } = renderCard(atendimentoFixture({ atividade: 'Finalizado', status: 'EmAtendimento' }));
    await user.click(screen.getByRole('button', { name: 'Pronto' }));
    expect(onAlterarStatus).toHaveBeenCalledWith('Pronto');
    expect(screen.queryByRole('button', { name: 'Entregue' })).toBeNull();
    unmount();

    const pronto = renderCard(atendimentoFixture({ atividade: 'Finalizado', status: 'Pronto' }));
    expect(screen.queryByRole('button', { name: 'Pronto' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Entregue' }));
    expect(pronto.onAlterarStatus).toHaveBeenCalledWith('Finalizado');
  });

  it('moves through its menu to another column', async () => {
    const user = userEvent.setup({ delay: null });
    const { onMover } = renderCard(atendimentoFixture());
    await user.click(screen.getByRole('button', { name: 'Ações de Rex' }));
    expect(await screen.findByRole('menuitem', { name: 'Não compareceu', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Aguardando', hidden: true })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Banho', hidden: true }));
    expect(onMover).toHaveBeenCalledWith('Banho');
  });
});
