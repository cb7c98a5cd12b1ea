// Business constants of spec 1 §9 and spec 2 §9, shared by the server and the web client.

import { DEFAULT_JOIN_ROLE, type JoinRole } from './rules/roles';
import type { QualitySettings } from './schemas/quality';
export const SESSION_LIFETIME_MS = 600_000;
/** The client refreshes the session when fewer than this many milliseconds remain. */
export const SESSION_REFRESH_THRESHOLD_MS = 60_000;
export const SESSION_CHECK_INTERVAL_MS = 10_000;
export const REDIRECT_AFTER_SUCCESS_MS = 2_000;
export const TOAST_MS = 5_000;
export const ERROR_TOAST_MS = 7_000;
export const TOUR_POLL_MS = 1_000;
export const IMAGE_UPLOAD_LIMIT_BYTES = 2_097_152;

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Acronym bound before a project (and so its acronymMaxSize setting) exists. */
export const DEFAULT_ACRONYM_MAX_SIZE = 6;
export const ACRONYM_MAX_SIZE_BOUNDS = { min: 1, max: 20 } as const;

export const NAME_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 255;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const SLUG_MAX = 100;
export const EMAIL_MAX = 254;
/** Rich-text descriptions are bounded so that one field cannot fill the database. */
export const RICH_TEXT_MAX = 1_000_000;
/**
 * And so that one field cannot hold the server: rich text is converted on the server's thread (collaboration) at a
 * cost that grows faster than its number of elements, and a million characters hold 140,000 of them
 * (docs/architecture.md, "Rich text bounded in elements"). A table of 100 rows of 6 cells takes about 1,300; the
 * largest description of the sample files, 423.
 */
export const RICH_TEXT_ELEMENTS_MAX = 2_000;
/** A comment's text, as typed (decisions §11): longer ones are refused (422), not cut. */
export const COMMENT_MAX = 10_000;

/**
 * Project settings before anything is saved (decisions §5). Kept here, beside no schema, so that a screen
 * needing only the defaults does not pull in zod.
 */
export const DEFAULT_PROJECT_SETTINGS: {
  organizationName: string;
  acronymMaxSize: number;
  autoAcronymIgnoreSmallWords: boolean;
  joinRole: JoinRole;
  /** The quality rules the project turned off (decisions §25). */
  quality: QualitySettings;
} = {
  organizationName: '',
  acronymMaxSize: DEFAULT_ACRONYM_MAX_SIZE,
  autoAcronymIgnoreSmallWords: false,
  joinRole: DEFAULT_JOIN_ROLE,
  quality: { disabled: [] },
};
