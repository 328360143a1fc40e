/**
 * Whether a modal dialog is on screen (issue #15 item 1): while one is open only its own keys
 * act, never the till's F-keys. Any Mantine Modal, Drawer or modals-manager confirmation counts
 * (they render `role="dialog"` with `aria-modal`), including ones the till does not own (the
 * app shell's password change).
 *
 * A dialog on its way out (Mantine keeps it mounted for its exit transition, with opacity 0)
 * does not count, so a key pressed right after a dialog closed reaches the till.
 */
export function dialogoAberto(doc: Document = document): boolean {
  return Array.from(doc.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')).some(
    (el) => el.style.opacity !== '0',
  );
}
