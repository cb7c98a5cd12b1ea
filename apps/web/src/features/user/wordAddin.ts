/** The name the word-processor add-in's tokens are stored under (data, not interface text). */
export const WORD_ADDIN_TOKEN_NAME = 'Word add-in';
