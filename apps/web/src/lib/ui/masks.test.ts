import { describe, expect, it } from 'vitest';
import { maskCep, maskCnpj, maskCpf, maskCpfCnpj, maskData, maskTelefone } from './masks.ts';

describe('input masks', () => {
  it('format documents progressively while typing', () => {
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-2599')).toBe('529.982.247-25');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('')).toBe('');
  });

  it('tells landlines from mobiles by the digit count', () => {
    expect(maskTelefone('1133334444')).toBe('(11) 3333-4444');
    expect(maskTelefone('11987654321')).toBe('(11) 98765-4321');
    expect(maskTelefone('11')).toBe('(11');
  });

  it('switches from CPF to CNPJ as the 12th digit is typed', () => {
    expect(maskCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(maskCpfCnpj('529.982.247-251')).toBe('52.998.224/7251');
    expect(maskCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('masks dates as dd/mm/aaaa', () => {
    expect(maskData('1503')).toBe('15/03');
    expect(maskData('15031990')).toBe('15/03/1990');
    expect(maskData('15/03/19901')).toBe('15/03/1990');
  });
});
