/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL?: string;
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
  readonly PUBLIC_SITE_URL?: string;
  readonly PUBLIC_CHAT_PROPERTY_ID?: string;
  readonly PUBLIC_CHAT_WIDGET_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A module bundled into one inline script (scripts/inline-script.mjs). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
