import { supabase } from './supabase';
import { CONTACT_MESSAGES, type ContactFailure } from './contact-messages';

export type ContactIdentity = 'investor' | 'borrower';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  identity: ContactIdentity | null;
}

export { CONTACT_MESSAGES };

/**
 * A message not stored. `message` is the English sentence (with the database's reason); `failure`
 * says why in a form the page can put in its own language (undefined: no reason to give).
 */
export class ContactSendError extends Error {
  constructor(
    message: string,
    readonly failure?: ContactFailure,
  ) {
    super(message);
  }
}

/** Database errors whose text is written for the sender (rate limit, field checks). */
const EXPLAINED_CODES = new Set(['PT429', '22023', '23514']);

/**
 * Stores a contact message. Insert only, with return=minimal (anon may not read it back).
 * Throws 'Error: message not sent' plus the database's reason when it gave one a person can use.
 */
export async function sendContactMessage(input: ContactMessage): Promise<void> {
  const row = {
    name: input.name.trim(),
    email: input.email.trim(),
    message: input.message.trim(),
    identity: input.identity,
  };
  const { error, status } = await supabase().from('contact_messages').insert(row);
  if (error) {
    const reason =
      error.code === '23514'
        ? 'Please check your name, e-mail address and message.'
        : error.code && EXPLAINED_CODES.has(error.code)
          ? error.message
          : '';
    const failure: ContactFailure | undefined =
      error.code === 'PT429' ? 'tooMany' : reason ? 'checkFields' : undefined;
    throw new ContactSendError(
      reason ? `${CONTACT_MESSAGES.failed}. ${reason}` : CONTACT_MESSAGES.failed,
      failure,
    );
  }
  // return=minimal answers 201 with no body; anything else means the row was not stored.
  if (status !== 201) throw new ContactSendError(CONTACT_MESSAGES.failed);
}
