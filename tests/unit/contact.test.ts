import { beforeEach, describe, expect, it, vi } from 'vitest';

interface InsertResult {
  error: { code?: string; message: string } | null;
  status: number;
}
const db = vi.hoisted(() => ({
  inserted: [] as { table: string; row: unknown }[],
  next: { error: null, status: 201 } as InsertResult,
}));

vi.mock('~/lib/supabase', () => ({
  supabase: () => ({
    from: (table: string) => ({
      insert: (row: unknown) => {
        db.inserted.push({ table, row });
        return Promise.resolve(db.next);
      },
    }),
  }),
}));

const { sendContactMessage } = await import('~/lib/contact');

const message = {
  name: '  Ann  ',
  email: ' ann@example.com ',
  message: ' Hello ',
  identity: 'investor' as const,
};

describe('sendContactMessage', () => {
  beforeEach(() => {
    db.inserted.length = 0;
    db.next = { error: null, status: 201 };
  });

  it('inserts the trimmed message into contact_messages', async () => {
    await sendContactMessage(message);
    expect(db.inserted).toEqual([
      {
        table: 'contact_messages',
        row: { name: 'Ann', email: 'ann@example.com', message: 'Hello', identity: 'investor' },
      },
    ]);
  });

  it('passes the rate-limit reason from the database on', async () => {
    db.next = {
      status: 429,
      error: { code: 'PT429', message: 'You have sent too many messages. Please try again in an hour.' },
    };
    await expect(sendContactMessage(message)).rejects.toThrow(
      'Error: message not sent. You have sent too many messages. Please try again in an hour.',
    );
    // The kind of failure, for a page in another language to say in its own words.
    await expect(sendContactMessage(message)).rejects.toMatchObject({ failure: 'tooMany' });
  });

  it('explains a failed check constraint, hides other database text, and never treats a non-201 as sent', async () => {
    db.next = {
      status: 400,
      error: { code: '23514', message: 'new row violates check constraint "contact_messages_email_check"' },
    };
    await expect(sendContactMessage(message)).rejects.toThrow(
      'Error: message not sent. Please check your name, e-mail address and message.',
    );
    await expect(sendContactMessage(message)).rejects.toMatchObject({ failure: 'checkFields' });
    db.next = { status: 400, error: { code: '22023', message: 'message is too long' } };
    await expect(sendContactMessage(message)).rejects.toMatchObject({ failure: 'checkFields' });
    db.next = { status: 500, error: { code: 'XX000', message: 'internal detail' } };
    await expect(sendContactMessage(message)).rejects.toThrow(/^Error: message not sent$/);
    await expect(sendContactMessage(message)).rejects.toMatchObject({ failure: undefined });
    db.next = { status: 200, error: null };
    await expect(sendContactMessage(message)).rejects.toThrow(/^Error: message not sent$/);
  });
});
