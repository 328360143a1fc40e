import { describe, expect, it } from 'vitest';
import { addDays, addMonths, vencimentosPagamento } from './venda.ts';

describe('addDays / addMonths', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2024-01-31', 1)).toBe('2024-02-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-03-01', -1)).toBe('2023-02-28');
  });

  it('keeps the day or moves it to the last day of a shorter month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-01-31', 2)).toBe('2024-03-31');
    expect(addMonths('2024-11-15', 3)).toBe('2025-02-15');
    expect(addMonths('2024-05-10', 0)).toBe('2024-05-10');
  });
});

describe('vencimentosPagamento', () => {
  it('credit card and boleto: D+N then 30 days apart; PIX and debit: D+N', () => {
    expect(vencimentosPagamento('cartao_credito', '2024-01-10', 3, 30)).toEqual(['2024-02-09', '2024-03-10', '2024-04-09']);
    expect(vencimentosPagamento('boleto', '2024-01-10', 2, 2)).toEqual(['2024-01-12', '2024-02-11']);
    expect(vencimentosPagamento('cartao_debito', '2024-01-10', 1, 1)).toEqual(['2024-01-11']);
    expect(vencimentosPagamento('pix', '2024-01-10', 1, 0)).toEqual(['2024-01-10']);
  });

  it('a prazo: from the first due date (default today + 30) one month apart', () => {
    expect(vencimentosPagamento('a_prazo', '2024-01-10', 3, 30, '2024-01-31')).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
    ]);
    expect(vencimentosPagamento('a_prazo', '2024-01-10', 2, 0)).toEqual(['2024-02-09', '2024-03-09']);
  });
});
