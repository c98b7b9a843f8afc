import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { createMember, uniqueEmail } from './support/users';

/**
 * Issue 20: a form in the page's HTML used before its island has hydrated must not submit natively
 * (the typed e-mail and password would go to the static host in a POST, or into the URL in a GET),
 * must keep what was typed, and must say it is not ready. The island scripts are held back here
 * until the test releases them.
 */

const NOT_READY = 'Form loading…';

/** Holds every script Astro loads for the islands until `release()`; records every request. */
async function holdIslands(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return {
    requests,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Every request that carried one of `secrets` in its URL or body, or was a form post. */
function leaks(page: Page, requests: Request[], secrets: string[]): string[] {
  return requests
    .filter((r) => {
      const text = `${decodeURIComponent(r.url())} ${r.postData() ?? ''}`;
      const navigates = r.isNavigationRequest() && r.frame() === page.mainFrame();
      return r.method() === 'POST' || navigates || secrets.some((s) => text.includes(s));
    })
    .map((r) => `${r.method()} ${r.url()}`);
}

interface FormCase {
  path: string;
  /** Fills the form; returns each field's label and value. */
  fill: (page: Page) => Promise<Array<[string, string]>>;
  /** The field to press Enter in. */
  enterIn: string;
  button: string;
  /** After the scripts arrive: the submission goes through and this is shown. */
  done: (page: Page) => Promise<void>;
}

const cases: FormCase[] = [
  {
    path: '/login',
    enterIn: 'Password',
    button: 'Sign in',
    fill: async (page) => {
      const member = await createMember({ password: 'typed-too-early-1' });
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      return [
        ['Email', member.email],
        ['Password', member.password],
      ];
    },
    done: async (page) => {
      await expect(page.getByText('Successfully logged in', { exact: true })).toBeVisible();
    },
  },
  {
    path: '/register',
    enterIn: 'Email address',
    button: 'Sign Up',
    fill: async (page) => {
      const email = uniqueEmail('early');
      await page.getByLabel('Username').fill('Eli Early');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('early-bird-pass-1');
      await page.getByRole('checkbox').check();
      return [
        ['Username', 'Eli Early'],
        ['Email address', email],
        ['Password', 'early-bird-pass-1'],
      ];
    },
    done: async (page) => {
      await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
    },
  },
  {
    path: '/forgot-password',
    enterIn: 'Email',
    button: 'Send reset link',
    fill: async (page) => {
      const email = uniqueEmail('forgot-early');
      await page.getByLabel('Email').fill(email);
      return [['Email', email]];
    },
    done: async (page) => {
      await expect(page.getByText(/If an account exists for that address/)).toBeVisible();
    },
  },
  {
    path: '/getintouch',
    enterIn: 'Email',
    button: 'Send Message',
    fill: async (page) => {
      const email = uniqueEmail('contact-early');
      await page.getByLabel('Name').fill('Cleo Early');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Your question').fill('Typed before the page was ready.');
      return [
        ['Name', 'Cleo Early'],
        ['Email', email],
        ['Your question', 'Typed before the page was ready.'],
      ];
    },
    done: async (page) => {
      await expect(page.getByRole('status').filter({ hasText: 'sent' }).first()).toBeVisible();
    },
  },
];

for (const form of cases) {
  test(`${form.path}: used before its script runs, nothing leaves the page and nothing is lost`, async ({
    page,
  }) => {
    const islands = await holdIslands(page);
    await page.goto(form.path, { waitUntil: 'commit' });
    const button = page.locator('form button[type="submit"]');
    await expect(button).toHaveText(NOT_READY);
    await expect(button).toBeDisabled();
    const fields = await form.fill(page);
    const secrets = fields.map(([, value]) => value);
    const url = page.url();
    const before = islands.requests.length;

    await button.click({ force: true });
    await page.getByLabel(form.enterIn, { exact: true }).press('Enter');
    // Give a native submission every chance to start: it would be a navigation on this page.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
    );

    expect(leaks(page, islands.requests.slice(before), secrets)).toEqual([]);
    expect(page.url()).toBe(url);
    await expect(button).toHaveText(NOT_READY);
    for (const [label, value] of fields)
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);

    await islands.release();
    await expect(page.getByRole('button', { name: form.button })).toBeEnabled();
    // What was typed before is what gets sent now.
    await page.getByRole('button', { name: form.button }).click();
    await form.done(page);
  });
}
