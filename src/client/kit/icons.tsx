// The few icons the kit needs, inline so no icon package is pulled in for them.
import type { SVGProps } from 'react';

const base: SVGProps<SVGSVGElement> = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
};

export const EditIcon = () => (
  <svg {...base}>
    <path d="M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4" />
    <path d="M13.5 6.5l4 4" />
  </svg>
);

export const DeleteIcon = () => (
  <svg {...base}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </svg>
);

export const SearchIcon = () => (
  <svg {...base}>
    <circle cx="10" cy="10" r="7" />
    <path d="M21 21l-6-6" />
  </svg>
);
