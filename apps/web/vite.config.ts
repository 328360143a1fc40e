import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Compresses the built files once, at build time (issue #22 item 8): next to every text file
 * of the output folder over 1 KB, `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip,
 * level 9), each only when smaller than the file. The API serves them with @fastify/static's
 * `preCompressed` (apps/api/src/plugins/web.ts) by the request's `accept-encoding`.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'petshop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          if (data.length <= 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: 9 }),
          ]);
          if (br.length < data.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/** The contract modules of packages/shared (not their tests). */
const SHARED_SRC = /[\\/]packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * Lets the bundler drop the top-level schemas of a packages/shared module that nothing uses
 * (issue #22 item 8). A route's search params take one enum from a contract module
 * ('@petshop/shared/venda'); the bundler kept every other zod schema of that module
 * (`z.object({…}).refine(…)` is a call it cannot prove side-effect free), ~75 KB of the entry
 * chunk. Each top-level `const X = <call or member chain>` of those modules becomes
 * `const X = /* @__PURE__ *\/ (() => <same>)()`: evaluated at the same place and moment, but
 * dropped when X is unused. Statements (zod-pt.ts's `z.config(…)`) are left as they are.
 */
function sharedSchemasPuros(): Plugin {
  return {
    name: 'petshop:shared-schemas-puros',
    apply: 'build',
    transform: {
      order: 'post',
      filter: { id: SHARED_SRC },
      handler(code) {
        const program = this.parse(code) as unknown as { body: Node[] };
        const inits: Node[] = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations as Node[]) {
            const init = declarator.init as Node | null;
            if (init && (init.type === 'CallExpression' || init.type === 'MemberExpression' || init.type === 'ChainExpression'))
              inits.push(init);
          }
        }
        if (inits.length === 0) return null;
        let out = '';
        let at = 0;
        for (const init of inits) {
          out += `${code.slice(at, init.start)}/* @__PURE__ */ (() => ${code.slice(init.start, init.end)})()`;
          at = init.end;
        }
        return { code: out + code.slice(at), map: null };
      },
    },
  };
}

/** Routes whose code goes in the entry chunk (see `splitBehavior` below). */
const ROTAS_NA_ENTRADA = new Set<string>(['/_auth', '/_auth/login']);

// The router plugin must come before the React plugin: it generates src/routeTree.gen.ts
// and splits every route file into lazily loaded chunks (spec §2: "All screens load lazily").
export default defineConfig({
  root,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders go with their screen's component (issue #22 item 8): by default the plugin keeps
      // them in the entry chunk, and with them every feature module they import (the entry held
      // charts and half the screens, 1.1 MB of JS before the login form).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
        // The login page and its layout are not split (issue #22 item 8): their code is in the entry
        // chunk, so the form is ready one round trip after the HTML instead of two (on Slow 4G each
        // costs 562.5 ms), and their 6 small files no longer cost ~0.8 KB of headers each.
        splitBehavior: ({ routeId }) => (ROTAS_NA_ENTRADA.has(routeId) ? [['loader']] : undefined),
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    sharedSchemasPuros(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The entry exports nothing: its signature need not be kept (inline common chunks below).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // What the first page needs (the entry's static imports: React, the router, Mantine's
          // provider, the route tree) in one file instead of ~35: on a 560 ms round trip each
          // file costs a request and ~0.8 KB of headers (issue #22 item 8).
          groups: [{ name: 'inicial', tags: ['$initial'] }],
          // Common chunks under 3 KB are copied into the screens that use them instead of being
          // files of their own (the till loaded 88 files, now 39). Needs preserveEntrySignatures
          // false (above) and strict execution order (turned on by rolldown with it).
          experimentalInlineCommonChunks: { maxSize: 3 * 1024 },
        },
      },
    },
  },
});
