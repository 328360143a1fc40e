import { describe, expect, it } from 'vitest';
import { maskCep, maskCnpj, maskCpf, maskTelefone } from './masks.ts';

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
});
