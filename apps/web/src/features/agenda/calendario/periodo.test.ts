import type { AgendaConfiguracoes, Eventos } from '@petshop/shared/agenda';
import { describe, expect, it } from 'vitest';
import {
  daSchedule,
  deslocarData,
  horasVisiveis,
  paraSchedule,
  periodoDaVisao,
  recursoDoDrop,
  recursosDoAgrupamento,
  SEM_RECURSO,
} from './periodo.ts';

const config = (over: Partial<AgendaConfiguracoes> = {}): AgendaConfiguracoes => ({
  horarios: [0, 1, 2, 3, 4, 5, 6].map((d) => ({
    diaSemana: d,
    aberto: d !== 0,
    abre: d === 6 ? '09:00' : '08:30',
    fecha: d === 6 ? '13:00' : '18:00',
  })),
  intervaloMinutos: 30,
  petsPorProfissional: 1,
  petsPorBox: 1,
  ...over,
});

describe('periodo do calendário', () => {
  it('a week runs domingo to sábado; the day and the list are the day', () => {
    // 2026-11-25 is a quarta-feira.
    expect(periodoDaVisao('2026-11-25', 'semana')).toEqual({ dataInicio: '2026-11-22', dataFim: '2026-11-28' });
    expect(periodoDaVisao('2026-11-22', 'semana')).toEqual({ dataInicio: '2026-11-22', dataFim: '2026-11-28' });
    expect(periodoDaVisao('2026-11-25', 'dia')).toEqual({ dataInicio: '2026-11-25', dataFim: '2026-11-25' });
    expect(periodoDaVisao('2026-11-25', 'lista')).toEqual({ dataInicio: '2026-11-25', dataFim: '2026-11-25' });
  });

  it('‹ › move by a week in the week view, by a day otherwise, across months', () => {
    expect(deslocarData('2026-11-30', 'dia', 1)).toBe('2026-12-01');
    expect(deslocarData('2026-11-25', 'semana', -1)).toBe('2026-11-18');
    expect(deslocarData('2026-03-01', 'lista', -1)).toBe('2026-02-28');
  });

  it('converts local times to and from the schedule format', () => {
    expect(paraSchedule('2026-11-25T09:30')).toBe('2026-11-25 09:30:00');
    expect(daSchedule('2026-11-25 14:15:00')).toBe('2026-11-25T14:15');
  });

  it('shows the opening hours of the day, in whole hours, widened to the appointments', () => {
    const semana = { dataInicio: '2026-11-22', dataFim: '2026-11-28' };
    expect(horasVisiveis(config(), { dataInicio: '2026-11-28', dataFim: '2026-11-28' }, [])).toEqual({
      startTime: '09:00:00',
      endTime: '13:00:00',
    });
    expect(horasVisiveis(config(), semana, [])).toEqual({ startTime: '08:00:00', endTime: '18:00:00' });
    expect(
      horasVisiveis(config(), { dataInicio: '2026-11-28', dataFim: '2026-11-28' }, [
        { inicio: '2026-11-28T07:15', fim: '2026-11-28T13:40' },
      ]),
    ).toEqual({ startTime: '07:00:00', endTime: '14:00:00' });
    // A closed day (domingo) falls back to the open days; no settings: 08–18.
    expect(horasVisiveis(config(), { dataInicio: '2026-11-22', dataFim: '2026-11-22' }, [])).toEqual({
      startTime: '08:00:00',
      endTime: '18:00:00',
    });
    expect(horasVisiveis(undefined, semana, [{ inicio: '2026-11-23T21:00', fim: '2026-11-23T23:30' }])).toEqual({
      startTime: '08:00:00',
      endTime: '23:59:59',
    });
  });

  it('groups rows by box, room or professional, adding "Sem box" only when needed', () => {
    const base: Pick<Eventos, 'eventos' | 'recursos'> = {
      eventos: [],
      recursos: {
        boxes: [
          { id: 'b1', nome: 'Box 1', ativo: true },
          { id: 'b2', nome: 'Box 2', ativo: false },
        ],
        salas: [{ id: 's1', nome: 'Consultório', ativo: true }],
        profissionais: [{ id: 'u1', nome: 'Ana', perfilId: 'p' }],
      },
    };
    expect(recursosDoAgrupamento(base, 'box')).toEqual([{ id: 'b1', nome: 'Box 1' }]);
    expect(recursosDoAgrupamento(base, 'profissional')).toEqual([{ id: 'u1', nome: 'Ana' }]);
    const comEvento = {
      ...base,
      eventos: [{ boxId: null, salaId: 's1', responsavelId: 'u1' }] as unknown as Eventos['eventos'],
    };
    expect(recursosDoAgrupamento(comEvento, 'box')).toEqual([
      { id: 'b1', nome: 'Box 1' },
      { id: SEM_RECURSO, nome: 'Sem box' },
    ]);
    expect(recursosDoAgrupamento(comEvento, 'sala')).toEqual([{ id: 's1', nome: 'Consultório' }]);
  });

  it('a drop sets only the grouping’s resource (none on the "Sem" row)', () => {
    expect(recursoDoDrop('box', 'b2')).toEqual({ boxId: 'b2' });
    expect(recursoDoDrop('sala', SEM_RECURSO)).toEqual({ salaId: null });
    expect(recursoDoDrop('profissional', 'u1')).toEqual({ responsavelId: 'u1' });
    expect(recursoDoDrop('box', undefined)).toEqual({});
  });
});
