// Addresses inside a project (spec 2 §2), relative to /project/:projectNamespace/:projectSlug.

const segment = encodeURIComponent;

export function projectPath(namespace: string, slug: string, subPath = ''): string {
  const base = `/project/${segment(namespace)}/${segment(slug)}`;
  const rest = subPath.replace(/^\/+/, '');
  return rest ? `${base}/${rest}` : base;
}

/**
 * Where an unknown path inside a project leads (spec 2 §2): one ending in /:elementView/:elementId to the
 * detailed view of that element, anything else to the overview ('').
 */
export function projectFallbackPath(subPath: string): string {
  const segments = subPath.split('/').filter(Boolean);
  if (segments.length < 2) return '';
  const [elementView, elementId] = segments.slice(-2);
  return `detailed/${elementView}/${elementId}`;
}

/** Whether a sub-path is one of the project's settings (the side bar and the fade follow it). */
export function isSettingsPath(subPath: string): boolean {
  return /^settings\/?$/.test(subPath);
}

/** Whether a sub-path is a detailed view (the side bar shows the structure tree there). */
export function isDetailedPath(subPath: string): boolean {
  return /^detailed(\/|$)/.test(subPath);
}
