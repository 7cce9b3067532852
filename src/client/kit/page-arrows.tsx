// The pager of a list paged on the device: ‹, "Showing 1 to 50 of 6000", ›, each arrow 48 px for a
// gloved thumb (the floor's scan table, Pending work).
import { ActionIcon, Text } from '@mantine/core';
import { paginationText } from './paging.js';
import './page-arrows.css';

interface Props {
  /** The 1-based page shown, and how many there are. */
  page: number;
  pages: number;
  /** The rows shown: first and last (1-based, 0 for none), of all. */
  from: number;
  to: number;
  total: number;
  onPage: (page: number) => void;
  /** The arrows' names in the screen's language (the floor's words); English otherwise. */
  names?: { previous: string; next: string };
}

export function PageArrows({ page, pages, from, to, total, onPage, names }: Props) {
  return (
    <div className="ft-page-arrows">
      <ActionIcon
        size={48}
        variant="default"
        aria-label={names?.previous ?? 'Previous page'}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <span aria-hidden="true" className="ft-page-arrows__arrow">
          ‹
        </span>
      </ActionIcon>
      <Text fz="sm" ta="center" className="ft-page-arrows__showing">
        {paginationText({ from, to, totalRecords: total })}
      </Text>
      <ActionIcon
        size={48}
        variant="default"
        aria-label={names?.next ?? 'Next page'}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <span aria-hidden="true" className="ft-page-arrows__arrow">
          ›
        </span>
      </ActionIcon>
    </div>
  );
}
