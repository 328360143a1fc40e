/** The record's local time → UTC and the attachments' type by content (salvar-registro.ts). */
import { describe, expect, it } from 'vitest';
import { instanteLocal, tipoDoConteudo } from './salvar-registro.ts';

describe('instanteLocal', () => {
  it('reads the wall clock of the unit’s zone', () => {
    expect(instanteLocal('2025-03-10T14:30', 'America/Sao_Paulo').toISOString()).toBe('2025-03-10T17:30:00.000Z');
    expect(instanteLocal('2025-03-10T23:30', 'America/Manaus').toISOString()).toBe('2025-03-11T03:30:00.000Z');
    expect(instanteLocal('2025-07-01T09:00', 'America/Noronha').toISOString()).toBe('2025-07-01T11:00:00.000Z');
  });

  it('follows daylight saving: summer time of old Brazilian dates, a skipped hour moves forward', () => {
    // São Paulo kept DST until 2019: January 2018 was UTC−2.
    expect(instanteLocal('2018-01-15T10:00', 'America/Sao_Paulo').toISOString()).toBe('2018-01-15T12:00:00.000Z');
    // 4 Nov 2018 00:00 → 01:00 in São Paulo: 00:30 did not exist, it is read as 01:30 (UTC−2).
    expect(instanteLocal('2018-11-04T00:30', 'America/Sao_Paulo').toISOString()).toBe('2018-11-04T03:30:00.000Z');
    // The hour repeated when DST ended (17 Feb 2018 midnight → 23:00) is the first one.
    expect(instanteLocal('2018-02-17T23:30', 'America/Sao_Paulo').toISOString()).toBe('2018-02-18T01:30:00.000Z');
    expect(instanteLocal('2025-03-09T02:30', 'America/New_York').toISOString()).toBe('2025-03-09T07:30:00.000Z');
  });

  it('refuses impossible dates and times with a 400 on `data`', () => {
    for (const local of ['2025-02-29T10:00', '2025-13-01T10:00', '2025-01-01T24:00', '2025-01-01T10:60']) {
      expect(() => instanteLocal(local, 'America/Sao_Paulo'), local).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });
});

describe('tipoDoConteudo', () => {
  it('knows PDF, PNG, JPEG and WebP by their first bytes, nothing else', () => {
    expect(tipoDoConteudo(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(tipoDoConteudo(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(tipoDoConteudo(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(tipoDoConteudo(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('image/webp');
    expect(tipoDoConteudo(Buffer.from('MZ\x90\x00'))).toBeNull();
    expect(tipoDoConteudo(Buffer.from('GIF89a'))).toBeNull();
    expect(tipoDoConteudo(Buffer.from('<html><script>'))).toBeNull();
    expect(tipoDoConteudo(Buffer.alloc(0))).toBeNull();
  });
});
