import 'i18next';
import type { Catalog } from './catalogs';

// Keys are checked at compile time against the English catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Catalog };
  }
}
