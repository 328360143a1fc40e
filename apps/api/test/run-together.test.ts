/** db/run-together.ts: independent steps of one transaction, awaited together. */
import { describe, expect, it } from 'vitest';
import { DeferredQuery } from '../src/db/deferred-query.ts';
import { runTogether } from '../src/db/run-together.ts';

const depois = <T>(ms: number, valor: T) => new Promise<T>((resolve) => setTimeout(() => resolve(valor), ms));
const falhaDepois = (ms: number, erro: unknown) => new Promise<never>((_, reject) => setTimeout(() => reject(erro), ms));
const abortada = Object.assign(new Error('Failed query'), { cause: { code: '25P02' } });

describe('runTogether', () => {
  it('answers every result in order', async () => {
    expect(await runTogether(depois(20, 'a'), depois(1, 2), Promise.resolve(null))).toEqual(['a', 2, null]);
  });

  it('waits for every step to end before throwing', async () => {
    let terminou = false;
    const lento = depois(30, 'x').then((v) => {
      terminou = true;
      return v;
    });
    await expect(runTogether(falhaDepois(1, new Error('primeiro')), lento)).rejects.toThrow('primeiro');
    expect(terminou).toBe(true);
  });

  it('throws the first failure in order that is not "current transaction is aborted" (25P02)', async () => {
    const causa = new Error('Estoque insuficiente');
    await expect(runTogether(falhaDepois(1, new Error('um')), falhaDepois(5, new Error('dois')))).rejects.toThrow('um');
    await expect(runTogether(falhaDepois(5, abortada), falhaDepois(1, causa))).rejects.toBe(causa);
    await expect(runTogether(falhaDepois(1, abortada))).rejects.toBe(abortada);
  });
});

describe('DeferredQuery (db/deferred-query.ts)', () => {
  it('runs when first awaited, once, and in runTogether in the order given', async () => {
    const ordem: string[] = [];
    const consulta = (nome: string) =>
      new DeferredQuery(async () => {
        ordem.push(nome);
        return nome;
      });
    const a = consulta('a');
    const b = consulta('b');
    expect(ordem).toEqual([]);
    expect(await runTogether(b, a)).toEqual(['b', 'a']);
    expect(ordem).toEqual(['b', 'a']);
    expect(await a).toBe('a');
    expect(ordem).toEqual(['b', 'a']);
    await expect(
      new DeferredQuery(() => Promise.reject(new Error('falhou'))).catch((e: unknown) => (e as Error).message),
    ).resolves.toBe('falhou');
  });
});
