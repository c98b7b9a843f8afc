/**
 * The site's own words in English: the public pages' frame (header, footer, disclosures, legal
 * layout, 404, language switcher). Page copy lives in src/content/<locale>/; this catalog is what
 * every page shares. The other languages' catalogs must have exactly these keys and the same
 * `{placeholders}` (`satisfies Catalog`, and tests/unit/i18n-catalogs.test.ts).
 *
 * A plural is an object keyed by Intl.PluralRules categories ("one", "other", and for Arabic also
 * "zero", "two", "few", "many"); `other` is always required.
 */
import { AUTH_MESSAGES } from '~/lib/auth-rules';
import { LINK_MESSAGES } from '~/lib/auth-link';
import { memberEn } from '../member/en';
import { memberPagesIn } from '../member/pages';
import type { Widen } from '../widen';

const en = {
  document: {
    /** A part of a page (a dialog, a list) whose code did not arrive: components/islands/shared/lazyPart.tsx. */
    partUnavailable:
      'This part of the page could not be loaded. Check your connection, then reload the page.',
    partReload: 'Reload page',
    partClose: 'Close',
    skipToContent: 'Skip to main content',
    /** {page} is the page's own title; the home page uses `homeTitle`. */
    titleTemplate: '{page} | Liquid Capital',
    homeTitle: 'Liquid Capital | Institutionalizing Digital Assets',
    siteDescription:
      'Liquid Capital is a digital-asset liquidity provider and market maker offering asset-backed lending, asset management, OTC execution and secure custody to institutions and high-net-worth individuals.',
    tagline: 'Institutionalizing Digital Assets',
    /** The social image's alternative text. */
    imageAlt: 'Liquid Capital: Institutionalizing Digital Assets',
  },
  logo: { home: 'home' },
  nav: {
    home: 'Home',
    about: 'About Us',
    services: 'Services',
    loan: 'Loan',
    assetManagement: 'Asset Management',
    signIn: 'Sign In',
    myAccount: 'My account',
    contact: 'Contact Us',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    cookies: 'Cookie Policy',
    mainLabel: 'Main',
    mobileLabel: 'Mobile',
    menuLabel: 'Menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  language: {
    /** The switcher's accessible name. */
    label: 'Language',
    /** Said after a language's name when it is the page's own. */
    current: 'current language',
  },
  footer: {
    /** {name} is the firm's name. */
    interested: 'Interested in {name}?',
    pitch: 'Speak with our desk about liquidity, lending or a managed portfolio.',
    explore: 'Explore',
    exploreLabel: 'Footer',
    office: 'Office',
    getInTouch: 'Get in touch',
    opensInNewTab: '(opens in a new tab)',
    /** {year} and {name}: "© 2026 Liquid Capital Limited. All rights reserved." */
    rights: '© {year} {name}. All rights reserved.',
    legalLabel: 'Legal',
  },
  office: {
    lines: ['Level 19, Two International Finance Centre', '8 Finance Street, Central', 'Hong Kong'],
    /** The same address on one line, as the language writes it (Chinese: largest place first). */
    inline: 'Level 19, Two International Finance Centre, 8 Finance Street, Central, Hong Kong',
  },
  disclosures: {
    title: 'Regulatory information',
    /** {entity} is the registered name of the entity. */
    providedBy: 'Services are provided by {entity}.',
    licence: 'Licence',
    registration: 'Company registration number',
    regulator: 'Regulator',
    riskWarning: 'Risk warning:',
    toFill: 'To fill:',
  },
  legal: {
    eyebrow: 'Legal',
    lastUpdated: 'Last updated:',
    onThisPage: 'On this page',
    /** Above every legal text, in every language. */
    englishPrevails:
      'This text is also published in Traditional Chinese and Arabic for convenience. If the versions differ, the English text prevails.',
  },
  notFound: {
    title: 'Page not found',
    description: 'The page you were looking for does not exist.',
    eyebrow: 'Error 404',
    body: 'The page you were looking for has moved or never existed. Check the address, or continue to one of these pages.',
  },
  contactPage: {
    title: 'Contact Us',
    description:
      'Questions about lending, asset management or liquidity? Send a message to the Liquid Capital desk and a specialist will reply within one business day.',
    eyebrow: 'Contact Us',
    heading: 'Got a Question?',
    lead: 'Tell us a little about yourself and what you need. A specialist from our desk will reply within one business day.',
    formTitle: 'Send us a message',
    otherWays: 'Other ways to reach us',
    generalTitle: 'General and partnerships',
    /** {email} is the partnerships address, written as a link. */
    generalText: 'For general enquiries and partnerships, e-mail {email}.',
    clientSupport: 'Client support:',
  },
  /** The contact form (components/islands/forms/ContactForm.tsx); the page passes this part only. */
  contactForm: {
    name: 'Name',
    email: 'Email',
    question: 'Your question',
    whoAreYou: 'Who are you?',
    optional: '(optional)',
    investor: 'Investor',
    borrower: 'Borrower',
    send: 'Send Message',
    sending: 'Sending…',
    /** The button before the form is ready (its script still loading). */
    notReady: 'Form loading…',
    sent: 'Message sent',
    failed: 'Error: message not sent',
    fillRequired: 'Please fill in your name, email and question.',
    invalidEmail: 'Please enter a valid email address.',
    checkFields: 'Please check your name, e-mail address and message.',
    tooMany: 'Too many messages have been sent. Please try again in an hour.',
  },
  /** Sign-in, sign-up and the password-reset request: the pages' headings (layouts/Auth.astro). */
  authPages: {
    signIn: {
      title: 'Sign In',
      description: 'Sign in to your Liquid Capital account.',
      heading: 'Sign in',
      lead: 'Welcome back. Sign in to view your portfolio and balances.',
    },
    register: {
      title: 'Sign Up',
      description: 'Open a Liquid Capital account.',
      heading: 'Create your account',
      lead: 'Open an account in a minute and choose a plan when you are ready.',
    },
    forgotPassword: {
      title: 'Forgot Password',
      description: 'Reset the password of your Liquid Capital account.',
      heading: 'Forgot your password?',
      lead: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    },
    confirmEmail: {
      title: 'Confirm Your E-mail',
      description: 'Confirm the e-mail address of your Liquid Capital account.',
      heading: 'Confirming your e-mail address',
    },
    resetPassword: {
      title: 'Choose a New Password',
      description: 'Choose a new password for your Liquid Capital account.',
      heading: 'Choose a new password',
      lead: 'Pick a password you do not use anywhere else.',
    },
  },
  /**
   * The sign-in, sign-up and reset-request forms (components/islands/forms/). `messages` are the
   * answers of src/lib/auth-rules.ts (AUTH_MESSAGES) in this language; {min} is the shortest password.
   */
  authForm: {
    /** The authenticator-code step after a member's password (src/lib/mfa.ts's answers in `messages`). */
    secondFactor: {
      heading: 'Enter your authenticator code',
      text: 'Open your authenticator app and enter the 6-digit code for Liquid Capital.',
      codeLabel: 'Authenticator code',
      checking: 'Checking…',
      verify: 'Verify code',
      lostDevice: 'Lost your device? Contact us: we check who you are before we remove it.',
      useAnotherAccount: 'Use another account',
      // src/lib/mfa.ts's MFA_MESSAGES word for word (tests/unit/i18n.test.ts): that module loads
      // Supabase, which the catalogs must not at build time.
      messages: {
        wrongCode: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
        codeFormat: 'Enter the 6 digits from your authenticator app.',
        tooManyTries: 'Too many tries. Wait a minute, then enter the newest code.',
        failed: 'Could not check the code. Please try again.',
      },
    },
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    setNewPassword: 'Set new password',
    saving: 'Saving…',
    goToDashboard: 'Go to your dashboard',
    sendNewLink: 'Send a new link',
    resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
    askForNewOne: 'Please ask for a new one.',
    takingYouToDashboard: 'Taking you to your dashboard…',
    email: 'Email',
    emailAddress: 'Email address',
    password: 'Password',
    username: 'Username',
    show: 'Show',
    hide: 'Hide',
    /** Said after Show or Hide to screen readers: "Show password". */
    passwordWord: 'password',
    passwordHint: 'At least {min} characters.',
    forgotPassword: 'Forgot password?',
    signIn: 'Sign in',
    signingIn: 'Signing in…',
    loading: 'Loading…',
    newHere: 'New to Liquid Capital?',
    createAccount: 'Create an account',
    /** {privacy} and {terms} are links named by the two entries after this one. */
    consent: 'I agree to the {privacy} and the {terms}.',
    privacyPolicy: 'Privacy Policy',
    termsOfService: 'Terms of Service',
    signUp: 'Sign Up',
    signingUp: 'Signing up…',
    haveAccount: 'Already have an account? Login',
    sendResetLink: 'Send reset link',
    sending: 'Sending…',
    remembered: 'Remembered it?',
    backToSignIn: 'Back to sign in',
    resend: 'Resend confirmation e-mail',
    confirmTitle: 'Confirm your e-mail address',
    /** {email} is the address, shown in bold. */
    sentTo: 'Sent to {email}. Nothing arrived after a few minutes? Check your spam folder, or send it again.',
    goToSignIn: 'Go to sign in',
    /** {code} is the referral code from the link. */
    referralInvited:
      'You were invited by a member (referral code {code}): your sign-up will be linked to their referral. If no member has this code, you are registered without one.',
    referralInvalid: 'This referral link is not valid. You can still register.',
    notReady: 'Form loading…',
    /** src/lib/auth-rules.ts's answers themselves: one wording, written once. */
    messages: { ...AUTH_MESSAGES, weakPassword: 'Password should be at least {min} characters long' },
  },
  /** The pages a mailed link lands on (/auth/confirm, /reset-password): src/lib/auth-link.ts's words. */
  authLanding: LINK_MESSAGES,
  /** The member portal (src/i18n/member/en.ts, where its words are kept). */
  member: memberEn,
  /** Each member page's own words (src/i18n/member/pages/<page>.ts, all three languages side by side). */
  memberPages: memberPagesIn('en'),
  sections: {
    /** Before a step's title, for screen readers: "Step 2: Apply". */
    step: 'Step {number}:',
    /** After a card's link, for screen readers: "Learn More, about Lending". {title} is the card's. */
    linkAbout: 'about {title}',
  },
  chat: {
    open: 'Chat with us',
    loading: 'Opening chat…',
    failed: 'Chat unavailable, try again',
    consent: "Opens our chat provider's window (tawk.to); nothing of it loads before you click.",
  },
};

/** The shape every language's catalog has: English's keys, with any text in place of English's. */
export type Catalog = Widen<typeof en>;

export default en satisfies Catalog;
