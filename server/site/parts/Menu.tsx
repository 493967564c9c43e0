import type { SiteText } from '../text.js';
import type { MenuItem } from '../types.js';

/** The site's menu tree (the settings page's), its links already paths in the page's language. */
export function Menu({ items, current, t }: { items: readonly MenuItem[]; current: string; t: SiteText }) {
  if (!items.length) return null;
  return (
    <nav className="menu" aria-label={t.mainMenu}>
      <Items items={items} current={current} />
    </nav>
  );
}

function Items({ items, current }: { items: readonly MenuItem[]; current: string }) {
  return (
    <ul>
      {items.map((item, i) => (
        <li key={i}>
          <Link item={item} current={current} />
          {item.children?.length ? <Items items={item.children} current={current} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Link({ item, current }: { item: MenuItem; current: string }) {
  if (item.path) {
    return (
      <a href={item.path} aria-current={samePath(item.path, current) ? 'page' : undefined}>
        {item.label}
      </a>
    );
  }
  if (item.url) {
    const external = item.new_tab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
    return (
      <a href={item.url} {...external}>
        {item.label}
      </a>
    );
  }
  return <span>{item.label}</span>;
}

const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
const samePath = (a: string, b: string) => trim(a) === trim(b);
