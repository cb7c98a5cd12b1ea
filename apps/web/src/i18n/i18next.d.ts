import 'i18next';
import type en from './en.json';

// Keys are checked at compile time against the English catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
