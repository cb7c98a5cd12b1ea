// The quality rules (decisions §25), shared by the server (GET requirements/quality, GET documents/quality) and the
// browser (underlines while typing). Imported as '@reqloom/domain/quality', apart from the domain's index, so the
// word lists load only where findings are shown.
export { checkRequirement, qualityScore, type QualityInput, type QualityOptions, type QualityResult } from './check';
export { QUALITY_RULES, type QualityRule } from './rules';
export { detectLanguage } from './language';
export { qualityText } from './text';
export { MAX_WORDS as QUALITY_MAX_WORDS } from './lexical';
