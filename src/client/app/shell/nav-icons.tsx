// Small line icons for the sidebar groups, keyed by the menu entry's icon name (no icon package needed).
const PATHS: Record<string, string> = {
  dashboard: 'M4 13h6V4H4zm0 7h6v-5H4zm10 0h6v-9h-6zm0-16v5h6V4z',
  masters: 'M4 6h16M4 12h16M4 18h10',
  transactions: 'M7 7h13l-3-3M17 17H4l3 3',
  reports: 'M5 20V10m7 10V4m7 16v-7',
};

export function NavIcon({ name }: { name: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name] ?? PATHS.masters} />
    </svg>
  );
}
