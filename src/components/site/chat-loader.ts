/**
 * Injects the chat provider's script once the page has loaded and the main thread is idle, so it can
 * never delay first render or interaction. The URL comes from a data attribute written at build time.
 */
export function scheduleChat(): void {
  const holder = document.querySelector<HTMLElement>('[data-chat-src]');
  const src = holder?.dataset['chatSrc'];
  if (!src || document.querySelector('script[data-chat-embed]')) return;

  const inject = () => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.crossOrigin = 'anonymous';
    script.dataset['chatEmbed'] = '';
    document.body.append(script);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(inject, { timeout: 4000 })
      : setTimeout(inject, 1500);

  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
