/** The last query string of each entity list, so Back from a form returns to the same page, sort and filters. */
const last = new Map<string, string>();

export const rememberListQuery = (path: string, search: string) => void last.set(path, search);

export const listHref = (path: string) => {
  const q = last.get(path);
  return q ? `${path}?${q}` : path;
};
