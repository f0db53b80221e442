/**
 * The product editor's long description (issue 36 §1): TipTap (ProseMirror) with a small toolbar — bold, italic,
 * headings, bulleted and numbered lists, link — writing HTML that the API sanitises on save as imports are
 * (`sanitizeDescription`). Loaded lazily by the editor page (`React.lazy`), so neither the shop nor the rest of the
 * back office downloads it.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The id of the editable area (a label points at it with aria-labelledby). */
  id: string;
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  value: string;
  onChange: (html: string) => void;
}

function ToolbarButton({
  editor,
  label,
  active,
  onClick,
}: {
  editor: Editor;
  label: string;
  active: boolean;
  onClick: (e: Editor) => void;
}) {
  return (
    <button
      type="button"
      className="admin-rich-text__button"
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onClick(editor)}
    >
      {label}
    </button>
  );
}

function Toolbar({ editor, controls }: { editor: Editor; controls: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  return (
    <div className="admin-rich-text__toolbar" role="toolbar" aria-label="Formatting" aria-controls={controls}>
      <ToolbarButton
        editor={editor}
        label="Bold"
        active={state.bold}
        onClick={(e) => e.chain().focus().toggleBold().run()}
      />
      <ToolbarButton
        editor={editor}
        label="Italic"
        active={state.italic}
        onClick={(e) => e.chain().focus().toggleItalic().run()}
      />
      <ToolbarButton
        editor={editor}
        label="Heading"
        active={state.h2}
        onClick={(e) => e.chain().focus().toggleHeading({ level: 2 }).run()}
      />
      <ToolbarButton
        editor={editor}
        label="Subheading"
        active={state.h3}
        onClick={(e) => e.chain().focus().toggleHeading({ level: 3 }).run()}
      />
      <ToolbarButton
        editor={editor}
        label="Bulleted list"
        active={state.bullets}
        onClick={(e) => e.chain().focus().toggleBulletList().run()}
      />
      <ToolbarButton
        editor={editor}
        label="Numbered list"
        active={state.numbers}
        onClick={(e) => e.chain().focus().toggleOrderedList().run()}
      />
      <ToolbarButton
        editor={editor}
        label="Link"
        active={state.link}
        onClick={(e) => {
          if (e.isActive('link')) {
            e.chain().focus().unsetLink().run();
            return;
          }
          const href = window.prompt('Link address (https://…)')?.trim();
          if (href) e.chain().focus().extendMarkRange('link').setLink({ href }).run();
        }}
      />
    </div>
  );
}

export default function RichTextEditor({
  id,
  labelId,
  describedBy,
  invalid,
  value,
  onChange,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The product page owns the h1; descriptions keep h2-h4 (the sanitiser's rule).
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-invalid': invalid ? 'true' : 'false',
        class: 'admin-rich-text__content',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div className="admin-rich-text">
      {editor && <Toolbar editor={editor} controls={id} />}
      <EditorContent editor={editor} />
    </div>
  );
}
