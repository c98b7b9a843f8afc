import { NAV_ITEM_CLASS } from '../shared/AppShell';
import { memberLink, type MemberLanguage } from './member-language';

/**
 * The sidebar's language menu: this page in each other language when it is translated, else that
 * language's dashboard, each named in its own language. Following one makes it the member's language
 * first (their mails and statements follow it), then goes there; a failure to save still goes.
 */
export default function LanguageMenu({ current, language }: { current: string; language: MemberLanguage }) {
  const target = language.translated.includes(current) ? current : '/user-dashboard';
  const label = language.words.shell.language;
  return (
    <div className="mt-6 border-t border-white/10 pt-4">
      <p className="px-3 text-xs tracking-widest text-mist-300 uppercase" aria-hidden="true">
        {label}
      </p>
      <ul className="mt-2 space-y-1" aria-label={label}>
        {language.others.map((other) => (
          <li key={other.locale}>
            <a
              href={memberLink({ prefix: other.prefix, translated: language.translated }, target)}
              lang={other.lang}
              hrefLang={other.lang}
              className={NAV_ITEM_CLASS}
              onClick={(event) => {
                event.preventDefault();
                const href = event.currentTarget.href;
                void import('~/lib/language-choice')
                  .then(({ rememberLanguage }) => rememberLanguage(other.locale))
                  .finally(() => window.location.assign(href));
              }}
            >
              {other.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
