/** A requirement's reference: its category's (or document's) reference, '_', its number padded to 3 digits. */
export function requirementReference(prefix: string, referenceNumber: number): string {
  return `${prefix}_${String(referenceNumber).padStart(3, '0')}`;
}

/** A category's reference: its parent's (or document's) reference, '_', its acronym. */
export function categoryReference(parentReference: string, acronym: string): string {
  return `${parentReference}_${acronym}`;
}
