import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { RichTextField as RichTextDef } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import MediaPickerDialog from '../media/LazyMediaPickerDialog';
import type { MediaItem } from '../../machines/mediaManager.types';
import type { FieldWidgetProps } from './types';
import { Icon } from '../ui/icons';
import { inputBase, smallButton } from './ui';

// The media library's picker (issue 4), loaded when an image is to be inserted.

/** Tailwind resets headings and lists: give the edited content its look back. */
const CONTENT_CLASS =
  'min-h-40 px-3 py-2 text-sm focus-visible:-outline-offset-2 [&_h2]:mb-2 [&_h2]:mt-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mb-1 [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_p]:my-1.5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-brand-ink [&_a]:underline [&_img]:my-2 [&_img]:max-w-full [&_img]:rounded';

/** TipTap's empty document; stored as '' so an untouched editor is not a change. */
const EMPTY = '<p></p>';
const editorHtml = (e: { getHTML(): string }) => {
  const html = e.getHTML();
  return html === EMPTY ? '' : html;
};

/**
 * A value given from outside and the editor's HTML for it. TipTap normalises what it
 * loads (a paragraph inside each list item, a link's target and rel) and reports an
 * update on its own: showing that document is not an edit, so it gives the value back
 * as it came, and the form stays clean.
 */
interface Loaded {
  value: string;
  html: string;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  // A button showing letters or digits ("H2") is named with them too, so "click H2" works by voice (WCAG 2.5.3).
  const shown = typeof children === 'string' && /[\p{L}\p{N}]/u.test(children) ? children : null;
  return (
    <button
      type="button"
      aria-label={shown ? `${label} (${shown})` : label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`min-w-8 rounded px-2 py-1 text-sm ${active ? 'bg-brand-soft text-ink' : 'text-ink-muted hover:bg-surface-overlay hover:text-ink'} disabled:opacity-40`}
    >
      {children}
    </button>
  );
}

/**
 * Rich text (TipTap, in its own chunk): headings, lists, links, bold and italic, and
 * images from the media library. The server sanitises the HTML against its allow-list.
 */
export default function RichTextField({ name, value, onChange, errors, disabled, id }: FieldWidgetProps<string | null, RichTextDef>) {
  const t = useT();
  const html = value ?? '';
  // Which toolbar popover is open is view state.
  const [panel, setPanel] = useState<'link' | 'image' | null>(null);
  const [href, setHref] = useState('');
  const loaded = useRef<Loaded | null>(null);
  const current = useRef(html);
  current.current = html;
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] } }), Image],
    content: html,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        // A label's `for` cannot name an editable div: it names the editor by reference (FieldFrame's label).
        'aria-labelledby': `${id}-label`,
        'aria-multiline': 'true',
        'aria-invalid': String((errors?.length ?? 0) > 0),
        class: CONTENT_CLASS,
      },
    },
    onCreate: ({ editor: e }) => {
      loaded.current ??= { value: current.current, html: editorHtml(e) };
    },
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e);
      const next = loaded.current && html === loaded.current.html ? loaded.current.value : html;
      if (next !== current.current) onChange(next);
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
      linkHref: (e?.getAttributes('link').href as string | undefined) ?? '',
    }),
  });

  // The value can change from outside (a conflict reload, a restored draft).
  useEffect(() => {
    // StrictMode's second effect pass can meet an editor that useEditor already destroyed.
    if (!editor || editor.isDestroyed) return;
    const shown = editorHtml(editor);
    if (shown === html || (loaded.current?.value === html && loaded.current.html === shown)) return;
    editor.commands.setContent(html, { emitUpdate: false });
    loaded.current = { value: html, html: editorHtml(editor) };
  }, [editor, html]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const applyLink = () => {
    const url = href.trim();
    if (url) chain().extendMarkRange('link').setLink({ href: url }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setPanel(null);
  };
  const insertMedia = (picked: MediaItem[]) => {
    for (const media of picked)
      chain()
        .setImage({ src: media.web_url || media.url, alt: media.alt_text || media.title || '' })
        .run();
  };

  return (
    <div
      className="rounded-md border border-surface-border bg-surface focus-within:border-brand-ink aria-[invalid=true]:border-danger"
      aria-invalid={(errors?.length ?? 0) > 0}
      data-testid={`${name}-editor`}
    >
      <div className="flex flex-wrap items-center gap-0.5 border-b border-surface-border p-1" role="toolbar" aria-label={t('fields.richtext.toolbar')}>
        <ToolButton label={t('fields.richtext.h2')} active={state?.h2} disabled={disabled} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </ToolButton>
        <ToolButton label={t('fields.richtext.h3')} active={state?.h3} disabled={disabled} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          H3
        </ToolButton>
        <ToolButton label={t('fields.richtext.bold')} active={state?.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
          <b>B</b>
        </ToolButton>
        <ToolButton label={t('fields.richtext.italic')} active={state?.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
          <i>I</i>
        </ToolButton>
        <ToolButton label={t('fields.richtext.bulletList')} active={state?.bullet} disabled={disabled} onClick={() => chain().toggleBulletList().run()}>
          •≡
        </ToolButton>
        <ToolButton label={t('fields.richtext.orderedList')} active={state?.ordered} disabled={disabled} onClick={() => chain().toggleOrderedList().run()}>
          1.≡
        </ToolButton>
        <ToolButton
          label={t('fields.richtext.link')}
          active={state?.link}
          disabled={disabled}
          onClick={() => {
            setHref(state?.linkHref ?? '');
            setPanel(panel === 'link' ? null : 'link');
          }}
        >
          <Icon name="link" width={16} height={16} />
        </ToolButton>
        <ToolButton label={t('fields.richtext.image')} disabled={disabled} onClick={() => setPanel(panel === 'image' ? null : 'image')}>
          <Icon name="image" width={16} height={16} />
        </ToolButton>
        <span className="mx-1 h-5 w-px bg-surface-border" aria-hidden="true" />
        <ToolButton label={t('fields.richtext.undo')} disabled={disabled || !editor.can().undo()} onClick={() => chain().undo().run()}>
          <Icon name="undo" width={16} height={16} />
        </ToolButton>
        <ToolButton label={t('fields.richtext.redo')} disabled={disabled || !editor.can().redo()} onClick={() => chain().redo().run()}>
          <Icon name="redo" width={16} height={16} />
        </ToolButton>
      </div>
      {panel === 'link' && (
        <div className="flex flex-wrap items-center gap-2 border-b border-surface-border p-2">
          <input
            type="url"
            aria-label={t('fields.richtext.linkUrl')}
            name={`${name}.link`}
            value={href}
            placeholder="https://"
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
            }}
            className={`${inputBase} w-72 py-1`}
            autoFocus
          />
          <button type="button" className={smallButton} onClick={applyLink}>
            {t('fields.richtext.applyLink')}
          </button>
          {state?.link && (
            <button
              type="button"
              className={smallButton}
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setPanel(null);
              }}
            >
              {t('fields.richtext.removeLink')}
            </button>
          )}
        </div>
      )}
      <MediaPickerDialog
        open={panel === 'image'}
        mode="multi"
        accept="image/*"
        title={t('fields.richtext.image')}
        onClose={() => setPanel(null)}
        onChoose={insertMedia}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
