/**
 * What the clinic's e2e files share (issue #19): the test with its page signed in as the Pet Shop
 * Demo's Matriz vet, on the screen size of the clinic's PCs (1366×768), one page per file.
 */
import type { Page } from 'playwright-core';
import { DEMO_SENHA, it as base, login, newPage } from './support.ts';

export const itVeterinario = base.extend<{ page: Page }>({
  page: [
    async ({ browser }, use) => {
      const page = await newPage(browser, { viewport: { width: 1366, height: 768 } });
      await login(page, 'veterinario@demo.com.br', DEMO_SENHA);
      await use(page);
    },
    { scope: 'file' },
  ],
});
