/** Show/hide for password inputs: switches the input type and keeps the button's name and state honest. */
export function initPasswordToggles(root: ParentNode = document): void {
  root.querySelectorAll<HTMLButtonElement>('[data-password-toggle]').forEach((button) => {
    if (button.dataset['ready']) return;
    button.dataset['ready'] = '1';
    const input = document.getElementById(button.getAttribute('aria-controls') ?? '');
    const text = button.querySelector<HTMLElement>('[data-toggle-text]');
    if (!(input instanceof HTMLInputElement) || !text) return;
    button.addEventListener('click', () => {
      const reveal = input.type === 'password';
      input.type = reveal ? 'text' : 'password';
      button.setAttribute('aria-pressed', String(reveal));
      text.textContent = reveal ? 'Hide' : 'Show';
    });
  });
}
