/**
 * What the point-of-sale screen holds (spec §2): the movement (working records, by id), a backup,
 * the open modal, the selected register and the selected item. The list of registers is server
 * state (TanStack Query, `get-caixas-pdv.ts`).
 *
 * Persisted in localStorage under a key starting with 'pdv', so a reload or a crash of the
 * browser loses nothing, and changing the business unit clears it (spec §4,
 * `lib/session/clear-app-state.ts`); logout clears it through `registerStateReset`.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { novoRegistro, registroVendaSchema, temConteudo, type RegistroVenda } from './registro.ts';
import { registerStateReset } from '#lib/session/clear-app-state.ts';

export const PDV_STORAGE_KEY = 'pdv-estado';

/** Records kept at most (the till's own, plus sales opened for editing); the oldest go first. */
const MAX_REGISTROS = 20;

export type ModalPdv =
  'cliente' | 'desconto' | 'frete' | 'pagamento' | 'cancelar' | 'lista' | 'orcamento' | 'abrir-caixa' | 'devolucao' | 'resultado';

type PdvData = {
  /** Working records by id: the till's current movement and sales opened at /vendas/pdv/{id}. */
  registros: Record<string, RegistroVenda>;
  /** Id of the till's current movement (/vendas/pdv/). */
  atualId: string | null;
  /** The last movement replaced or discarded while it still had items, to bring it back. */
  backup: RegistroVenda | null;
  /** The register chosen for the till (a manager may sell on another cashier's open register). */
  caixaId: string | null;
  /** The selected line of each record. */
  itemSelecionado: Record<string, string | null>;
  modal: ModalPdv | null;
};

type PdvState = PdvData & {
  /** The till's movement, created when there is none (spec §4: EmAberto, Venda, em atendimento). */
  garantirAtual: () => RegistroVenda;
  /** Stores a record (after any change). */
  salvar: (registro: RegistroVenda) => void;
  /** Starts a fresh movement on the till; the old one becomes the backup when it had content. */
  novoAtual: (tipo?: RegistroVenda['tipo']) => RegistroVenda;
  /** Forgets a record (finalised, cancelled); keeps it as backup when asked. */
  remover: (id: string, comoBackup?: boolean) => void;
  /** Puts the backup back as the till's movement. */
  restaurarBackup: () => RegistroVenda | null;
  setCaixaId: (id: string | null) => void;
  selecionarItem: (registroId: string, itemId: string | null) => void;
  setModal: (modal: ModalPdv | null) => void;
  reset: () => void;
};

const EMPTY: PdvData = { registros: {}, atualId: null, backup: null, caixaId: null, itemSelecionado: {}, modal: null };

/** Keeps the newest MAX_REGISTROS records, never dropping the till's own. */
const podar = (registros: Record<string, RegistroVenda>, atualId: string | null): Record<string, RegistroVenda> => {
  const lista = Object.values(registros);
  if (lista.length <= MAX_REGISTROS) return registros;
  const manter = lista
    .filter((r) => r.id !== atualId)
    .sort((a, b) => b.alteradoEm.localeCompare(a.alteradoEm))
    .slice(0, MAX_REGISTROS - 1)
    .map((r) => r.id);
  return Object.fromEntries(lista.filter((r) => r.id === atualId || manter.includes(r.id)).map((r) => [r.id, r]));
};

export const usePdvStore = create<PdvState>()(
  persist(
    (set, get) => ({
      ...EMPTY,
      garantirAtual: () => {
        const { atualId, registros } = get();
        const atual = atualId ? registros[atualId] : undefined;
        if (atual) return atual;
        const novo = novoRegistro();
        set({ atualId: novo.id, registros: { ...registros, [novo.id]: novo } });
        return novo;
      },
      salvar: (registro) => set((s) => ({ registros: podar({ ...s.registros, [registro.id]: registro }, s.atualId) })),
      novoAtual: (tipo = 'Venda') => {
        const novo = novoRegistro(tipo);
        set((s) => {
          const anterior = s.atualId ? s.registros[s.atualId] : undefined;
          const registros = { ...s.registros, [novo.id]: novo };
          if (anterior) delete registros[anterior.id];
          return {
            atualId: novo.id,
            registros,
            backup: anterior && temConteudo(anterior) && anterior.status === 'EmAberto' ? anterior : s.backup,
          };
        });
        return novo;
      },
      remover: (id, comoBackup = false) =>
        set((s) => {
          const registros = { ...s.registros };
          const registro = registros[id];
          delete registros[id];
          const itemSelecionado = { ...s.itemSelecionado };
          delete itemSelecionado[id];
          return {
            registros,
            itemSelecionado,
            atualId: s.atualId === id ? null : s.atualId,
            backup: comoBackup && registro && temConteudo(registro) ? registro : s.backup,
          };
        }),
      restaurarBackup: () => {
        const { backup } = get();
        if (!backup) return null;
        set((s) => {
          const registros = { ...s.registros };
          const atual = s.atualId ? registros[s.atualId] : undefined;
          // The movement in its place goes to the backup only when it had anything in it.
          if (atual) delete registros[atual.id];
          return {
            registros: { ...registros, [backup.id]: backup },
            atualId: backup.id,
            backup: atual && temConteudo(atual) ? atual : null,
          };
        });
        return backup;
      },
      setCaixaId: (caixaId) => set({ caixaId }),
      selecionarItem: (registroId, itemId) => set((s) => ({ itemSelecionado: { ...s.itemSelecionado, [registroId]: itemId } })),
      setModal: (modal) => set({ modal }),
      reset: () => set(EMPTY),
    }),
    {
      name: PDV_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ registros, atualId, backup, caixaId, itemSelecionado }) => ({
        registros,
        atualId,
        backup,
        caixaId,
        itemSelecionado,
      }),
      // A record that no longer fits the shape (an older version of the app) is dropped, not trusted.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<PdvData>;
        const registros = Object.fromEntries(
          Object.entries(p.registros ?? {}).flatMap(([id, r]) => {
            const ok = registroVendaSchema.safeParse(r);
            return ok.success ? [[id, ok.data]] : [];
          }),
        );
        const backup = p.backup ? registroVendaSchema.safeParse(p.backup) : null;
        return {
          ...current,
          registros,
          atualId: p.atualId && registros[p.atualId] ? p.atualId : null,
          backup: backup?.success ? backup.data : null,
          caixaId: typeof p.caixaId === 'string' ? p.caixaId : null,
          itemSelecionado: p.itemSelecionado ?? {},
        };
      },
    },
  ),
);

registerStateReset(() => usePdvStore.getState().reset());
