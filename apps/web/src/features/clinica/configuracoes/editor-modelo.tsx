/**
 * The rich-text editor of a document or prescription template (issue #19 item 5): Mantine's
 * tiptap RichTextEditor (StarterKit, Link, alignment) with a pt-BR toolbar — bold, italic,
 * underline, strike, H1–H3, lists, blockquote, rule, link, alignment, undo/redo — and the "Variáveis"
 * menu, grouped as VARIAVEIS_MODELO, that inserts `{{chave}}` at the cursor. The content is
 * labelled and described (hint and error) for screen readers; Tab leaves it, the toolbar's
 * buttons are reachable by keyboard. Its value is the editor's HTML ('' when empty).
 */
import { Button, Code, Input, Menu, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { VARIAVEIS_MODELO } from '@petshop/shared/clinica';
import { IconBraces, IconChevronDown } from '@tabler/icons-react';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, type ReactNode } from 'react';
import { AlinhamentoTexto } from './alinhamento-texto.ts';

/** The toolbar's names in Portuguese (aria-label and tooltip of each control). */
export const ROTULOS_EDITOR: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrito',
  italicControlLabel: 'Itálico',
  underlineControlLabel: 'Sublinhado',
  strikeControlLabel: 'Tachado',
  h1ControlLabel: 'Título 1',
  h2ControlLabel: 'Título 2',
  h3ControlLabel: 'Título 3',
  bulletListControlLabel: 'Lista com marcadores',
  orderedListControlLabel: 'Lista numerada',
  blockquoteControlLabel: 'Citação',
  hrControlLabel: 'Linha horizontal',
  alignLeftControlLabel: 'Alinhar à esquerda',
  alignCenterControlLabel: 'Centralizar',
  alignRightControlLabel: 'Alinhar à direita',
  undoControlLabel: 'Desfazer',
  redoControlLabel: 'Refazer',
  linkControlLabel: 'Link',
  unlinkControlLabel: 'Remover link',
  linkEditorInputLabel: 'Endereço do link',
  linkEditorInputPlaceholder: 'https://exemplo.com.br',
  linkEditorExternalLink: 'Abrir em nova aba',
  linkEditorInternalLink: 'Abrir na mesma aba',
  linkEditorSave: 'Salvar',
};

/** VARIAVEIS_MODELO by its `grupo`, in the contract's order. */
export const GRUPOS_VARIAVEIS = VARIAVEIS_MODELO.reduce<{ grupo: string; variaveis: (typeof VARIAVEIS_MODELO)[number][] }[]>(
  (grupos, variavel) => {
    const grupo = grupos.find((g) => g.grupo === variavel.grupo);
    if (grupo) grupo.variaveis.push(variavel);
    else grupos.push({ grupo: variavel.grupo, variaveis: [variavel] });
    return grupos;
  },
  [],
);

/** Writes `{{chave}}` where the cursor was (the selection, if any, is replaced). */
export const inserirVariavel = (editor: Editor, chave: string) => editor.chain().focus().insertContent(`{{${chave}}}`).run();

type EditorModeloProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
};

export function EditorModelo({ label, value, onChange, description, error, required }: EditorModeloProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, AlinhamentoTexto],
    content: value,
    // Rendered on mount: the form's first paint already has the editor (no flash, tests see it).
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  const describedBy = error ? `${descriptionId} ${errorId}` : descriptionId;
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          'aria-describedby': describedBy,
          'aria-invalid': error ? 'true' : 'false',
          ...(required ? { 'aria-required': 'true' } : {}),
        },
      },
    });
  }, [editor, labelId, describedBy, error, required]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, onClick: () => editor.commands.focus() }}
      required={required}
      description={description ?? 'Use "Variáveis" para inserir dados do tutor, do pet, da unidade e do veterinário.'}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        labels={ROTULOS_EDITOR}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.AlignLeft />
            <RichTextEditor.AlignCenter />
            <RichTextEditor.AlignRight />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
          <VariaveisMenu onPick={(chave) => inserirVariavel(editor, chave)} />
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={280} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

/** "Variáveis": the template's variables by group; picking one calls `onPick` with its key. */
function VariaveisMenu({ onPick }: { onPick: (chave: string) => void }) {
  const grupos = useMemo(() => GRUPOS_VARIAVEIS, []);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={320}>
      <Menu.Target>
        <Button
          variant="light"
          size="compact-sm"
          ml="auto"
          leftSection={<IconBraces size={14} />}
          rightSection={<IconChevronDown size={14} />}
        >
          Variáveis
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={380} style={{ overflowY: 'auto' }} aria-label="Variáveis do modelo">
        {grupos.map(({ grupo, variaveis }) => (
          <div key={grupo} role="group" aria-label={grupo}>
            <Menu.Label>{grupo}</Menu.Label>
            {variaveis.map((v) => (
              <Menu.Item key={v.chave} onClick={() => onPick(v.chave)} rightSection={<Code fz="xs">{`{{${v.chave}}}`}</Code>}>
                <Text size="sm">{v.rotulo}</Text>
              </Menu.Item>
            ))}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
