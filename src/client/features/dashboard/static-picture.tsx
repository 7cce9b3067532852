// What dealers and distributors (user types 1 and 2) see on the dashboard: a picture only, no figures
// (spec 1 section 2.7). Drawn inline, so it costs no request and shows offline.
import { Paper, Text, Title } from '@mantine/core';

export const PICTURE_LABEL = 'A field of crops and a pack with its QR code';

// A 5 x 5 pattern for the pack's code: only a picture, not a scannable code.
const QR = [
  [1, 1, 0, 1, 1],
  [1, 0, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [1, 0, 1, 0, 0],
  [1, 1, 0, 1, 1],
];

export function StaticPicture() {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={1} fz="h3" mb="xs">
        Welcome to Fieldtrace
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Every pack traced from the factory to the farmer's field.
      </Text>
      <svg
        viewBox="0 0 640 300"
        role="img"
        aria-label={PICTURE_LABEL}
        style={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <rect width="640" height="300" fill="#e7f5ff" />
        <circle cx="540" cy="70" r="34" fill="#ffd43b" />
        <path d="M0 190 Q160 140 320 180 T640 170 V300 H0 Z" fill="#8ce99a" />
        <path d="M0 230 Q200 190 400 225 T640 215 V300 H0 Z" fill="#40c057" />
        {Array.from({ length: 9 }, (_, i) => (
          <g key={i} transform={`translate(${40 + i * 36} ${236 - (i % 2) * 6})`}>
            <path d="M0 30 V6" stroke="#2b8a3e" strokeWidth="3" />
            <ellipse cx="-6" cy="12" rx="7" ry="3.5" fill="#2b8a3e" transform="rotate(-30 -6 12)" />
            <ellipse cx="6" cy="6" rx="7" ry="3.5" fill="#2b8a3e" transform="rotate(30 6 6)" />
          </g>
        ))}
        <g transform="translate(440 130)">
          <rect width="120" height="150" rx="10" fill="#fff" stroke="#2f9e44" strokeWidth="4" />
          <rect x="14" y="14" width="92" height="22" rx="4" fill="#2f9e44" />
          {QR.flatMap((row, y) =>
            row.map((on, x) =>
              on ? (
                <rect key={`${x}-${y}`} x={30 + x * 12} y={56 + y * 12} width="12" height="12" fill="#212529" />
              ) : null,
            ),
          )}
        </g>
      </svg>
    </Paper>
  );
}
