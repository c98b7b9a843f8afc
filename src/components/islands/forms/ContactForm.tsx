import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Toaster from '../shared/Toaster';
import SubmitButton from '../shared/SubmitButton';
import Field from '../shared/Field';
import { useFormProblem } from '../shared/formProblem';
import { contactProblem, type ContactFailure } from '~/lib/contact-messages';
import type { ContactIdentity } from '~/lib/contact';
import type { Catalog } from '~/i18n/catalogs/en';

/** The form's words in the page's language (the catalogs' `contactForm`), passed by the page. */
export type ContactFormWords = Catalog['contactForm'];

/**
 * /getintouch. The spec's rules (required fields, e-mail format) are checked here and explained in
 * the page, the first field to fix focused (the form is noValidate: no browser bubbles). A hidden
 * "website" field is a honeypot: people never see or fill it, naive bots do; then we pretend success
 * and store nothing. Every word comes from `words`, so the form speaks the page's language and the
 * island carries no catalog of its own.
 */
export default function ContactForm({ words }: { words: ContactFormWords }) {
  const [busy, setBusy] = useState(false);
  const { report, fieldProps, alert } = useFormProblem();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Uncontrolled inputs: whatever was typed before hydration is still sent.
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const identity = data.get('identity');
    const fields = {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      message: String(data.get('message') ?? ''),
    };
    if (report(formElement, contactProblem(fields, words))) return;
    setBusy(true);
    try {
      if (String(data.get('website') ?? '').trim() === '') {
        // supabase-js (~230 KB) loads on the first send, not with this marketing page.
        const { sendContactMessage } = await import('~/lib/contact');
        await sendContactMessage({
          ...fields,
          identity: identity === 'investor' || identity === 'borrower' ? (identity as ContactIdentity) : null,
        });
      }
      toast.success(words.sent);
      formElement.reset();
    } catch (error) {
      // Our own errors say why (ContactSendError.failure); anything else (e.g. the module failed to
      // load) gets the plain text.
      const failure =
        error instanceof Error && 'failure' in error
          ? (error.failure as ContactFailure | undefined)
          : undefined;
      toast.error(failure ? `${words.failed}. ${words[failure]}` : words.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Toaster />
      <form
        method="post"
        className="space-y-6"
        onSubmit={onSubmit}
        noValidate
        aria-busy={busy}
        aria-labelledby="contact-form-title"
      >
        {alert}
        <div className="grid gap-6 sm:grid-cols-2">
          <Field
            id="contact-name"
            label={words.name}
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={100}
            {...fieldProps('name')}
          />
          <Field
            id="contact-email"
            label={words.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            {...fieldProps('email')}
          />
        </div>
        <Field
          as="textarea"
          id="contact-message"
          label={words.question}
          name="message"
          controlClassName="resize-y"
          required
          maxLength={5000}
          rows={6}
          {...fieldProps('message')}
        />
        <fieldset>
          <legend className="field-label">
            {words.whoAreYou} <span className="font-normal text-muted">{words.optional}</span>
          </legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {(['investor', 'borrower'] as const).map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-mist-300 px-4 has-checked:border-ink-700 has-checked:bg-mist-100"
              >
                <input type="radio" name="identity" value={value} className="size-4 accent-ink-900" />
                <span className="text-sm font-medium">{words[value]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {/* Honeypot: off-screen, hidden from assistive technology and out of the tab order. */}
        <div className="absolute -inset-s-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
          {/* eslint-disable-next-line local/no-english-literals -- the honeypot's label: nobody sees or hears it */}
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <SubmitButton
          className="btn-dark w-full sm:w-auto"
          busy={busy}
          label={words.send}
          busyLabel={words.sending}
          notReadyLabel={words.notReady}
        />
      </form>
    </>
  );
}
