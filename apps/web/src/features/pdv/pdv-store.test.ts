/**
 * The till's store: one movement at a time, a backup of what was replaced, localStorage under a
 * 'pdv' key (cleared by the unit switch), and records of an older shape dropped, not trusted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PDV_STORAGE_KEY, usePdvStore } from './pdv-store.ts';
import { adicionarProduto, novoRegistro } from './registro.ts';
import { clearPointOfSaleState } from '#lib/session/clear-app-state.ts';

const produto = {
  id: 'p1',
  nome: 'Bola',
  codigo: null,
  codigoBarras: '789',
  precoVenda: 12.5,
  unidadeMedida: { sigla: 'UN', permiteVendaFracionada: false },
  tipo: 'produto' as const,
  controlaEstoque: true,
  estoque: null,
};

describe('pdv store', () => {
  beforeEach(() => usePdvStore.getState().reset());

  it('keeps the movement in localStorage under a pdv key that the unit switch clears', () => {
    const atual = usePdvStore.getState().garantirAtual();
    const r = adicionarProduto(atual, produto);
    if (!r.ok) throw new Error(r.erro);
    usePdvStore.getState().salvar(r.registro);
    expect(PDV_STORAGE_KEY.startsWith('pdv')).toBe(true);
    const salvo = JSON.parse(localStorage.getItem(PDV_STORAGE_KEY) ?? '{}') as { state: { atualId: string } };
    expect(salvo.state.atualId).toBe(atual.id);
    expect(usePdvStore.getState().garantirAtual().itens).toHaveLength(1);
    clearPointOfSaleState();
    expect(localStorage.getItem(PDV_STORAGE_KEY)).toBeNull();
  });

  it('keeps a replaced movement with items as the backup and brings it back', () => {
    const atual = usePdvStore.getState().garantirAtual();
    const r = adicionarProduto(atual, produto);
    if (!r.ok) throw new Error(r.erro);
    usePdvStore.getState().salvar(r.registro);
    const novo = usePdvStore.getState().novoAtual();
    expect(novo.id).not.toBe(atual.id);
    expect(usePdvStore.getState().backup?.id).toBe(atual.id);
    // An empty movement replaced does not overwrite the backup.
    usePdvStore.getState().novoAtual();
    expect(usePdvStore.getState().backup?.id).toBe(atual.id);
    const restaurado = usePdvStore.getState().restaurarBackup();
    expect(restaurado?.id).toBe(atual.id);
    expect(usePdvStore.getState().atualId).toBe(atual.id);
    expect(usePdvStore.getState().garantirAtual().itens).toHaveLength(1);
  });

  it('drops persisted records that do not fit the record shape', async () => {
    const bom = novoRegistro();
    localStorage.setItem(
      PDV_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          registros: { [bom.id]: bom, velho: { id: 'velho', itens: 'x' } },
          atualId: 'velho',
          backup: { lixo: 1 },
          caixaId: 7,
        },
      }),
    );
    await usePdvStore.persist.rehydrate();
    const s = usePdvStore.getState();
    expect(Object.keys(s.registros)).toEqual([bom.id]);
    expect(s.atualId).toBeNull();
    expect(s.backup).toBeNull();
    expect(s.caixaId).toBeNull();
  });
});
