/**
 * Text alignment for the template editor: a `textAlign` attribute on paragraphs and headings,
 * written as `style="text-align: …"` (the one style the API's sanitiser keeps), and the
 * `setTextAlign` / `unsetTextAlign` commands @mantine/tiptap's AlignLeft/Center/Right controls
 * call. The few lines of @tiptap/extension-text-align this needs, without another package.
 */
import { Extension } from '@tiptap/react';

export const ALINHAMENTOS = ['left', 'center', 'right'] as const;
export type Alinhamento = (typeof ALINHAMENTOS)[number];

const TIPOS_ALINHAVEIS = ['paragraph', 'heading'];

declare module '@tiptap/core' {
  // Declaration merging (how tiptap types its commands) needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Commands<ReturnType> {
    alinhamentoTexto: {
      /** Aligns the selected paragraphs and headings ('left' clears it: left is the default). */
      setTextAlign: (alinhamento: Alinhamento) => ReturnType;
      unsetTextAlign: () => ReturnType;
    };
  }
}

const lerAlinhamento = (element: HTMLElement): Alinhamento | null => {
  const value = element.style.textAlign;
  return ALINHAMENTOS.some((a) => a === value) ? (value as Alinhamento) : null;
};

export const AlinhamentoTexto = Extension.create({
  name: 'alinhamentoTexto',

  addGlobalAttributes() {
    return [
      {
        types: TIPOS_ALINHAVEIS,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: lerAlinhamento,
            renderHTML: (attributes: { textAlign?: Alinhamento | null }) =>
              attributes.textAlign && attributes.textAlign !== 'left' ? { style: `text-align: ${attributes.textAlign}` } : {},
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      setTextAlign:
        (alinhamento) =>
        ({ commands }) =>
          TIPOS_ALINHAVEIS.map((tipo) =>
            commands.updateAttributes(tipo, { textAlign: alinhamento === 'left' ? null : alinhamento }),
          ).some(Boolean),
      unsetTextAlign:
        () =>
        ({ commands }) =>
          TIPOS_ALINHAVEIS.map((tipo) => commands.resetAttributes(tipo, 'textAlign')).some(Boolean),
    };
  },

  addKeyboardShortcuts() {
    return {
      'Mod-Shift-l': () => this.editor.commands.setTextAlign('left'),
      'Mod-Shift-e': () => this.editor.commands.setTextAlign('center'),
      'Mod-Shift-r': () => this.editor.commands.setTextAlign('right'),
    };
  },
});
