/** Full-page navigations of the error catalogue, behind one object so tests can observe them. */
export const nav = {
  assign: (url: string) => location.assign(url),
  reload: () => location.reload(),
  here: () => location.pathname + location.search,
};
