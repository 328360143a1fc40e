import { describe, expect, it } from 'vitest';
import { formatMeses, idadePessoa, idadePet, mesesEntre } from './idade.ts';

describe('ages', () => {
  it('counts whole months, the day of the month included', () => {
    expect(mesesEntre('2020-03-15', '2024-03-15')).toBe(48);
    expect(mesesEntre('2020-03-15', '2024-03-14')).toBe(47);
    expect(mesesEntre('2024-03-15', '2024-03-01')).toBeNull();
  });

  it('writes years and months in Portuguese', () => {
    expect(formatMeses(0)).toBe('menos de 1 mês');
    expect(formatMeses(1)).toBe('1 mês');
    expect(formatMeses(5)).toBe('5 meses');
    expect(formatMeses(12)).toBe('1 ano');
    expect(formatMeses(25)).toBe('2 anos e 1 mês');
    expect(formatMeses(26)).toBe('2 anos e 2 meses');
  });

  it('gives a person years only', () => {
    expect(idadePessoa('1990-06-20', '2024-06-19')).toBe('33 anos');
    expect(idadePessoa('1990-06-20', '2024-06-20')).toBe('34 anos');
    expect(idadePessoa(null, '2024-06-20')).toBe('');
  });

  it('gives a pet its age from the birth date, the estimate, or up to its death', () => {
    const base = { dataNascimento: null, idadeEstimadaMeses: null, createdAt: '2024-01-10T10:00:00-03:00', dataObito: null };
    expect(idadePet({ ...base, dataNascimento: '2023-01-10' }, '2024-03-10')).toBe('1 ano e 2 meses');
    expect(idadePet({ ...base, idadeEstimadaMeses: 24 }, '2024-07-10')).toBe('cerca de 2 anos e 6 meses');
    expect(idadePet({ ...base, dataNascimento: '2010-01-10', dataObito: '2022-01-10' }, '2024-07-10')).toBe('12 anos');
    expect(idadePet(base, '2024-07-10')).toBe('');
  });
});
