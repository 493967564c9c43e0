import type { Block } from '../types.js';
import { Picture } from './Picture.js';
import { RichText } from './RichText.js';

/** A page's content blocks, in order, each a section under its own heading. */
export function Blocks({ blocks }: { blocks: readonly Block[] | undefined }) {
  if (!blocks?.length) return null;
  return (
    <div className="blocks">
      {blocks.map((b, i) => (
        <section key={i} aria-labelledby={`block-${i}`}>
          <h2 id={`block-${i}`}>{b.title}</h2>
          <Picture media={b.image} />
          <RichText html={b.text} />
          {b.link_url && b.link_label ? (
            <p>
              <a href={b.link_url}>{b.link_label}</a>
            </p>
          ) : null}
        </section>
      ))}
    </div>
  );
}
