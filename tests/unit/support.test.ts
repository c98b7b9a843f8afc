import { describe, expect, it } from 'vitest';
import { depositSupportText, supportChannels, withdrawSupportText } from '~/config/support-text';
import { supportChannelList } from '~/config/support';
import { SUPPORT_EMAIL, telHref } from '~/config/site';

const chat = { propertyId: 'prop', widgetId: 'w1' };
const placeholder = { toFill: 'phone' };

describe('support copy names only the channels that exist', () => {
  it('says e-mail alone while there is no chat and the phone is a placeholder', () => {
    expect(supportChannels({ chat: undefined, phone: placeholder })).toBe('by e-mail');
    expect(depositSupportText({ chat: undefined, phone: placeholder })).toBe(
      'Please contact support by e-mail for assistance.',
    );
    expect(withdrawSupportText({ chat: undefined, phone: placeholder })).not.toMatch(/chat/);
  });

  it('adds the phone once filled and the chat once configured', () => {
    expect(supportChannels({ chat: undefined, phone: '+852 2123 4567' })).toBe('by e-mail or phone');
    expect(supportChannels({ chat, phone: '+852 2123 4567' })).toBe('by live chat, e-mail or phone');
    expect(supportChannels({ chat, phone: placeholder })).toBe('by live chat or e-mail');
  });

  it('lists the chat only when configured, and links the phone only when filled', () => {
    const none = supportChannelList({ chat: undefined, phone: placeholder });
    expect(none.map((c) => c.kind)).toEqual(['E-mail', 'Phone']);
    expect(none[0]?.link?.href).toBe(`mailto:${SUPPORT_EMAIL}?subject=Support%20request`);
    expect(none[1]?.link).toBeUndefined();
    const all = supportChannelList({ chat, phone: '+852 2123 4567' });
    expect(all.map((c) => c.kind)).toEqual(['Live chat', 'E-mail', 'Phone']);
    expect(all[0]?.link).toMatchObject({ href: 'https://tawk.to/chat/prop/w1', external: true });
    expect(all[2]?.link?.href).toBe('tel:+85221234567');
    expect(telHref('+852 (2) 123-4567')).toBe('tel:+85221234567');
  });
});
