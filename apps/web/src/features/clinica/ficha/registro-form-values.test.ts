/** The record form's body per kind: only the kind's fields, the date joined, empty values left out. */
import { describe, expect, it } from 'vitest';
import { registroFormSchema, registroVazio, referenciasDaEspecie, type RegistroFormValues } from './registro-form-values.ts';

const PET = '0b0e1c2d-3f40-4a51-8b62-7c8d9eaf0b1c';
const vazio = (tipo: RegistroFormValues['tipo']) => registroVazio(PET, '2026-11-27T09:30', tipo);

describe('record form body', () => {
  it('sends a consultation with its exame físico and without the other kinds’ fields', () => {
    const values: RegistroFormValues = {
      ...vazio('consulta'),
      anamnese: 'Vômito há 2 dias',
      exameFisico: { ...vazio('consulta').exameFisico, peso: 12.5, temperatura: 39.4, mucosas: 'normocoradas' },
      diagnostico: 'Gastrite',
      conduta: 'Dieta leve',
      // Typed in another kind before switching: not sent.
      descricao: 'esquecido',
      peso: 3,
    };
    expect(registroFormSchema.parse(values)).toEqual({
      petId: PET,
      tipo: 'consulta',
      data: '2026-11-27T09:30',
      anamnese: 'Vômito há 2 dias',
      exameFisico: { peso: 12.5, temperatura: 39.4, mucosas: 'normocoradas' },
      diagnostico: 'Gastrite',
      conduta: 'Dieta leve',
    });
  });

  it('leaves an untouched exame físico out', () => {
    expect(registroFormSchema.parse({ ...vazio('retorno'), anamnese: 'Melhorou' })).toEqual({
      petId: PET,
      tipo: 'retorno',
      data: '2026-11-27T09:30',
      anamnese: 'Melhorou',
    });
  });

  it('sends hospitalisation as evolução and exame físico', () => {
    const values = {
      ...vazio('internacao'),
      evolucao: 'Estável',
      conduta: 'não vai',
      exameFisico: { ...vazio('internacao').exameFisico, tpc: 2 },
    };
    expect(registroFormSchema.parse(values)).toEqual({
      petId: PET,
      tipo: 'internacao',
      data: '2026-11-27T09:30',
      evolucao: 'Estável',
      exameFisico: { tpc: 2 },
    });
  });

  it('sends a weight alone and requires it', () => {
    expect(registroFormSchema.parse({ ...vazio('peso'), peso: 8.25, anamnese: 'x' })).toEqual({
      petId: PET,
      tipo: 'peso',
      data: '2026-11-27T09:30',
      peso: 8.25,
    });
    const semPeso = registroFormSchema.safeParse(vazio('peso'));
    expect(semPeso.success).toBe(false);
    expect(semPeso.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['peso', 'Informe o peso']]);
  });

  it('sends exam, procedure and note as title and description, and the removed attachments', () => {
    const values = {
      ...vazio('exame'),
      titulo: 'Hemograma',
      descricao: 'Sem alterações',
      anexosRemovidos: ['8f1c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'],
    };
    expect(registroFormSchema.parse(values)).toEqual({
      petId: PET,
      tipo: 'exame',
      data: '2026-11-27T09:30',
      titulo: 'Hemograma',
      descricao: 'Sem alterações',
      anexosRemovidos: ['8f1c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b'],
    });
  });

  it('refuses out-of-range values with the contract’s messages, and an incomplete date', () => {
    const values = {
      ...vazio('consulta'),
      hora: '',
      exameFisico: { ...vazio('consulta').exameFisico, temperatura: 50, peso: Number.NaN },
    };
    const result = registroFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    const erros = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(erros).toMatchObject({
      data: 'Data inválida',
      'exameFisico.temperatura': 'Temperatura deve estar entre 25 e 45 °C',
      'exameFisico.peso': expect.stringContaining('Peso') as unknown,
    });
  });

  it('gives dogs’ and cats’ reference values by the species name', () => {
    expect(referenciasDaEspecie('Canina')?.temperatura).toBe('37,5–39,2 °C');
    expect(referenciasDaEspecie('Cão')?.temperatura).toBe('37,5–39,2 °C');
    expect(referenciasDaEspecie('Felina')?.frequenciaCardiaca).toBe('140–220 bpm');
    expect(referenciasDaEspecie('Ave')).toBeNull();
    expect(referenciasDaEspecie(null)).toBeNull();
  });
});
