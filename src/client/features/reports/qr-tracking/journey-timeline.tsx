// A code's journey as a Mantine Timeline: each step's activity, its date and time, where and who, what
// else (a batch, an LR, a remark, a reason) and, on a public verification, its risk flags in red.
import { Badge, Group, Text, Timeline } from '@mantine/core';
import { memo } from 'react';
import { formatDateTime } from '@shared/cell-format.js';
import { flagText, type JourneyItem, type JourneyStepKind } from '@shared/contracts/tracking.js';

/** A colour and a letter per kind of step, so a long journey reads at a glance. */
const LOOK: Record<JourneyStepKind, { color: string; mark: string }> = {
  map: { color: 'blue', mark: 'M' },
  pair: { color: 'blue', mark: 'P' },
  demap: { color: 'gray', mark: 'U' },
  damage: { color: 'red', mark: '!' },
  'pack-secondary': { color: 'teal', mark: 'S' },
  'pack-tertiary': { color: 'teal', mark: 'T' },
  dispatch: { color: 'indigo', mark: 'D' },
  receive: { color: 'green', mark: 'R' },
  missing: { color: 'red', mark: '?' },
  return: { color: 'orange', mark: '↩' },
  'damage-carton': { color: 'red', mark: '!' },
  replace: { color: 'grape', mark: '⇄' },
  verify: { color: 'cyan', mark: 'V' },
};

const when = formatDateTime;

interface Props {
  code: string;
  steps: readonly JourneyItem[];
}

export const JourneyTimeline = memo(function JourneyTimeline({ code, steps }: Props) {
  return (
    <Timeline
      role="list"
      active={steps.length - 1}
      bulletSize={28}
      lineWidth={3}
      aria-label={`Journey of ${code}`}
      className="ft-track__timeline"
    >
      {steps.map((s, i) => {
        const look = LOOK[s.step];
        return (
          <Timeline.Item
            key={`${s.date}-${i}`}
            role="listitem"
            color={s.flags.length ? 'red' : look.color}
            bullet={
              <span aria-hidden className="ft-track__mark">
                {look.mark}
              </span>
            }
            title={
              <Text fw={700} className="ft-track__activity">
                {s.activity}
              </Text>
            }
          >
            <Text fz="sm">{[when(s.date), s.place].filter(Boolean).join(' · ')}</Text>
            {s.who && (
              <Text fz="sm" c="dimmed">
                By {s.who}
              </Text>
            )}
            {s.detail && (
              <Text fz="sm" className="ft-track__detail">
                {s.detail}
              </Text>
            )}
            {s.flags.length > 0 && (
              <Group gap={4} mt={4} aria-label="Risk flags">
                {s.flags.map((f) => (
                  <Badge key={f} color="red" variant="filled">
                    {flagText(f)}
                  </Badge>
                ))}
              </Group>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
});
