import type { Paginator } from '../../entities/paginator.js';
import type { Counted } from './counted.js';

/** The paginator of a count: the page asked for, or the last one when it is past the end. */
export function paginate(counted: Counted, asked: { page: number; size: number }): Paginator {
  const pages = Math.max(1, Math.ceil(counted.count / asked.size));
  const page = Math.min(asked.page, pages);
  const paginator: Paginator = {
    count: counted.count,
    page,
    pages,
    page_size: asked.size,
    has_next: page < pages,
    has_previous: page > 1,
    count_exact: counted.exact,
  };
  return counted.searched === undefined ? paginator : { ...paginator, searched_rows: counted.searched };
}
