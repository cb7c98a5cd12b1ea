import { createContext } from 'react';

/** Stores an image for rich text and answers its src; the project shell gives one bound to its project. */
export type ImageUploader = (file: File) => Promise<string>;

/**
 * Where editors find how to upload the images dropped or pasted into them. Outside a project (a new group or
 * project) there is none: attachments belong to a project, so those editors take no images.
 */
export const ImageUploadContext = createContext<ImageUploader | null>(null);
