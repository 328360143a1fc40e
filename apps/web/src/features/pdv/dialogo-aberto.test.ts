/** A modal dialog on screen blocks the till's keys; one on its way out (opacity 0) does not. */
import { afterEach, describe, expect, it } from 'vitest';
import { dialogoAberto } from './dialogo-aberto.ts';

const dialogo = (estilo = '') => {
  const el = document.createElement('section');
  el.setAttribute('role', 'dialog');
  el.setAttribute('aria-modal', 'true');
  el.setAttribute('style', estilo);
  document.body.append(el);
  return el;
};

describe('dialogoAberto', () => {
  afterEach(() => document.body.replaceChildren());

  it('is true while a modal dialog is shown, false without one or while it fades out', () => {
    expect(dialogoAberto()).toBe(false);
    const popover = document.createElement('div');
    popover.setAttribute('role', 'dialog');
    document.body.append(popover);
    // A non-modal popover does not count.
    expect(dialogoAberto()).toBe(false);
    const saindo = dialogo('opacity: 0; transform: scale(0.9)');
    expect(dialogoAberto()).toBe(false);
    dialogo('opacity: 1');
    expect(dialogoAberto()).toBe(true);
    saindo.remove();
    expect(dialogoAberto()).toBe(true);
  });
});
