/** The documents part of the project overview: graph of documents, add-document control, empty alert. Placeholder. */
export function OverviewDocuments() {
  return null;
}
