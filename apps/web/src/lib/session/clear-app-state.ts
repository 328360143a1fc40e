/**
 * Stores that keep client state outside TanStack Query register a reset here, so that logout
 * ("clears all stored state", spec §4) reaches their in-memory copies too, not only the
 * persisted ones.
 */
const resets = new Set<() => void>();

/** Registers a reset callback; returns a function that unregisters it. */
export const registerStateReset = (reset: () => void): (() => void) => {
  resets.add(reset);
  return () => resets.delete(reset);
};

/** Runs every registered reset. */
export const resetRegisteredState = (): void => {
  for (const reset of resets) reset();
};

/** Removes the point-of-sale state (localStorage keys starting with 'pdv') and the tab's sessionStorage. */
export const clearPointOfSaleState = (): void => {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key?.toLowerCase().startsWith('pdv')) keys.push(key);
  }
  for (const key of keys) localStorage.removeItem(key);
  sessionStorage.clear();
};
