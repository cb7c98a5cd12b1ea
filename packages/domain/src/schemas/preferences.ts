import { z } from 'zod';
import { LANGUAGES } from '../constants';

// A user's preferences (decisions §4, §18, §19): only these keys are kept, each validated, so that the stored
// object stays small and every client can trust its shape. Unknown keys are dropped like any unknown field.

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The guided tours of decisions §18; `tours[name]` is true once the user finished or skipped it. */
export const TOUR_NAMES = [
  'dashboard',
  'project',
  'document',
  'category',
  'requirement',
  'synaeptic',
  'testPlayer',
  'projectSettings',
] as const;
export type TourName = (typeof TOUR_NAMES)[number];
export const isTourName = (name: string): name is TourName => (TOUR_NAMES as readonly string[]).includes(name);

/** The synaeptic map's settings (spec 2 §3, decisions §18). */
export const synaepticSettingsSchema = z.object({
  zoom: z.number().int().min(10).max(100),
  hideInactive: z.boolean(),
  showAllLinks: z.boolean(),
  overlapping: z.boolean(),
  overlappingOffset: z.number().int().min(0).max(200),
  fontSize: z.number().int().min(6).max(48),
});
export type SynaepticSettings = z.infer<typeof synaepticSettingsSchema>;

export const DEFAULT_SYNAEPTIC_SETTINGS: SynaepticSettings = {
  zoom: 50,
  hideInactive: false,
  showAllLinks: true,
  overlapping: true,
  overlappingOffset: 20,
  fontSize: 12,
};

/**
 * How the working area's side bar orders a project's documents (issue 31): by name, or by traceability (parents
 * before their children, by depth, as the synaeptic map lays them out).
 */
export const DOCUMENT_ORDERS = ['name', 'traceability'] as const;
export type DocumentOrder = (typeof DOCUMENT_ORDERS)[number];

const toursSchema = z.partialRecord(z.enum(TOUR_NAMES), z.boolean());

export const preferencesSchema = z.object({
  lang: z.enum(LANGUAGES),
  timezone: z.object({
    autoTimezone: z.boolean(),
    timezone: z.string().max(64).refine(isTimeZone, { message: 'validation.timezone' }).nullable(),
  }),
  categoryNumbering: z.boolean(),
  autoNaming: z.boolean(),
  tours: toursSchema,
  loadedOnce: z.boolean(),
  synaeptic: synaepticSettingsSchema,
  documentOrder: z.enum(DOCUMENT_ORDERS),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** The top-level keys a preferences object may hold, nothing else is stored. */
export const PREFERENCE_KEYS = Object.keys(preferencesSchema.shape) as (keyof Preferences)[];

export const DEFAULT_PREFERENCES: Preferences = {
  lang: 'en',
  timezone: { autoTimezone: true, timezone: null },
  categoryNumbering: true,
  autoNaming: true,
  tours: {},
  loadedOnce: false,
  synaeptic: DEFAULT_SYNAEPTIC_SETTINGS,
  documentOrder: 'name',
};

/** The most a preferences update may weigh, serialised as sent (decisions §19): 422 beyond. */
export const PREFERENCES_MAX_BYTES = 16 * 1024;

/** A partial update: every key optional, nested objects partial too; they are deep-merged. */
export const preferencesPatch = z
  .object({
    lang: preferencesSchema.shape.lang,
    timezone: preferencesSchema.shape.timezone.partial(),
    categoryNumbering: z.boolean(),
    autoNaming: z.boolean(),
    tours: toursSchema,
    loadedOnce: z.boolean(),
    synaeptic: synaepticSettingsSchema.partial(),
    documentOrder: preferencesSchema.shape.documentOrder,
  })
  .partial();
export type PreferencesPatch = z.infer<typeof preferencesPatch>;

/**
 * Weighs the update as sent, before unknown keys are dropped: a client that sends more than the cap is told
 * so rather than having most of its request silently ignored.
 */
const withinSizeCap = z.preprocess((value, ctx) => {
  const bytes = new TextEncoder().encode(JSON.stringify(value) ?? '').length;
  if (bytes > PREFERENCES_MAX_BYTES) {
    ctx.addIssue({ code: 'custom', message: 'validation.too_large', input: undefined });
    return z.NEVER;
  }
  return value;
}, preferencesPatch);

export const updatePreferencesBody = z.object({ preferences: withinSizeCap });
