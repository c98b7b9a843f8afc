import { describe, expect, it } from 'vitest';
import { checkPageBudgets, isSignedInRoute } from '../../scripts/bench-pages.mjs';

/** A measured page as bench-pages reports it; only the route and its first-load JS matter here. */
function page(route: string, jsGzip: number) {
  return {
    route,
    file: `${route}.html`,
    hasForm: false,
    jsFiles: 1,
    jsRaw: jsGzip * 3,
    jsGzip,
    lazyGzip: 0,
    cssGzip: 0,
    htmlGzip: 0,
    imageBytes: 0,
    totalGzip: jsGzip,
    jsUrls: [],
  };
}

const KB = 1024;
const budgets = {
  signedInKb: 120,
  maxKb: {} as Record<string, number>,
  nearLogin: { routes: ['/register'], withinKb: 5 },
};
const login = page('/login', 78 * KB);
const register = page('/register', 80 * KB);

describe('the first-load JavaScript budgets of member and admin pages', () => {
  it('knows a member or admin page in every language, and nothing else', () => {
    for (const route of [
      '/user-dashboard',
      '/user-home',
      '/user/plans',
      '/ar/user/plans',
      '/zh-hant/user-dashboard',
      '/admin/users',
      '/admin/login',
      '/admin',
    ])
      expect(isSignedInRoute(route), route).toBe(true);
    for (const route of [
      '/',
      '/aboutus',
      '/ar',
      '/zh-hant/loan',
      '/login',
      '/users',
      '/ar/useful',
      '/administer',
    ])
      expect(isSignedInRoute(route), route).toBe(false);
  });

  it('holds every signed-in page, listed or not, to signedInKb: at the limit passes, one byte over fails', () => {
    const at = page('/ar/user/addresses', 120 * KB);
    const over = page('/admin/approvals', 120 * KB + 1);
    const publicPage = page('/aboutus', 500 * KB);
    expect(checkPageBudgets([login, register, at, publicPage], budgets)).toEqual([]);
    expect(checkPageBudgets([login, register, at, over], budgets)).toEqual([
      '/admin/approvals ships 120.0 KB gzip of JS (budget 120 KB)',
    ]);
  });

  it('lets maxKb hold a route to its own figure, and says when a listed route is not built', () => {
    const own = { ...budgets, maxKb: { '/user/plans': 100, '/user/gone': 120 } };
    expect(checkPageBudgets([login, register, page('/user/plans', 101 * KB)], own)).toEqual([
      '/user/gone: not in the build',
      '/user/plans ships 101.0 KB gzip of JS (budget 100 KB)',
    ]);
  });

  it('keeps the auth form pages within withinKb of /login', () => {
    expect(checkPageBudgets([login, page('/register', 83 * KB)], budgets)).toEqual([]);
    expect(checkPageBudgets([login, page('/register', 83 * KB + 1)], budgets)).toHaveLength(1);
  });
});
