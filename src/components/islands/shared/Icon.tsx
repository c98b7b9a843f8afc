import { bell, history, plusminus } from '~/components/ui/icons';

// Only the icons islands draw (the whole set would weigh on every signed-in page's first load).
const paths = { bell, history, plusminus };

/** The site's line icons (components/ui/icons.ts) in an island; decorative, as in Icon.astro. */
export default function Icon({
  name,
  className = 'size-5',
}: {
  name: keyof typeof paths;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
