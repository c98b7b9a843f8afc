/**
 * The chat facade: nothing of the chat provider loads until the visitor asks for it. A click on the
 * "Chat with us" button is that consent; only then is the provider's script injected (its URL is a
 * data attribute written at build time), and its window opened once it has loaded. Before the click
 * the page makes no request to the provider and runs none of its code.
 */
interface TawkApi {
  onLoad?: () => void;
  maximize?: () => void;
}

export function chatFacade(): void {
  const button = document.querySelector<HTMLButtonElement>('button[data-chat-src]');
  const src = button?.dataset['chatSrc'];
  if (!button || !src) return;

  button.addEventListener('click', () => {
    if (document.querySelector('script[data-chat-embed]')) return;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    const label = button.querySelector('[data-chat-label]');
    if (label) label.textContent = button.dataset['chatLoading'] ?? '';
    // The provider reads this global when its script starts: open the chat window for the visitor
    // who asked, and drop our button, since the provider draws its own.
    const holder = window as unknown as { Tawk_API?: TawkApi };
    const api: TawkApi = holder.Tawk_API ?? {};
    api.onLoad = () => {
      api.maximize?.();
      button.remove();
    };
    holder.Tawk_API = api;
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.crossOrigin = 'anonymous';
    script.dataset['chatEmbed'] = '';
    script.addEventListener('error', () => {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      if (label) label.textContent = button.dataset['chatFailed'] ?? '';
    });
    document.body.append(script);
  });
}
