import { IconCheck, IconEyeglass, IconPencil, type Icon } from '@tabler/icons-react';

/** How each status shows (spec 2 §4): 1 written violet pen, 2 reviewed blue glasses, 3 validated green check. */
export const STATUS_META: ReadonlyArray<{
  key:
    | 'requirements.status.draft'
    | 'requirements.status.written'
    | 'requirements.status.reviewed'
    | 'requirements.status.validated';
  color: string;
  icon: Icon | null;
}> = [
  { key: 'requirements.status.draft', color: 'gray', icon: null },
  { key: 'requirements.status.written', color: 'violet', icon: IconPencil },
  { key: 'requirements.status.reviewed', color: 'blue', icon: IconEyeglass },
  { key: 'requirements.status.validated', color: 'green', icon: IconCheck },
];

export function statusMeta(status: number) {
  return STATUS_META[Math.min(3, Math.max(0, status))]!;
}
