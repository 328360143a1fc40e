/** jsdom lacks a few browser APIs Mantine uses; tests clean up the DOM and storages. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadHttp } from '#lib/http/http.ts';
import { carregarNotificacoes } from '#lib/notify.ts';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
// Mantine 9's autosize Textarea listens for web fonts loading on document.fonts (absent in jsdom).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The app loads axios and Mantine's notifications on first use (issue #22 item 8; every page but
// the login pages starts loading the client at once): screens' tests start with both loaded, as
// before. http-adiado.test.ts and app-providers.test.tsx check the loading on first use itself.
beforeAll(async () => {
  await Promise.all([preloadHttp(), carregarNotificacoes()]);
});
