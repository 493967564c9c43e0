import { fill, type SiteText } from '../text.js';
import type { ListAnswer } from '../types.js';

/** Previous and next page of a list, as links with `?page=`; nothing when the list has one page. */
export function Pager({ paginator, path, t }: { paginator: ListAnswer['paginator']; path: string; t: SiteText }) {
  const { page, pages, has_next, has_previous } = paginator;
  if (pages <= 1) return null;
  const to = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return (
    <nav className="pager" aria-label={t.pagination}>
      <ul>
        {has_previous ? (
          <li>
            <a href={to(page - 1)} rel="prev">
              {t.previous}
            </a>
          </li>
        ) : null}
        <li aria-current="page">{fill(t.pageOf, { page, pages })}</li>
        {has_next ? (
          <li>
            <a href={to(page + 1)} rel="next">
              {t.next}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
