import { useCallback, useEffect, useRef, useState } from 'react';
import {
  clearAuthLinkFromUrl,
  exchangeLinkCode,
  LINK_MESSAGES,
  readAuthLink,
  type AuthLink,
  type LinkPurpose,
  type LinkWords,
} from '~/lib/auth-link';
import { sessionReady } from '~/stores/session';

export type LinkState =
  | { step: 'checking' }
  /** Someone is signed in here and a link arrived: they choose before anything changes. */
  | { step: 'ask'; email: string; useLink: () => void; keepSession: () => void }
  /** The link's session is in place (code exchanged), or there was no code to use. */
  | { step: 'done'; link: AuthLink['kind']; exchanged: boolean; kept: boolean }
  | { step: 'problem'; reason: 'tokens' | 'other-browser' | 'refused'; message: string };

/**
 * What a landing page (/auth/confirm, /reset-password, /user/security) does with the link it was
 * opened from: read it once, take it out of the address bar, and exchange a PKCE code only when
 * nobody is signed in or the person signed in says so. Tokens in the URL are never used.
 */
export function useAuthLink(purpose: LinkPurpose, words: LinkWords = LINK_MESSAGES): LinkState {
  // client:only islands: the URL is there on first render.
  const [link] = useState(() => readAuthLink(window.location.href));
  const [state, setState] = useState<LinkState>({ step: 'checking' });
  const started = useRef(false);

  const exchange = useCallback(async () => {
    if (link.kind !== 'code') return;
    setState({ step: 'checking' });
    const outcome = await exchangeLinkCode(link);
    if (outcome.status === 'signed-in')
      setState({ step: 'done', link: 'code', exchanged: true, kept: false });
    else if (outcome.status === 'other-browser') {
      setState({
        step: 'problem',
        reason: 'other-browser',
        message: words.codeFromOtherBrowser[purpose],
      });
    } else {
      const message = outcome.reason === 'network' ? words.linkFailed : words.codeRefused;
      setState({ step: 'problem', reason: 'refused', message });
    }
  }, [link, purpose, words]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (link.kind !== 'none') clearAuthLinkFromUrl();
    void sessionReady().then((current) => {
      if (link.kind === 'tokens') {
        setState({ step: 'problem', reason: 'tokens', message: words.tokensRefused });
      } else if (link.kind === 'error') {
        setState({
          step: 'problem',
          reason: 'refused',
          message: `${words.codeRefused} (${link.description})`,
        });
      } else if (link.kind === 'code' && current.status === 'signed-in') {
        setState({
          step: 'ask',
          email: current.session.user.email ?? '',
          useLink: () => void exchange(),
          keepSession: () => setState({ step: 'done', link: 'code', exchanged: false, kept: true }),
        });
      } else if (link.kind === 'code') {
        void exchange();
      } else {
        setState({ step: 'done', link: link.kind, exchanged: false, kept: false });
      }
    });
  }, [link, exchange, words]);

  return state;
}
