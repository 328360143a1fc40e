import { describe, expect, it } from 'vitest';
import { CLASSES_ABC, CLASSES_ABC_IDS, classeAbc } from './relatorios-abc.ts';

describe('classeAbc (80/15/5 by the cumulative share before the item)', () => {
  it('has the limits 80/15/5', () => {
    expect(CLASSES_ABC.map((c) => [c.classe, c.percentual, c.acumuladoAte])).toEqual([
      ['A', 80, 80],
      ['B', 15, 95],
      ['C', 5, 100],
    ]);
    expect(CLASSES_ABC_IDS).toEqual(['A', 'B', 'C']);
  });

  it('the first item is A, even when it alone is 100 %', () => {
    expect(classeAbc(0)).toBe('A');
    expect(classeAbc(0, 1000)).toBe('A');
  });

  it('A while the share before is below 80 %: the item that crosses 80 % is still A', () => {
    expect(classeAbc(79.99)).toBe('A');
    expect(classeAbc(79.999999)).toBe('A');
    expect(classeAbc(80)).toBe('B');
  });

  it('B while below 95 %, C from 95 %', () => {
    expect(classeAbc(80.01)).toBe('B');
    expect(classeAbc(94.99)).toBe('B');
    expect(classeAbc(95)).toBe('C');
    expect(classeAbc(99.5)).toBe('C');
    expect(classeAbc(100)).toBe('C');
  });

  it('zero or negative revenue is always C', () => {
    expect(classeAbc(0, 0)).toBe('C');
    expect(classeAbc(10, -5.5)).toBe('C');
    expect(classeAbc(50, 0.01)).toBe('A');
  });

  it('a ranking of 60/25/10/5 gives A, A, B, C', () => {
    const valores = [60, 25, 10, 5];
    const total = valores.reduce((s, v) => s + v, 0);
    let antes = 0;
    const classes = valores.map((v) => {
      const c = classeAbc((antes / total) * 100, v);
      antes += v;
      return c;
    });
    // before: 0 % → A; 60 % → A (crosses 80 % to 85 %); 85 % → B; 95 % → C
    expect(classes).toEqual(['A', 'A', 'B', 'C']);
  });
});
