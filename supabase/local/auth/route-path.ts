export type PathParams = Record<string, string>;

/**
 * Matches a request path against a route path whose `:name` segments are parameters (chi's
 * `{name}` in GoTrue's api.go). Returns the decoded parameters, or null when the path does not fit.
 */
export function matchPath(route: string, path: string): PathParams | null {
  const want = route.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: PathParams = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const actual = got[i]!;
    if (segment.startsWith(':')) {
      if (actual === '') return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}

/** How many parameters a route path has: of two routes that fit, the one with fewer wins (static first). */
export const parameterCount = (route: string): number =>
  route.split('/').filter((s) => s.startsWith(':')).length;
