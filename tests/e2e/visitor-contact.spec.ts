import { expect, test, type Page } from '@playwright/test';
import { gotoReady, serviceClient, uniqueEmail } from './support/users';

/** The address the local gateway sees for this machine's browser (supabaseUrl is 127.0.0.1). */
const LOOPBACK = '127.0.0.1';

async function fillContact(page: Page, email: string, message = 'How do loans against BTC work?') {
  await page.getByLabel('Name').fill('Visitor Test');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Your question').fill(message);
}

async function storedMessages(email: string) {
  const { data, error } = await serviceClient()
    .from('contact_messages')
    .select('name, email, message, identity')
    .eq('email', email);
  if (error) throw new Error(error.message);
  return data;
}

test.describe('contact form', () => {
  test('stores the message, says "Message sent" and clears the form; the button is disabled while sending', async ({
    page,
  }) => {
    const email = uniqueEmail('contact');
    await gotoReady(page, '/getintouch');
    await fillContact(page, email);
    await page.getByRole('radio', { name: 'Borrower' }).check();
    // Hold the insert so the "sending" state can be seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/contact_messages*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();
    const toast = page.getByRole('status').filter({ hasText: 'Message sent' });
    await expect(toast).toBeVisible();
    await expect(page.locator('.toast-success').filter({ hasText: 'Message sent' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Your question')).toHaveValue('');
    await expect(page.getByRole('radio', { name: 'Borrower' })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(await storedMessages(email)).toEqual([
      { name: 'Visitor Test', email, message: 'How do loans against BTC work?', identity: 'borrower' },
    ]);
  });

  test('name, a valid e-mail and the question are required: the message is in the page, the first field focused', async ({
    page,
  }) => {
    let posted = 0;
    page.on('request', (req) => {
      if (req.url().includes('/rest/v1/contact_messages')) posted += 1;
    });
    await gotoReady(page, '/getintouch');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Please fill in your name, email and question.' });
    await expect(alert).toBeVisible();
    const alertId = await alert.getAttribute('id');
    for (const label of ['Name', 'Email', 'Your question']) {
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(label)).toHaveAttribute('aria-describedby', alertId ?? '');
    }
    await expect(page.getByLabel('Name')).toBeFocused();

    await fillContact(page, 'not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);
  });

  test('a rate-limited client gets an error-styled toast with the reason, even with a forged X-Forwarded-For', async ({
    page,
  }) => {
    // The local gateway, like Supabase's, tells Postgres the socket's address: this browser's is the
    // loopback. Five messages from it this hour already (the limit); the service role is not limited.
    const email = uniqueEmail('flood');
    const rows = Array.from({ length: 5 }, (_, i) => ({
      name: 'Flood',
      email: uniqueEmail(`flood${i}`),
      message: `message ${i}`,
      client_address: LOOPBACK,
    }));
    const { data: seeded, error } = await serviceClient().from('contact_messages').insert(rows).select('id');
    expect(error).toBeNull();
    try {
      // A new e-mail address and a made-up forwarded address do not make a new client.
      await page.route('**/rest/v1/contact_messages*', (route) =>
        route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '203.0.113.99' } }),
      );
      await gotoReady(page, '/getintouch');
      await fillContact(page, email);
      await page.getByRole('button', { name: 'Send Message' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Error: message not sent' });
      await expect(toast).toBeVisible();
      // The reason, in the page's words (the catalogs' contactForm.tooMany, in every language).
      await expect(toast).toContainText('Too many messages have been sent. Please try again in an hour.');
      await expect(page.locator('.toast-error').filter({ hasText: 'Error: message not sent' })).toBeVisible();
      // The typed message stays, so the visitor can try later without retyping.
      await expect(page.getByLabel('Your question')).not.toHaveValue('');
      expect(await storedMessages(email)).toEqual([]);
    } finally {
      // Free the loopback's allowance again for the other tests of this run.
      await serviceClient()
        .from('contact_messages')
        .delete()
        .in(
          'id',
          (seeded ?? []).map((r: { id: number }) => r.id),
        );
    }
  });

  test('a failed request is an error, not a success', async ({ page }) => {
    await page.route('**/rest/v1/contact_messages*', (route) => route.abort('failed'));
    await gotoReady(page, '/getintouch');
    await fillContact(page, uniqueEmail('offline'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Error: message not sent' });
    await expect(toast).toBeVisible();
    await expect(page.locator('.toast-error').filter({ hasText: 'Error: message not sent' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toHaveCount(0);
  });

  test('the honeypot is invisible to people and a bot that fills it stores nothing', async ({ page }) => {
    const email = uniqueEmail('bot');
    await gotoReady(page, '/getintouch');
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    // Not reachable by keyboard: Tab from the question goes to the radios, never the trap.
    await page.getByLabel('Your question').focus();
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await trap.evaluate((el) => el === document.activeElement)).toBe(false);
    }
    await fillContact(page, email);
    await trap.fill('https://spam.example', { force: true });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
    expect(await storedMessages(email)).toEqual([]);
  });
});
